package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.check.BindingInfo;
import dev.chain.drill.Variation;
import dev.chain.session.Chains;
import dev.chain.session.ChainRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An input's bounds ({@code @at_least}, {@code @at_most}) hold wherever it is set: examples/speculative's
 * acceptance rate alpha is a probability, 0% to 100%, and its draft length gamma at least 1. Past them,
 * (1 - alpha^8) / (1 - alpha) at alpha = 120% is 15.4 tokens a step, which no draft gives.
 */
class BoundsTest {
    private static final String LEVIATHAN = "examples/speculative/leviathan.chain";

    @Test
    void setPastABoundIsAnErrorAtTheValue() {
        CliRun r = CliRun.of("run", "--color=never", LEVIATHAN, "--set", "alpha=120%");
        assertEquals(2, r.exit(), r.err());
        assertEquals("""
                --set alpha:1:1: error: `alpha` is at most 100%; this is 120%
                 1 | 120%
                   | ^^^^
                   = note: line 13: @at_most(100%)
                   = hint: give a value from 0% to 100%
                """, r.err());
        assertEquals(2, CliRun.of("run", LEVIATHAN, "--set", "alpha=50% .. 110%").exit());
        assertEquals(2, CliRun.of("run", LEVIATHAN, "--set", "gamma=0").exit());
        CliRun atTheBounds = CliRun.of("run", LEVIATHAN, "--set", "alpha=0%", "--set", "gamma=1"); // within: the card's checks fail there
        assertEquals(1, atTheBounds.exit(), atTheBounds.err());
        assertTrue(atTheBounds.err().contains("check failed: 0.993x is not 3.4x") && !atTheBounds.err().contains("is at least"), atTheBounds.err());
    }

    /**
     * A value just past its bound takes the digits that tell it from the bound (not "at most 100%;
     * this is 100%"), and counts are in the plural, as a check's outcome writes them.
     */
    @Test
    void theErrorTellsTheValueFromTheBound(@TempDir Path dir) throws IOException {
        Path chain = dir.resolve("context.chain");
        Files.writeString(chain, """
                chain "A context window"
                inputs
                  @at_most(2,048 token)
                  context = 1,024 token
                derive kv
                  kv = context * 160 kB/token
                """);
        CliRun tokens = CliRun.of("run", "--color=never", chain.toString(), "--set", "context=2,048.001 token");
        assertEquals(2, tokens.exit(), tokens.err());
        assertTrue(tokens.err().contains("error: `context` is at most 2,048 tokens; this is 2,048.001 tokens\n"), tokens.err());
        assertTrue(tokens.err().contains("= hint: give a value of at most 2,048 tokens\n"), tokens.err());
        CliRun share = CliRun.of("run", "--color=never", LEVIATHAN, "--set", "alpha=100.0001%");
        assertEquals(2, share.exit(), share.err());
        assertTrue(share.err().contains("error: `alpha` is at most 100%; this is 100.0001%\n"), share.err());
    }

    @Test
    void aSweepsPointsPastABoundAreAnError() {
        CliRun r = CliRun.of("sweep", "--color=never", LEVIATHAN, "--over", "alpha=50% .. 120% by 10%", "--show", "tokens");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().startsWith("--over alpha:1:14: error: `alpha` is at most 100%; this is 120%\n"), r.err());
        CliRun within = CliRun.of("sweep", LEVIATHAN, "--over", "alpha=50% .. 90% by 20%", "--show", "tokens");
        assertEquals(0, within.exit(), within.err());
    }

    @Test
    void aMeasurementPastABoundIsAnError(@TempDir Path dir) throws IOException {
        Files.copy(Path.of("src/test/resources/observe/vllm/bench.json"), dir.resolve("bench.json")); // median_itl_ms 24.1
        Files.writeString(dir.resolve("itl.chain"), """
                chain "A measured ITL past its bound"
                inputs
                  @observed("bench.json#median_itl_ms")
                  @at_most(10 ms)
                  itl = 5 ms
                derive rate
                  tokens = 1 token / itl -> token/s
                """);
        CliRun r = CliRun.of("run", "--color=never", dir.resolve("itl.chain").toString());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("error: `itl` is at most 10 ms; this is 24.1 ms"), r.err());
        assertTrue(r.err().contains("= hint: a measurement past its input's bound: check the key and the unit it is read in, or the bound"),
                r.err());
    }

    /** chain drill --vary keeps each input within its bounds: alpha moves by up to 10 points, never past 100%. */
    @Test
    void aDrillsVariedInputsStayWithinTheirBounds() {
        ChainRun run = Chains.run(Path.of(LEVIATHAN));
        BindingInfo alpha = run.chain().program().binding("alpha");
        BindingInfo gamma = run.chain().program().binding("gamma");
        for (long seed = 1; seed <= 200; seed++) {
            double[] varied = Variation.inputs(run.chain().program(), seed);
            assertTrue(varied[alpha.slot()] >= 0 && varied[alpha.slot()] <= 1, "seed " + seed + ": alpha " + varied[alpha.slot()]);
            assertTrue(varied[gamma.slot()] >= 1, "seed " + seed + ": gamma " + varied[gamma.slot()]);
        }
    }
}
