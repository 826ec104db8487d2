package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each model module derives its counts from its config.json architecture; these are the counts
 * the model cards and safetensors metadata publish, typed here independently of the stdlib.
 */
class ModelCountsTest {
    private static double si(String expression) {
        return Evaluate.expression(expression).result().si();
    }

    @ParameterizedTest(name = "{0}: {1} params")
    @CsvSource({
            "llama31_8b,   8030261248",
            "llama31_70b,  70553706496",
            "llama31_405b, 405853388800",
            "llama32_1b,   1235814400",
            "llama32_3b,   3212749824",
            "llama33_70b,  70553706496",
            "mistral_7b,   7241732096",
            "mixtral_8x7b, 46702792704",
            "qwen25_7b,    7615616512",
            "qwen25_72b,   72706203648",
            // Hugging Face safetensors totals of the text-only checkpoints (the API's safetensors.total)
            "qwen3_8b,        8190735360",
            "qwen3_32b,       32762123264",
            "qwen3_30b_a3b,   30532122624",
            "qwen3_235b_a22b, 235093634560",
            "gpt_oss_20b,     20914757184",
            "gpt_oss_120b,    116829156672",
            // DeepSeek-V3's main model, without the MTP module: the 671B of its README_WEIGHTS.md, exactly
            "deepseek_v3,     671026419200",
            // OPT-13B's and OPT-66B's as the vLLM paper's card counted them by hand before chain
            // import knew OPT (the sum of OPTForCausalLM's parts). No exact count of OPT-30B's is
            // published; facebook/opt-30b's FP16 checkpoint on the Hub (pytorch_model-0000N-of-00007.bin:
            // 9.79 GB + 5 x 9.87 GB + 822 MB = 59.96 GB) holds about 29.98B, and 29,974,540,288 x 2 B is
            // 59.95 GB.
            "opt_13b,         12853473280",
            "opt_30b,         29974540288",
            "opt_66b,         65719701504",
    })
    void parameterCountsAreThePublishedOnes(String model, long published) {
        assertEquals((double) published, si(model + ".params"));
    }

    /** The vLLM paper's "800 KB" a token for OPT-13B, 2 x 5,120 x 40 layers x 2 B; FP16 checkpoints weigh 2 B a parameter. */
    @Test
    void optsKvAndFp16Weights() {
        assertEquals(819_200.0, si("opt_13b.kv_bytes_per_token"));
        assertEquals(2 * 12_853_473_280.0, si("opt_13b.weights_fp16"));
        assertEquals(si("opt_175b.weights_bf16"), si("opt_175b.weights_fp16"));
    }

    /**
     * OPT-30B and OPT-175B have no count published to the digit; the OPT paper's table 1 names
     * them by their billions, 30B and 175B (174.6B: the paper rounds), to the billion.
     */
    @ParameterizedTest(name = "{0}: {1}B")
    @CsvSource({"opt_30b, 30", "opt_175b, 175"})
    void optSizesRoundToThePapersBillions(String model, double billions) {
        assertTrue(matches(si(model + ".params") / 1e9, billions, 1, "round"), model);
    }

