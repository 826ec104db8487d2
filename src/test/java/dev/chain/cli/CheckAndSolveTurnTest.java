package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * An uncertain check's note ({@code decided by ...: it turns at ...}) and {@code chain solve} of the
 * same condition over the same range find the same turn, by one search (issue 38): one bisection,
 * one resolution (a millionth of the value), one rule of whole numbers. The note says the turn to
 * four digits, the solve with the digits that tell its two sides apart.
 */
class CheckAndSolveTurnTest {
    private static final String ROUGH = "examples/ranges/rough-inputs.chain";
    /** examples/ranges at batch 32: 16.06 GB of weights and 17.18 GB of KV, read at a share of 3.35 TB/s. */
    private static final double WEIGHTS = 8_030_261_248.0 * 2;
    private static final double KV_PER_SEQUENCE = 4_096.0 * 131_072;

    /** The share of the bandwidth at which a step of {@code batch} is 12 ms. */
    private static double bandwidthFor12ms(int batch) {
        return (WEIGHTS + batch * KV_PER_SEQUENCE) / (3.35e12 * 0.012);
    }

    @Test
    void aQuantitysTurnIsTheSameInTheNoteAndTheSolve() {
        double turn = bandwidthFor12ms(32); // 82.687541%
        assertTrue(turn > 0.826875 && turn < 0.826876, "the formula's own turn, between the solve's two values");
        CliRun check = CliRun.of("check", ROUGH);
        assertEquals(0, check.exit(), check.err());
        assertTrue(check.err().contains("note: decided by bw_eff (80% .. 90%): it turns at bw_eff = 82.69%: it fails below"
                + " and holds above"), check.err());
        CliRun solve = CliRun.on("solve", ROUGH, "--for", "bw_eff=80%..90%", "--where", "step < 12 ms");
        assertEquals(0, solve.exit(), solve.err());
        assertEquals("step < 12 ms fails up to bw_eff = 82.6875%; holds from bw_eff = 82.6876%\n", solve.out());
    }

    @Test
    void aCountsTurnIsTheSameWholeNumbersInTheNoteAndTheSolve() {
        // At 85% of the bandwidth a step is 12 ms at batch 33.7: it holds at 33 and fails at 34.
        assertTrue(bandwidthFor12ms(33) < 0.85 && bandwidthFor12ms(34) > 0.85);
        CliRun run = CliRun.on("run", ROUGH, "--set", "batch=1..64");
        assertTrue(run.err().contains("note: decided by batch (1 .. 64): it holds up to batch = 33 and fails from 34"
                + " (the other inputs at their nominal values)"), run.err());
        CliRun solve = CliRun.on("solve", ROUGH, "--for", "batch=1..64", "--set", "bw_eff=85%", "--where", "step < 12 ms");
        assertEquals(0, solve.exit(), solve.err());
        assertEquals("step < 12 ms holds up to batch = 33; fails from batch = 34\n", solve.out());
    }

    /**
     * A count's turn between the range's first two whole numbers, where its samples (33, 33.000007,
     * 33.875) have no whole number between them: the note said only that batch decides it somewhere,
     * while chain solve said 33 and 34.
     */
    @Test
    void aCountsTurnNearTheEndOfANarrowRangeIsFound() {
        CliRun run = CliRun.on("run", ROUGH, "--set", "batch=33..40");
        assertTrue(run.err().contains("note: decided by batch (33 .. 40): it holds up to batch = 33 and fails from 34"), run.err());
        CliRun solve = CliRun.on("solve", ROUGH, "--for", "batch=33..40", "--set", "bw_eff=85%", "--where", "step < 12 ms");
        assertEquals("step < 12 ms holds up to batch = 33; fails from batch = 34\n", solve.out(), solve.err());
    }

    /**
     * A plain number shown as a percentage is not a count: its whole numbers are 100%, 200% and
     * 300%. A solve over {@code 100% .. 300%} (points 1, 2, 3) answered "fails up to 200%; holds from 300%"; it is bisected
     * to a millionth of the value now, as the check's note always was.
     */
    @Test
    void aPercentageIsSolvedFinelyThoughItsPointsAreWhole() {
        double turn = bandwidthFor12ms(32) * 3; // a step of 4 ms, a third of 12: 248.06262%
        assertTrue(turn > 2.480625 && turn < 2.480628, "the formula's own turn, between the solve's two values");
        CliRun solve = CliRun.on("solve", ROUGH, "--for", "bw_eff=100%..300%", "--where", "step < 4 ms");
        assertEquals("step < 4 ms fails up to bw_eff = 248.0625%; holds from bw_eff = 248.0628%\n", solve.out(), solve.err());
    }

    /**
     * A turn at zero that the checks' equality rule moves a billionth of a side off it: the note said
     * "it turns at slack = -2e-8 ms" and chain solve "fails up to -3e-8 ms; holds from -1.999998e-8
     * ms", a millionth of a value near zero being no resolution. Now the search is no finer than a
     * hundred-millionth of the range, zero is tried where the turn is narrowed around it, and each
     * value shown is one where what is said of it is so.
     */
    @Test
    void aTurnAtZeroIsAtZero() {
        String file = "src/test/resources/solve/turn-at-zero.chain";
        CliRun check = CliRun.of("check", file);
        assertEquals(0, check.exit(), check.err());
        assertTrue(check.err().contains("note: decided by slack (-10 ms .. 10 ms): it turns at slack = 0 ms: it fails below"
                + " and holds above"), check.err());
        CliRun solve = CliRun.on("solve", file, "--for", "slack=-10ms..10ms", "--where", "total >= step");
        assertEquals("total >= step fails up to slack = -2e-7 ms; holds from slack = 0 ms\n", solve.out(), solve.err());
        // Strictly greater fails at zero, where the two are equal: the other side of the same turn.
        CliRun strict = CliRun.on("solve", file, "--for", "slack=-10ms..10ms", "--where", "total > step");
        assertEquals("total > step fails up to slack = 0 ms; holds from slack = 2e-7 ms\n", strict.out(), strict.err());
        // The file's solve: its title shows the value it found, where its condition holds.
        CliRun render = CliRun.of("render", file);
        assertTrue(render.out().contains("the least slack: 0 ms"), render.out());
    }
}
