package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The explorable page's practice mode (issue 43 item 7) as a reader on a phone (375 px), light and
 * dark, in headless Chromium (skipped without it, as PhoneReaderTest): Practice turned on for chain
 * 02 fetches chain-practice.js, hides the card's numbers and shows a box for each derived value; the
 * classic wrong answers typed there, and a number it cannot read ({@code 2,11}), get the words
 * {@code chain drill --answers} prints for them, a
 * right answer in another unit is graded right, and the answers are there again after a reload
 * (local storage). The screenshots of docs/drill.md are these ({@code -Dgolden.update=true} writes
 * them to docs/images/; else they go to target/screenshots/).
 */
class PracticeModeTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHAIN = Path.of("chains/02-inter-token-floor.chain");

    @TempDir
    Path tmp;

    @Test
    void practiceOnAPhoneGradesAsChainDrillDoes() throws Exception {
        Path site = render();
        // 2x on BF16 weights, the batch left out of the KV bytes, the floor right in us, a comma before
        // two digits (no digit group: refused by the page's reader of a number as by chain drill).
        List<String> answers = List.of("weights = 32.12 GB", "kv = 536.9 MB", "floor = 15050 us", "tokens = 2,11 token");
        Path file = tmp.resolve("answers.txt");
        Files.writeString(file, String.join("\n", answers) + "\n");
        CliRun drill = CliRun.of("drill", CHAIN.toString(), "--answers", file.toString());
        List<String> printed = drill.out().lines().toList();
        Path shots = Boolean.getBoolean("golden.update") ? Path.of("docs/images") : Path.of("target/screenshots");
        Files.createDirectories(shots);
        for (boolean dark : new boolean[] {false, true}) {
            String which = "375 px " + (dark ? "dark" : "light");
            try (Browser b = Browser.open(CHROMIUM, tmp.resolve("profile-" + dark), 375, 900, dark)) {
                String page = site.resolve("02-inter-token-floor.html").toUri().toString();
                b.go(page);
                turnOn(b);
                assertEquals("true", b.eval("document.querySelector('pre.chain-code').closest('[hidden]') !== null"
                        + " || document.querySelector('pre.chain-code').offsetParent === null"), which + ": the card's numbers hidden");
                for (String a : answers) {
                    String name = a.substring(0, a.indexOf(' '));
                    b.eval("(function (e) { e.value = " + new com.google.gson.JsonPrimitive(a.substring(a.indexOf('=') + 1).strip())
                            + "; e.dispatchEvent(new Event('change')); return e.value; })(document.querySelector('input[data-step=" + name + "]'))");
                }
                for (String a : answers) {
                    String name = a.substring(0, a.indexOf(' '));
                    int at = printed.indexOf(a);
                    assertTrue(at >= 0, drill.out());
                    String said = b.eval("document.querySelector('input[data-step=" + name + "]').closest('.chain-input')"
                            + ".querySelector('[role=status]').textContent");
                    // chain drill says "?" of an answer it cannot read, the page "✗", in the same words
                    String expected = printed.get(at + 1).startsWith("? ") ? "\u2717 " + printed.get(at + 1).substring(2)
                            : printed.get(at + 1).strip() + ": " + printed.get(at + 2);
                    assertEquals(expected, said.substring(1, said.length() - 1)
                            .replace("\\u2713", "\u2713").replace("\\u2717", "\u2717"), which + ": " + a);
                }
                String kv = b.eval("document.querySelector('input[data-step=kv]').closest('.chain-input').textContent");
                assertTrue(kv.contains("left out the factor `batch`"), which + ": " + kv);
                String floor = b.eval("document.querySelector('input[data-step=floor]').closest('.chain-input').textContent");
                assertTrue(floor.contains("read 15050 us as 15.05 ms: \u2713 right: 15.05 ms"), which + ": " + floor);
                String tokens = b.eval("document.querySelector('input[data-step=tokens]').closest('.chain-input').textContent");
                assertTrue(tokens.contains("cannot read `2,11 token`: `2,11` is not a number"), which + ": " + tokens);
                assertEquals("true", b.eval("document.documentElement.scrollWidth <= 375"), which + ": no wider than the screen");
                Files.write(shots.resolve("practice-02-375-" + (dark ? "dark" : "light") + ".png"),
                        b.screenshot("form.chain-inputs", "form.chain-practice"));
                // Kept in the browser: the answers are there again once the page is opened anew.
                b.go(page);
                turnOn(b);
                assertEquals("\"536.9 MB\"", b.eval("document.querySelector('input[data-step=kv]').value"), which + ": kept");
                // And in the address, beside an input the reader types: a link opens them with nothing stored.
                b.type("document.querySelector('input[data-input=batch]')", "32");
                String hash = b.eval("location.hash");
                hash = hash.substring(1, hash.length() - 1);
                assertTrue(hash.startsWith("#batch=32&practice%3A") && hash.contains("kv%22%3A%22536.9%20MB"), which + ": " + hash);
                b.eval("localStorage.clear()");
                b.go(page + "?opened" + hash); // another address: the page is loaded anew, not scrolled to a fragment
                turnOn(b);
                assertEquals("\"536.9 MB\"", b.eval("document.querySelector('input[data-step=kv]').value"), which + ": from the address");
                assertEquals("\"32\"", b.eval("document.querySelector('input[data-input=batch]').value"), which + ": the input too");
            }
        }
    }

    /**
     * The practice models are a file beside the page, loaded as a script (a page opened from a file,
     * as here, may not fetch): without it, Practice says which file it needs, and the chain stays live.
     */
    @Test
    void practiceWithoutItsModelsSaysWhatItNeeds() throws Exception {
        Path site = render();
        Files.delete(site.resolve("02-inter-token-floor.practice.js"));
        try (Browser b = Browser.open(CHROMIUM, tmp.resolve("profile"), 375, 900, false)) {
            b.go(site.resolve("02-inter-token-floor.html").toUri().toString());
            b.eval("document.querySelector('button.chain-practice').click()");
            String said = "";
            for (int i = 0; i < 400 && (said = b.eval("(document.querySelector('form.chain-problem') || {}).textContent || ''")).equals("\"\""); i++) {
                Thread.sleep(50);
            }
            assertTrue(said.startsWith("\"Practice needs file://") && said.endsWith("/02-inter-token-floor.practice.js, which did not load.\""), said);
            assertEquals("\"1\"", b.eval("document.documentElement.getAttribute('data-chain-live')"), "the page's chain still live");
        }
    }

    /** Chain 02's explorable page, rendered into a folder; the test skipped without Chromium. */
    private Path render() {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " here (.ci/run installs it)");
        Path site = tmp.resolve("site");
        CliRun r = CliRun.of("render", "--interactive", CHAIN.toString(), "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        return site;
    }

    /** Presses Practice and waits for its boxes (chain-practice.js fetched and run). */
    private static void turnOn(Browser b) throws Exception {
        b.eval("document.querySelector('button.chain-practice').click()");
        for (int i = 0; i < 400 && !b.eval("document.querySelector('form.chain-practice') !== null").equals("true"); i++) {
            Thread.sleep(50);
        }
        assertEquals("true", b.eval("document.querySelector('form.chain-practice') !== null"), "the practice boxes");
    }
}
