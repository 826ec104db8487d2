package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * examples/serving-llama/, a card written from the scaling book (Austin et al., How to Scale Your
 * Model, Parts 7 and 8): LLaMA 3-70B (the stdlib's Llama 3.1 70B) on the TPU v5e, a local module with
 * Google Cloud's figures. Each test holds the numbers the README counts as the book's or says why not.
 */
class ServingLlamaExampleTest {
    private static final Path DIR = Path.of("examples/serving-llama");

    @Test
    void theV5eBuysTheMostFlopsADollarAndTheBooksColumnIsFlopsASecondOverDollarsAnHour() {
        assertEquals(List.of("5.91e17 FLOP/USD", "1.64e14", "240.5 FLOP/B", "2,189 FLOP/B"),
                Chains.texts(Chains.run(DIR.resolve("hardware.chain")), "flops_per_dollar", "book_column", "ridge",
                        "link_intensity"));
        // The v5p's link intensity is Part 5's 2550 (its FLOPs cost more: the sanity check fails, a warning).
        ChainRun v5p = Chains.run(DIR.resolve("hardware.chain"), "chip=tpu_v5p", "price=4.2 USD/h");
        assertEquals(List.of("3.93e17 FLOP/USD", "1.09e14", "2,550 FLOP/B"),
                Chains.textsOfWhatIf(v5p, "flops_per_dollar", "book_column", "link_intensity"));
    }

    @Test
    void theCriticalBatchIs240InBf16And120WithInt8Weights() {
        assertEquals(List.of("240.5 FLOP/B", "240.5 token", "239.9 token"),
                Chains.texts(Chains.run(DIR.resolve("critical-batch.chain")), "ridge", "critical", "int8_critical"));
        // int8 weights halve it (the sanity check that int8 FLOPs give bf16's back then fails, a warning).
        assertEquals("120.3 token",
                Chains.text(Chains.run(DIR.resolve("critical-batch.chain"), "weight_bytes=1 B/param"), "critical"));
    }

    @Test
    void batch32At8kInInt8Takes17msAStepOnA4x2() {
        assertEquals(List.of("163.8 kB/token", "160 KiB/token", "42.9 GB", "70.6 GB", "113.5 GB", "7.09", "8", "17.3 ms",
                        "1,847 token/s", "231 token/s", "1.44 USD/Mtoken", "120 token"),
                Chains.texts(Chains.run(DIR.resolve("decode-step.chain")),
                        "kv_token", "kv_token_kib", "kv", "weights", "total", "min_chips", "slice", "step", "rate", "per_chip",
                        "cost", "critical"));
        // On a 4x4 the step halves and a chip serves as many tokens a second.
        assertEquals(List.of("8.7 ms", "231 token/s"),
                Chains.texts(Chains.run(DIR.resolve("decode-step.chain"), "chips=16"), "step", "per_chip"));
        // The book's 32k sequence (5.3GB, with 162e3 B a token) and its batch of 240 (1.3TB), which
        // no 4x2 holds: its checks fail, warnings.
        ChainRun one = Chains.run(DIR.resolve("decode-step.chain"), "batch=1", "context=32,768 token");
        assertEquals("5.4 GB", Chains.text(one, "kv"));
        ChainRun many = Chains.run(DIR.resolve("decode-step.chain"), "batch=240", "context=32,768 token");
        assertEquals(List.of("1,288.5 GB", "84.94"), Chains.textsOfWhatIf(many, "kv", "min_chips"));
    }

    @Test
    void everyDtypeOnItsSmallestSliceHolds42SequencesAt8k() {
        ChainRun bf16 = Chains.run(DIR.resolve("topology.chain"));
        assertEquals(List.of("141.1 GB", "8.82", "16", "114.9 GB", "42", "19.4 ms", "0.26 request/s"),
                Chains.texts(bf16, "weights", "min_chips", "chips", "free", "max_batch", "step", "qps"));
        // Twice the slice: a 4x8 in bf16 holds 138 sequences.
        assertEquals(List.of("32", "370.9 GB", "138"),
                Chains.texts(Chains.run(DIR.resolve("topology.chain"), "scale=2"), "chips", "free", "max_batch"));
        ChainRun int4 = Chains.run(DIR.resolve("topology.chain"), "weight_bytes=0.5 B/param", "kv_element=0.5 B");
        assertEquals(List.of("35.3 GB", "2.20", "4", "28.7 GB", "42", "1.06 request/s"),
                Chains.texts(int4, "weights", "min_chips", "chips", "free", "max_batch", "qps"));
        // The book's guess that the real numbers are maybe half of these is a range.
        assertEquals("0.20 request/s (0.13 .. 0.26 request/s)", Chains.text(bf16, "qps_real"));
    }

    @Test
    void part7sPopQuizTakes2point5msAtBatch4And21msAt256() {
        assertEquals(List.of("819.2 MB", "2.5 ms"),
                Chains.texts(Chains.run(DIR.resolve("pop-quiz.chain")), "kv_sequence", "step"));
        // At 256 the FLOPs outlast the weights' read (the sanity check that they do not then fails, a warning).
        ChainRun big = Chains.run(DIR.resolve("pop-quiz.chain"), "batch=256");
        assertEquals(List.of("16.00 ms", "4.87 ms", "20.9 ms"), Chains.textsOfWhatIf(big, "kv_time", "flops_time", "step"));
    }

    @Test
    void part7sInventedModelHas18point4BillionParams() {
        assertEquals(List.of("18,385,735,680 param", "18,385,207,296 param", "256 KiB/token"),
                Chains.texts(Chains.run(DIR.resolve("invented-model.chain")), "params", "book", "kv_int8"));
    }

    @Test
    void theMlpShardsOver26ChipsOnTheV5esOwnIciWhereTheBookTakesTheV5ps() {
        assertEquals(List.of("2,189 FLOP/B", "26.2", "9.1", "49.2", "11.65 us", "17.92 us", "4.77 us"),
                Chains.texts(Chains.run(DIR.resolve("sharding.chain")),
                        "ici_intensity", "max_tp", "beta", "max_tp_decode", "t_ici", "t_hbm", "t_math"));
    }

    @Test
    void an8kPrefillTakesNineTenthsOfASecondAndNeedsThreePrefillServersADecodeServer() {
        assertEquals(List.of("1.16 PFLOP", "0.917 s", "96 token", "3.0x"),
                Chains.texts(Chains.run(DIR.resolve("prefill.chain")), "flops", "prefill", "evicted", "ratio"));
    }

    /** The card: the tables by dtype and the solves' answers. */
    @Test
    void theRenderedCardShowsTheBooksNumbers() {
        Chains.assertRenderShows("examples/serving-llama/", List.of(
                "# Serving LLaMA 3-70B on TPU v5e",
                "| H100 SXM | 10.8 | 3.30e17 | 9.16e13 | 295.2 | 1,099 |",
                "| TPU v5p | 4.2 | 3.93e17 | 1.09e14 | 166.0 | 2,550 |",
                "step     (42.9 GB KV + 70.6 GB weights) / (8 x 819 GB/s) = 17.3 ms",
                "| batch 32 | 12.4 | 17.3 | 37.0 |",
                "| 2 | 2 | 141.1 | 8.82 | 16 | 114.9 | 42 | 19.4 | 0.26 |",
                "| 0.5 | 0.5 | 35.3 | 2.20 | 4 | 28.7 | 42 | 19.4 | 1.06 |",
                "| 2 | 2 | 2 | 32 | 370.9 | 138 | 19.5 | 0.43 |",
                "| 256 | 16.00 | 2.29 | 4.87 | 20.9 |",
                "| 32 | 11.65 | 17.92 | 4.77 |",
                "on 32 chips the HBM stays the limit up to batch 98",
                "the largest batch whose step stays under 20 ms on 8 chips is 45",
                "the largest batch 8 chips hold at 8,192 tokens is 42, a step of 19.4 ms"));
    }
}
