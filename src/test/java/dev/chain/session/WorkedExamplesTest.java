package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The stdlib's functions re-derive published worked examples: the card's numbers, the vLLM
 * paper's KV per token for OPT-13B, and kipply's for the 52B model of Transformer Inference
 * Arithmetic. Each expected value is the publication's, at the publication's rounding.
 */
class WorkedExamplesTest {
    private static String shown(String expression) {
        return Evaluate.expression(expression).text();
    }

    private static double si(String expression) {
        return Evaluate.expression(expression).result().si();
    }

    @Test
    void decodeStepFloorOfTheCard() {
        // (16.06 GB weights + 34.36 GB KV) / 3.35 TB/s = 15.05 ms
        assertEquals("15.05 ms", shown("inference.decode_step_floor(llama31_8b.weights_bf16,"
                + " 64 * 4,096 token * llama31_8b.kv_bytes_per_token, h100_sxm.hbm_bandwidth) -> ms:.2f"));
    }

    @Test
    void prefillFlopsAndComputeTimeOfTheCard() {
        // 2 x 8.03e9 x 2,112 tokens = 33.9 TFLOP, 68.6 ms at 50% of peak
        assertEquals("33.9 TFLOP", shown("inference.prefill_flops(llama31_8b.params, 2,112 token) -> TFLOP:.1f"));
        assertEquals("68.6 ms", shown("inference.compute_time(inference.prefill_flops(llama31_8b.params, 2,112 token),"
                + " h100_sxm.bf16_peak, 50%) -> ms:.1f"));
    }

    @Test
    void kvPagesOfTheCard() {
        // (73.6 - 16.06 - 2.0)e9 / (16 x 131,072 B) = 26,483 pages; (2,048 + 1,024) / 16 = 192 pages
        assertEquals(26_483, si("inference.kv_page_pool(0.92 * 80e9 B - llama31_8b.weights_bf16 - 2.0e9 B,"
                + " 16 token/page, llama31_8b.kv_bytes_per_token)"));
        assertEquals(192, si("inference.kv_pages(2,048 token + 1,024 token, 16 token/page)"));
        assertEquals(128, si("inference.kv_pages(2,048 token, 16 token/page)"));
        assertEquals(1, si("inference.kv_pages(1 token, 16 token/page)"), "a partial page is a page");
    }

    @Test
    void ringAllReduceBytesPerGpuUnderTensorParallelism() {
        // 2 x 80 layers x 2 x (4 - 1) / 4 x 8,192 x 2 B = 3.93 MB per token per GPU
        assertEquals("3.93 MB/token", shown("inference.tp_allreduce_bytes_per_token(llama33_70b.layers,"
                + " llama33_70b.hidden, dtype.bf16, 4) -> MB/token:.2f"));
        assertEquals(3_932_160, si("inference.tp_allreduce_bytes_per_token(80, 8,192, 2 B, 4)"));
        // A ring over 8 GPUs moves 2 x 7/8 of the message through each GPU.
        assertEquals(1.75e9, si("inference.ring_allreduce_bytes(1 GB, 8)"));
    }

    @Test
    void amdahlOfTheCard() {
        // 1 / (0.40 + 0.60 / 1.2) = 1.11x
        assertEquals("1.11x", shown("inference.amdahl(60%, 1.2x) -> x:.2f"));
        assertEquals(1.0, si("inference.amdahl(0%, 10)"));
        assertEquals(2.0, si("inference.amdahl(100%, 2)"));
    }

    @Test
    void kvPerTokenOfOpt13bInTheVllmPaper() {
        // Kwon et al. 2023, section 3: 2 (K and V) x 5120 (hidden) x 40 (layers) x 2 (FP16 bytes) = 800 KB
        assertEquals("800 KiB/token", shown("transformer.kv_bytes_per_token(40, 40, 128, dtype.fp16) -> KiB/token"));
    }

    @Test
    void kvPerTokenOfKipplys52bModel() {
        // kipply, Transformer Inference Arithmetic: 2 x 2 x n_layers x d_model = 2 x 2 x 64 x 8192 = 2,097,152 B
        assertEquals(2_097_152, si("transformer.kv_bytes_per_token(64, 64, 128, dtype.fp16)"));
    }

    @Test
    void dtypeSizes() {
        assertEquals(4, si("dtype.fp32"));
        assertEquals(2, si("dtype.bf16"));
        assertEquals(2, si("dtype.fp16"));
        assertEquals(1, si("dtype.fp8"));
        assertEquals(1, si("dtype.int8"));
        assertEquals(0.5, si("dtype.int4"));
        assertEquals(0.5, si("dtype.fp4"));
        assertEquals(4.25 / 8, si("dtype.mxfp4"));
        assertEquals(4.5 / 8, si("dtype.nvfp4"));
    }

    @Test
    void aWrongArgumentIsACheckTimeError() {
        String shown = Evaluate.expression("inference.decode_step_floor(16 GB, 3.35 TB/s, 34 GB)").rendered();
        org.junit.jupiter.api.Assertions.assertTrue(shown.contains("argument `kv` of `inference.decode_step_floor`"), shown);
    }
}
