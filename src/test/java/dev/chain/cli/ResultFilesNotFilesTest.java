package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A FIFO, /dev/zero or /proc/self/fd/0 named as a benchmark's result file: a FIFO waited for a
 * writer for ever, /dev/zero was read until memory ran out (2.7 GB), and standard input was read
 * as a result. Each is refused before it is opened, at the file as written, exit 1, within a
 * second or so; --runs says what it is, not "no such file".
 */
class ResultFilesNotFilesTest {
    private static final Duration QUICK = Duration.ofSeconds(20);
    private static final String ITL = "chains/02-inter-token-floor.chain";

    @TempDir
    Path dir;
    Path fifo;

    @BeforeEach
    void aFifo() throws Exception {
        fifo = dir.resolve("bench.json");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(p.waitFor() == 0, "mkfifo");
    }

    private static CliRun quickly(String... args) {
        return assertTimeoutPreemptively(QUICK, () -> CliRun.of(args), String.join(" ", args));
    }

    @Test
    void observeOfAFifoADeviceOrStandardInputIsRefusedAtTheFile() {
        for (String file : List.of(fifo.toString(), "/dev/zero", "/proc/self/fd/0")) {
            for (String command : List.of("check", "run", "render")) {
                CliRun r = quickly(command, "--color=never", ITL, "--observe", "p50=" + file + "#median_itl_ms");
                assertEquals(1, r.exit(), command + " " + file + ": " + r.err());
                String kind = file.equals("/dev/zero") ? "a character device"
                        : file.equals(fifo.toString()) ? "a FIFO (named pipe)" : "";
                assertTrue(r.err().startsWith("--observe:1:5: error: cannot read " + file + ": it is " + kind), r.err());
                assertTrue(r.err().contains(", not a file\n"), r.err());
                assertTrue(r.err().contains("= hint: name a benchmark's result file"), r.err());
                if (command.equals("render")) {
                    assertEquals("", r.out(), "no page");
                }
            }
        }
    }

    @Test
    void aChainsOwnObservedFifoIsRefusedAtItsAnnotation() throws IOException {
        Path chain = dir.resolve("itl.chain");
        Files.writeString(chain, """
                chain "Measured"
                inputs
                  floor = 15.05 ms
                sanity "vLLM measured {itl}"
                  @observed("bench.json#median_itl_ms")
                  itl   = 24 ms
                  share = floor / itl -> %
                  check share in 50% .. 80%
                """);
        CliRun r = quickly("check", "--color=never", chain.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith(chain + ":5:3: error: cannot read bench.json: it is a FIFO (named pipe), not a file"), r.err());
        Files.writeString(chain, Files.readString(chain).replace("bench.json#", "/dev/zero#"));
        CliRun zero = quickly("run", "--color=never", chain.toString());
        assertEquals(1, zero.exit());
        assertTrue(zero.err().startsWith(chain + ":5:3: error: cannot read /dev/zero: it is a character device, not a file"), zero.err());
    }

    @Test
    void runsOfAFifoOrADeviceSayWhatItIs() {
        for (String file : List.of(fifo.toString(), "/dev/zero")) {
            CliRun r = quickly("sweep", "--color=never", ITL, "--runs", file, "--over", "batch=#max_concurrency",
                    "--show", "floor", "--against", "floor=#median_itl_ms");
            assertEquals(1, r.exit(), r.err());
            String kind = file.equals("/dev/zero") ? "a character device" : "a FIFO (named pipe)";
            assertTrue(r.err().startsWith("--runs:1:1: error: " + file + ": cannot read it: it is " + kind
                    + ", not a file or a folder"), r.err());
        }
    }
}
