package dev.chain.observe;

import java.util.Map;

/**
 * The unit of each number a benchmark client writes, from the client's own source (see
 * src/test/resources/observe/README.md): vLLM's {@code vllm/benchmarks/serve.py} and SGLang's
 * {@code python/sglang/bench_serving.py} write latencies as {@code *_ms} in milliseconds, their
 * per-request lists ({@code ttfts}, {@code itls}) in seconds, throughputs per second; AIPerf
 * writes each metric's unit beside it. A key whose unit is not known here is an error, never a
 * guess.
 */
final class BenchUnits {
    private BenchUnits() {}

    /** Plain numbers: concurrency is a batch, as the cards count it. */
    private static final String PLAIN = "";

    /** Keys both clients write with the same meaning, and vLLM's own. */
    private static final Map<String, String> VLLM = Map.ofEntries(
            Map.entry("duration", "s"),
            Map.entry("completed", "request"),
            Map.entry("failed", "request"),
            Map.entry("num_prompts", "request"),
            Map.entry("total_input_tokens", "token"),
            Map.entry("total_output_tokens", "token"),
            Map.entry("request_throughput", "request/s"),
            Map.entry("request_goodput", "request/s"),
            Map.entry("request_rate", "request/s"),
            Map.entry("output_throughput", "token/s"),
            Map.entry("total_token_throughput", "token/s"),
            Map.entry("max_output_tokens_per_s", "token/s"),
            Map.entry("max_concurrent_requests", PLAIN),
            Map.entry("max_concurrency", PLAIN),
            Map.entry("burstiness", PLAIN),
            Map.entry("rtfx", PLAIN),
            Map.entry("probe_completed", "request"),
            Map.entry("probe_failed", "request"),
            Map.entry("spec_decode_acceptance_rate", "%"),
            Map.entry("spec_decode_acceptance_length", PLAIN),
            Map.entry("spec_decode_num_drafts", PLAIN),
            Map.entry("spec_decode_draft_tokens", "token"),
            Map.entry("spec_decode_accepted_tokens", "token"),
            // --save-detailed: one entry per request (itls: a list per request)
            Map.entry("ttfts", "s"),
            Map.entry("itls", "s"),
            Map.entry("latencies", "s"),
            Map.entry("start_times", "s"),
            Map.entry("queue_times", "s"),
            Map.entry("input_lens", "token"),
            Map.entry("output_lens", "token"));

    private static final Map<String, String> SGLANG = Map.ofEntries(
            Map.entry("duration", "s"),
            Map.entry("completed", "request"),
            Map.entry("total_input", "token"),
            Map.entry("total_output", "token"),
            Map.entry("total_input_tokens", "token"),
            Map.entry("total_output_tokens", "token"),
            Map.entry("total_output_tokens_retokenized", "token"),
            Map.entry("request_throughput", "request/s"),
            Map.entry("request_rate", "request/s"),
            Map.entry("input_throughput", "token/s"),
            Map.entry("output_throughput", "token/s"),
            Map.entry("output_throughput_retokenized", "token/s"),
            Map.entry("total_throughput", "token/s"),
            Map.entry("total_throughput_retokenized", "token/s"),
            Map.entry("concurrency", PLAIN),
            Map.entry("max_concurrency", PLAIN),
            Map.entry("accept_length", PLAIN),
            Map.entry("random_input_len", "token"),
            Map.entry("random_output_len", "token"),
            Map.entry("sharegpt_output_len", "token"),
            Map.entry("fixed_output_len", "token"),
            Map.entry("random_range_ratio", PLAIN),
            // --output-details
            Map.entry("ttfts", "s"),
            Map.entry("itls", "s"),
            Map.entry("input_lens", "token"),
            Map.entry("output_lens", "token"));

    /** The unit of a key of a vLLM or SGLang result, or null where chain does not know it. */
    static String of(Format format, String key) {
        if (key.endsWith("_ms")) {
            return "ms"; // mean_/median_/std_/pNN_ of ttft, tpot, itl, e2el (vLLM), e2e_latency (SGLang)
        }
        return (format == Format.SGLANG ? SGLANG : VLLM).get(key);
    }

    /**
     * The chain unit of an AIPerf metric's {@code unit} (aiperf's MetricUnit and its display
     * units), or null for one chain has no unit for.
     */
    static String aiperf(String unit) {
        return switch (unit) {
            case "ns" -> "ns";
            case "us" -> "us";
            case "ms" -> "ms";
            case "s", "sec" -> "s";
            case "tokens" -> "token";
            case "requests" -> "request";
            case "tokens/sec" -> "token/s";
            case "requests/sec" -> "request/s";
            // the rate one user's stream sees: a rate like any other
            case "tokens/sec/user" -> "token/s";
            case "%" -> "%";
            case "GB" -> "GB";
            case "MB" -> "MB";
            case "" -> PLAIN;
            default -> null;
        };
    }
}
