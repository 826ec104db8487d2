package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.check.FigureSpec;
import org.junit.jupiter.api.Test;

/**
 * How a figure's points are written and read (docs/language.md, "Figures"): lists, ranges, a step
 * of the low end's unit, `by`, and the factor `x2`, which collides neither with the ratio unit nor
 * with values named `x2` or `by`.
 */
class SweepRulesTest {
    private static ChainRun chain(String body) {
        return Chains.source("sweeps.chain", "chain \"Sweeps\"\ninputs\n  batch = 64\n  t = 2 ms\nderive d\n  y = batch * t\n" + body);
    }

    private static double[] points(String domain) {
        ChainRun run = chain("table \"p\"\n  for " + domain + "\n  show y\n");
        assertEquals(ChainRun.Status.OK, run.status(), Chains.diagnostics(run));
        FigureSpec figure = run.chain().program().figures().get(0);
        return figure.axes().get(0).points();
    }

    @Test
    void listsAndRanges() {
        assertArrayEquals(new double[] {1, 8, 16, 64}, points("batch in 1, 8, 16, 64"));
        assertArrayEquals(new double[] {1, 2, 3, 4}, points("batch in 1 .. 4"));
        assertArrayEquals(new double[] {32, 64, 96, 128}, points("batch in 32 .. 128 by 32"));
        assertArrayEquals(new double[] {1, 2, 4, 8, 16}, points("batch in 1 .. 16 x2"));
        assertArrayEquals(new double[] {1, 2, 4, 8}, points("batch in 1 .. 15 x2"), "a range stops before passing its end");
        assertArrayEquals(new double[] {1, 1.5, 2.25}, points("batch in 1 .. 3 x1.5"));
        assertArrayEquals(new double[] {1, 2, 4, 8}, points("batch in 1..8x2"), "spaces are optional");
        assertArrayEquals(new double[] {1, 8, 64}, points("batch in 1,\n    8,\n    64"), "a list continues after a comma");
    }

    @Test
    void aRangeWithoutAStepCountsByTheUnitItsLowEndIsWrittenIn() {
        assertArrayEquals(new double[] {0.001, 0.002, 0.003}, points("t in 1 ms .. 3 ms"), 1e-15);
        assertArrayEquals(new double[] {0.0001, 0.0006, 0.0011}, points("t in 100 us .. 1.1 ms by 500 us"), 1e-15);
        assertArrayEquals(new double[] {0.1, 0.2, 0.3}, points("batch in 0.1 .. 0.3 by 0.1"), "the end is kept through float noise");
    }

    /**
     * A point is the high end only when it is within a billionth of a step of it, not a
     * billionth of the high end's value: 1e9 .. 1e9 + 10 ended 1e9 + 8, 1e9 + 10, 1e9 + 10, its
     * 1e9 + 9 snapped onto the end. Whole numbers count exactly; fractional steps still end on the
     * high end through float noise.
     */
    @Test
    void aPointIsTheHighEndOnlyWithinFloatNoiseOfAStep() {
        assertArrayEquals(new double[] {1e9, 1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4, 1e9 + 5, 1e9 + 6, 1e9 + 7, 1e9 + 8, 1e9 + 9, 1e9 + 10},
                points("batch in 1000000000 .. 1000000010"));
        assertArrayEquals(new double[] {1e9, 1e9 + 3, 1e9 + 6, 1e9 + 9}, points("batch in 1000000000 .. 1000000010 by 3"));
        assertArrayEquals(new double[] {1e9 + 0.5, 1e9 + 1.5, 1e9 + 2.5, 1e9 + 3.5, 1e9 + 4.5, 1e9 + 5.5, 1e9 + 6.5, 1e9 + 7.5, 1e9 + 8.5,
            1e9 + 9.5, 1e9 + 10.5}, points("batch in 1000000000.5 .. 1000000010.5"));
        assertArrayEquals(new double[] {9007199254740000.0, 9007199254740001.0, 9007199254740002.0},
                points("batch in 9007199254740000 .. 9007199254740002"), "exact up to 2^53");
        assertArrayEquals(new double[] {1, 2, 3}, points("batch in 1 .. 3.5"), "a whole range stops before a fractional end");

        double[] tenths = points("batch in 0 .. 1 by 0.1");
        assertEquals(11, tenths.length);
        assertEquals(1.0, tenths[10], 0, "the high end exactly");
        for (int i = 0; i < tenths.length; i++) {
            assertEquals(i / 10.0, tenths[i], 1e-15);
        }
        double[] thirds = points("batch in 0 .. 1 by 0.3333333333333333");
        assertEquals(4, thirds.length);
        assertEquals(1.0, thirds[3], 0, "within float noise of a step: the high end");
        assertArrayEquals(new double[] {0.001, 0.002, 0.003, 0.004, 0.005, 0.006, 0.007, 0.008, 0.009, 0.01}, points("t in 1 ms .. 10 ms"),
                1e-17);
        assertEquals(0.01, points("t in 1 ms .. 10 ms")[9], 0);
    }

