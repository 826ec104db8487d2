package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.chain.eval.CheckResult;
import dev.chain.render.ChainMarkdown;
import dev.chain.render.CheckText;
import dev.chain.render.FigureLayout;
import dev.chain.render.FigureMarkdown;
import dev.chain.render.TemplateRenderer;
import dev.chain.session.ChainRun;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The script itself, as TeaVM compiled it (target/classes/web/teavm.js), under node, read through
 * the methods page.js calls: for every chain PageTest takes, its own inputs and 100 random sets,
 * what the script shows against what {@code chain render --set} prints, byte for byte: code lines,
 * paragraphs, each check's outcome, each figure's SVG or cells. PageTest holds the same Java to the
 * renderer on the JVM; this proves that the compiled JavaScript computes what that Java does (the
 * same doubles, the same digits). Skipped without node; .ci/run installs it, so CI runs it.
 * (bench/run page times a keystroke's recompute.)
 */
class PageScriptTest {
    private static final int SETS = 100;
    private static final Path CORE = Path.of("target/classes/web/teavm.js");

    @Test
    void theCompiledScriptShowsWhatRenderSetPrints(@TempDir Path tmp) throws Exception {
        assumeTrue(node() != null, "node is not installed");
        assumeTrue(Files.exists(CORE), "the page script is not built (mvn process-classes)");
        StringBuilder cases = new StringBuilder();
        List<JsonObject> expected = new ArrayList<>();
        List<String> what = new ArrayList<>();
        for (Path chain : PageTest.chains().toList()) {
            ChainRun own = Differential.run(chain, List.of());
            String model = Differential.model(own);
            Page page = GsonTree.page(model);
            cases.append("model\t").append(model).append('\n');
            expected.add(null); // the inputs line
            what.add("model " + chain);
            Random random = new Random(chain.getFileName().toString().hashCode() * 31L);
            for (int i = 0; i <= SETS; i++) {
                String[] set = i == 0 ? Differential.own(page) : Differential.randomSet(page, random);
                ChainRun run = i == 0 ? own : Differential.run(chain, Differential.sets(page, set));
                JsonArray typed = new JsonArray();
                for (String t : set) {
                    typed.add(t);
                }
                cases.append("set\t").append(typed).append('\n');
                expected.add(shown(run, own));
                what.add(chain + " " + (i == 0 ? "its own inputs" : String.join(" ", Differential.sets(page, set))));
            }
        }
        Path core = tmp.resolve("core.js"); // as the written script holds it
        Files.writeString(core, Script.core(), StandardCharsets.UTF_8);
        Path in = tmp.resolve("cases.txt");
        Path out = tmp.resolve("out.txt");
        Files.writeString(in, cases, StandardCharsets.UTF_8);
        Path driver = Path.of("src/test/resources/web/differential.js").toAbsolutePath();
        Process p = new ProcessBuilder(node(), driver.toString(), core.toString(), in.toString(), out.toString())
                .redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "node took over two minutes");
        assertEquals(0, p.exitValue(), log);
        List<String> results = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertEquals(expected.size(), results.size(), log);
        int compared = 0;
        for (int i = 0; i < results.size(); i++) {
            if (expected.get(i) == null) {
                continue;
            }
            JsonObject got = JsonParser.parseString(results.get(i)).getAsJsonObject();
            if (!expected.get(i).get("ok").getAsBoolean()) {
                // Refused by render: by the page too, or (a figure with no value for it) shown with that figure's problem.
                boolean figureProblem = got.get("ok").getAsBoolean() && got.getAsJsonArray("figures").toString().contains("\"problem\"");
                assertTrue(!got.get("ok").getAsBoolean() || figureProblem, what.get(i) + ": render refused it, the page showed it");
            } else {
                assertEquals(expected.get(i), got, what.get(i));
            }
            compared++;
        }
        assertEquals(PageTest.chains().count() * (SETS + 1), compared);
    }

    /** What the page shows for a run, as the driver reports it: the renderer's own lines, outcomes and figures. */
    private static JsonObject shown(ChainRun run, ChainRun own) {
        JsonObject o = new JsonObject();
        o.addProperty("ok", !Differential.refused(run));
        if (Differential.refused(run)) {
            return o;
        }
        ChainMarkdown md = new ChainMarkdown(run.chain().program(), run.evaluation(), run.values(), run.figures());
        o.addProperty("code", String.join("\n", md.codeLines()) + "\n");
        JsonArray paragraphs = new JsonArray();
        md.paragraphs().forEach(paragraphs::add);
        o.add("paragraphs", paragraphs);
        JsonArray checks = new JsonArray();
        CheckText text = new CheckText(run.chain().program(), run.values());
        for (CheckResult r : run.evaluation().checks()) {
            JsonArray check = new JsonArray();
            check.add(r.passed());
            check.add(TemplateRenderer.plain(text.outcome(r)));
            checks.add(check);
        }
        o.add("checks", checks);
        JsonArray figures = new JsonArray();
        FigureMarkdown drawing = new FigureMarkdown(run.chain().program(), run.values());
        FigureMarkdown mine = new FigureMarkdown(own.chain().program(), own.values());
        int[] sources = Differential.figureSources(run, own);
        for (int f = 0; f < sources.length; f++) {
            // A table over modules and a solve stay as the chain's own run drew them.
            int r = sources[f];
            List<FigureLayout.Drawn> parts = r < 0 ? mine.drawnParts(own.chain().program().figures().get(f), own.figures().get(f))
                    : drawing.drawnParts(run.chain().program().figures().get(r), run.figures().get(r));
            for (FigureLayout.Drawn drawn : parts) { // a plot's measured runs: their table after it
                JsonObject figure = new JsonObject();
                figure.addProperty("fixed", r < 0);
                if (drawn.svg() != null) {
                    figure.addProperty("svg", drawn.svg());
                } else {
                    figure.addProperty("title", drawn.title());
                    figure.add("rows", new com.google.gson.Gson().toJsonTree(drawn.cells()));
                }
                figures.add(figure);
            }
        }
        o.add("figures", figures);
        return o;
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
