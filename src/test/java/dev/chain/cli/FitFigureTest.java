package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A chain's {@code fit} figure (issue 44 item 4): examples/fit's chain fits its efficiency and
 * overhead to nine vLLM runs made at 78% and 2.5 ms; the card shows the fitted values with their
 * intervals, the plot and the runs' table, and every value of the chain takes the fitted ranges.
 * Its mistakes are located errors, and the runs it cannot settle warnings, as {@code chain fit}'s.
 */
class FitFigureTest {
    private static final String EXAMPLE = "examples/fit/decode-step.chain";
    private static final Path FIGURE = Path.of("src/test/resources/fit/figure");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/fit");

    /** The card: the fitted values and intervals, the plot of the fitted line, its band and the runs, the table of runs. */
    @Test
    void theCardShowsTheFitAndItsPlot(@TempDir Path dir) throws IOException {
        CliRun r = CliRun.of("render", EXAMPLE, "-o", dir.toString());
        assertEquals(0, r.exit(), r.err());
        String card = Files.readString(dir.resolve("decode-step.md"));
        Golden.assertMatches(GOLDEN.resolve("decode-step.md"), card);
        Golden.assertMatches(GOLDEN.resolve("decode-step-1.svg"), Files.readString(dir.resolve("decode-step-1.svg")));
        assertTrue(card.contains("| efficiency | 78.45% | 75.87% .. 81.02% |\n| overhead | 2.546 ms | 2.272 ms .. 2.82 ms |\n"), card);
        assertTrue(card.contains("median \\|residual\\| 1.1% in the fit, 1.3% held out"), card);
    }

    /** The inputs fitted are the chain's values, ranges of their intervals, and so every value computed from them. */
    @Test
    void laterValuesTakeTheFittedRanges() {
        CliRun r = CliRun.on("run", EXAMPLE);
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("  efficiency = fitted 78.45% (75.9 .. 81%) (9 runs in runs/)\n"), r.out());
        assertTrue(r.out().contains("  overhead   = fitted 2.546 ms (2.27 .. 2.82 ms) (9 runs in runs/)\n"), r.out());
        assertTrue(r.out().contains(" = 18.46 ms (17.68 .. 19.28 ms)\n"), r.out()); // step_128, after the fit
        assertTrue(r.out().contains(" = 13.56 ms (12.94 .. 14.21 ms)\n"), r.out()); // step, before it
        // After the steps, the fit as chain fit prints it.
        assertTrue(r.out().contains("\nstep fitted to 9 runs (least squares of relative residuals; 95% intervals from the Jacobian):\n"
                + "  efficiency  = 78.45%    (75.87% .. 81.02%)\n  overhead    = 2.546 ms  (2.272 ms .. 2.82 ms)\n"), r.out());
    }

    /** run --json names a fitted input's kind and source as it names a measured one's. */
    @Test
    void runJsonSaysAnInputIsFitted() {
        CliRun r = CliRun.on("run", EXAMPLE, "--json");
        assertEquals(0, r.exit(), r.err());
        com.google.gson.JsonObject efficiency = CliRun.binding(com.google.gson.JsonParser.parseString(r.out()).getAsJsonObject(), "efficiency");
        assertEquals("fitted", efficiency.get("kind").getAsString());
        assertEquals("78.45% (75.9 .. 81%)", efficiency.get("text").getAsString());
        assertEquals("{\"runs\":\"runs/\",\"key\":\"median_itl_ms\",\"count\":\"9\"}", efficiency.get("source").toString());
        assertEquals("75.87%", efficiency.getAsJsonObject("low").get("text").getAsString());
    }

    /**
     * A fit is of the runs as the file has them: --set moves the chain around the fitted values, not
     * the fit (the explorable page, which cannot fit again, shows the same); a --set of a fitted input wins.
     */
    @Test
    void setMovesTheChainNotTheFit() {
        CliRun batch = CliRun.on("run", EXAMPLE, "--set", "batch=128");
        assertTrue(batch.out().contains("  efficiency = fitted 78.45% (75.9 .. 81%) (9 runs in runs/)\n"), batch.out());
        assertTrue(batch.out().contains(" = 18.46 ms (17.68 .. 19.28 ms)\n"), batch.out()); // step at batch 128 is step_128
        CliRun set = CliRun.on("run", EXAMPLE, "--set", "efficiency=80%");
        assertTrue(set.out().contains("  efficiency = 80%\n"), set.out());
        assertTrue(set.out().contains("  overhead   = fitted 2.546 ms"), set.out());
    }

    /** Each mistake in a fit's lines, located, with a hint: exit 1 before any run is read. */
    @Test
    void malformedFitsAreLocatedErrors() {
        CliRun r = CliRun.on("check", FIGURE.resolve("errors.chain").toString());
        assertEquals(1, r.exit(), r.err());
        Golden.assertMatches(FIGURE.resolve("errors.expected"), r.err());
    }

    /** Runs not there, a key they lack, a value of the wrong dimension, too few runs: located errors when the chain is checked. */
    @Test
    void runsThatCannotBeFitAreLocatedErrors() {
        CliRun r = CliRun.on("check", FIGURE.resolve("runs-errors.chain").toString());
        assertEquals(1, r.exit(), r.err());
        Golden.assertMatches(FIGURE.resolve("runs-errors.expected"), r.err());
        assertTrue(r.err().contains("error: 3 runs cannot fit 2 free inputs: a fit needs at least 4"), r.err());
    }

    /** Inputs every run at batch 64 cannot tell apart, and a value on its bound: warnings at the `for` lines, exit 0. */
    @Test
    void runsThatCannotSettleAFitAreWarned() {
        CliRun r = CliRun.on("check", FIGURE.resolve("warnings.chain").toString());
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(FIGURE.resolve("warnings.expected"), r.err());
        assertTrue(r.err().contains("= hint: add a run at batch 1\n"), r.err());
        assertTrue(r.err().contains("warning: `floor` is fitted to its lower bound, 7 ms"), r.err());
    }
}
