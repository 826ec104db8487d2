package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.check.BindingInfo;
import dev.chain.eval.CheckResult;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large chain is checked and compiled while another thread parses it ({@link Engine#load},
 * {@code ParsePipeline}). Whatever the chain holds, a mistake or none, the run must come out
 * exactly as when it is parsed first: the same status, the same messages, the same values.
 */
class CheckWhileParsingTest {
    @TempDir
    Path dir;

    /** Everything a run shows: status, rendered diagnostics, each binding's exact value, each check. */
    private static String outcome(ChainRun run) {
        StringBuilder out = new StringBuilder(run.status() + "\n" + Chains.diagnostics(run));
        if (run.evaluation() != null) {
            for (BindingInfo b : run.chain().program().bindings()) {
                out.append(b.name()).append(" = ").append(b.isText() ? b.text() : run.evaluation().value(b)).append('\n');
            }
            for (CheckResult c : run.evaluation().checks()) {
                out.append(c.check().decl().span()).append(c.passed() ? " holds\n" : " fails\n");
            }
        }
        return out.toString();
    }

    private static Engine engine(boolean whileParsing) {
        Engine engine = new Engine();
        engine.checkWhileParsingFrom(whileParsing ? 0 : Integer.MAX_VALUE);
        return engine;
    }

    private static SourceFile read(Path file) throws IOException {
        return new SourceFile(file, new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    }

    /** Runs the files in order on one engine each way; asserts the outcomes agree and returns them. */
    private static List<String> bothWays(List<Path> files) throws IOException {
        Engine whileParsing = engine(true);
        Engine parsedFirst = engine(false);
        List<String> outcomes = new ArrayList<>();
        for (Path file : files) {
            String expected = outcome(ChainRun.execute(parsedFirst, read(file), List.of()));
            String actual = outcome(ChainRun.execute(whileParsing, read(file), List.of()));
            assertEquals(expected, actual, file.toString());
            outcomes.add(actual);
        }
        return outcomes;
    }

    /** Groups of the benchmark's shape (bench/java/.../GenerateChain), then {@code tail}. */
    private Path generated(int groups, String tail) throws IOException {
        StringBuilder text = new StringBuilder("chain \"Generated\"\nuse h100_sxm as gpu\n"
                + "fn step(w: Bytes, bw: Bytes/Time): Time = w / bw\n");
        for (int i = 0; i < groups; i++) {
            text.append("derive g").append(i).append('\n')
                    .append("  w").append(i).append(" = ").append(1 + i % 97).append(".5 GB\n")
                    .append("  n").append(i).append(" = ").append(1 + i % 13).append(" token\n")
                    .append("  kv").append(i).append(" = n").append(i).append(" * 131,072 B/token\n")
                    .append("  t").append(i).append(" = step(w").append(i).append(" + kv").append(i)
                    .append(", gpu.hbm_bandwidth) -> ms\n")
                    .append("  r").append(i).append(" = t").append(i).append(" / (t").append(i).append(" + 1 ms) -> %\n")
                    .append("  check r").append(i).append(" in 0% .. 100%\n");
        }
        Path file = dir.resolve("generated.chain");
        Files.writeString(file, text + tail);
        return file;
    }

    @Test
    void aCleanChainComesOutTheSameAndTakesTheParallelPath() throws IOException {
        Path file = generated(3_000, "");
        Engine engine = engine(true);
        ChainRun run = ChainRun.execute(engine, read(file), List.of());
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        assertEquals(1, engine.checkedWhileParsed);
        assertEquals(3_000, run.evaluation().checks().size());
        assertEquals(15_000, run.chain().program().bindings().size());
        // g0: 1.5 GB + 1 token of KV cache at 3.35 TB/s, the card's H100 bandwidth.
        assertEquals("0.4478 ms", run.text(run.chain().program().binding("t0")));
        bothWays(List.of(file));
    }

    @Test
    void theCardsChainsComeOutTheSame() throws IOException {
        List<Path> chains = new ArrayList<>();
        try (var files = Files.list(Chains.DIR)) {
            files.filter(f -> f.toString().endsWith(".chain")).sorted().forEach(chains::add);
        }
        assertTrue(chains.size() >= 8, chains.toString());
        for (String outcome : bothWays(chains)) {
            assertTrue(outcome.startsWith("OK\n"), outcome);
        }
    }

    @Test
    void everyMistakeInTheErrorCorpusIsReportedTheSame() throws IOException {
        List<Path> corpus = new ArrayList<>();
        try (var files = Files.list(Path.of("src/test/resources/errors"))) {
            files.filter(f -> f.toString().endsWith(".chain")).sorted().forEach(corpus::add);
        }
        assertTrue(corpus.size() >= 30, corpus.toString());
        bothWays(corpus);
    }

    @Test
    void aMistakeAfterThousandsOfGroupsIsReportedTheSame() throws IOException {
        // A name used before it is defined: the hint needs the statements after it.
        String outcome = bothWays(List.of(generated(3_000, "late = early * 2\nearly = 1 GB\n"))).get(0);
        assertTrue(outcome.startsWith("ERRORS\n") && outcome.contains("`early` is used before it is defined"), outcome);
    }

    @Test
    void aSyntaxErrorAfterThousandsOfGroupsIsReportedTheSame() throws IOException {
        String outcome = bothWays(List.of(generated(3_000, "broken = (1 GB\n"))).get(0);
        assertTrue(outcome.startsWith("ERRORS\n") && outcome.contains("generated.chain:21004:"), outcome);
    }

    @Test
    void aFailedModuleIsReportedInFullAtItsFirstUseAndBrieflyAfter() throws IOException {
        Files.writeString(dir.resolve("broken.chain"), "speed = 3 GB / 0 s + 1 B\n");
        Path first = dir.resolve("first.chain");
        Files.writeString(first, "use broken\nx = broken.speed\n");
        Path second = dir.resolve("second.chain");
        Files.writeString(second, "use broken\ny = broken.speed * 2\n");
        List<String> outcomes = bothWays(List.of(first, second));
        assertTrue(outcomes.get(0).contains("module `broken` has errors\n"), outcomes.get(0));
        assertTrue(outcomes.get(0).contains("broken.chain:1:"), outcomes.get(0));
        assertTrue(outcomes.get(1).contains("module `broken` has errors (reported with its first use)"), outcomes.get(1));
    }
}
