package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * chain fit (issue 44): nine vLLM result files at batch 1 to 256, made from the chain's own step at
 * efficiency 78% and 2.5 ms of overhead, with a noise uniform in ±2% from a fixed seed
 * (examples/fit/make-runs.py); the refusal of too few runs and the warnings a statistician gives.
 */
class FitCommandTest {
    private static final String EXAMPLE = "examples/fit/decode-step.chain";
    private static final String RUNS = "examples/fit/runs";
    private static final String STEP = "src/test/resources/fit/step.chain";
    private static final String[] TWO_FREE = {"--free", "efficiency=50% .. 100%", "--free", "overhead=0 ms .. 10 ms"};

    private static CliRun fit(String chain, String runs, String over, String... more) {
        String[] options = new String[6 + more.length];
        System.arraycopy(new String[] {"--runs", runs, "--over", over, "--against", "step=#median_itl_ms"}, 0, options, 0, 6);
        System.arraycopy(more, 0, options, 6, more.length);
        return CliRun.on("fit", chain, options);
    }

    /** A fit of the efficiency and the overhead of step.chain to the table of runs {@code csv}, written to {@code file}. */
    private static CliRun fitTable(Path file, String csv) throws IOException {
        Files.writeString(file, csv);
        return CliRun.on("fit", STEP, with(new String[] {"--runs", file.toString(), "--over", "batch=#batch", "--against", "step=#step"},
                TWO_FREE));
    }

