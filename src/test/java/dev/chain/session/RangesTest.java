package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.check.BindingInfo;
import dev.chain.eval.CheckResult;
import dev.chain.eval.CheckStatus;
import org.junit.jupiter.api.Test;

/**
 * An input known only to lie in a range ({@code mfu = 40% .. 60%}): every value that depends on it
 * is a range with its true extremes, and each check holds, fails or is uncertain over the range.
 */
class RangesTest {
    /** The card's ITL chain: 2 x 8,030,261,248 params x 2,112 tokens = 33,919,823,511,552 FLOP. */
    private static final double FLOPS = 2.0 * 8_030_261_248L * 2_112;
    private static final double PEAK = 989e12;

    private static BindingInfo binding(ChainRun run, String name) {
        return run.chain().program().binding(name);
    }

    private static void assertClose(double expected, double actual, String what) {
        assertEquals(expected, actual, 1e-12 * Math.abs(expected), what);
    }

    @Test
    void aRangeOfMfuMakesEveryValueThatDependsOnItARange() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "mfu=40% .. 60%");
        // compute = flops / (mfu x 989 TFLOP/s): 57.16 ms at 60%, 68.59 at the nominal 50%, 85.74 at 40%
        assertEquals("68.6 ms (57.2 .. 85.7 ms)", Chains.text(run, "compute"));
        assertClose(FLOPS / (0.6 * PEAK), run.evaluation().band(binding(run, "compute")).low(), "compute's low end");
        assertClose(FLOPS / (0.4 * PEAK), run.evaluation().band(binding(run, "compute")).high(), "compute's high end");
        assertEquals("494.5 TFLOP/s (396 .. 593 TFLOP/s)", Chains.text(run, "achieved"));
        // Its ends in its own format, as its nominal value (-> ms:,.0f).
        assertEquals("79 ms (67 .. 96 ms)", Chains.text(run, "mixed"));
        assertEquals("50% (40 .. 60%)", Chains.text(run, "mfu"));
        // what does not depend on it stays a value
        assertEquals("15.05 ms", Chains.text(run, "floor"));
        assertFalse(run.evaluation().band(binding(run, "floor")).ranged());
    }

    @Test
    void theThreeWaysToWriteARange() {
        ChainRun run = Chains.source("r.chain", """
                chain "Ways"
                inputs
                  a    = 40% .. 60%
                  pm   = 50% ± 10%
                  nom  = 45% (40% .. 60%)
                  bw   = 3.35 TB/s ± 5%
                  hit  = 85% ± 5%
                  t    = 10 ms +/- 1 ms
                """);
        assertEquals("50% (40 .. 60%)", Chains.text(run, "a"));
        assertEquals("50% (40 .. 60%)", Chains.text(run, "pm"));
        assertEquals("45% (40 .. 60%)", Chains.text(run, "nom"), "a nominal written first is the value shown");
        assertEquals("3.35 TB/s (3.18 .. 3.52 TB/s)", Chains.text(run, "bw"), "a percentage of a quantity is a fraction of it");
        // 85% ± 5% is exactly 80% .. 90%, as written, not 0.85 - 0.05 = 0.7999999999999999
        assertEquals(0.8, run.evaluation().band(binding(run, "hit")).low());
        assertEquals("10 ms (9 .. 11 ms)", Chains.text(run, "t"));
    }

    @Test
    void aValueThatTurnsInsideItsRangeIsNotUnderReported() {
        ChainRun run = Chains.source("t.chain", """
                chain "Turns"
                inputs
                  u = 0 .. 1
                  w = 0.5 .. 1.5
                derive d
                  y = u * (1 - u)
                  z = u * (w - u)
                """);
        // y is 0 at both corners and 0.25 at u = 0.5: corners alone would say 0 .. 0
        assertEquals(0, run.evaluation().band(binding(run, "y")).low(), 1e-15);
        assertEquals(0.25, run.evaluation().band(binding(run, "y")).high(), 1e-12);
        // z turns at u = w / 2, which moves with w: its highest is 0.5625 at w = 1.5, u = 0.75 (the corners give 0.5)
        assertEquals(0.5625, run.evaluation().band(binding(run, "z")).high(), 1e-9);
        assertEquals(-0.5, run.evaluation().band(binding(run, "z")).low(), 1e-12);
    }

    /**
     * Issue 40's wrong numbers: a check over a range held where the range contains a failing point
     * (abs(u) > 0 and u^2 != 0 at u = 0); an interior minimum of two inputs was missed (0.01 for 0);
     * a pole near an end was a finite range (-2.83e12 .. 7.44e10).
     */
    @Test
    void boundsHoldEveryValueOfTheBoxAndAChecksFailingPointIsNotMissed() {
        ChainRun run = Chains.source("h.chain", """
                chain "Hostile"
                inputs
                  u = -1 .. 2
                  v = -1 .. 1
                  w = -1 .. 1
                derive d
                  q = (v - 0.1)^2 + (w - 0.2)^2
                  m = max(u, 1 - u)
                sanity
                  check abs(u) > 0
                  check u^2 != 0
                  check q >= 0
                  check m >= 0.5
                """);
        assertEquals(0, run.evaluation().band(binding(run, "q")).low());
        assertEquals(2.65, run.evaluation().band(binding(run, "q")).high(), 1e-12);
        assertEquals(0.5, run.evaluation().band(binding(run, "m")).low(), 1e-12, "max(u, 1 - u) turns at u = 0.5");
        CheckStatus[] expected = {CheckStatus.UNCERTAIN, CheckStatus.UNCERTAIN, CheckStatus.HOLDS, CheckStatus.HOLDS};
        for (int i = 0; i < expected.length; i++) {
            CheckResult r = run.evaluation().checks().get(i);
            assertEquals(expected[i], r.status(), r.check().decl().span().text());
        }
        ChainRun pole = Chains.source("p.chain", """
                chain "Pole"
                inputs
                  d = -0.001 .. 1000
                derive x
                  r = 1 / d
                """);
        assertEquals(ChainRun.Status.ERRORS, pole.status());
        assertTrue(Chains.diagnostics(pole).contains("the value of `r` has no bound within the inputs' ranges"), Chains.diagnostics(pole));
    }

    /**
     * A turn no corner shows, under a fractional power whose base reaches zero at the corners:
     * the square root of u * (1 - u) is 0 at both ends of 0 .. 1 and 0.5 in the middle, and the
     * bound, not only the corners, must say so.
     */
    @Test
    void aTurnUnderAFractionalPowerOfABaseThatReachesZeroIsFound() {
        ChainRun run = Chains.source("f.chain", """
                chain "Root"
                inputs
                  u = 0 .. 1
                derive d
                  r = (u * (1 - u))^0.5
                """);
        assertEquals(ChainRun.Status.OK, run.status(), Chains.diagnostics(run));
        assertEquals(0, run.evaluation().band(binding(run, "r")).low(), 1e-12);
        assertEquals(0.5, run.evaluation().band(binding(run, "r")).high(), 1e-9);
    }

    @Test
    void aCheckHoldsFailsOrIsUncertainOverTheRange() {
        ChainRun run = Chains.source("c.chain", """
                chain "Checks"
                inputs
                  t = 12 ms .. 18 ms
                sanity
                  check t < 20 ms
                  check t > 30 ms
                  check t < 15 ms
                  check t in 13 ms .. 17 ms
                """);
        CheckStatus[] expected = {CheckStatus.HOLDS, CheckStatus.FAILS, CheckStatus.UNCERTAIN, CheckStatus.UNCERTAIN};
        for (int i = 0; i < expected.length; i++) {
            CheckResult r = run.evaluation().checks().get(i);
            assertEquals(expected[i], r.status(), r.check().decl().span().text());
            assertEquals(expected[i] == CheckStatus.HOLDS, r.passed());
        }
        assertEquals(ChainRun.Status.CHECK_FAILED, run.status(), "the one that fails is an error; the uncertain ones warnings");
        String text = Chains.diagnostics(run);
        assertTrue(text.contains("warning: check is uncertain over the inputs' ranges: 12-18 ms is only partly less than 15 ms"), text);
        assertTrue(text.contains("note: decided by t (12 ms .. 18 ms): it turns at t = 15 ms: it holds below and fails above"), text);
        assertTrue(text.contains("error: check failed: 12-18 ms is not greater than 30 ms"), text);
    }

    @Test
    void aValueThatPassesThroughARangeAtNoCornerIsUncertainNotFailed() {
        // v is below 4 at one end and above 6 at the other: in between it passes through 4 .. 6
        ChainRun run = Chains.source("p.chain", """
                chain "Through"
                inputs
                  v = 0 .. 10
                sanity
                  check v in 4 .. 6
                  check v != 5
                """);
        assertEquals(CheckStatus.UNCERTAIN, run.evaluation().checks().get(0).status());
        assertEquals(CheckStatus.UNCERTAIN, run.evaluation().checks().get(1).status(), "v is 5 somewhere in 0 .. 10");
        assertTrue(Chains.diagnostics(run).contains("decided by v (0 .. 10): it fails up to v = 3, holds from 4 up to 6, and fails from 7"),
                Chains.diagnostics(run));
        assertEquals(ChainRun.Status.OK, run.status(), "uncertain checks are warnings");
    }

    @Test
    void theCardsUncertainCheckSaysWhereMfuDecidesIt() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "mfu=40% .. 60%");
        String text = Chains.diagnostics(run);
        // mixed = compute + kv_read > 72 ms while compute > 72 - 10.257 ms, so mfu < 33.92 TFLOP / (61.74 ms x 989 TFLOP/s) = 55.55%
        assertTrue(text.contains("warning: check is uncertain over the inputs' ranges: 67.42-96 ms is only partly greater than 72 ms"), text);
        assertTrue(text.contains("decided by mfu (40% .. 60%): it turns at mfu = 55.55%: it holds below and fails above"), text);
        assertEquals(ChainRun.Status.OK, run.status());
    }

    @Test
    void aCountSaysTheWholeNumbersOnEitherSide() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "batch=32 .. 128");
        // share = floor / 24 ms is in 50% .. 80% while the floor is 12 .. 19.2 ms: kv 24.14 .. 48.26 GB, batch 44.96 .. 89.89
        String text = Chains.diagnostics(run);
        assertTrue(text.contains("decided by batch (32 .. 128): it fails up to batch = 44, holds from 45 up to 89, and fails from 90"), text);
    }

    @Test
    void aSetValueTakesARangeAwayAndASetRangeGivesOne() {
        String chain = """
                chain "Set"
                inputs
                  mfu = 40% .. 60%
                  batch = 64
                derive d
                  y = mfu * batch
                """;
        ChainRun point = Chains.source("s.chain", chain, "mfu=50%");
        assertEquals("32", Chains.text(point, "y"));
        assertNull(point.evaluation().extremes(), "no range left, no search over one");
        ChainRun both = Chains.source("s.chain", chain, "batch=32 .. 64");
        assertEquals("24 (12.8 .. 38.4)", Chains.text(both, "y"));
    }

    @Test
    void aRangeGivenOnTheCommandLineIsCheckedAsOneInAFile() {
        ChainRun empty = Chains.run("02-inter-token-floor.chain", "batch=128 .. 32");
        assertEquals(ChainRun.Status.BAD_OVERRIDE, empty.status());
        assertTrue(Chains.diagnostics(empty).contains("this range is empty: its low end, 128, is above its high end, 32"),
                Chains.diagnostics(empty));
        ChainRun mixed = Chains.run("02-inter-token-floor.chain", "context=1,024 token .. 2 GB");
        assertTrue(Chains.diagnostics(mixed).contains("a range's ends have one dimension"), Chains.diagnostics(mixed));
    }

    @Test
    void aPointWithoutAValueInsideTheRangeIsAnError() {
        ChainRun run = Chains.source("z.chain", """
                chain "Pole"
                inputs
                  batch = 1 .. 8
                derive d
                  per = 1 / (batch - 4)
                """);
        assertEquals(ChainRun.Status.ERRORS, run.status());
        String text = Chains.diagnostics(run);
        assertTrue(text.contains("error: the value of `per` has no bound within the inputs' ranges"), text);
        assertTrue(text.contains("note: at batch = 4, within the ranges of the inputs"), text);
    }

    @Test
    void aChainTakesAtMostTwelveRanges() {
        StringBuilder chain = new StringBuilder("chain \"Many\"\ninputs\n");
        for (int i = 0; i < 13; i++) {
            chain.append("  r").append(i).append(" = 1 .. 2\n");
        }
        ChainRun run = Chains.source("m.chain", chain.toString());
        assertEquals(ChainRun.Status.ERRORS, run.status());
        String text = Chains.diagnostics(run);
        assertTrue(text.contains("m.chain:15:9: error: this chain has 13 ranged inputs, and chain takes at most 12"), text);
        assertTrue(text.contains("2^13 = 8,192 evaluations"), text);
    }

    @Test
    void aModuleHoldsConstantsNotRanges() {
        ChainRun module = ChainRun.execute(new Engine(), new dev.chain.source.SourceFile("mod.chain", "bw = 1 GB/s .. 2 GB/s\n"),
                java.util.List.of());
        assertTrue(Chains.diagnostics(module).contains("a module's values are constants, not ranges"), Chains.diagnostics(module));
    }
}
