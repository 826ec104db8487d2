package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.chain.cli.CliRun;
import dev.chain.drill.Drill;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The practice mode's script (chain-practice.js, issue 43 item 7) as TeaVM compiled it, under node,
 * its formulas run by the page script's core as the page runs them: it grades chain 02's classic
 * wrong answers, typed as text, with the words {@code chain drill --answers} prints for them, a
 * right answer in another unit right, and it stays within its budget. Skipped without node, as PageScriptTest.
 */
class PracticeScriptTest {
    private static final Path CORE = Path.of("target/classes/web/teavm.js");
    private static final Path PRACTICE = Path.of("target/classes/web/practice-teavm.js");
    private static final Path CHAIN = Path.of("chains/02-inter-token-floor.chain");

    @Test
    void itStaysWithinItsBudget() throws IOException {
        assumeTrue(Files.exists(PRACTICE), "the practice script is not built (mvn process-classes)");
        int gzipped = InteractivePageTest.gzippedSize(Script.practiceText().getBytes(StandardCharsets.UTF_8));
        assertTrue(gzipped <= 27 * 1024, "the practice script's budget, 27 KiB gzipped: " + gzipped + " bytes");
    }

    @Test
    void itGradesAsChainDrillDoes(@TempDir Path tmp) throws Exception {
        // 2x on BF16 weights, the batch left out of kv, a right floor in us, a prefix, a wrong dimension, a right share.
        List<String> lines = List.of("weights = 32.12 GB", "kv = 536.9 MB", "floor = 15050 us", "kv_read = 10.3 s",
                "mixed = 79 GB", "share = 63%", "tokens = 2,11 token");
        Graded graded = gradedAlike(CHAIN, lines, tmp);
        // A comma before fewer than three digits is no digit group: refused in the box as by chain drill, in its words.
        assertEquals("cannot read `2,11 token`: `2,11` is not a number", graded.diagnosis(6));
        assertEquals("several changes give your number: `model.params` doubled; or `2 B/param` doubled; or "
                + "`model.hidden` doubled (in `model.params`)", graded.diagnosis(0));
        assertEquals("several changes give your number: left out the factor `batch`; or `model.embedding_copies` (2) in place of "
                + "`model.head_dim` (128) (in `model.kv_bytes_per_token`)", graded.diagnosis(1));
        assertEquals("read 15050 us as 15.05 ms", graded.steps().get(2).get("echo").getAsString());
        assertEquals("right", graded.steps().get(2).get("verdict").getAsString());
        assertEquals("your answer is information (B); `mixed` is time (s): the missing or extra factor is bandwidth (B/s)",
                graded.diagnosis(4));
        assertEquals("34.36 GB", graded.steps().get(1).get("shown").getAsString());
        assertTrue(graded.rest().get(0).startsWith("[{\"slot\":"), graded.rest().get(0));
    }

    @Test
    void aBinaryPrefixSlipNeedsBytesAndANumberAloneItsUnitAsSetSays(@TempDir Path tmp) throws Exception {
        // mtp's c is a share of params (4.4%): 4% is 0.9095 of it, 1.024^-4, which no GiB for GB gives.
        Graded graded = gradedAlike(Path.of("examples/speculative/mtp.chain"), List.of("c = 4%", "tokens = 3.6"), tmp);
        assertEquals("wrong", graded.steps().get(0).get("verdict").getAsString());
        assertFalse(graded.diagnosis(0).contains("binary prefix"), graded.diagnosis(0));
        for (var cause : graded.steps().get(0).getAsJsonArray("causes")) {
            assertNotEquals("binary-prefix", cause.getAsJsonObject().get("kind").getAsString());
        }
        // A count's number alone lacks its unit, as --set context=8192 does: asked for, in chain drill's words (above).
        assertEquals("no-unit", graded.steps().get(1).get("verdict").getAsString());
        assertEquals("a number alone: which unit? `tokens` is tokens (token); give the unit too: 3.6 token", graded.diagnosis(1));
        // chain 02's floor is a time read from bytes: 16.16 ms is 1.074 of 15.05 ms, GiB taken for GB.
        // Its share is written in percent: a bare 63 is 6,300%, whose % is asked for, as --set mfu=50's is.
        Graded floor = gradedAlike(CHAIN, List.of("floor = 16.16 ms", "share = 63"), tmp);
        assertEquals("binary-prefix", floor.steps().get(0).getAsJsonArray("causes").get(0).getAsJsonObject().get("kind").getAsString());
        assertEquals("no-unit", floor.steps().get(1).get("verdict").getAsString());
        assertEquals("`share` is written in percent, but `63` without a unit is 6,300%; write the unit: 63% (or 6,300%, if that is meant)",
                floor.diagnosis(1));
    }

