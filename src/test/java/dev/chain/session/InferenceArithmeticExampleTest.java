package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/inference-arithmetic/, a card written from kipply's "Transformer Inference Arithmetic"
 * (Carol Chen, kipp.ly, 2022), its numbers recomputed from the post's inputs and the A100's
 * datasheet: the kv cache's 17,179,869,184 FLOPs a token and its ratio of 208, the capacity of three
 * A100 40GBs beside the 52B model's 104 GB (7,629 tokens, where the post's 0.002 GB a token says
 * 8,000), and the latency floors of the 260B model on 16 GPUs (22 ms, 2,560 us, 35 us, 53 ms, 18 ms).
 */
class InferenceArithmeticExampleTest {
    private static final Path DIR = Path.of("examples/inference-arithmetic");

    @Test
    void aTokensKAndVCost17GflopAndTheWeightsReadCovers208Tokens() {
        ChainRun run = Chains.run(DIR.resolve("kv-cache.chain"));
        assertEquals(List.of("17.18 GFLOP", "55.1 us", "11.45 ms", "208 FLOP/B", "208 token", "200.6 FLOP/B",
                        "103.1 GB", "69 ms", "17 ms", "137 ms", "2.0x", "16.7%"),
                Chains.texts(run, "kv_flops", "kv_compute", "kv_memory", "ridge", "breakeven", "datasheet",
                        "forward_bytes", "forward", "forward_tp", "pass", "slower", "kv_share"));
        assertEquals("1.5x", Chains.text(Chains.run(DIR.resolve("kv-cache.chain"), "tokens=312 token"), "slower"));
    }

    @Test
    void threeA100sLeave16GbFor7629TokensWhereThePostsRoundingSays8000() {
        assertEquals(List.of("104 GB", "3", "120 GB", "16 GB", "2,097,152 B/token", "7,629 token", "3"),
                Chains.texts(Chains.run(DIR.resolve("capacity.chain")),
                        "weights", "fewest", "memory", "free", "per_token", "tokens", "batch"));
        // Four GPUs leave 56 GB: 26,702 tokens, where the post says 23,000 (and 56 / 0.002 is 28,000).
        assertEquals(List.of("56 GB", "26,702 token", "13"),
                Chains.texts(Chains.run(DIR.resolve("capacity.chain"), "gpus=4"), "free", "tokens", "batch"));
    }

    @Test
    void the260bModelOn16GpusTakes22msATokenAnd53msABatchOf512() {
        assertEquals(List.of("21.7 ms", "2,560 us", "35 us", "53.3 ms", "17.9 ms", "53.3 ms", "208 FLOP/B", "1,040 FLOP/B"),
                Chains.texts(Chains.run(DIR.resolve("latency.chain")),
                        "memory_time", "comms_latency", "comms_one", "compute_time", "comms_time", "step", "ridge",
                        "comms_ridge"));
        // Exercise 7: "a 52B on 4xGPUs at batch size 256. The compute should be about 21ms and comms
        // should be about 4ms."
        assertEquals(List.of("21.3 ms", "3.58 ms"),
                Chains.texts(Chains.run(DIR.resolve("latency.chain"), "model=anthropic_52b", "gpus=4", "batch=256"),
                        "compute_time", "comms_time"));
    }

    @Test
    void twentyFourDModelSquaredALayerIs103GflopATokenOfThe52bModel() {
        assertEquals(List.of("103,079,215,104 FLOP", "51.5B param", "0.89%", "52.4 MFLOP", "0.05%", "5.375%"),
                Chains.texts(Chains.run(DIR.resolve("flops.chain")),
                        "flops", "counted", "gap", "vector_flops", "vector_share", "intermediate"));
    }

    @Test
    void fasterTransformersStepsAre22And13point5msWhereTheFloorsAre16point8And8point4() {
        assertEquals(List.of("16.8 ms", "8.4 ms", "1.28 ms", "22.0 ms", "76%", "13.5 ms", "62%",
                        "18.6 ms", "20.8 ms", "1.2 ms", "9.6 ms", "11.6 ms", "1.9 ms", "1.8 ms (1.6 .. 2.0 ms)",
                        "231 token", "48.8 ms", "30.0 ms", "0.7 ms", "344 us", "72%", "86 us", "54%"),
                Chains.texts(Chains.run(DIR.resolve("benchmarks.chain")),
                        "floor_one", "floor_two", "comms_two", "step_one", "share_one", "step_two", "share_two",
                        "bw_one", "explained_one", "rest_one", "bw_two", "explained_two", "rest_two", "comms_measured",
                        "ratio_tokens", "expected_one", "expected_two", "kv_store", "mlp", "mlp_share", "proj", "proj_share"));
    }

    /**
     * The post's own slips, declared with {@code @mistake}, are what a drill names for the numbers
     * they give: 52B read as 52e12, a token's kv rounded to 0.002 GB (the post's 8,000 tokens), two
     * messages a layer counted twice, and a bandwidth share multiplied where it divides.
     */
    @Test
    void aDrillNamesThePostsSlipsForTheNumbersTheyGive(@TempDir Path tmp) throws IOException {
        Path answers = Files.writeString(tmp.resolve("capacity.txt"), "weights = 104 TB\ntokens = 8,000 token\n");
        CliRun capacity = CliRun.of("drill", DIR.resolve("capacity.chain").toString(), "--answers", answers.toString());
        assertTrue(capacity.out().contains("52B read as 52e12, as the post writes it"), capacity.out() + capacity.err());
        assertTrue(capacity.out().contains("a token's kv rounded to 0.002 GB, as the post rounds it"), capacity.out() + capacity.err());
        Path latency = Files.writeString(tmp.resolve("latency.txt"), "comms_latency = 5.12 ms\n");
        CliRun run = CliRun.of("drill", DIR.resolve("latency.chain").toString(), "--answers", latency.toString());
        assertTrue(run.out().contains("2 x 4 x n_layers messages"), run.out() + run.err());
        Path benchmarks = Files.writeString(tmp.resolve("benchmarks.txt"), "bw_one = 15.1 ms\n");
        CliRun bench = CliRun.of("drill", DIR.resolve("benchmarks.chain").toString(), "--answers", benchmarks.toString());
        assertTrue(bench.out().contains("the floor multiplied by 90%, not divided"), bench.out() + bench.err());
    }

    /** The card, its tables and its solves' answers. */
    @Test
    void theRenderedCardShowsThePostsNumbers() {
        Chains.assertRenderShows("examples/inference-arithmetic/", List.of(
                "# Transformer inference arithmetic",
                "kv       k and v of a token: 2 x 2 x 64 x 8,192^2 = 17,179,869,184 FLOPs,",
                "a context of up to 208 tokens costs one read of the weights, 69 ms",
                "| A100 SXM 40GB | 3 | 120 | 16 | 7,629 | 3 |",
                "| A100 SXM 40GB | 4 | 160 | 56 | 26,702 | 13 |",
                "4 A100 SXM 40GBs are the fewest that hold the weights and 4 requests of 2,048 tokens",
                "| 52B | 4 | 256 | 17.3 | 21.3 | 3.58 | 2,048 | 36.4 | 21.3 |",
                "| 52B | 4 | 512 | 17.3 | 42.7 | 7.16 | 2,048 | 22.2 | 42.7 |",
                "| OPT-13B | 25,165,824,000 | 12.6B | 2.10 | 8.600 |",
                "2 GPUs   two GPUs at 87%: 9.6 ms; with 2 ms 11.6 ms; 1.9 ms left, and the",
                "from a batch of 208 the step is compute-bound"));
    }
}
