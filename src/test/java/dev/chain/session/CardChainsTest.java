package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every number in the published card's code blocks (../shared/seed/performance-debugging-chains.txt)
 * comes out of the interpreter at the card's rounding. The expected texts are typed from the card.
 */
class CardChainsTest {
    private static void assertCard(String file, String... bindingAndText) {
        ChainRun run = Chains.run(file);
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        Map<String, String> expected = new LinkedHashMap<>();
        Map<String, String> actual = new LinkedHashMap<>();
        for (int i = 0; i < bindingAndText.length; i += 2) {
            expected.put(bindingAndText[i], bindingAndText[i + 1]);
            actual.put(bindingAndText[i], Chains.text(run, bindingAndText[i]));
        }
        assertEquals(expected, actual, file);
    }

    @Test
    void lostPrefixReuse() {
        assertCard("01-lost-prefix-reuse.chain",
                "prompt", "3,000 token", "prefix", "2,560 token", "hit_rate", "95%",
                "cached_tokens", "243,200 token", "cached", "2,432 token", "computed", "568 token",
                "computed_after", "3,000 token", "ratio", "5.28x");
    }

    @Test
    void interTokenFloorAndMixedStep() {
        assertCard("02-inter-token-floor.chain",
                "weights", "16.06 GB", "kv", "34.36 GB", "floor", "15.05 ms",
                "tokens", "2,112 token", "flops", "33.9 TFLOP", "achieved", "494.5 TFLOP/s", "compute", "68.6 ms", "kv_read", "10.3 ms",
                "mixed", "79 ms", "small_tokens", "576 token", "small_step", "29 ms", "p50", "24 ms", "share", "63%");
    }

    @Test
    void startupOomThatTheTotalsHide() {
        assertCard("03-startup-oom.chain",
                "weights", "70.55 GB", "budget", "78.22 GB", "left", "7.66 GB",
                "kv_per_gpu", "163,840 B/token", "one_seq", "21.47 GB",
                "total_weights", "141 GB", "total_memory", "160 GB");
    }

    @Test
    void preemptionPageLedger() {
        assertCard("04-preemption-ledger.chain",
                "usable", "73.6 GB", "weights", "16.06 GB", "pool", "26,483 page",
                "start", "25,600 page", "full_pages", "192 page/request", "finish", "38,400 page",
                "full_length", "137 request");
    }

    @Test
    void whatFp8ShouldHaveBought() {
        assertCard("05-fp8-expectations.chain",
                "weights_bf16", "35.28 GB", "kv", "21.47 GB", "step_bf16", "16.94 ms",
                "weights_fp8", "17.64 GB", "step_fp8", "11.68 ms", "expected", "1.45x",
                "kept", "0.85", "observed_step", "19.93 ms", "gap", "1.71x");
    }

    @Test
    void allReduceBillOfASlowReplica() {
        assertCard("06-allreduce-slow-replica.chain",
                "per_token", "3.93 MB/token", "step_bytes", "251.7 MB", "decode", "16.94 ms",
                "nvlink_time", "0.70 ms", "nvlink_step", "17.64 ms",
                "pcie_time", "5.03 ms", "pcie_step", "21.97 ms", "slowdown", "1.25x");
    }

    @Test
    void benchmarkTwiceProductionTenPercent() {
        assertCard("07-benchmark-vs-production.chain",
                "small_before", "10.55 ms", "small_after", "5.28 ms", "small_gain", "2.00x",
                "large_before", "16.79 ms", "large_after", "11.53 ms", "large_gain", "1.46x",
                "end_to_end", "1.11x");
    }

    @Test
    void periodicP99WithAFlatMedian() {
        assertCard("08-periodic-p99.chain",
                "weights", "35.28 GB", "kv", "5.24 GB", "plain", "12.1 ms",
                "prefill", "73 ms", "mixed", "85 ms", "slowdown", "7.0x",
                "chunks", "8", "normal", "357", "steps", "365", "slow_share", "2.2%");
    }
}