    /** The page's grades of a chain's answers and what its driver printed after them. */
    private record Graded(List<JsonObject> steps, List<String> rest) {
        String diagnosis(int i) {
            return steps.get(i).get("diagnosis").getAsString();
        }
    }

    /**
     * The answers {@code lines} ({@code name = answer}) graded by chain drill --answers and by the
     * practice script under node, its formulas run by the page script's core: asserts that both say
     * the same, line for line, and gives the page's.
     */
    private static Graded gradedAlike(Path chain, List<String> lines, Path tmp) throws Exception {
        assumeTrue(PageScriptTest.node() != null, "node is not installed");
        assumeTrue(Files.exists(CORE) && Files.exists(PRACTICE), "the scripts are not built (mvn process-classes)");
        Path dir = Files.createTempDirectory(tmp, "graded");
        Path answersFile = dir.resolve("answers.txt");
        Files.writeString(answersFile, String.join("\n", lines) + "\n");
        CliRun cli = CliRun.of("drill", chain.toString(), "--answers", answersFile.toString());
        List<String> printed = cli.out().lines().toList();

        Engine engine = new Engine();
        ChainRun run = ChainRun.execute(engine, new SourceFile(chain, Files.readString(chain)), List.of());
        Drill drill = Drill.of(run.chain().code(), engine);
        Path model = dir.resolve("page.practice.js");
        Files.writeString(model, PracticeText.script(List.of(drill)));
        StringBuilder answers = new StringBuilder();
        for (String line : lines) {
            String name = line.substring(0, line.indexOf('=')).strip();
            answers.append(drill.chain().binding(name).slot()).append('\t').append(line.substring(line.indexOf('=') + 1).strip()).append('\n');
        }
        Path in = dir.resolve("answers.tsv");
        Files.writeString(in, answers);
        Path core = dir.resolve("core.js");
        Files.writeString(core, Script.core(), StandardCharsets.UTF_8);
        Path practice = dir.resolve("practice.js");
        Files.writeString(practice, Files.readString(PRACTICE), StandardCharsets.UTF_8);
        Path out = dir.resolve("out.txt");
        Path driver = Path.of("src/test/resources/web/practice-driver.js").toAbsolutePath();
        Process p = new ProcessBuilder(PageScriptTest.node(), driver.toString(), core.toString(), practice.toString(),
                model.toString(), in.toString(), out.toString()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "node took over a minute");
        assertEquals(0, p.exitValue(), log);
        List<String> results = Files.readAllLines(out);
        List<JsonObject> graded = new ArrayList<>();
        for (String l : results.subList(0, lines.size())) {
            graded.add(JsonParser.parseString(l).getAsJsonObject());
        }
        // What chain drill --answers printed: each answer's line, how it was read, the verdict and its words.
        for (int i = 0; i < lines.size(); i++) {
            int at = printed.indexOf(lines.get(i));
            assertTrue(at >= 0, cli.out());
            if (printed.get(at + 1).startsWith("? ")) { // not read: its why, no echo
                assertTrue(graded.get(i).get("echo").isJsonNull(), lines.get(i));
                assertEquals(printed.get(at + 1).substring(2), graded.get(i).get("diagnosis").getAsString(), lines.get(i));
                continue;
            }
            assertEquals(printed.get(at + 1).strip(), graded.get(i).get("echo").getAsString(), lines.get(i));
            assertEquals(printed.get(at + 2).substring(2), graded.get(i).get("diagnosis").getAsString(), lines.get(i));
        }
        return new Graded(graded, results.subList(lines.size(), results.size()));
    }
}
