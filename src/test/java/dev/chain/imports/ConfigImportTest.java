package dev.chain.imports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.session.ChainRun;
import dev.chain.session.Chains;
import dev.chain.session.Engine;
import dev.chain.session.Evaluate;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * chain import of a shipped module's config.json gives that module's counts exactly. The configs
 * under configs/ are verbatim copies of the checkpoints' files; those under reconstructed/ are
 * written from the keys the module cites, where no verbatim copy was available (SOURCES.md).
 */
class ConfigImportTest {
    private static final Path RESOURCES = Path.of("src/test/resources/import");

    /** The names both the imported module and the stdlib's have, compared exactly. */
    private static final List<String> COUNTS = List.of("params", "active_params", "active_params_with_embedding",
            "active_params_without_embedding", "kv_bytes_per_token", "kv_bytes_per_token_fp8",
            "kv_bytes_per_token_unwindowed", "weights_bf16", "checkpoint_bytes", "checkpoint_params", "checkpoint_fp8_params",
            "checkpoint_fp32_params", "checkpoint_bf16_params", "mtp_params", "vision_params");

    private static final List<String> CONTEXTS = List.of("1 token", "100 token", "1,024 token", "4,097 token", "8,192 token",
            "131,072 token");

    /** The imported module, evaluated as a chain, with kv_bytes(context) at each of CONTEXTS bound to a name. */
    private static ChainRun imported(Path config) throws IOException, ImportError {
        String text = ConfigImport.module(new SourceFile(config, Files.readString(config, StandardCharsets.UTF_8)), "imported", "imported").text();
        StringBuilder probe = new StringBuilder(text);
        for (int i = 0; i < CONTEXTS.size(); i++) {
            probe.append("probe_kv_").append(i).append(" = kv_bytes(").append(CONTEXTS.get(i)).append(")\n");
            probe.append("probe_kv_fp8_").append(i).append(" = kv_bytes_fp8(").append(CONTEXTS.get(i)).append(")\n");
        }
        ChainRun run = ChainRun.execute(new Engine(), new SourceFile("imported.chain", probe.toString()), List.of());
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run) + "\n" + text);
        return run;
    }

    private static Double value(ChainRun run, String name) {
        var binding = run.chain().program().binding(name);
        return binding == null ? null : run.values().valueOf(binding);
    }

    private static Double stdlib(String expression) {
        var outcome = Evaluate.expression(expression);
        return outcome.result() == null ? null : outcome.result().si();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "configs/llama31_8b.json,           llama31_8b",
            "configs/llama32_3b.json,           llama32_3b",
            "configs/qwen25_7b.json,            qwen25_7b",
            "configs/qwen3_8b.json,             qwen3_8b",
            "configs/qwen3_32b.json,            qwen3_32b",
            "configs/qwen3_30b_a3b.json,        qwen3_30b_a3b",
            "configs/qwen3_235b_a22b.json,      qwen3_235b_a22b",
            "configs/deepseek_v3.json,          deepseek_v3",
            "configs/gpt_oss_20b.json,          gpt_oss_20b",
            "reconstructed/gpt_oss_120b.json,   gpt_oss_120b",
            "reconstructed/llama4_scout.json,   llama4_scout",
            "reconstructed/llama4_maverick.json, llama4_maverick",
            "reconstructed/gemma3_27b.json,     gemma3_27b",
            "reconstructed/mistral_7b.json,     mistral_7b",
            "reconstructed/mixtral_8x7b.json,   mixtral_8x7b",
    })
    void importGivesTheModulesCounts(String config, String module) throws IOException, ImportError {
        ChainRun run = imported(RESOURCES.resolve(config));
        int compared = 0;
        for (String name : COUNTS) {
            Double mine = value(run, name);
            Double theirs = stdlib(module + "." + name);
            assertEquals(theirs == null, mine == null, module + "." + name + " is in one module and not the other");
            if (mine != null) {
                assertEquals(theirs, mine, module + "." + name);
                compared++;
            }
        }
        for (int i = 0; i < CONTEXTS.size(); i++) {
            assertEquals(stdlib(module + ".kv_bytes(" + CONTEXTS.get(i) + ")"), value(run, "probe_kv_" + i), module + " KV at " + CONTEXTS.get(i));
            assertEquals(stdlib(module + ".kv_bytes_fp8(" + CONTEXTS.get(i) + ")"), value(run, "probe_kv_fp8_" + i), module);
        }
        assertTrue(compared >= 3, module + ": compared only " + compared);
    }

    /**
     * Families with no stdlib module, against counts from the Hugging Face safetensors totals (Gemma 2
     * 9B, Phi-3 mini) or, for Qwen1.5-MoE-A2.7B, worked out by hand from its config: 24 x (attention
     * 16,783,360 with its q/k/v biases + 60 experts and a shared one 553,773,056 + norms 4,096) +
     * embeddings 622,331,904.
     */
    @ParameterizedTest(name = "{0}: {1} params, {2} active")
    @CsvSource({
            "gemma2_9b,       9241705984,  9241705984",
            "phi3_mini_4k,    3821079552,  3821079552",
            "qwen15_moe_a27b, 14315784192, 2689173504",
    })
    void otherFamilies(String config, long params, long active) throws IOException, ImportError {
        ChainRun run = imported(RESOURCES.resolve("reconstructed/" + config + ".json"));
        assertEquals((double) params, value(run, "params"));
        assertEquals((double) active, value(run, "active_params"));
    }

    /**
     * GPT-2 and OPT, the models of GPT-2 tutorials and of the vLLM paper, against their published
     * counts. GPT-2's four sizes: friedeggs/in-context_learning, data/model_info.py (124,439,808,
     * 354,823,168, 774,030,080, 1,557,611,200; the sum of GPT2LMHeadModel's parameters, the tied LM
     * head once: Hugging Face's safetensors listing says 137M for gpt2 because its checkpoint also
     * stores each layer's 1,024 x 1,024 causal-mask buffer, attn.bias, 12 x 1,048,576 elements more).
     * distilgpt2's 81,912,576 (GPT-2 of 6 layers), the sum several public notebooks print; its config
     * carries keys older transformers saved for every model (id2label, _num_labels, task_specific_params).
     * OPT-125m's 125,239,296 and OPT-350m's 331,196,416: the sums of their parameters measured with
     * transformers 4.39.3 in a published study's model table (read through code search), and
     * OPT-125m's also in several public notebooks (`print_trainable_parameters`: "Original
     * parameters: 125,239,296"). OPT-1.3b's 1,315,758,080 is half the 2,631,516,160 bytes of its
     * float16 weights in a public weight-byte estimate's test, whose per-layer 100,716,544 B is
     * 50,358,272 params. OPT-13B's 12,853,473,280 and OPT-66B's 65,719,701,504 are what the
     * formula examples/paged-attention wrote by hand before chain import knew OPT gave (the same
     * sum of OPTForCausalLM's parts); OPT-30B's has no exact published count (ModelCountsTest says
     * what its checkpoint's size allows); the vLLM paper's 800 KiB a token for OPT-13B is its KV. Each KV is 2 x layers x hidden x 2 B (multi-head attention).
     */
    @ParameterizedTest(name = "{0}: {1} params")
    @CsvSource({
            "configs/gpt2.json,              124439808,   36864",
            "reconstructed/gpt2_medium.json, 354823168,   98304",
            "reconstructed/gpt2_large.json,  774030080,   184320",
            "reconstructed/gpt2_xl.json,     1557611200,  307200",
            "reconstructed/distilgpt2.json,  81912576,    18432",
            "configs/opt_125m.json,          125239296,   36864",
            "reconstructed/opt_350m.json,    331196416,   98304",
            "reconstructed/opt_1_3b.json,    1315758080,  196608",
            "configs/opt_13b.json,           12853473280, 819200",
            "configs/opt_30b.json,           29974540288, 1376256",
            "configs/opt_66b.json,           65719701504, 2359296",
    })
    void gpt2AndOptGiveTheirPublishedCounts(String config, long params, long kvPerToken) throws IOException, ImportError {
        ChainRun run = imported(RESOURCES.resolve(config));
        assertEquals((double) params, value(run, "params"));
        assertEquals((double) params, value(run, "active_params"));
        assertEquals((double) kvPerToken, value(run, "kv_bytes_per_token"));
        assertEquals(2.0 * params, value(run, "weights_bf16"));
    }

    /**
     * An FP16 checkpoint (torch_dtype float16, every OPT's) has weights_fp16 beside weights_bf16, so
     * a card on it can say FP16; a BF16 one (Llama 3.1 8B's) or one whose config names no dtype
     * (the OPT-350m copy without torch_dtype) has none.
     */
    @ParameterizedTest(name = "{0}: weights_fp16 {1}")
    @CsvSource({
            "configs/opt_13b.json,        25706946560",
            "configs/opt_125m.json,       250478592",
            "configs/llama31_8b.json,     ",
            "reconstructed/opt_350m.json, ",
    })
    void anFp16CheckpointHasItsWeightsInFp16(String config, Long bytes) throws IOException, ImportError {
        assertEquals(bytes == null ? null : bytes.doubleValue(), value(imported(RESOURCES.resolve(config)), "weights_fp16"));
    }

    /**
     * GPT-2's checkpoints store each layer's 1,024 x 1,024 causal mask (attn.bias) beside the
     * parameters, so Hugging Face's safetensors metadata counts more elements: gpt2 {'F32':
     * 137022720} (the table of the safetensors documentation's metadata parsing page, and the Hub's
     * model API), gpt2-xl 1,607,942,848 (a public model registry that bound GPT-2 1.5B to
     * openai-community/gpt2-xl by that count).
     */
    @ParameterizedTest(name = "{0}: {1} elements in the checkpoint")
    @CsvSource({
            "configs/gpt2.json,          137022720",
            "reconstructed/gpt2_xl.json, 1607942848",
    })
    void gpt2sCheckpointHoldsItsCausalMasks(String config, long elements) throws IOException, ImportError {
        assertEquals((double) elements, value(imported(RESOURCES.resolve(config)), "checkpoint_params"));
    }

    /**
     * OPT-350m embeds its tokens at 512 and projects them in and out of its 1,024-wide blocks, and,
     * normalizing after each block, has no final LayerNorm: without project_in and project_out
     * (2 x 512 x 1,024) the count would be 1,048,576 short, and with a final LayerNorm 2,048 over.
     */
    @Test
    void opt350mProjectsItsEmbeddingsAndHasNoFinalNorm() throws IOException, ImportError {
        ChainRun run = imported(RESOURCES.resolve("reconstructed/opt_350m.json"));
        assertEquals(1.0, value(run, "projected"));
        assertEquals(0.0, value(run, "final_norm"));
        assertEquals(50_272.0 * 512 + 2 * 512 * 1_024 + 2_050 * 1_024, value(run, "embeddings"));
    }

    /**
     * OPT's flags as OPTConfig reads them: enable_bias false builds every nn.Linear without a bias
     * (6,912 a layer: q, k, v, out_proj 4 x 768, fc1 3,072, fc2 768), layer_norm_elementwise_affine
     * false every LayerNorm without a weight or a bias (3,072 a layer and the final 1,536), and
     * tie_word_embeddings false adds an LM head of its own (50,272 x 768).
     */
    @Test
    void optsFlagsRemoveBiasesAndNormsOrAddAHead(@TempDir Path dir) throws IOException, ImportError {
        String opt = Files.readString(RESOURCES.resolve("configs/opt_125m.json"));
        Path bare = dir.resolve("bare.json");
        Files.writeString(bare, opt.replace("\"dropout\": 0.1,", "\"dropout\": 0.1,\n  \"enable_bias\": false,\n"
                + "  \"layer_norm_elementwise_affine\": false,"));
        assertEquals(125_239_296.0 - 12 * 6_912 - 12 * 3_072 - 1_536, value(imported(bare), "params"));
        Path untied = dir.resolve("untied.json");
        Files.writeString(untied, opt.replace("\"use_cache\": true,", "\"use_cache\": true,\n  \"tie_word_embeddings\": false,"));
        ChainRun run = imported(untied);
        assertEquals(125_239_296.0 + 50_272 * 768, value(run, "params"));
        assertEquals(125_239_296.0, value(run, "active_params_without_embedding"));
    }

    /** Gemma 2 alternates sliding (4,096) and global layers, from the first: 21 of each in Gemma 2 9B. */
    @Test
    void gemma2WindowsEveryOtherLayer() throws IOException, ImportError {
        ChainRun run = imported(RESOURCES.resolve("reconstructed/gemma2_9b.json"));
        double perLayerToken = 2 * 8 * 256 * 2;
        assertEquals(perLayerToken * (21 * 8_192 + 21 * 4_096), value(run, "probe_kv_4"));
    }

    @Test
    void everyConstantCitesItsSourceAndTheKeysAreNamed() throws IOException, ImportError {
        Path config = RESOURCES.resolve("reconstructed/llama4_maverick.json");
        String text = ConfigImport.module(new SourceFile(config, Files.readString(config)), "maverick", "maverick").text();
        assertTrue(text.contains("@source(\"config.json: text_config.interleave_moe_layer_step 2: every 2nd layer is MoE, the others dense\")"), text);
        assertTrue(text.contains("the vision tower is vision_params, and checkpoint_params counts both"), text);
        assertTrue(text.contains("\nname = \"maverick\"\n"), text);
        ChainRun run = ChainRun.execute(new Engine(), new SourceFile("maverick.chain", text), List.of());
        for (var b : run.chain().program().bindings()) {
            if (b.input() && !b.isText()) {
                assertNotNull(b.source(), b.name() + " has no @source");
            }
        }
    }

    @Test
    void indexTotalSize() throws IOException, ImportError {
        Path index = RESOURCES.resolve("indexes/gpt_oss_20b.index.json");
        assertEquals(13_761_264_768L, ConfigImport.indexTotalSize(new SourceFile(index, Files.readString(index))));
    }
}
