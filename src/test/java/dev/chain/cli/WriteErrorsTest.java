package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * A zero exit means every byte was written: a command whose standard output fails (a full disk)
 * exits 1 and says so. PrintWriter swallows the IOException, so this used to exit 0 with a
 * 0-byte page.
 */
class WriteErrorsTest {
    /** A disk that is full from the first byte. */
    private static final class FullDisk extends Writer {
        @Override
        public void write(char[] cbuf, int off, int len) throws IOException {
            throw new IOException("No space left on device");
        }

        @Override
        public void flush() throws IOException {}

        @Override
        public void close() {}
    }

    private static final String CHAIN = Path.of("chains", "02-inter-token-floor.chain").toString();

    @ParameterizedTest
    @ValueSource(strings = {"eval|16.06 GB / 3.35 TB/s -> ms", "eval|--json|1 GB", "run|" + "chains/02-inter-token-floor.chain",
            "run|--json|chains/02-inter-token-floor.chain", "check|chains/", "check|--json|chains/", "render|chains/",
            "stdlib|--markdown", "stdlib|h100", "--help"})
    void eachCommandExitsOneWhenStandardOutputFails(String line) {
        StringWriter err = new StringWriter();
        int exit = Main.run(line.split("\\|"), new PrintWriter(new FullDisk(), true), new PrintWriter(err, true));
        assertEquals(1, exit, err.toString());
        assertTrue(err.toString().endsWith("chain: error: cannot write to standard output; the output is incomplete\n"),
                err.toString());
    }

    /**
     * sweep --svg where its folder cannot be made printed no error: and no reason ("chain: cannot
     * write x/runs.svg: x/runs.svg"); every write failure has one form.
     */
    @Test
    void aFigureThatCannotBeWrittenIsChainErrorCannotWriteWithItsReason(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("afile"), "");
        Path svg = file.resolve("runs.svg");
        CliRun r = CliRun.on("sweep", "chains/02-inter-token-floor.chain", "--runs", "src/test/resources/observe/vllm/sweep",
                "--over", "batch=#max_concurrency", "--show", "floor", "--against", "floor=#median_itl_ms", "--svg", svg.toString());
        assertEquals(1, r.exit());
        assertEquals("chain: error: cannot write " + svg + ": " + file + " is not a folder\n", r.err());
    }

    @Test
    void aPipedReplStopsAndExitsOne() throws IOException {
        InputStream before = System.in;
        System.setIn(new ByteArrayInputStream("1 GB\n2 GB\n".getBytes(StandardCharsets.UTF_8)));
        try {
            StringWriter err = new StringWriter();
            int exit = Main.run(new String[] {"repl", CHAIN}, new PrintWriter(new FullDisk(), true), new PrintWriter(err, true));
            assertEquals(1, exit, err.toString());
            assertTrue(err.toString().contains("cannot write to standard output"), err.toString());
        } finally {
            System.setIn(before);
        }
    }

    /** The real standard output, in a JVM of its own: /dev/full fails every write with ENOSPC. */
    @Test
    void theReasonIsGivenForTheRealStandardOutput() throws Exception {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "needs /dev/full (Linux)");
        Process p = chain(List.of("eval", "1 GB")).redirectOutput(full.toFile()).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue(), err);
        assertEquals("chain: error: cannot write to standard output: No space left on device; the output is incomplete\n", err);
    }

    /** A reader that stops reading is not an error worth a message: exit 141, as for SIGPIPE. */
    @Test
    void aClosedPipeExits141WithoutAMessage() throws Exception {
        Process p = chain(List.of("stdlib", "--markdown")).start();
        p.getInputStream().close(); // the reader is gone before chain writes
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(141, p.exitValue(), err);
        assertEquals("", err);
    }

    private static ProcessBuilder chain(List<String> args) {
        List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.chain.cli.Main"));
        line.addAll(args);
        return new ProcessBuilder(line).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    }
}
