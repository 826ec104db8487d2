package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs whose cost once grew far beyond their size (issue 14): the work and the memory of
 * refusing them are bounded by the first mistakes, not by the size of the file. The timeouts
 * only guard against a hang; the outputs are what is asserted.
 */
class BoundedInputsTest {
    private static final Duration HANG = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aFileOfValuesOnTheirOwnStopsBeingReadAfterTheFirstErrors() throws IOException {
        // 10 MB of one-character lines took 12.6 s and 3.7 GB: every line an AST node and a diagnostic.
        Path file = dir.resolve("ones.chain");
        Files.writeString(file, "a\n".repeat(5_000_000));
        CliRun r = assertTimeoutPreemptively(HANG, () -> CliRun.of("check", "--color=never", file.toString()));
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith(file + ":1:1: error: a value on its own does nothing in a file\n"), r.err());
        assertTrue(r.err().contains(":26:1: error: too many syntax errors: stopped after 25"), r.err());
        assertTrue(r.err().contains("is not read; is it a .chain file?"), r.err());
        assertFalse(r.err().contains(":27:"), "nothing after the stop is reported");
    }

    @Test
    void oneStatementOfMillionsOfLinesIsRefusedWithoutKeepingItsTokens() throws IOException {
        // One expression continued over 5M lines took 16 s and 5.1 GB, all of it tokens and parse tree.
        Path file = dir.resolve("long.chain");
        Files.writeString(file, "chain \"Long\"\nderive d\n  x = 1 +\n" + "    1 +\n".repeat(1_000_000) + "    1\n  y = 2 ms\n");
        CliRun r = assertTimeoutPreemptively(HANG, () -> CliRun.of("check", "--color=never", file.toString()));
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith(file + ":3:3: error: this statement is longer than 100,000 tokens\n"), r.err());
        assertTrue(r.err().contains("hint: split it into named steps"), r.err());
    }

    @Test
    void aLongExpressionToEvaluateIsRefusedToo() {
        CliRun r = assertTimeoutPreemptively(HANG, () -> CliRun.of("eval", "--color=never", "1 +" + " 1 +".repeat(60_000) + " 1"));
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("error: this statement is longer than 100,000 tokens"), r.err());
    }

    @Test
    void exponentialCallsAreRefusedBeforeAnythingIsEvaluated() throws IOException {
        // fN(v) = f<N-1>(v) + f<N-1>(v): f27 took 1.3 s, f28 4.6 s, f59 forever.
        StringBuilder text = new StringBuilder("chain \"Exponential\"\nfn f0(v) = v + 1\n");
        for (int n = 1; n < 60; n++) {
            text.append("fn f").append(n).append("(v) = f").append(n - 1).append("(v) + f").append(n - 1).append("(v)\n");
        }
        text.append("inputs\n  batch = 1\nderive r\n  few = f20(batch)\n  r = f59(batch)\n");
        Path file = dir.resolve("exponential.chain");
        Files.writeString(file, text);
        CliRun r = assertTimeoutPreemptively(HANG, () -> CliRun.of("check", "--color=never", file.toString()));
        assertEquals(1, r.exit());
        assertTrue(r.err().contains(":66:7: error: evaluating this would make 1,152,921,504,606,846,975 function calls"), r.err());
        assertFalse(r.err().contains(":65:"), "f20 makes 2,097,151 calls, under the limit: " + r.err());
    }
}
