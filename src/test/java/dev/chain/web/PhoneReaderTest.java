package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chain 02's explorable page as a reader on a phone (375 px) and on a desktop (1280 px) sees it, light
 * and dark, in headless Chromium (Debian's; skipped without it, .ci/run installs it): after a batch of
 * 32 is typed, every result of the derivation is on the screen with no sideways scrolling, its long
 * lines wrapped at the code block's label column as the card's hanging indent wraps them, and each
 * changed number in view. The screenshots of docs/rendering.md are these
 * ({@code -Dgolden.update=true} writes them to docs/images/; else they go to target/screenshots/).
 */
class PhoneReaderTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    Path tmp;

    @Test
    void onAPhoneEveryResultOfChain02IsOnTheScreen() throws Exception {
        Path site = explorableChain02();
        Path shots = Boolean.getBoolean("golden.update") ? Path.of("docs/images") : Path.of("target/screenshots");
        Files.createDirectories(shots);
        for (int width : new int[] {375, 1280}) {
            for (boolean dark : new boolean[] {false, true}) {
                String which = width + " px " + (dark ? "dark" : "light");
                try (Browser b = Browser.open(CHROMIUM, tmp.resolve("profile-" + width + dark), width, 900, dark)) {
                    b.go(site.resolve("02-inter-token-floor.html").toUri().toString());
                    b.type("document.querySelector('input[data-input=batch]')", "32");
                    b.settle();
                    assertEquals("true", b.eval("document.documentElement.scrollWidth <= " + width), which + ": the page is no wider than the screen");
                    String code = "document.querySelector('pre.chain-code')";
                    assertEquals("true", b.eval(code + ".scrollWidth <= " + code + ".clientWidth"),
                            which + ": the code block shows all of each line, without scrolling sideways");
                    String text = b.texts("pre.chain-code").get(0);
                    for (String result : List.of("17.18 GB KV", "9.92 ms", "33.4 TFLOP", "~73 ms", "~23 ms", "41%")) {
                        assertTrue(text.contains(result), which + ": " + result + " in " + text);
                    }
                    List<String> marked = b.texts("pre.chain-code mark.chain-changed");
                    assertTrue(marked.contains("32") && marked.contains("9.92"), which + ": the changed numbers, without their commas: " + marked);
                    assertEquals("true", b.eval("Array.prototype.every.call(document.querySelectorAll('mark.chain-changed'),"
                            + " function (m) { var box = m.getBoundingClientRect(); return box.left >= 0 && box.right <= " + width + "; })"),
                            which + ": each changed number is in view");
                    if (width == 375) {
                        // A wrapped line goes on at the label column: its second row starts 9 characters in.
                        assertEquals("true", b.eval(code + ".getBoundingClientRect().height > 12 * parseFloat(getComputedStyle(" + code
                                + ").lineHeight || 16)"), which + ": the long lines wrap");
                    }
                    Files.write(shots.resolve("chain-02-" + width + "-" + (dark ? "dark" : "light") + ".png"),
                            b.screenshot("form.chain-inputs", "ul.chain-checks"));
                }
            }
        }
    }

    /**
     * A range typed into the swept input's box ({@code 16 .. 64}) is a band on the plot, its ends
     * marked and named, not a point at its midpoint (it was "batch = 40", which the reader never typed).
     */
    @Test
    void aRangeTypedForThePlotsInputIsItsBand() throws Exception {
        Path site = explorableChain02();
        try (Browser b = Browser.open(CHROMIUM, tmp.resolve("profile"), 1280, 900, false)) {
            b.go(site.resolve("02-inter-token-floor.html").toUri().toString());
            b.type("document.querySelector('input[data-input=batch]')", "16 .. 64");
            b.settle();
            String svg = b.eval("document.querySelector('svg.chain-figure').outerHTML");
            assertTrue(svg.contains(">batch = 16-64</text>"), svg);
            assertTrue(svg.contains("with batch = 16-64 shaded and the chain&#39;s own batch = 64 marked")
                    || svg.contains("with batch = 16-64 shaded and the chain's own batch = 64 marked"), svg);
            assertFalse(svg.contains("batch = 40"), "not at the range's midpoint");
        }
        // As render --set writes it: the same band.
        CliRun set = CliRun.of("render", "--set", "batch=16 .. 64", "chains/02-inter-token-floor.chain", "-o", tmp.resolve("set").toString());
        assertEquals(0, set.exit(), set.err());
        String file = Files.readString(tmp.resolve("set/02-inter-token-floor-1.svg"));
        assertTrue(file.contains(">batch = 16-64</text>") && file.contains("fill-opacity=\"0.12\""), file);
    }

    /** Chain 02 rendered explorable into a folder of the test's; skips the test without Chromium. */
    private Path explorableChain02() {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " here (.ci/run installs it)");
        Path site = tmp.resolve("site");
        CliRun r = CliRun.of("render", "--interactive", "chains/02-inter-token-floor.chain", "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        return site;
    }
}
