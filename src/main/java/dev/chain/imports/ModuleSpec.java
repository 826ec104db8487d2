package dev.chain.imports;

import java.util.ArrayList;
import java.util.List;

/**
 * What a config.json says about a model, in the stdlib's vocabulary: the constants a module holds
 * (each with the key it came from) and the shape of the derivation (which attention, whether
 * there are experts, windows, a checkpoint format of its own). {@link ModuleWriter} turns it into
 * text; {@link ArchitectureReader} fills it from the config.
 */
final class ModuleSpec {
    enum Attention { GROUPED_QUERY, MULTI_HEAD_LATENT }

    /**
     * The decoder's block: Llama's (RMSNorms, a gated MLP, rotary positions) or GPT-2's, which OPT
     * shares (LayerNorms with a bias, an MLP of two matrices, a learned table of positions).
     */
    enum Shape { LLAMA, GPT2 }

    /** How the checkpoint stores its weights, when it is not one dtype throughout. */
    enum Checkpoint { ONE_DTYPE, MXFP4_EXPERTS, FP8_BLOCKS }

    /** A constant of the module: its name, its value as written, and its source. */
    record Constant(String name, String literal, String source) {}

    final String modelType;
    final List<Constant> constants = new ArrayList<>();
    /** Lines for the module's head comment beyond the standard one (what was not counted, and why). */
    final List<String> notes = new ArrayList<>();
    Shape shape = Shape.LLAMA;
    Attention attention = Attention.GROUPED_QUERY;
    /** head_dim is hidden / heads because the config sets none. */
    boolean headDimDerived;
    boolean experts;
    /** Some layers are dense even though the model has experts (DeepSeek's first ones, Llama 4's interleave). */
    boolean denseLayersWithExperts;
    /** Some layers attend to a window or a chunk: KV depends on the context. */
    boolean windowed;
    Checkpoint checkpoint = Checkpoint.ONE_DTYPE;
    boolean mtp;
    /**
     * The checkpoint stores each layer's causal mask (GPT-2's attn.bias, position_rows squared), a
     * buffer and not a parameter, which Hugging Face's safetensors listing counts.
     */
    boolean causalMaskBuffers;
    /** The formula of the vision tower's parameters in a multimodal checkpoint, or null. */
    String vision;
    /** The checkpoint is FP16 (torch_dtype float16, OPT's): its weights are weights_fp16 beside the standard names. */
    boolean fp16Checkpoint;

    ModuleSpec(String modelType) {
        this.modelType = modelType;
    }

    void constant(String name, long value, String source) {
        constants.add(new Constant(name, grouped(value), source));
    }

    void constant(String name, String literal, String source) {
        constants.add(new Constant(name, literal, source));
    }

    /**
     * Whether the family's publisher leaves the input embedding out of its active count: OpenAI
     * (gpt-oss: 5.1B) and DeepSeek (37B) do; Meta, Mistral, Qwen and Google count every
     * parameter. The module's {@code active_params} is the publisher's way, so that it matches the
     * figure on the model card; both ways have names of their own.
     */
    boolean activeWithoutInputEmbedding() {
        return modelType.equals("gpt_oss") || modelType.startsWith("deepseek_");
    }

    boolean has(String name) {
        return constants.stream().anyMatch(c -> c.name().equals(name));
    }

    /** 131072 as the stdlib writes it: 131,072. */
    static String grouped(long value) {
        return String.format(java.util.Locale.ROOT, "%,d", value);
    }
}