    private static String[] with(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** The fit's table, as a user reads it: both values recovered, each interval holding the truth (78%, 2.5 ms). */
    @Test
    void recoversEfficiencyAndOverheadWithinIntervalsThatHoldTheTruth() {
        CliRun r = fit(EXAMPLE, RUNS, "batch=#max_concurrency", TWO_FREE);
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        assertEquals("""
                step fitted to 9 runs (least squares of relative residuals; 95% intervals from the Jacobian):
                  efficiency  = 78.45%    (75.87% .. 81.02%)
                  overhead    = 2.546 ms  (2.272 ms .. 2.82 ms)

                run                                                                      batch  step observed  step fitted  residual  held out
                openai-infqps-concurrency1-Llama-3.1-8B-Instruct-20261201-141500.json        1        8.60 ms      8.73 ms     +1.6%     +2.0%
                openai-infqps-concurrency2-Llama-3.1-8B-Instruct-20261201-141600.json        2        8.92 ms      8.81 ms     -1.3%     -1.6%
                openai-infqps-concurrency4-Llama-3.1-8B-Instruct-20261201-141700.json        4        9.05 ms      8.96 ms     -0.9%     -1.2%
                openai-infqps-concurrency8-Llama-3.1-8B-Instruct-20261201-141800.json        8        9.17 ms      9.27 ms     +1.1%     +1.3%
                openai-infqps-concurrency16-Llama-3.1-8B-Instruct-20261201-141900.json      16        9.88 ms      9.88 ms     +0.1%     +0.1%
                openai-infqps-concurrency32-Llama-3.1-8B-Instruct-20261201-142000.json      32       11.09 ms     11.11 ms     +0.2%     +0.2%
                openai-infqps-concurrency64-Llama-3.1-8B-Instruct-20261201-142100.json      64       13.66 ms     13.56 ms     -0.7%     -0.9%
                openai-infqps-concurrency128-Llama-3.1-8B-Instruct-20261201-142200.json    128       18.72 ms     18.46 ms     -1.4%     -1.9%
                openai-infqps-concurrency256-Llama-3.1-8B-Instruct-20261201-142300.json    256       27.91 ms     28.27 ms     +1.3%     +2.9%

                median |residual| 1.1% in the fit, 1.3% held out; worst +1.6% (openai-infqps-concurrency1-Llama-3.1-8B-Instruct-20261201-141500.json)
                """, r.out());
        JsonObject json = JsonParser.parseString(fit(EXAMPLE, RUNS, "batch=#max_concurrency", with(TWO_FREE, "--json")).out())
                .getAsJsonObject();
        assertInside(json, "efficiency", 0.78);
        assertInside(json, "overhead", 0.0025);
        JsonArray runs = json.getAsJsonArray("runs");
        assertEquals(9, runs.size());
        JsonObject first = runs.get(0).getAsJsonObject();
        assertEquals(List.of("file", "over", "observed", "fitted", "residual", "loo_residual"), List.copyOf(first.keySet()));
        assertEquals("8.60 ms", first.getAsJsonObject("observed").get("text").getAsString());
        assertEquals(0.016, first.get("residual").getAsDouble(), 0.0005);
        JsonObject error = json.getAsJsonObject("error");
        assertEquals(0.011, error.get("median_abs").getAsDouble(), 0.0005);
        assertEquals(0.013, error.get("loo_median_abs").getAsDouble(), 0.0005);
        assertEquals(0.016, error.get("worst").getAsDouble(), 0.0005);
    }

    private static void assertInside(JsonObject json, String name, double truth) {
        JsonObject q = json.getAsJsonObject("fitted").getAsJsonObject(name);
        double low = q.getAsJsonObject("low").get("si").getAsDouble();
        double high = q.getAsJsonObject("high").get("si").getAsDouble();
        assertTrue(low < q.get("si").getAsDouble() && q.get("si").getAsDouble() < high, q.toString());
        assertTrue(low <= truth && truth <= high, name + ": " + truth + " outside " + low + " .. " + high);
    }

    /** The same runs without noise (the chain's own steps, written into the same vLLM files): the fit is exact to 4 significant digits. */
    @Test
    void withoutNoiseTheFitIsExact(@TempDir Path dir) throws IOException {
        CliRun truth = CliRun.on("sweep", EXAMPLE, "--over", "batch=1..256 x2", "--show", "step", "--set", "efficiency=78%",
                "--set", "overhead=2.5 ms", "--json");
        assertEquals(0, truth.exit(), truth.err());
        JsonArray points = JsonParser.parseString(truth.out()).getAsJsonObject().getAsJsonArray("points");
        try (var files = Files.list(Path.of(RUNS))) {
            for (Path file : files.toList()) {
                JsonObject run = JsonParser.parseString(Files.readString(file)).getAsJsonObject();
                int batch = run.get("max_concurrency").getAsInt();
                for (var p : points) {
                    JsonObject point = p.getAsJsonObject();
                    if (point.getAsJsonObject("batch").get("si").getAsInt() == batch) {
                        run.addProperty("median_itl_ms", point.getAsJsonObject("step").get("si").getAsDouble() * 1000);
                    }
                }
                Files.writeString(dir.resolve(file.getFileName()), run.toString());
            }
        }
        JsonObject fitted = JsonParser.parseString(fit(EXAMPLE, dir.toString(), "batch=#max_concurrency", with(TWO_FREE, "--json")).out())
                .getAsJsonObject().getAsJsonObject("fitted");
        assertEquals(0.7800, fitted.getAsJsonObject("efficiency").get("si").getAsDouble(), 0.00005);
        assertEquals(0.0025000, fitted.getAsJsonObject("overhead").get("si").getAsDouble(), 0.00000005);
    }

    /** Fewer runs than the free inputs and 2 is refused, located at the first --free, saying how many are needed. */
    @Test
    void tooFewRunsAreRefused(@TempDir Path dir) throws IOException {
        CliRun r = fitTable(dir.resolve("three.csv"), "batch,step (ms)\n1,8.7\n64,13.1\n256,28\n");
        assertEquals(1, r.exit());
        assertEquals("""
                --free:1:1: error: 3 runs cannot fit 2 free inputs: a fit needs at least 4 (the free inputs and 2 more, so that its error can be told)
                 1 | efficiency=50% .. 100%
                   | ^^^^^^^^^^
                   = hint: add 1 run, or free fewer inputs
                """, r.err());
        assertEquals("", r.out());
    }

    /** Every run at batch 64: the overhead and the efficiency move the step alike, and a run at batch 1 would tell them apart. */
    @Test
    void runsAtOneBatchCannotTellOverheadFromEfficiency(@TempDir Path dir) throws IOException {
        CliRun r = fitTable(dir.resolve("one.csv"), "batch,step (ms)\n64,13.4\n64,13.1\n64,13.6\n64,13.3\n");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().startsWith("--free:1:1: warning: the runs cannot tell `efficiency` from `overhead`: they move step alike"
                + " at every run, so only a mix of the two is fitted\n"), r.err());
        assertTrue(r.err().contains("= hint: add a run at batch 1\n"), r.err());
        // The four replicates are all kept, each a row.
        assertEquals(4, r.out().lines().filter(l -> l.startsWith("one.csv:")).count(), r.out());
    }

