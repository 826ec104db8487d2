package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.serve.ServeProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An author edits a chain while {@code chain serve} runs and a reader's page in headless Chromium
 * follows: the new number shows within a second or so of the save (the test allows 10 s on a loaded
 * machine and prints what it took), the reader's typed batch and scroll stay, and a save with an
 * error shows it in the page as the terminal does, until a save fixes it.
 */
class ServeInChromiumTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    /** ServeTest's decode floor (15.05 ms at batch 64, 4,096 tokens), and a note long enough to scroll. */
    private static final String FLOOR = ServeProcess.FLOOR + "\nnote \"\"\"\n"
            + "  A paragraph of the note, there to make the page longer than the screen.\n\n".repeat(30) + "  \"\"\"\n";

    @TempDir
    Path tmp;

    @Test
    void anEditShowsInTheOpenPageKeepingTheReadersInputsAndScroll() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " here (.ci/run installs it)");
        Path site = Files.createDirectories(tmp.resolve("site"));
        Path chain = site.resolve("floor.chain");
        Files.writeString(chain, FLOOR);
        try (ServeProcess serve = ServeProcess.start(site, tmp);
                Browser b = Browser.open(CHROMIUM, tmp.resolve("profile"), 1280, 400, false)) {
            b.go(serve.url() + "floor.html");
            assertTrue(code(b).contains("= 15.05 ms"), code(b));
            b.type("document.querySelector('input[data-input=batch]')", "32");
            assertTrue(code(b).contains("= 9.92 ms"), code(b));
            b.eval("window.scrollTo(0, 300)");
            assertEquals("300", b.eval("window.scrollY"));

            // The author doubles the context: at the reader's batch 32, 34.36 GB of KV again.
            b.eval("window.chainBefore = true");
            long saved = System.nanoTime();
            Files.writeString(chain, FLOOR.replace("context = 4,096 token", "context = 8,192 token"));
            reloaded(b);
            awaitCode(b, "(16.06 GB weights + 34.36 GB KV) / 3.35 TB/s = 15.05 ms");
            System.out.printf("chain serve: the save showed in Chromium after %d ms%n", (System.nanoTime() - saved) / 1_000_000);
            assertEquals("\"32\"", b.eval("document.querySelector('input[data-input=batch]').value"), "the reader's batch stays");
            assertEquals("\"8,192\"", b.eval("document.querySelector('input[data-input=context]').value"), "the new context");
            assertEquals("300", b.eval("window.scrollY"), "and the scroll");

            b.eval("window.chainBefore = true");
            Files.writeString(chain, FLOOR.replace("/ gpu.hbm_bandwidth -> ms", "/ gpu.hbm_bandwidth + 2 GB -> ms"));
            reloaded(b);
            String errors = b.eval("document.querySelector('.chain-serve-errors pre').textContent");
            assertTrue(errors.contains(chain + ":13:48: error: cannot add s (time) and B (information)\\n"
                    + " 13 |   floor   = (weights + kv) / gpu.hbm_bandwidth + 2 GB -> ms:,.2f\\n"
                    + "    |             ---------------------------------- ^ ---- B (information)\\n"), errors);
            assertTrue(code(b).contains("= 15.05 ms"), "below them, the last page without errors");

            b.eval("window.chainBefore = true");
            Files.writeString(chain, FLOOR);
            reloaded(b);
            assertEquals("0", b.eval("document.querySelectorAll('.chain-serve-errors').length"), "fixed: no errors shown");
            assertTrue(code(b).contains("= 9.92 ms"), "the reader's batch 32 at 4,096 tokens again: " + code(b));
        }
    }

    private static String code(Browser b) throws Exception {
        return b.eval("document.querySelector('code.language-text').textContent");
    }

    /** Waits until the page has reloaded (the mark set before the save is gone) and its script has started. */
    private static void reloaded(Browser b) throws Exception {
        for (int i = 0; i < 500; i++) {
            try {
                if (b.eval("window.chainBefore === undefined && document.readyState === 'complete' "
                        + "&& document.documentElement.hasAttribute('data-chain-live')").equals("true")) {
                    return;
                }
            } catch (AssertionError navigating) {
                // the page is being replaced
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the page did not reload after the save");
    }

    private static void awaitCode(Browser b, String text) throws Exception {
        for (int i = 0; i < 250 && !code(b).contains(text); i++) {
            Thread.sleep(20);
        }
        assertTrue(code(b).contains(text), code(b));
    }
}