    /** The OPT modules whose config.json is public are, below their head comments, what chain import writes from it. */
    @ParameterizedTest(name = "opt_{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"13b", "30b", "66b"})
    void theOptModulesAreWhatChainImportWrites(String size) {
        Chains.assertImported(java.nio.file.Path.of("src/test/resources/import/configs/opt_" + size + ".json"),
                java.nio.file.Path.of("stdlib/opt_" + size + ".chain"), "OPT-" + size.toUpperCase(java.util.Locale.ROOT));
    }

    /**
     * The Hugging Face safetensors total of a checkpoint that holds more than the language model:
     * DeepSeek-V3's MTP module, its copies of the embeddings and the FP8 block scales; the vision
     * towers of Llama 4 and Gemma 3.
     */
    @ParameterizedTest(name = "{0}: {1} in the checkpoint")
    @CsvSource({
            "deepseek_v3,     684531386000",
            "llama4_scout,    108641793536",
            "llama4_maverick, 401583781376",
            "gemma3_27b,      27432406640",
    })
    void checkpointCountsAreThePublishedOnes(String model, long published) {
        assertEquals((double) published, si(model + ".checkpoint_params"));
    }

    /** The Hugging Face API's safetensors.parameters of deepseek-ai/DeepSeek-V3, by dtype. */
    @Test
    void deepSeekCheckpointByDtype() {
        assertEquals(3_918_786_560.0, si("deepseek_v3.checkpoint_bf16_params"));
        assertEquals(680_571_043_840.0, si("deepseek_v3.checkpoint_fp8_params"));
        assertEquals(41_555_600.0, si("deepseek_v3.checkpoint_fp32_params"));
        assertEquals(3_918_786_560.0 * 2 + 680_571_043_840.0 + 41_555_600.0 * 4, si("deepseek_v3.checkpoint_bytes"));
    }

    /** gpt-oss ships its experts in MXFP4: the bytes of the checkpoint as its index (and hf-mem) report them. */
    @ParameterizedTest(name = "{0}: {1} B as shipped")
    @CsvSource({"gpt_oss_20b, 13761264768", "gpt_oss_120b, 65248815744"})
    void mixedFormatCheckpointBytes(String model, long bytes) {
        assertEquals((double) bytes, si(model + ".checkpoint_bytes"));
    }

    /**
     * Every mixture of experts against the active count its publisher gives. Publishers count two
     * ways: Meta, Mistral and Qwen with the input embedding, OpenAI and DeepSeek without it (a token
     * reads one row of it); {@code active_params} is the publisher's way, and matches the figure to
     * the digits given: rounded, or for Qwen3-30B-A3B cut (3,353,032,704 is "3.3B"). Where the other
     * way would not match ({@code decides}), the figure itself says which way its publisher counts:
     * gpt-oss-120b's 5.71B with the input embedding is not 5.1B; DeepSeek-V3's 37.55B is not 37B.
     * Qwen3-235B-A22B's 22B fits both (22.19B and 21.57B); Qwen counts as for its 30B-A3B. (DeepSeek's
     * README_WEIGHTS.md gives 36.7B, which neither way gives: 36.63B and 37.55B.)
     */
    @ParameterizedTest(name = "{0}: {1}B active, counted {3} the input embedding")
    @CsvSource({
            // Mistral AI, mistral.ai/news/mixtral-of-experts: "only uses 12.9B parameters per token"
            "mixtral_8x7b,    12.9, 0.1,  with,    round, true",
            // the Qwen3-30B-A3B model card: "30.5B in total and 3.3B activated"
            "qwen3_30b_a3b,   3.3,  0.1,  with,    cut,   true",
            // the Qwen3-235B-A22B model card: "235B in total and 22B activated"
            "qwen3_235b_a22b, 22,   1,    with,    round, false",
            // the Llama 4 model card: "17B (Activated) 109B (Total)", "17B (Activated) 400B (Total)"
            "llama4_scout,    17,   1,    with,    round, true",
            "llama4_maverick, 17,   1,    with,    round, true",
            // the DeepSeek-V3 README and paper: "671B total parameters with 37B activated for each token"
            "deepseek_v3,     37,   1,    without, round, true",
            // the gpt-oss README: "117B parameters with 5.1B active", "21B parameters with 3.6B active";
            // its model card (arXiv:2508.10925), table 1: 5.13B and 3.61B
            "gpt_oss_120b,    5.1,  0.1,  without, round, true",
            "gpt_oss_120b,    5.13, 0.01, without, round, true",
            "gpt_oss_20b,     3.6,  0.1,  without, round, true",
            "gpt_oss_20b,     3.61, 0.01, without, round, true",
    })
    void activeCountsAreThePublishersOwn(String model, double billions, double digit, String counted, String rounding,
                                         boolean decides) {
        double active = si(model + ".active_params");
        String other = counted.equals("with") ? "without" : "with";
        assertEquals(si(model + ".active_params_" + counted + "_embedding"), active);
        assertTrue(matches(active / 1e9, billions, digit, rounding), model + ": " + active);
        if (decides) {
            double otherWay = si(model + ".active_params_" + other + "_embedding");
            assertFalse(matches(otherWay / 1e9, billions, digit, rounding), model + " counted " + other + ": " + otherWay);
        }
    }

    /** Whether {@code billions}, written to the digit {@code digit} by rounding or by cutting, is {@code published}. */
    private static boolean matches(double billions, double published, double digit, String rounding) {
        double tolerance = digit * 1e-9;
        return rounding.equals("cut")
                ? billions >= published - tolerance && billions < published + digit - tolerance
                : Math.abs(billions - published) <= digit / 2 + tolerance;
    }

    /**
     * The active counts of models whose publishers give every digit of the total: a dense model
     * computes with every parameter; without the input embedding it is one vocab x hidden matrix
     * less, unless the embedding is tied to the LM head, which multiplies by all of it.
     */
    @ParameterizedTest(name = "{0}: {1} active params, {2} without the input embedding")
    @CsvSource({
            "mixtral_8x7b, 12879925248, 12748853248",
            // 128,256 x 4,096 = 525,336,576 less; 152,064 x 8,192 = 1,245,708,288 less
            "llama31_8b,   8030261248,  7504924672",
            "qwen25_72b,   72706203648, 71460495360",
            // tied embeddings: the LM head is the same matrix
            "llama32_1b,   1235814400,  1235814400",
            "gemma3_27b,   27009346304, 27009346304",
    })
    void activeParametersAreWhatOneTokenComputesWith(String model, long with, long without) {
        assertEquals((double) with, si(model + ".active_params_with_embedding"));
        assertEquals((double) without, si(model + ".active_params_without_embedding"));
    }

    /** 2 x layers x kv_heads x head_dim x 2 B, worked out by hand from each config.json. */
    @ParameterizedTest(name = "{0}: {1} B/token in BF16")
    @CsvSource({
            "llama31_8b,   131072",
            "llama31_70b,  327680",
            "llama31_405b, 516096",
            "llama32_1b,   32768",
            "llama32_3b,   114688",
            "llama33_70b,  327680",
            "mixtral_8x7b, 131072",
            "qwen25_7b,    57344",
            "qwen25_72b,   327680",
            "qwen3_8b,        147456",
            "qwen3_32b,       262144",
            "qwen3_30b_a3b,   98304",
            "qwen3_235b_a22b, 192512",
            // MLA: the 512-wide latent and the 64-wide rope key in 61 layers, (512 + 64) x 61 x 2 B
            "deepseek_v3,     70272",
    })
    void kvBytesPerTokenPerDtype(String model, long bf16) {
        assertEquals((double) bf16, si(model + ".kv_bytes_per_token"));
        assertEquals(bf16 / 2.0, si(model + ".kv_bytes_per_token_fp8"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"llama31_8b, 8030261248", "mixtral_8x7b, 46702792704", "qwen25_7b, 7615616512"})
    void weightBytesPerDtype(String model, long params) {
        assertEquals(params * 2.0, si(model + ".weights_bf16"));
        assertEquals(params * 1.0, si(model + ".weights_fp8"));
        assertEquals(params * 0.5, si(model + ".weights_int4"));
    }

    /** KV that grows with every token: kv_bytes(context) is kv_bytes_per_token x context. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"llama31_8b", "mixtral_8x7b", "qwen3_8b", "qwen3_235b_a22b", "deepseek_v3"})
    void fullAttentionKvIsLinearInTheContext(String model) {
        assertEquals(32_768 * si(model + ".kv_bytes_per_token"), si(model + ".kv_bytes(32,768 token)"));
        assertEquals(32_768 * si(model + ".kv_bytes_per_token_fp8"), si(model + ".kv_bytes_fp8(32,768 token)"));
    }

    /**
     * Windowed layers stop at the window: bytes per layer and token (2 x kv_heads x head_dim x 2 B)
     * times full layers x context + windowed layers x min(context, window), worked out by hand.
     */
    @ParameterizedTest(name = "{0} at {1} tokens: {2} B")
    @CsvSource({
            // 32 sliding layers of 4,096 tokens, 4,096 B a layer and token
            "mistral_7b,      2048,   268435456",
            "mistral_7b,      32768,  536870912",
            // 12 full + 12 sliding (128) layers, 2,048 B
            "gpt_oss_20b,     100,    4915200",
            "gpt_oss_20b,     8192,   204472320",
            // 18 + 18 layers
            "gpt_oss_120b,    131072, 4836556800",
            // 10 global + 52 local (1,024) layers, 8,192 B
            "gemma3_27b,      512,    260046848",
            "gemma3_27b,      131072, 11173625856",
            // 12 global + 36 chunked (8,192) layers, 4,096 B
            "llama4_scout,    4096,   805306368",
            "llama4_maverick, 1048576, 52747567104",
    })
    void windowedKvDependsOnTheContext(String model, long context, long bytes) {
        assertEquals((double) bytes, si(model + ".kv_bytes(" + context + " token)"));
        assertEquals(bytes / 2.0, si(model + ".kv_bytes_fp8(" + context + " token)"));
    }

    /**
     * hf-mem PR #70's worked example: gpt-oss-20b, 8,192 tokens, batch 32, BF16 KV is 6.09 GiB with
     * the sliding layers capped at the window and 12.00 GiB when every layer holds the whole context.
     */
    @Test
    void windowedAgainstUnwindowedKv() {
        assertEquals(6.09, si("32 * gpt_oss_20b.kv_bytes(8,192 token)") / (1L << 30), 0.005);
        assertEquals(12.00, si("32 * gpt_oss_20b.kv_bytes_unwindowed(8,192 token)") / (1L << 30), 0.005);
        assertEquals(si("gpt_oss_20b.kv_bytes_per_token_unwindowed * 8,192 token"), si("gpt_oss_20b.kv_bytes_unwindowed(8,192 token)"));
    }

    /** Llama 3.2 sets head_dim in its config.json; the module holds it rather than deriving it. */
    @ParameterizedTest(name = "{0}: head_dim {1}")
    @CsvSource({"llama32_1b, 64", "llama32_3b, 128", "llama31_8b, 128", "mixtral_8x7b, 128", "qwen25_7b, 128"})
    void headDim(String model, int headDim) {
        assertEquals(headDim, si(model + ".head_dim"));
    }
}
