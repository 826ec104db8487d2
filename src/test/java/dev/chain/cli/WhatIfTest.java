package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39, item 11: one rule for a check that --set makes fail, in chain run and chain render
 * alike (run exited 1 where render exited 0): the what-if's answer, a warning, exit 0, and on the
 * rendered page a line under the chain that marks it, as the explorable page underlines its group.
 */
class WhatIfTest {
    private static final String CHAIN = "chains/02-inter-token-floor.chain";

    @Test
    void runAndRenderTreatACheckTheSetMakesFailAlike() {
        CliRun run = CliRun.of("run", "--color=never", CHAIN, "--set", "p50=10ms");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("  ✗ check share in 50% .. 80%: 150.5% is not in 50% .. 80%\n"), run.out());
        assertTrue(run.err().contains("warning: check failed: 150.5% is not in 50% .. 80%"), run.err());
        assertTrue(run.err().contains("note: it holds for the chain's own inputs; this run uses --set p50=10ms"), run.err());
        CliRun render = CliRun.of("render", "--color=never", CHAIN, "--set", "p50=10ms");
        assertEquals(0, render.exit(), render.err());
        assertTrue(render.err().contains("note: it holds for the chain's own inputs; this run uses --set p50=10ms"), render.err());
    }

    /** The card's sanity line says "ordinary for a real server" of a p50 that is no longer ordinary: marked. */
    @Test
    void theRenderedPageMarksTheCheckThatFails() {
        CliRun render = CliRun.of("render", "--color=never", CHAIN, "--set", "p50=10ms");
        assertTrue(render.out().contains("\n\n✗ check share in 50% .. 80% fails for these inputs: 150.5% is not in 50% .. 80%\n"),
                render.out());
        CliRun own = CliRun.of("render", "--color=never", CHAIN);
        assertFalse(own.out().contains("✗"), "every check holds: nothing marked");
    }

    /** A check that fails for the chain's own inputs is the file's error, with or without --set. */
    @Test
    void aCheckThatFailsForTheChainsOwnInputsIsAnError(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("own.chain");
        Files.writeString(file, "chain \"Own\"\n\ninputs\n  aa = 3\n  bb = 1\n\nsanity\n  check aa < 2\n  check bb < 2\n");
        CliRun run = CliRun.of("run", "--color=never", file.toString(), "--set", "bb=5");
        assertEquals(1, run.exit(), run.err());
        assertTrue(run.err().contains("error: check failed: 3 is not less than 2"), run.err());
        CliRun render = CliRun.of("render", "--color=never", file.toString(), "--set", "bb=5");
        assertEquals(1, render.exit(), render.err());
    }
}
