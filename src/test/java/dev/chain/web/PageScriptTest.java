package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.chain.session.ChainRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The script itself, as TeaVM compiled it (target/classes/web/teavm.js), under node: for every
 * chain of the card, its own inputs and 100 random sets, what the script renders against what
 * {@code chain render --set} prints, byte for byte, its plots' and rooflines' SVG included. PageTest holds the same Java to the renderer
 * on the JVM; this proves that the compiled JavaScript computes what that Java does (the same
 * doubles, the same digits). Skipped without node; .ci/run installs it, so CI runs it. Also times
 * a recompute of the card's longest chain (the budget is 1 ms).
 */
class PageScriptTest {
    private static final int SETS = 100;
    private static final Path CORE = Path.of("target/classes/web/teavm.js");

    @Test
    void theCompiledScriptRendersWhatRenderSetPrints(@TempDir Path tmp) throws Exception {
        assumeTrue(node() != null, "node is not installed");
        assumeTrue(Files.exists(CORE), "the page script is not built (mvn process-classes)");
        StringBuilder cases = new StringBuilder();
        List<String> expected = new ArrayList<>();
        List<List<String>> expectedFigures = new ArrayList<>();
        List<String> what = new ArrayList<>();
        for (Path chain : PageTest.chains().toList()) {
            ChainRun own = Differential.run(chain, List.of());
            String model = PageModel.json(own);
            Page page = Page.read(model);
            cases.append("model\t").append(model).append('\n');
            expected.add(null); // the inputs line
            expectedFigures.add(null);
            what.add("model " + chain);
            Random random = new Random(chain.getFileName().toString().hashCode() * 31L);
            for (int i = 0; i <= SETS; i++) {
                String[] set = i == 0 ? null : Differential.randomSet(page, random);
                List<String> hexes = new ArrayList<>();
                double[] numbers = new double[page.inputs().size()];
                Arrays.fill(numbers, Double.NaN);
                for (int k = 0; k < numbers.length; k++) {
                    hexes.add(set == null ? "" : hex(Differential.number(set[k])));
                }
                ChainRun run = set == null ? own : Differential.run(chain, Differential.sets(page, set));
                String body = Differential.body(run);
                StringBuilder json = new StringBuilder("[");
                for (int k = 0; k < hexes.size(); k++) {
                    json.append(k > 0 ? "," : "").append('"').append(hexes.get(k)).append('"');
                }
                cases.append("set\t").append(json).append("]\n");
                expected.add(body);
                expectedFigures.add(Differential.figures(run));
                what.add(chain + " " + (set == null ? "its own inputs" : String.join(" ", Differential.sets(page, set))));
            }
        }
        Path in = tmp.resolve("cases.txt");
        Path out = tmp.resolve("out.txt");
        Files.writeString(in, cases, StandardCharsets.UTF_8);
        Path driver = Path.of("src/test/resources/web/differential.js").toAbsolutePath();
        Process p = new ProcessBuilder(node(), driver.toString(), CORE.toAbsolutePath().toString(), in.toString(), out.toString(), "bench")
                .redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "node took over two minutes");
        assertEquals(0, p.exitValue(), log);
        List<String> results = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertEquals(expected.size(), results.size(), log);
        int compared = 0;
        for (int i = 0; i < results.size(); i++) {
            if (what.get(i).startsWith("model ")) {
                continue;
            }
            Tokens result = Tokens.read(results.get(i));
            String status = result.text();
            if (expected.get(i) == null) {
                assertEquals("problem", status, what.get(i) + ": render refused it, the page showed it");
            } else {
                assertEquals("ok", status, what.get(i));
                assertEquals(expected.get(i), result.text(), what.get(i));
                for (int skip = result.integer(); skip > 0; skip--) { // the code lines, then the paragraphs
                    result.text();
                }
                for (int skip = result.integer(); skip > 0; skip--) {
                    result.text();
                }
                for (int skip = 2 * result.integer(); skip > 0; skip--) { // each check: passed, outcome
                    result.text();
                }
                List<String> figures = new ArrayList<>();
                for (int n = result.integer(), k = 0; k < n; k++) {
                    boolean plot = result.text().equals("p");
                    figures.add(result.text()); // a plot's SVG, a table's Markdown
                    if (!plot) {
                        result.text(); // its title
                        for (int rows = result.integer(); rows > 0; rows--) {
                            for (int cells = result.integer(); cells > 0; cells--) {
                                result.text();
                            }
                        }
                    }
                }
                assertEquals(expectedFigures.get(i), figures, what.get(i) + ": its figures");
            }
            compared++;
        }
        assertEquals(PageTest.chains().count() * (SETS + 1), compared);
        // The budget is 1 ms; a shared CI machine gets ten times that before this fails.
        String timing = log.lines().filter(l -> l.startsWith("recompute_us")).findFirst().orElseThrow();
        System.out.println("PageScriptTest: " + timing);
        assertTrue(Double.parseDouble(timing.split(" ")[2]) < 10_000, timing);
    }

    static String hex(double v) {
        String h = Long.toHexString(Double.doubleToRawLongBits(v));
        return "0".repeat(16 - h.length()) + h;
    }

    /** The node on the PATH, or null. */
    static String node() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            Path node = Path.of(dir.isEmpty() ? "." : dir, "node");
            if (Files.isExecutable(node)) {
                return node.toString();
            }
        }
        return null;
    }
}