    @Test
    void aRangeByAFactorIsExactForWholeNumbersAndKeepsItsLastPoint() {
        assertArrayEquals(new double[] {1, 2, 4, 8, 16, 32, 64, 128, 256}, points("batch in 1 .. 256 x2"));
        assertArrayEquals(new double[] {1e9, 2e9, 4e9, 8e9, 16e9}, points("batch in 1000000000 .. 16000000000 x2"));
        assertArrayEquals(new double[] {1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15},
                points("batch in 1 .. 1000000000000000 x10"), "each power of ten exact");
        assertArrayEquals(new double[] {3, 9, 27, 81, 243}, points("batch in 3 .. 300 x3"));
        // The factor's last point below the end is its own, 9 steps up, not the end 10 steps up.
        double[] fine = points("batch in 1000000000 .. 1000000010 x1.000000001");
        assertEquals(10, fine.length);
        assertEquals(1e9 + 9, fine[9], 1e-5);
        assertArrayEquals(new double[] {1, 1.5, 2.25, 3.375}, points("batch in 1 .. 3.375 x1.5"), "a fractional factor ends on its end");
        assertEquals(0.3, points("batch in 0.1 .. 0.3 x1.7320508075688772")[2], 0, "through float noise");
    }

    /**
     * The count, taken in log space with a billionth of a step to spare, can reach a point that is
     * past the end by more than the billionth of the last step a point is snapped within: 1 ..
     * 2.2499999991 x1.5 ended at 2.25, above its end.
     */
    @Test
    void aRangeByAFactorNeverPassesItsEnd() {
        assertArrayEquals(new double[] {1, 1.5}, points("batch in 1 .. 2.2499999991 x1.5"));
        assertArrayEquals(new double[] {1, 1.5, 2.2499999998}, points("batch in 1 .. 2.2499999998 x1.5"), "within the noise: the end");
    }

    @Test
    void xTwoAndByAreWordsOnlyAfterARange() {
        // Elsewhere they are names, and 5.28x is still the ratio unit.
        ChainRun run = Chains.source("names.chain", "chain \"Names\"\ninputs\n  x2 = 3\n  by = 4\n  r = 5.28x\n"
                + "derive d\n  y = x2 * by\n  check r in 1 .. 6x\n  check y in 1 .. x2 * by\n");
        assertEquals(ChainRun.Status.OK, run.status(), Chains.diagnostics(run));
        assertTrue(Chains.diagnostics(chain("derive e\n  z = 256 x2\n")).contains("unknown unit `x2`"));
    }

    @Test
    void thePointsDimensionIsTheInputs() {
        String text = Chains.diagnostics(chain("table \"p\"\n  for t in 1, 2 ms\n  show y\n"));
        assertTrue(text.contains("`t` is s (time), but this is 1 (dimensionless)"), text);
        assertTrue(text.contains("hint: give the unit too: 1 ms"), text);
        text = Chains.diagnostics(chain("table \"p\"\n  for t in 1 ms .. 2 ms by 1\n  show y\n"));
        assertTrue(text.contains("`t` is s (time), but this is 1 (dimensionless)"), text);
    }

    @Test
    void aFiguresChecksHoldAtEveryPointAndSayWhereNot() {
        ChainRun run = chain("table \"p\"\n  for batch in 1, 8, 64\n  show y\n  check y > 20 ms\n");
        assertEquals(ChainRun.Status.CHECK_FAILED, run.status());
        String text = Chains.diagnostics(run);
        assertTrue(text.contains("error: check fails at 2 of 3 points: batch = 1 and 8"), text);
        assertTrue(text.contains("note: at batch = 1, 2 ms is not greater than 20 ms"), text);
    }

    @Test
    void theCapIsTenThousandPoints() {
        assertEquals(10_000, points("batch in 1 .. 10,000").length);
        String text = Chains.diagnostics(chain("table \"p\"\n  for batch in 1 .. 10,001\n  show y\n"));
        assertTrue(text.contains("this sweep has 10,001 points; a figure holds at most 10,000"), text);
    }
}
