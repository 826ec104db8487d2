package dev.chain.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Numbers read from result files as their writers write them (src/test/resources/observe, built
 * from vLLM's, SGLang's, AIPerf's and prometheus_client's source; its README cites each), each
 * with the unit the format gives it.
 */
class ResultFileTest {
    /**
     * A file read again after it changed gives its new number: what was read is kept by path, size,
     * modification time and key (the editor's server reads a chain's files at every keystroke), so
     * a rewrite of the same size with a new time is read again too.
     */
    @Test
    void aFileThatChangedIsReadAgain(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("bench.json");
        String vllm = java.nio.file.Files.readString(Path.of("src/test/resources/observe/vllm/bench.json"));
        assertTrue(vllm.contains("\"median_itl_ms\": 24.1"), "the fixture's median");
        java.nio.file.Files.writeString(file, vllm);
        assertEquals(24.1, ResultFile.read(file, "bench.json", "median_itl_ms").value());
        java.nio.file.Files.writeString(file, vllm.replace("\"median_itl_ms\": 24.1", "\"median_itl_ms\": 120.25"));
        assertEquals(120.25, ResultFile.read(file, "bench.json", "median_itl_ms").value(), "a new size");
        java.nio.file.Files.writeString(file, vllm.replace("\"median_itl_ms\": 24.1", "\"median_itl_ms\": 130.75"));
        java.nio.file.Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(
                java.nio.file.Files.getLastModifiedTime(file).toMillis() + 2_000));
        assertEquals(130.75, ResultFile.read(file, "bench.json", "median_itl_ms").value(), "the same size, a new time");
    }

    /**
     * A key missing from a large file (40 MB of per-request lists) was scanned for again at every
     * keystroke: 0.9 s each for 300 MB. The failure is kept as a success is, by path, size,
     * modification time and key, so the second read gives the first one's error without reading
     * the file; the file fixed is read again. (Asserted by identity, not by a timing: a timed
     * assertion failed on a loaded machine.)
     */
    @Test
    void aKeyMissingFromAnUnchangedFileIsNotSearchedForAgain(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("detailed.json");
        java.nio.file.Files.writeString(file, "{\"endpoint_type\": \"openai\", \"itls\": [0.0201, 0.0203]}\n");
        ObserveError first = assertThrows(ObserveError.class, () -> ResultFile.read(file, "detailed.json", "median_itl_ms"));
        ObserveError again = assertThrows(ObserveError.class, () -> ResultFile.read(file, "detailed.json", "median_itl_ms"));
        assertEquals("detailed.json (vLLM) has no `median_itl_ms`", first.getMessage());
        org.junit.jupiter.api.Assertions.assertSame(first, again, "the kept failure, the file not read again");
        java.nio.file.Files.writeString(file, "{\"endpoint_type\": \"openai\", \"median_itl_ms\": 20.5}\n");
        assertEquals(20.5, ResultFile.read(file, "detailed.json", "median_itl_ms").value(), "fixed, read again");
    }

    private static final Path DIR = Path.of("src/test/resources/observe");

    private static Reading read(String file, String key) throws ObserveError {
        return ResultFile.read(DIR.resolve(file), file, key);
    }

    private static ObserveError fails(String file, String key) {
        return assertThrows(ObserveError.class, () -> read(file, key));
    }

    @Test
    void vllmSaveResultKeysInTheirUnits() throws ObserveError {
        Reading itl = read("vllm/bench.json", "median_itl_ms");
        assertEquals(new Reading(24.1, "ms", "vLLM"), itl);
        assertEquals("request/s", read("vllm/bench.json", "request_throughput").unit());
        assertEquals("token/s", read("vllm/bench.json", "total_token_throughput").unit());
        assertEquals(new Reading(41.276190185, "s", "vLLM"), read("vllm/bench.json", "duration"));
        assertEquals(new Reading(262_144, "token", "vLLM"), read("vllm/bench.json", "total_input_tokens"));
        assertEquals(new Reading(64, "", "vLLM"), read("vllm/bench.json", "max_concurrency"));
    }

    @Test
    void vllmAppendResultIsOneObjectPerLineTheLastByDefault() throws ObserveError {
        assertEquals(24.1, read("vllm/append.json", "median_itl_ms").value());
        assertEquals(7.9, read("vllm/append.json", "1:median_itl_ms").value());
        assertEquals(9.6, read("vllm/append.json", "2:median_itl_ms").value());
        ObserveError past = fails("vllm/append.json", "4:median_itl_ms");
        assertEquals("vllm/append.json has 3 results, not 4", past.getMessage());
    }

    @Test
    void vllmDetailedListsAreSecondsAndTakeAStatisticAsNumpyDoes() throws ObserveError {
        // numpy.percentile's linear method over the 128 flattened inter-token latencies (8 requests x 16)
        assertEquals(new Reading(0.02419924574718422, "s", "vLLM"), read("vllm/detailed.json", "itls:p50"));
        assertEquals(1.0874663073759292, read("vllm/detailed.json", "ttfts:p99").value(), 1e-15);
        assertEquals(0.7095063795117171, read("vllm/detailed.json", "ttfts:mean").value(), 1e-15);
        ObserveError bare = fails("vllm/detailed.json", "itls");
        assertEquals("ask for a statistic of it: itls:mean, itls:p50 or itls:p99", bare.hint());
        assertEquals("the per-request lists are written with --save-detailed (SGLang: --output-details)",
                fails("vllm/bench.json", "itls:p50").hint());
    }

    /**
     * Numbers of 300 characters (0.0200...0, 20 ms) across the scanner's 256 KiB buffer's ends: one
     * longer than 64 that straddled an end was read as two numbers (itls:mean 20.16 ms). Every one
     * is 20 ms.
     */
    @Test
    void aLongNumberAcrossTheReadersBufferIsOneNumber(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String twenty = "0.02" + "0".repeat(296);
        StringBuilder json = new StringBuilder("{\"endpoint_type\": \"openai\", \"median_itl_ms\": 2" + "0".repeat(68)
                + ".0, \"itls\": [");
        for (int i = 0; i < 12_000; i++) {
            json.append(i == 0 ? "" : ", ").append(i % 2 == 0 ? twenty : "[" + twenty + "]");
        }
        Path file = dir.resolve("long.json");
        java.nio.file.Files.writeString(file, json.append("], \"mean_itl_ms\": " + "20." + "0".repeat(100) + "}"));
        assertTrue(java.nio.file.Files.size(file) > 12 * (1 << 18), "across a dozen buffers' ends");
        for (String stat : new String[] {"mean", "min", "max", "p50"}) {
            assertEquals(0.02, ResultFile.read(file, "long.json", "itls:" + stat).value(), 1e-13, stat);
        }
        assertEquals(2e68, ResultFile.read(file, "long.json", "median_itl_ms").value(), 1e53);
        assertEquals(20.0, ResultFile.read(file, "long.json", "mean_itl_ms").value());
    }

    /**
     * A key with colons that the file holds as written is that key, before any line (3:) or
     * statistic (:p99) is read into it: "cold:ttft_ms" was "not there" while the note listed it.
     */
    @Test
    void aKeyWithColonsInTheFileIsMatchedAsWritten(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("colons.json");
        java.nio.file.Files.writeString(file, "{\"endpoint_type\": \"openai\", \"cold:ttft_ms\": 812.5, \"2:itl_ms\": 21.0,"
                + " \"itls\": [0.02, 0.03]}\n");
        assertEquals(new Reading(812.5, "ms", "vLLM"), ResultFile.read(file, "colons.json", "cold:ttft_ms"));
        assertEquals(21.0, ResultFile.read(file, "colons.json", "2:itl_ms").value(), "not line 2's itl_ms");
        assertEquals(0.025, ResultFile.read(file, "colons.json", "itls:mean").value(), 1e-15, "a statistic as before");
    }

    /** numpy gives nan for every statistic of a list with a NaN; p50 and min gave a number, max and mean refused. */
    @Test
    void everyStatisticOfAListHoldingNanIsAnErrorNamingIt(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("nan.json");
        java.nio.file.Files.writeString(file, "{\"endpoint_type\": \"openai\", \"itls\": [[0.02, 0.021], [NaN, 0.019]]}\n");
        for (String stat : new String[] {"mean", "median", "min", "max", "p50", "p99"}) {
            ObserveError e = assertThrows(ObserveError.class, () -> ResultFile.read(file, "nan.json", "itls:" + stat));
            assertEquals("nan.json: `itls` holds NaN (value 3 of 4), so its " + stat + " is NaN, not a measurement", e.getMessage());
            assertEquals(ObserveError.Part.KEY, e.part());
        }
    }

    @Test
    void sglangJsonLinesTheLastLineOrLineN() throws ObserveError {
        assertEquals(new Reading(23.7, "ms", "SGLang"), read("sglang/online.jsonl", "median_itl_ms"));
        assertEquals(9.8, read("sglang/online.jsonl", "1:median_itl_ms").value());
        assertEquals(new Reading(6590.8, "ms", "SGLang"), read("sglang/online.jsonl", "median_e2e_latency_ms"));
        assertEquals("token/s", read("sglang/online.jsonl", "input_throughput").unit());
    }

    @Test
    void aiperfTakesTheUnitOfEachMetricsBlock() throws ObserveError {
        assertEquals(new Reading(31.9, "ms", "AIPerf"), read("aiperf/profile_export_aiperf.json", "inter_token_latency.p99"));
        assertEquals(new Reading(2007.1, "token/s", "AIPerf"), read("aiperf/profile_export_aiperf.json", "output_token_throughput.avg"));
        assertEquals(new Reading(63.8, "s", "AIPerf"), read("aiperf/profile_export_aiperf.json", "benchmark_duration.avg"));
        assertEquals("request/s", read("aiperf/profile_export_aiperf.json", "request_throughput.avg").unit());
        ObserveError stat = fails("aiperf/profile_export_aiperf.json", "time_to_first_token.p98");
        assertEquals("did you mean `p90`, `p95` or `p99`?", stat.hint());
    }

    @Test
    void prometheusGaugesCountersAndHistogramsAsPromqlReadsThem() throws ObserveError {
        String page = "prometheus/metrics.prom";
        assertEquals(new Reading(64, "", "Prometheus"), read(page, "vllm:num_requests_running"));
        assertEquals(64, read(page, "vllm:num_requests_running{model_name=\"meta-llama/Llama-3.1-8B-Instruct\"}").value());
        assertEquals(new Reading(0.4210526315789474, "", "Prometheus"), read(page, "vllm:kv_cache_usage_perc"));
        assertEquals(new Reading(4.096e6, "token", "Prometheus"), read(page, "vllm:prompt_tokens_total"));
        // sum / count: 31,744 s over 1,280,000 tokens
        assertEquals(new Reading(0.0248, "s", "Prometheus"), read(page, "vllm:inter_token_latency_seconds:mean"));
        // histogram_quantile(0.5): rank 640,000 of 1,280,000 falls in (0.01, 0.025], which holds 1,015,000
        assertEquals(0.01 + 0.015 * 640_000 / 1_015_000, read(page, "vllm:inter_token_latency_seconds:p50").value(), 1e-15);
        // histogram_quantile(0.99): rank 1,267,200 falls in (0.05, 0.075], from 1,262,000 to 1,270,500
        assertEquals(0.05 + 0.025 * 5_200 / 8_500, read(page, "vllm:inter_token_latency_seconds:p99").value(), 1e-15);
        assertEquals(new Reading(1_280_000, "", "Prometheus"), read(page, "vllm:inter_token_latency_seconds:count"));
    }

    /**
     * Issue 40 item 15, as a page's writer and its reader would have it: a label value the format
     * escapes (a backslash, a double quote, a line feed) is selected by the key written with the
     * same escapes; {@code :p99.9} of a summary is its quantile 0.999; a page saved with a UTF-8
     * byte-order mark is a page; a bucket's malformed {@code le} is an error at its line that says
     * what it is.
     */
    @Test
    void prometheusEscapesQuantilesAByteOrderMarkAndABadBound() throws ObserveError {
        String page = "prometheus/escapes.prom";
        assertEquals(3, read(page, "chain_queue_requests{path=\"C:\\\\models\\\\llama\"}").value());
        assertEquals(5, read(page, "chain_queue_requests{path=\"say \\\"hi\\\"\"}").value());
        assertEquals(7, read(page, "chain_queue_requests{path=\"two\\nlines\"}").value(), "an escaped line feed");
        assertEquals(11, read(page, "chain_queue_requests{path=\"two\\\\nlines\"}").value(), "a backslash, then n");
        assertEquals(new Reading(0.0725, "s", "Prometheus"), read(page, "chain_rpc_latency_seconds:p99.9"));
        assertEquals(0.048, read(page, "chain_rpc_latency_seconds:p99").value());
        ObserveError p95 = fails(page, "chain_rpc_latency_seconds:p95");
        assertEquals("prometheus/escapes.prom: the summary `chain_rpc_latency_seconds` has no quantile 0.95 (:p95)", p95.getMessage());
        assertEquals("it has :p50, :p90, :p99, :p99.9", p95.hint());
        assertEquals(new Reading(64, "", "Prometheus"), read("prometheus/bom.prom", "vllm:num_requests_running"));
        ObserveError le = fails("bad/bad-le.prom", "chain_step_seconds:p50");
        assertEquals(ObserveError.Part.FILE, le.part());
        assertEquals("bad/bad-le.prom:4: `fast` is not a number, as a bucket's bound (le) must be", le.getMessage());
    }

    @Test
    void histogramQuantileInTheHighestBucketIsTheSecondHighestBound() {
        Quantiles.Bucket[] buckets = {new Quantiles.Bucket(0.1, 1), new Quantiles.Bucket(0.2, 2),
                new Quantiles.Bucket(Double.POSITIVE_INFINITY, 10)};
        assertEquals(0.2, Quantiles.histogram(0.9, buckets));
        assertEquals(0.1 * 0.5, Quantiles.histogram(0.05, buckets), 1e-15);
        assertTrue(Double.isNaN(Quantiles.histogram(0.5, new Quantiles.Bucket[] {new Quantiles.Bucket(1, 0),
                new Quantiles.Bucket(Double.POSITIVE_INFINITY, 0)})));
    }

    @Test
    void badFilesSayWhatIsWrongAndWhere() {
        ObserveError missing = fails("vllm/bench.json", "median_itl");
        assertEquals(ObserveError.Part.KEY, missing.part());
        assertEquals("vllm/bench.json (vLLM) has no `median_itl`", missing.getMessage());
        assertEquals("did you mean `median_itl_ms`?", missing.hint());
        ObserveError unknown = fails("bad/console.txt", "median_itl_ms");
        assertEquals(ObserveError.Part.FILE, unknown.part());
        assertTrue(unknown.notes().get(0).contains("Prometheus text exposition"), unknown.notes().toString());
        assertEquals("bad/string-value.json: `median_itl_ms` is the text \"24.1\", not a number",
                fails("bad/string-value.json", "median_itl_ms").getMessage());
        assertEquals("bad/no-samples.prom: `vllm:inter_token_latency_seconds` has no samples: its count is 0",
                fails("bad/no-samples.prom", "vllm:inter_token_latency_seconds:p99").getMessage());
        assertEquals("bad/other.json is JSON, but not a result chain knows", fails("bad/other.json", "results").getMessage());
        assertEquals("cannot read nothing.json: no such file", fails("nothing.json", "x").getMessage());
    }
}
