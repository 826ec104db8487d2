package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --observe and @observed: measured inputs on run, run --json, check, render and sweep; bad input. */
class ObserveCommandsTest {
    private static final String ITL = "chains/02-inter-token-floor.chain";
    private static final String DIR = "src/test/resources/observe/";
    private static final String BENCH = DIR + "vllm/bench.json";

    @Test
    void runSaysTheValueWasObservedWhereAndTheChecksOutcome() {
        CliRun r = CliRun.on("run", ITL, "--observe", "p50=" + BENCH + "#median_itl_ms");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("  p50   = observed 24.1 ms (" + BENCH + ", median_itl_ms)\n"), r.out());
        assertTrue(r.out().contains("  share = floor / p50 = 15.05 ms / 24.1 ms = 62%\n"), r.out());
        assertTrue(r.out().contains("  ✓ check share in 50% .. 80%: 62.45% is in 50% .. 80%\n"), r.out());
    }

    @Test
    void runJsonGivesTheObservedKindItsSiAndSource() {
        CliRun r = CliRun.on("run", ITL, "--json", "--observe", "p50=" + DIR + "prometheus/metrics.prom#vllm:inter_token_latency_seconds:mean");
        assertEquals(0, r.exit(), r.err());
        JsonObject p50 = CliRun.binding(JsonParser.parseString(r.out()).getAsJsonObject(), "p50");
        assertEquals("observed", p50.get("kind").getAsString());
        assertEquals(0.0248, p50.get("si").getAsDouble(), 1e-15);
        assertEquals("24.8 ms", p50.get("text").getAsString());
        JsonObject source = p50.getAsJsonObject("source");
        assertEquals(DIR + "prometheus/metrics.prom", source.get("file").getAsString());
        assertEquals("vllm:inter_token_latency_seconds:mean", source.get("key").getAsString());
        assertEquals("Prometheus", source.get("format").getAsString());
        assertTrue(r.out().contains("\"outcome\": \"60.69% is in 50% .. 80%\""), r.out());
    }

    @Test
    void anObservedValueAgainstAnExpectedRangeIsHoldsFailsOrUncertain() {
        // mixed is 67.4 .. 96 ms over mfu 40% .. 60%: three times the observed 24.1 ms lies inside it
        CliRun inside = CliRun.on("run", ITL, "--set", "mfu=40% .. 60%", "--observe", "p50=" + BENCH + "#median_itl_ms");
        assertEquals(0, inside.exit(), inside.err());
        assertTrue(inside.out().contains("  ? check mixed > 3 * p50: 67.42-96 ms is only partly greater than 72.3 ms\n"), inside.out());
        // the SGLang run at concurrency 8 (9.8 ms): three times it lies below the whole range
        CliRun below = CliRun.on("run", ITL, "--set", "mfu=40% .. 60%", "--observe", "p50=" + DIR + "sglang/online.jsonl#1:median_itl_ms");
        assertTrue(below.out().contains("  ✓ check mixed > 3 * p50: "), below.out());
    }

    @Test
    void aChainNamesItsOwnSourceBesideIt(@TempDir Path dir) throws IOException {
        Files.copy(Path.of(BENCH), dir.resolve("bench.json"));
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
        CliRun check = CliRun.of("check", "--color=never", chain.toString());
        assertEquals(0, check.exit(), check.err());
        CliRun run = CliRun.on("run", chain.toString());
        assertTrue(run.out().contains("  itl   = observed 24.1 ms (bench.json, median_itl_ms)\n"), run.out());
        // --set wins over the chain's own source; --observe replaces it
        assertTrue(CliRun.on("run", chain.toString(), "--set", "itl=30 ms").out().contains("  itl   = 30 ms\n"));
        CliRun other = CliRun.on("run", chain.toString(), "--observe", "itl=" + DIR + "sglang/online.jsonl#median_itl_ms");
        assertTrue(other.out().contains("  itl   = observed 23.7 ms (" + DIR + "sglang/online.jsonl, median_itl_ms)\n"), other.out());
    }

    /**
     * A result file whose path holds a {@code #} (issue 40 item 16): a {@code #} of the path is
     * written twice, in {@code @observed} and {@code --observe} alike; written once, the path ends
     * there and the error names what was read, with the path as it must be written. A label value
     * holding a {@code #} is in the key, after the first single one, and reads as before.
     */
    @Test
    void aPathWithAHashIsWrittenWithItTwice(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("run#3"));
        Files.copy(Path.of(BENCH), dir.resolve("run#3/bench.json"));
        Files.writeString(dir.resolve("up#1.prom"), """
                # TYPE itl_seconds gauge
                itl_seconds{model="llama#8b"} 0.0241
                itl_seconds{model="other"} 0.5
                """);
        Path chain = dir.resolve("itl.chain");
        Files.writeString(chain, """
                chain "Measured"
                inputs
                  @observed("run##3/bench.json#median_itl_ms")
                  itl = 24 ms
                  up = 20 ms
                """);
        String up = dir.resolve("up##1.prom") + "#itl_seconds{model=\"llama#8b\"}";
        CliRun run = CliRun.on("run", chain.toString(), "--observe", "up=" + up);
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("  itl = observed 24.1 ms (run#3/bench.json, median_itl_ms)\n"), run.out());
        assertTrue(run.out().contains("  up  = observed 24.1 ms (" + dir.resolve("up#1.prom") + ", itl_seconds{model=\"llama#8b\"})\n"), run.out());
        CliRun option = CliRun.on("run", chain.toString(), "--observe", "itl=" + dir.resolve("run##3/bench.json") + "#median_itl_ms");
        assertEquals(0, option.exit(), option.err());
        assertTrue(option.out().contains("  itl = observed 24.1 ms (" + dir.resolve("run#3/bench.json") + ", median_itl_ms)\n"), option.out());

        Files.writeString(chain, "chain \"Once\"\ninputs\n  @observed(\"run#3/bench.json#median_itl_ms\")\n  itl = 24 ms\n");
        CliRun once = CliRun.of("check", "--color=never", chain.toString());
        assertEquals(1, once.exit(), once.err());
        assertTrue(once.err().contains("itl.chain:3:3: error: cannot read run: no such file"), once.err());
        assertTrue(once.err().contains("hint: the path ends at the first single #, but run#3/bench.json is a file: "
                + "write each # of its path twice, run##3/bench.json#median_itl_ms"), once.err());
        Files.writeString(chain, "chain \"Pair\"\ninputs\n  @observed(\"run##3/bench.json\")\n  itl = 24 ms\n");
        CliRun noKey = CliRun.of("check", "--color=never", chain.toString());
        assertEquals(1, noKey.exit(), noKey.err());
        assertTrue(noKey.err().contains("itl.chain:3:3: error: @observed takes one text, FILE#KEY"), noKey.err());
        assertTrue(noKey.err().contains("(a # of the path written ##)"), noKey.err());
    }

    @Test
    void theChainsSourceIsCheckedAsTheOptionIs(@TempDir Path dir) throws IOException {
        Path chain = dir.resolve("bad.chain");
        Files.writeString(chain, """
                chain "Bad"
                inputs
                  @observed("bench.json")
                  a = 1 ms
                  @observed("gone.json#median_itl_ms")
                  y = 2 ms
                  @observed("x.json#y")
                  c = a + y
                """);
        CliRun r = CliRun.of("check", "--color=never", chain.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("error: @observed takes one text, FILE#KEY"), r.err());
        assertTrue(r.err().contains("error: @observed is for an input: `c` is derived"), r.err());
        Files.writeString(chain, "chain \"Bad\"\ninputs\n  @observed(\"gone.json#median_itl_ms\")\n  y = 2 ms\n");
        CliRun gone = CliRun.of("check", "--color=never", chain.toString());
        assertEquals(1, gone.exit());
        assertTrue(gone.err().contains("bad.chain:3:3: error: cannot read gone.json: no such file"), gone.err());
    }

    @Test
    void badMeasurementsAreLocatedErrorsWithExitOneAndNothingWritten(@TempDir Path out) throws IOException {
        String[][] cases = {
                {"p50=" + BENCH + "#median_itl", "has no `median_itl`", "did you mean `median_itl_ms`?"},
                {"p50=" + DIR + "bad/console.txt#median_itl_ms", "is not a result file chain knows", "AIPerf profile_export_aiperf.json"},
                {"p50=" + BENCH + "#request_throughput", "error: `p50` is s (time), but request_throughput in", "a latency into a time"},
                {"p50=" + DIR + "bad/no-samples.prom#vllm:inter_token_latency_seconds:p99", "has no samples", "scrape /metrics after"},
                {"p50=" + DIR + "bad/string-value.json#median_itl_ms", "is the text \"24.1\", not a number", " | "},
                {"p50=" + DIR + "bad/bad-le.prom#chain_step_seconds:p50", "bad-le.prom:4: `fast` is not a number, as a bucket's bound (le) must be",
                        "hint: Prometheus writes numbers as Go does: 0.025, 1.28e+06, +Inf, -Inf, NaN"},
        };
        for (String[] c : cases) {
            CliRun r = CliRun.of("render", "--color=never", ITL, "-o", out.toString(), "--observe", c[0]);
            assertEquals(1, r.exit(), c[0] + "\n" + r.err());
            assertTrue(r.err().startsWith("--observe:1:"), r.err());
            assertTrue(r.err().contains(c[1]), r.err());
            assertTrue(r.err().contains(c[2]), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
            try (var files = Files.list(out)) {
                assertEquals(0, files.count(), "nothing written for " + c[0]);
            }
        }
    }

    @Test
    void aMalformedOptionOrOneThatNamesNoInputIsExitTwo() {
        assertEquals(2, CliRun.on("run", ITL, "--observe", "p50").exit());
        assertEquals(2, CliRun.on("run", ITL, "--observe", "p50=" + BENCH).exit());
        CliRun derived = CliRun.on("check", ITL, "--observe", "share=" + BENCH + "#median_itl_ms");
        assertEquals(2, derived.exit());
        assertTrue(derived.err().contains("`share` is derived, not an input: only an input can be observed"), derived.err());
        CliRun both = CliRun.on("run", ITL, "--set", "p50=20 ms", "--observe", "p50=" + BENCH + "#median_itl_ms");
        assertEquals(2, both.exit());
        assertTrue(both.err().contains("`p50` is both set (--set) and observed (--observe)"), both.err());
    }

    @Test
    void sweepKeepsTheObservedInputAtEveryPoint() {
        CliRun r = CliRun.on("sweep", ITL, "--over", "batch=1,64", "--show", "share", "--observe", "p50=" + BENCH + "#median_itl_ms");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("62"), r.out());
    }

    @Test
    void theExampleCardChecksAgainstItsFilesAndSaysWhereEachNumberWasMeasured() {
        assertEquals(0, CliRun.of("check", "examples/observed").exit());
        CliRun r = CliRun.of("render", "--color=never", "examples/observed/itl-floor.chain");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("""
                sanity   vllm bench serve measured a median ITL of 24.1 ms: the floor is 62%
                         of it, ordinary for a real server
                observed itl = 24.1 ms, median_itl_ms in bench.json (vLLM)
                """), r.out());
        assertTrue(r.out().contains("observed itl_server = 24.8 ms, vllm:inter_token_latency_seconds:mean in\n"
                + "         metrics.prom (Prometheus)\n"), r.out());
    }

    @Test
    void thePageKeepsTheMeasuredValuesAsMeasuredAndOffersTheRest(@TempDir Path site) throws IOException {
        CliRun r = CliRun.of("render", "--interactive", "examples/observed/itl-floor.chain", "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        String page = Files.readString(site.resolve("itl-floor.md"));
        // batch, itl, itl_server and itl_p99 were measured: no box for them; context is the reader's
        assertTrue(page.contains("\"inputs\":[{\"name\":\"context\""), page);
        assertFalse(page.contains("\"name\":\"batch\",\"slot\""), page);
        assertFalse(page.contains("\"name\":\"itl\",\"slot\""), page);
    }

    /**
     * Many runs on a card (issue 27 item 4): the example's plot has `observed "runs/" batch =
     * "max_concurrency", floor = "median_itl_ms"`, five vLLM --save-result files, one per
     * concurrency. Its SVG draws them as rings beside the floor's line, and its table under the
     * plot says per run the floor the chain expects there, what vLLM measured, and their ratio:
     * 4.95 ms against 7.90 ms (1.59x) at concurrency 1, 15.05 against 24.10 (1.60x) at 64.
     */
    /** A key every run of a folder lacks is one error, at the key, saying how many other runs lack it too: not one per run. */
    @Test
    void aKeyTheRunsAllLackIsSaidOnce(@TempDir Path dir) throws IOException {
        copyFolder(Path.of("examples/observed"), dir); // the chain, its bench.json and metrics.prom
        copyFolder(Path.of("examples/observed/runs"), dir.resolve("runs"));
        Path chain = dir.resolve("itl-floor.chain");
        Files.writeString(chain, Files.readString(chain).replace("\"median_itl_ms\"", "\"median_itl\""));
        CliRun r = CliRun.of("run", chain.toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals(1, r.err().split("has no `median_itl`", -1).length - 1, r.err());
        assertTrue(r.err().contains("= note: and so do 4 other runs\n    = hint: did you mean `median_itl_ms`?"), r.err());
    }

    private static void copyFolder(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (var files = Files.list(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, to.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    @Test
    void aCardsPlotDrawsItsRunsBesideTheLineWithTheirTableUnderIt(@TempDir Path out) throws IOException {
        CliRun r = CliRun.of("render", "examples/observed/", "-o", out.toString());
        assertEquals(0, r.exit(), r.err());
        String page = Files.readString(out.resolve("itl-floor.md"));
        assertTrue(page.contains("""
                Expected against observed, a row per run in runs/ (floor: median_itl_ms)

                | batch | floor expected (ms) | floor observed (ms) | observed / expected |
                |:---|---:|---:|---:|
                | 1 | 4.95 | 7.90 | 1.59x |
                | 8 | 6.08 | 9.60 | 1.58x |
                | 16 | 7.36 | 11.20 | 1.52x |
                | 32 | 9.92 | 15.30 | 1.54x |
                | 64 | 15.05 | 24.10 | 1.60x |
                """), page);
        String svg = Files.readString(out.resolve("itl-floor-1.svg"));
        dev.chain.Golden.assertMatches(Path.of("src/test/resources/golden/observed/itl-floor-1.svg"), svg);
        assertEquals(6, svg.split("r=\"4.5\" fill=\"#ffffff\" stroke=\"#d62728\"", -1).length - 1,
                "a ring per run, and one in the legend");
        assertTrue(page.contains("and as points, floor observed (median_itl_ms) in 5 runs at batch from 1 to 64"), page);

        CliRun run = CliRun.of("run", "examples/observed/itl-floor.chain");
        assertTrue(run.out().contains("batch  floor expected (ms)  floor observed (ms)  observed / expected\n"
                + "1                     4.95                 7.90                1.59x\n"), run.out());
        // The expected side follows --set; the measurements do not.
        CliRun set = CliRun.of("run", "examples/observed/itl-floor.chain", "--set", "context=8,192 token");
        assertTrue(set.out().contains("64                   25.31                24.10                0.95x"), set.out());
    }

    /** A plot's runs that cannot be read are errors at the `observed` line, with exit 1 and nothing written. */
    @Test
    void aPlotsRunsThatCannotBeReadAreLocatedErrors(@TempDir Path dir) throws IOException {
        Files.copy(Path.of("examples/observed/itl-floor.chain"), dir.resolve("itl-floor.chain"));
        Files.copy(Path.of("examples/observed/bench.json"), dir.resolve("bench.json"));
        Files.copy(Path.of("examples/observed/metrics.prom"), dir.resolve("metrics.prom"));
        Path out = dir.resolve("site");
        CliRun missing = CliRun.of("render", "--color=never", dir.resolve("itl-floor.chain").toString(), "-o", out.toString());
        assertEquals(1, missing.exit());
        assertTrue(missing.err().contains("error: runs/: no such file or folder"), missing.err());
        assertFalse(Files.exists(out.resolve("itl-floor.md")), "nothing written");
        // Two runs at one concurrency are replicates, both kept (issue 44); a run without the key is an error.
        Files.createDirectories(dir.resolve("runs"));
        Files.copy(Path.of("examples/observed/bench.json"), dir.resolve("runs/a.json"));
        Files.copy(Path.of("examples/observed/bench.json"), dir.resolve("runs/b.json"));
        CliRun twice = CliRun.of("check", "--color=never", dir.resolve("itl-floor.chain").toString());
        assertEquals(0, twice.exit(), twice.err());
        Files.writeString(dir.resolve("runs/b.json"), "{\"max_concurrency\": 8, \"mean_itl_ms\": 9.1}");
        CliRun key = CliRun.of("check", "--color=never", dir.resolve("itl-floor.chain").toString());
        assertEquals(1, key.exit());
        assertTrue(key.err().contains("median_itl_ms"), key.err());
        assertFalse(key.err().contains("Exception"), key.err());
    }

    /**
     * A benchmark sweep that appends its runs to one file (vLLM's --append-result, SGLang's
     * --output-file) is a run per line: append.json's three, at concurrency 1, 8 and 64, on the
     * command line and in a card's `observed` line; a key that names its line keeps to that line.
     */
    @Test
    void aFileOfOneResultPerLineIsARunPerLine(@TempDir Path dir) throws IOException {
        CliRun r = CliRun.on("sweep", ITL, "--runs", DIR + "vllm/append.json", "--over", "batch=#max_concurrency", "--show", "floor",
                "--against", "floor=#median_itl_ms");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("append.json:1  1                     4.95                 7.90                1.59x\n"), r.out());
        assertTrue(r.out().contains("append.json:3  64                   15.05                24.10                1.60x\n"), r.out());
        CliRun line = CliRun.on("sweep", ITL, "--runs", DIR + "vllm/append.json", "--over", "batch=#2:max_concurrency", "--show", "floor",
                "--against", "floor=#2:median_itl_ms");
        assertEquals(0, line.exit(), line.err());
        assertEquals(2, line.out().strip().split("\n").length, "the header and line 2's run: " + line.out());

        Files.writeString(dir.resolve("sweep.chain"), Files.readString(Path.of(ITL)) + """

                plot "SGLang's runs"
                  for batch in 1 .. 64 x2
                  show floor
                  observed "online.jsonl" batch = "max_concurrency", floor = "median_itl_ms"
                """);
        Files.copy(Path.of(DIR + "sglang/online.jsonl"), dir.resolve("online.jsonl"));
        CliRun card = CliRun.on("run", dir.resolve("sweep.chain").toString());
        assertEquals(0, card.exit(), card.err());
        assertTrue(card.out().contains("8                     6.08                 9.80                1.61x\n"), card.out());
        assertTrue(card.out().contains("64                   15.05                23.70                1.57x"), card.out());
    }

    /**
     * vLLM's --append-result of 2,000 runs: each run's keys were read by reading the file from its
     * start (500 runs 8 s, 2,000 runs 109 s). The file is read once, and every run compared.
     */
    @Test
    void twoThousandRunsOfOneFileAreReadInOnePass(@TempDir Path dir) throws IOException {
        String one = Files.readString(Path.of(DIR + "vllm/append.json")).lines().findFirst().orElseThrow();
        assertTrue(one.contains("\"max_concurrency\": 1,") && one.contains("\"median_itl_ms\": 7.9,"), one);
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= 2000; i++) {
            lines.append(one.replace("\"max_concurrency\": 1,", "\"max_concurrency\": " + i + ",")
                    .replace("\"median_itl_ms\": 7.9,", "\"median_itl_ms\": " + (7 + i / 100.0) + ",")).append('\n');
        }
        Path file = dir.resolve("append.json");
        Files.writeString(file, lines);
        long start = System.nanoTime();
        CliRun r = CliRun.on("sweep", ITL, "--runs", file.toString(), "--over", "batch=#max_concurrency", "--show", "floor",
                "--against", "floor=#median_itl_ms");
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals(0, r.exit(), r.err());
        assertEquals(2001, r.out().strip().split("\n").length, "the header and 2,000 runs");
        assertTrue(r.out().endsWith("append.json:2000  2,000               325.31                27.00                0.08x\n"), r.out().substring(r.out().length() - 300));

        assertTrue(ms < 15_000, "2,000 runs took " + ms + " ms");
    }

    @Test
    void checkWithObserveTakesTheFastPathAndSaysTheSame() {
        // no other option: FastPath runs it without Picocli, as a plain check
        CliRun fast = CliRun.of("check", ITL, "--observe", "p50=" + BENCH + "#median_itl_ms");
        assertEquals(0, fast.exit(), fast.err());
        assertEquals("ok: 1 file, 3 checks hold\n", fast.out());
        CliRun bad = CliRun.of("check", ITL, "--observe=p50=" + BENCH + "#request_throughput");
        assertEquals(1, bad.exit());
        assertTrue(bad.err().contains("but request_throughput in " + BENCH + " is"), bad.err());
        assertEquals(2, CliRun.of("check", ITL, "--observe").exit(), "a missing value: Picocli says so");
    }

    @Test
    void manyRunsAreEachComparedWithTheChainAtTheirPoint(@TempDir Path out) throws IOException {
        String sweep = DIR + "vllm/sweep";
        Path svg = out.resolve("runs.svg");
        CliRun r = CliRun.on("sweep", ITL, "--runs", sweep, "--over", "batch=#max_concurrency", "--show", "floor",
                "--against", "floor=#median_itl_ms", "--svg", svg.toString());
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().split("\n");
        assertEquals(6, lines.length, r.out());
        assertTrue(lines[0].startsWith("run "), r.out());
        // The card's table of runs (RunsTable), each run's file before it: units in the headers, as chain sweep's tables.
        assertTrue(lines[0].endsWith("batch  floor expected (ms)  floor observed (ms)  observed / expected"), lines[0]);
        // sorted by concurrency: 1, 8, 16, 32, 64; the chain's own batch 64 is the card's 15.05 ms
        assertTrue(lines[1].matches("openai-infqps-concurrency1-.* 1 +4.95 +7.90 +1.59x"), lines[1]);
        assertTrue(lines[5].matches("openai-infqps-concurrency64-.* 64 +15.05 +24.10 +1.60x"), lines[5]);
        // For a machine, as chain sweep --csv writes its tables: in the headers' units, every digit.
        CliRun csv = CliRun.on("sweep", ITL, "--runs", sweep, "--over", "batch=#max_concurrency", "--show", "floor",
                "--against", "floor=#median_itl_ms", "--csv");
        assertEquals(0, csv.exit(), csv.err());
        String[] rows = csv.out().split("\n");
        assertEquals("run,batch,floor expected (ms),floor observed (ms),observed / expected", rows[0]);
        assertTrue(rows[5].endsWith(".json,64,15.0508241385075,24.1,1.60124121963131"), rows[5]);
        // A --set range: each expectation's ends and the ratio's, as the card's table writes them.
        CliRun ranged = CliRun.on("sweep", ITL, "--runs", sweep, "--over", "batch=#max_concurrency", "--show", "floor",
                "--against", "floor=#median_itl_ms", "--set", "context=2,048 token .. 8,192 token");
        assertEquals(0, ranged.exit(), ranged.err());
        assertTrue(ranged.out().split("\n")[5].matches(".*\\.json +64 +9\\.92-25\\.31 +24\\.10 +0\\.95x-2\\.43x"), ranged.out());
        // --svg: the card's plot of observed runs (FigureLayout.Plot, its Measured points), drawn at the runs' points.
        String plot = Files.readString(svg);
        assertTrue(plot.contains("<desc>The inter-token floor and a mixed step: expected against observed: a plot of floor (ms)"
                + " against batch from 1 to 64, with the chain&#39;s own batch = 64 marked; and as points, floor observed"
                + " (median_itl_ms) in 5 runs at batch from 1 to 64"), plot);
        assertTrue(plot.contains(">floor</text>"), "the line is named as the card names it: " + plot);
        CliRun json = CliRun.on("sweep", ITL, "--runs", sweep, "--over", "batch=#max_concurrency", "--show", "floor",
                "--against", "floor=#median_itl_ms", "--json");
        JsonObject last = JsonParser.parseString(json.out()).getAsJsonObject().getAsJsonArray("runs").get(4).getAsJsonObject();
        JsonObject floor = last.getAsJsonArray("values").get(0).getAsJsonObject();
        assertEquals(0.0241, floor.getAsJsonObject("observed").get("si").getAsDouble(), 1e-15);
        assertEquals(0.0241 / floor.getAsJsonObject("expected").get("si").getAsDouble(), floor.get("ratio").getAsDouble(), 1e-12);
        // --json keeps a --set range as the table does: the expectation's ends and the ratio's (issue 40 item 13).
        CliRun rangedJson = CliRun.on("sweep", ITL, "--runs", sweep, "--over", "batch=#max_concurrency", "--show", "floor",
                "--against", "floor=#median_itl_ms", "--set", "context=2,048 token .. 8,192 token", "--json");
        assertEquals(0, rangedJson.exit(), rangedJson.err());
        JsonObject at64 = JsonParser.parseString(rangedJson.out()).getAsJsonObject().getAsJsonArray("runs").get(4).getAsJsonObject()
                .getAsJsonArray("values").get(0).getAsJsonObject();
        JsonObject expected = at64.getAsJsonObject("expected");
        assertEquals("9.92 ms", expected.getAsJsonObject("low").get("text").getAsString(), rangedJson.out());
        assertEquals("25.31 ms", expected.getAsJsonObject("high").get("text").getAsString(), rangedJson.out());
        assertEquals(0.95, at64.get("ratio_low").getAsDouble(), 0.005);
        assertEquals(2.43, at64.get("ratio_high").getAsDouble(), 0.005);
    }

    @Test
    void manyRunsRefuseWhatDoesNotFit() {
        String sweep = DIR + "vllm/sweep";
        CliRun wrong = CliRun.on("sweep", ITL, "--runs", sweep, "--over", "batch=#max_concurrency", "--show", "floor",
                "--against", "floor=#request_throughput");
        assertEquals(1, wrong.exit(), wrong.err());
        assertTrue(wrong.err().contains("`floor` is s (time), but request_throughput in"), wrong.err());
        CliRun bare = CliRun.on("sweep", ITL, "--runs", sweep, "--over", "batch=max_concurrency", "--show", "floor",
                "--against", "floor=#median_itl_ms");
        assertEquals(2, bare.exit(), bare.err());
        assertTrue(bare.err().startsWith("--over:1:1: error: expected NAME=#KEY with --runs, a key of each run's file"), bare.err());
        assertEquals(2, CliRun.on("sweep", ITL, "--runs", sweep, "--over", "batch=#max_concurrency", "--show", "floor").exit());
        // The options are a plot's lines, checked by the one checker: a name the chain lacks is said once, with a guess.
        CliRun typo = CliRun.on("sweep", ITL, "--runs", sweep, "--over", "batch=#max_concurrency", "--show", "floor",
                "--against", "flor=#median_itl_ms");
        assertEquals(2, typo.exit(), typo.err());
        assertEquals("--against:1:1: error: unknown name `flor`\n 1 | flor=#median_itl_ms\n   | ^^^^\n   = hint: did you mean `floor`?\n",
                typo.err());
        // A path that is none is an error at it, among the option's paths, as a plot's observed line's is.
        CliRun missing = CliRun.on("sweep", ITL, "--runs", sweep + ",nosuch", "--over", "batch=#max_concurrency",
                "--show", "floor", "--against", "floor=#median_itl_ms");
        assertEquals(1, missing.exit(), missing.err());
        assertTrue(missing.err().startsWith("--runs:1:" + (sweep.length() + 2) + ": error: nosuch: no such file or folder\n"), missing.err());
        // Two runs at one point are replicates: both rows kept (issue 44).
        CliRun same = CliRun.on("sweep", ITL, "--runs", BENCH + "," + BENCH, "--over", "batch=#max_concurrency", "--show", "floor",
                "--against", "floor=#median_itl_ms");
        assertEquals(0, same.exit(), same.err());
        assertEquals(3, same.out().split("\n").length, same.out());
    }

    @Test
    void onACardAnObserveIsForTheChainsWithItsInputButSomeChainMustHaveIt() {
        CliRun card = CliRun.of("check", "--color=never", "chains/", "--observe", "p50=" + BENCH + "#median_itl_ms");
        assertEquals(0, card.exit(), card.err());
        CliRun none = CliRun.of("check", "--color=never", "chains/", "--observe", "zz=" + BENCH + "#median_itl_ms");
        assertEquals(2, none.exit());
        assertTrue(none.err().contains("--observe zz: none of the chains has an input named `zz`"), none.err());
    }
}