    /** A bandwidth and an efficiency appear only as their product: no run along batch separates them. */
    @Test
    void aProductCannotBeSeparated() {
        CliRun r = fit(STEP, RUNS, "batch=#max_concurrency", "--free", "efficiency=50% .. 100%", "--free", "bandwidth=2 TB/s .. 4 TB/s",
                "--free", "overhead=0 ms .. 10 ms");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("warning: the runs cannot tell `efficiency` from `bandwidth`"), r.err());
        assertTrue(r.err().contains("= hint: no run along batch tells them apart: the chain uses them only together (as a product or a sum);"
                + " fix one with --set, or free one of them\n"), r.err());
    }

    /**
     * No two alike, yet three together are: the bytes are linear in batch, so an efficiency is a mix
     * of an overhead and a context along the runs. A warning names all three, where a fit would
     * otherwise print one choice among many as the answer.
     */
    @Test
    void threeInputsTangledTogetherAreWarned() {
        CliRun r = fit(EXAMPLE, RUNS, "batch=#max_concurrency", with(TWO_FREE, "--free", "context=512 token .. 4,096 token"));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().startsWith("--free:1:1: warning: the runs cannot tell `efficiency`, `overhead` and `context` apart together:"
                + " a mix of them moves step not at all at any run, so the values fitted are one choice among many and each interval is"
                + " its bounds\n"), r.err());
        assertTrue(r.out().contains("  efficiency  = ") && r.out().contains("(50% .. 100%)"), r.out());
    }

    /** A bound the runs push against: the value sits on it, its interval is cut there, and a warning says so. */
    @Test
    void aValueOnItsBoundIsWarned() {
        CliRun r = fit(EXAMPLE, RUNS, "batch=#max_concurrency", "--free", "efficiency=50% .. 75%", "--free", "overhead=0 ms .. 10 ms");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("  efficiency  = 75%  "), r.out());
        assertEquals("""
                --free:1:1: warning: `efficiency` is fitted to its upper bound, 75%: the runs would put it past it, and its interval is cut there
                 1 | efficiency=50% .. 75%
                   | ^^^^^^^^^^
                   = hint: widen its range (--free 'efficiency=LO .. HI') if the value past it is possible, or look for what the chain leaves out
                """, r.err());
    }

    /** The same runs give the same digits: the search has no randomness. */
    @Test
    void theFitIsDeterministic() {
        assertEquals(fit(EXAMPLE, RUNS, "batch=#max_concurrency", with(TWO_FREE, "--json")).out(),
                fit(EXAMPLE, RUNS, "batch=#max_concurrency", with(TWO_FREE, "--json")).out());
    }

    /** --free on what is not an input, on the runs' own input, without bounds, five times, or without units: exit 2, located. */
    @Test
    void mistakesInTheOptions() {
        CliRun derived = fit(EXAMPLE, RUNS, "batch=#max_concurrency", "--free", "kv=1 GB .. 2 GB");
        assertEquals(2, derived.exit());
        assertTrue(derived.err().contains("--free kv: `kv` is derived, not an input"), derived.err());
        CliRun own = fit(EXAMPLE, RUNS, "batch=#max_concurrency", "--free", "batch=1 .. 8");
        assertEquals(2, own.exit());
        assertTrue(own.err().contains("`batch` is the runs' own input (--over): it cannot be fitted"), own.err());
        CliRun unbounded = fit(EXAMPLE, RUNS, "batch=#max_concurrency", "--free", "efficiency");
        assertEquals(2, unbounded.exit());
        assertTrue(unbounded.err().contains("`efficiency` has no range to fit within: the chain gives it one value"), unbounded.err());
        CliRun five = fit(EXAMPLE, RUNS, "batch=#max_concurrency", "--free", "efficiency=50% .. 100%", "--free", "overhead=0 ms .. 10 ms",
                "--free", "context=1 token .. 2 token", "--free", "batch=1 .. 2", "--free", "efficiency=1% .. 2%");
        assertEquals(2, five.exit());
        assertTrue(five.err().contains("--free is given 5 times: a fit frees at most 4 inputs"), five.err());
        // A range without its unit: the hint writes the option the user wrote, not --set.
        CliRun bare = fit(EXAMPLE, RUNS, "batch=#max_concurrency", "--free", "overhead=0 .. 10");
        assertEquals(2, bare.exit());
        assertTrue(bare.err().contains("hint: give the unit too: --free overhead='0 .. 10 s'"), bare.err());
        CliRun percent = fit(EXAMPLE, RUNS, "batch=#max_concurrency", "--free", "efficiency=50 .. 100");
        assertEquals(2, percent.exit());
        assertTrue(percent.err().contains("--free efficiency='50% .. 100%'"), percent.err());
    }

    /** --svg writes the card's plot: the fitted line, its band, and the runs as points. */
    @Test
    void svgDrawsTheLineTheBandAndTheRuns(@TempDir Path dir) throws IOException {
        Path svg = dir.resolve("fit.svg");
        CliRun r = fit(EXAMPLE, RUNS, "batch=#max_concurrency", with(TWO_FREE, "--svg", svg.toString()));
        assertEquals(0, r.exit(), r.err());
        String drawn = Files.readString(svg);
        assertTrue(drawn.startsWith("<svg"), drawn);
        assertTrue(drawn.contains("step observed (median_itl_ms)"), drawn);
        assertTrue(drawn.contains("shaded: lowest to highest over the ranged inputs"), "the band of the intervals");
        // Nine runs, and the legend's ring for them.
        assertEquals(10, drawn.split("<circle [^>]*r=\"4.5\"", -1).length - 1, drawn);
    }
}
