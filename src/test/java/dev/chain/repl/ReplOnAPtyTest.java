package dev.chain.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code chain repl} in a JVM of its own on a real pseudo-terminal (util-linux {@code script}
 * makes one), typed into as a person would: Ctrl-C there is the terminal driver's SIGINT, which
 * by default ends the JVM, not a byte that JLine reads.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ReplOnAPtyTest {
    @TempDir
    Path tmp;

    /** What the terminal showed. */
    private final StringBuffer screen = new StringBuffer();

    @Test
    void ctrlCDuringAnEvaluationCancelsItAndTheSessionGoesOn() throws Exception {
        assumeTrue(utilLinuxScript(), "needs util-linux script to make a pseudo-terminal");
        Path chain = tmp.resolve("slow.chain");
        Files.writeString(chain, InteractiveReplTest.slowChain());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // A size for the pty (script gives it none when its input is not a terminal), so that
        // JLine draws its prompt as on a person's screen.
        // SIGINT back to its default (GNU env): a suite run as a background job (`mvn verify &`)
        // starts with SIGINT ignored, every child inherits that, and a JVM that starts with it
        // ignored never installs a handler for it, so no Ctrl-C could reach the REPL.
        String command = "stty cols 120 rows 40; exec env --default-signal=INT " + quote(java) + " -cp " + quote(System.getProperty("java.class.path"))
                + " dev.chain.cli.Main repl --color=never";
        ProcessBuilder pb = new ProcessBuilder("script", "-qfec", command, "/dev/null").redirectErrorStream(true);
        pb.environment().put("TERM", "xterm");
        pb.environment().put("XDG_DATA_HOME", tmp.toString()); // the history file
        Process p = pb.start();
        Thread reader = new Thread(() -> copy(p.getInputStream()), "pty-screen");
        reader.setDaemon(true);
        reader.start();
        try (OutputStream keys = p.getOutputStream()) {
            // Keys typed before the first prompt would be echoed by the driver, not read by JLine.
            await(p, InteractiveRepl.PROMPT);
            type(keys, "kept = 42 GB\r");
            await(p, "kept = 42 GB\n" + InteractiveRepl.PROMPT);
            type(keys, ":load " + chain + "\r");
            // The line ends on the screen once JLine has taken it: a Ctrl-C before that (the
            // driver signals when the key arrives, not when it is read) would drop the line.
            await(p, ":load " + chain + "\n");
            // As a person would: Ctrl-C once the evaluation is seen to take long, not in the
            // instant the line ends, while JLine still restores the terminal's modes.
            Thread.sleep(1_000);
            // Ctrl-C until it lands: the evaluation may not have begun when the first one comes.
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!text().contains("evaluation cancelled")) {
                assertTrue(p.isAlive(), () -> "Ctrl-C ended the REPL; screen:\n" + text());
                assertTrue(System.nanoTime() < deadline, () -> "no cancellation; screen:\n" + text());
                type(keys, "\u0003");
                Thread.sleep(200);
            }
            await(p, "before this input\n" + InteractiveRepl.PROMPT);
            type(keys, "kept * 2\r");
            await(p, "84 GB\n" + InteractiveRepl.PROMPT);
            type(keys, "\u0004");
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "Ctrl-D ended the session");
        } finally {
            // A failed test must not leave the slow chain computing for minutes: end the REPL and script.
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        assertEquals(0, p.exitValue(), text());
        assertTrue(text().contains("nothing was changed: the session is as it was before this input"), text());
    }

    private static boolean utilLinuxScript() {
        try {
            Process p = new ProcessBuilder("script", "--version").redirectErrorStream(true).start();
            String version = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor(10, TimeUnit.SECONDS) && version.contains("util-linux");
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    private void copy(InputStream in) {
        byte[] buffer = new byte[4096];
        try {
            for (int n; (n = in.read(buffer)) > 0; ) {
                screen.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            // the pty closed
        }
    }

    /** The screen as text: escape sequences, carriage returns and backspaces dropped. */
    private String text() {
        // JLine moves the cursor over a typed `)` to show its match: backspaces, then forward.
        return screen.toString().replaceAll("\u001b\\[[0-9;?]*[A-Za-z]|\u001b[=>]", "").replace("\r", "").replace("\b", "");
    }

    private static void type(OutputStream keys, String typed) throws IOException {
        keys.write(typed.getBytes(StandardCharsets.UTF_8));
        keys.flush();
    }

    private void await(Process p, String text) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!text().contains(text)) {
            assertTrue(System.nanoTime() < deadline && p.isAlive(), () -> "waited for " + text + "; screen:\n" + text());
            Thread.sleep(20);
        }
    }
}
