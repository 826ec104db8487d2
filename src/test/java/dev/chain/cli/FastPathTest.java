package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The option-free command lines skip Picocli. With an option that changes nothing (--color=never:
 * the tests have no terminal), the same command line goes through Picocli: both must agree.
 */
class FastPathTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "eval | 16.06 GB / 3.35 TB/s -> ms",
        "eval | -2 ms",
        "eval | 3 GB + 2 ms",
        "check | chains/",
        "check | no/such/file.chain",
        "run | chains/01-lost-prefix-reuse.chain",
        "render | chains/02-inter-token-floor.chain",
        "check | src/test/resources/errors/dimension-mismatch.chain",
    })
    void agreesWithPicocli(String command, String operand) {
        CliRun fast = CliRun.of(command, operand);
        CliRun picocli = CliRun.of(command, "--color=never", operand);
        assertEquals(picocli, fast);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "-q | chains/",
        "--quiet | chains/",
        "-q | src/test/resources/errors/failed-check.chain",
    })
    void agreesWithPicocliOnQuietChecks(String quiet, String operand) throws Exception {
        CliRun fast = CliRun.of("check", quiet, operand);
        CliRun picocli = CliRun.of("check", "--color=never", quiet, operand);
        assertEquals(picocli, fast);
        PrintWriter sink = new PrintWriter(new StringWriter());
        assertEquals(fast.exit(), FastPath.run(new String[] {"check", quiet, operand}, sink, sink), "taken by the fast path");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "check | --json",
        "check | -qv",
        "eval | --json",
        "eval | -h",
        "frobnicate | x",
        "run | --set",
    })
    void leavesOptionsAndUnknownCommandsToPicocli(String command, String operand) throws Exception {
        PrintWriter sink = new PrintWriter(new StringWriter());
        assertNull(FastPath.run(new String[] {command, operand, "chains/"}, sink, sink));
    }
}
