package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
    })
    void parameterCountsAreThePublishedOnes(String model, long published) {
        assertEquals((double) published, si(model + ".params"));
    }

    @ParameterizedTest(name = "{0}: {1} active params")
    @CsvSource({
            "mixtral_8x7b, 12879925248",
            "llama31_8b,   8030261248",
            "qwen25_72b,   72706203648",
    })
    void activeParametersAreWhatOneTokenComputesWith(String model, long published) {
        assertEquals((double) published, si(model + ".active_params"));
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

    /** Mistral 7B's 32 layers attend to a 4,096-token window: 32 x 4,096 B a token, up to the window. */
    @Test
    void mistralKvStopsAtTheWindow() {
        assertEquals(2_048 * 131_072.0, si("mistral_7b.kv_bytes(2,048 token)"));
        assertEquals(4_096 * 131_072.0, si("mistral_7b.kv_bytes(32,768 token)"));
        assertEquals(32_768 * 131_072.0, si("mistral_7b.kv_bytes_unwindowed(32,768 token)"));
    }

    /** Llama 3.2 sets head_dim in its config.json; the module holds it rather than deriving it. */
    @ParameterizedTest(name = "{0}: head_dim {1}")
    @CsvSource({"llama32_1b, 64", "llama32_3b, 128", "llama31_8b, 128", "mixtral_8x7b, 128", "qwen25_7b, 128"})
    void headDim(String model, int headDim) {
        assertEquals(headDim, si(model + ".head_dim"));
    }
}
