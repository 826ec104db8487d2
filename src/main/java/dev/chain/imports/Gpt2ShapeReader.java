package dev.chain.imports;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a config.json of GPT-2's shape, which OPT shares, into a {@link ModuleSpec}: multi-head
 * attention with biases, LayerNorms with a bias, an MLP of two matrices, learned positions. Each
 * value's source names its key, or the default of transformers' GPT2Config or OPTConfig that stands
 * in for a key the config leaves out; any other key is an error, as in {@link ArchitectureReader}.
 */
final class Gpt2ShapeReader {
    static final List<String> MODEL_TYPES = List.of("gpt2", "opt");

    /** Keys of GPT-2's and OPT's configs that change no count: dropout, initialisation, tokens, the double-heads model's summary. */
    private static final Set<String> HARMLESS = harmless();

    private static Set<String> harmless() {
        Set<String> keys = new HashSet<>(ArchitectureReader.HARMLESS);
        // GPT-2. n_ctx is an older name of n_positions that transformers no longer reads; n_special and
        // predict_special_tokens are OpenAI GPT's, left in gpt2-medium's config; the summary_* keys size
        // GPT2DoubleHeadsModel's classification head, not the language model.
        keys.addAll(List.of("activation_function", "attn_pdrop", "layer_norm_epsilon", "n_ctx", "n_special", "predict_special_tokens",
                "summary_type", "summary_use_proj", "summary_activation", "summary_proj_to_labels", "summary_first_dropout",
                "scale_attn_weights", "scale_attn_by_inverse_layer_idx", "reorder_and_upcast_attn",
                "gradient_checkpointing"));
        // OPT. output_projection is metaseq's flag for the LM head, which OPTForCausalLM always has.
        keys.addAll(List.of("dropout", "activation_dropout", "layerdrop", "init_std", "prefix", "output_projection",
                "decoder_start_token_id"));
        return Set.copyOf(keys);
    }

    private final ConfigObject c;
    private final String type;
    private final ModuleSpec spec;

    private Gpt2ShapeReader(ConfigObject config, String modelType) {
        this.c = config;
        this.type = modelType;
        this.spec = new ModuleSpec(modelType);
        spec.shape = ModuleSpec.Shape.GPT2;
    }

    /** The architecture of {@code config}, whose model_type is one of {@link #MODEL_TYPES} (checked by the caller). */
    static ModuleSpec read(ConfigObject config, String modelType) throws ImportError {
        Gpt2ShapeReader r = new Gpt2ShapeReader(config, modelType);
        config.string("model_type");
        if (modelType.equals("gpt2")) {
            r.gpt2();
        } else {
            r.opt();
        }
        ArchitectureReader.refuseUnknownKeys(config, modelType, HARMLESS);
        return r.spec;
    }

    private String key(String k) {
        return "config.json: " + c.name(k);
    }

    private void gpt2() throws ImportError {
        long hidden = c.integer("n_embd");
        spec.constant("hidden", hidden, key("n_embd") + " " + hidden);
        long layers = c.integer("n_layer");
        spec.constant("layers", layers, key("n_layer") + " " + layers);
        long heads = multiHeadAttention("n_head", hidden, "GPT2Attention");
        if (c.bool("add_cross_attention", false)) {
            throw c.errorAt("add_cross_attention", "`" + c.name("add_cross_attention") + "` true (a cross-attention block in every layer,"
                    + " for an encoder-decoder) is not counted by chain import", "chain import counts decoder-only language models");
        }
        spec.constant("qkv_bias", 1, "GPT2Attention in transformers: c_attn = Conv1D(3 x n_embd, n_embd), q, k and v with a bias");
        spec.constant("o_bias", 1, "GPT2Attention: c_proj = Conv1D(n_embd, n_embd), with a bias");
        if (c.has("n_inner")) {
            long inner = c.integer("n_inner");
            spec.constant("intermediate", inner, key("n_inner") + " " + inner);
        } else {
            spec.constant("intermediate", "4 * hidden", "config.json: n_inner null: GPT2Block's 4 x n_embd (" + 4 * hidden + ")");
        }
        spec.constant("mlp_bias", 1, "GPT2MLP: c_fc and c_proj are Conv1D layers, each with a bias");
        spec.constant("norms_per_layer", 2, "GPT2Block: ln_1 before attention, ln_2 before the MLP");
        spec.constant("norm_affine", 1, "GPT2Block: nn.LayerNorm, a weight and a bias each");
        vocab();
        spec.constant("embedding_dim", "hidden", "GPT2Model.wte: vocab_size x n_embd");
        embeddingCopies();
        long positions = c.integer("n_positions");
        spec.constant("position_rows", positions, key("n_positions") + " " + positions + ": GPT2Model.wpe has a row for each position");
        spec.constant("projected", 0, "GPT-2 embeds tokens at n_embd: no projection");
        spec.constant("final_norm", 1, "GPT2Model.ln_f, a LayerNorm after the last block");
        spec.constant("max_context", ModuleSpec.grouped(positions) + " token", key("n_positions") + " " + positions);
        spec.causalMaskBuffers = true;
    }

    private void opt() throws ImportError {
        long hidden = c.integer("hidden_size");
        spec.constant("hidden", hidden, key("hidden_size") + " " + hidden);
        long layers = c.integer("num_hidden_layers");
        spec.constant("layers", layers, key("num_hidden_layers") + " " + layers);
        multiHeadAttention("num_attention_heads", hidden, "OPTAttention");
        boolean bias = c.bool("enable_bias", true);
        String biasSource = c.has("enable_bias") ? key("enable_bias") + " " + bias : "config.json sets no enable_bias (true in OPTConfig)";
        spec.constant("qkv_bias", bias ? 1 : 0, biasSource + (bias ? ": q_proj, k_proj and v_proj have biases" : " (no q/k/v bias)"));
        spec.constant("o_bias", bias ? 1 : 0, biasSource + (bias ? ": so does out_proj" : " (no out_proj bias)"));
        long ffn = c.integer("ffn_dim");
        spec.constant("intermediate", ffn, key("ffn_dim") + " " + ffn);
        spec.constant("mlp_bias", bias ? 1 : 0, biasSource + (bias ? ": fc1 and fc2 have biases" : " (no fc1/fc2 bias)"));
        spec.constant("norms_per_layer", 2, "OPTDecoderLayer: self_attn_layer_norm and final_layer_norm");
        boolean affine = c.bool("layer_norm_elementwise_affine", true);
        spec.constant("norm_affine", affine ? 1 : 0, (c.has("layer_norm_elementwise_affine") ? key("layer_norm_elementwise_affine") + " " + affine
                : "config.json sets no layer_norm_elementwise_affine (true in OPTConfig)")
                + (affine ? ": each LayerNorm has a weight and a bias" : ": the LayerNorms have no weights"));
        vocab();
        long dim = c.integer("word_embed_proj_dim", hidden, 1, null);
        String dimSource = c.has("word_embed_proj_dim") ? key("word_embed_proj_dim") + " " + dim
                : "config.json sets no word_embed_proj_dim (hidden_size in OPTConfig)";
        spec.constant("embedding_dim", dim, dimSource + ": OPTDecoder.embed_tokens is vocab_size x word_embed_proj_dim");
        embeddingCopies();
        long max = c.integer("max_position_embeddings");
        spec.constant("position_rows", max + 2, key("max_position_embeddings") + " " + max
                + ", and 2 rows more: OPTLearnedPositionalEmbedding offsets every position by 2");
        spec.constant("projected", dim != hidden ? 1 : 0, dim != hidden
                ? "word_embed_proj_dim " + dim + " is not hidden_size " + hidden + ": OPTDecoder has project_in and project_out"
                : "word_embed_proj_dim is hidden_size: OPTDecoder has no project_in or project_out");
        boolean before = c.bool("do_layer_norm_before", true);
        boolean removed = c.bool("_remove_final_layer_norm", false);
        String beforeSource = c.has("do_layer_norm_before") ? key("do_layer_norm_before") + " " + before
                : "config.json sets no do_layer_norm_before (true in OPTConfig)";
        String finalSource;
        if (!before) {
            finalSource = beforeSource + ": each block normalizes after itself, and OPTDecoder has no final_layer_norm";
        } else if (removed) {
            finalSource = key("_remove_final_layer_norm") + " true: OPTDecoder has no final_layer_norm";
        } else if (!affine) {
            finalSource = beforeSource + ": OPTDecoder.final_layer_norm, without weights (layer_norm_elementwise_affine false)";
        } else {
            finalSource = beforeSource + ": OPTDecoder.final_layer_norm after the last block";
        }
        spec.constant("final_norm", before && !removed && affine ? 1 : 0, finalSource);
        spec.constant("max_context", ModuleSpec.grouped(max) + " token", key("max_position_embeddings") + " " + max);
    }

    /**
     * Multi-head attention: a key and a value head for every query head, of hidden / heads each, as
     * GPT2Attention and OPTAttention split hidden_size (they raise an error where it does not divide).
     */
    private long multiHeadAttention(String headsKey, long hidden, String module) throws ImportError {
        long heads = c.integer(headsKey);
        spec.constant("heads", heads, key(headsKey) + " " + heads);
        if (hidden % heads != 0) {
            throw c.errorAt(headsKey, "the hidden size " + hidden + " is not a multiple of `" + c.name(headsKey) + "` " + heads + ", which "
                    + module + " requires", "the heads split the hidden size in equal parts: here one of " + ArchitectureReader.divisors(hidden));
        }
        spec.constant("kv_heads", "heads", module + " in transformers: multi-head attention, a key and a value head for each query head");
        spec.headDimDerived = true;
        return heads;
    }

    private void vocab() throws ImportError {
        long vocab = c.integer("vocab_size");
        spec.constant("vocab", vocab, key("vocab_size") + " " + vocab);
    }

    private void embeddingCopies() throws ImportError {
        boolean tied = c.bool("tie_word_embeddings", true);
        String head = type.equals("gpt2") ? "GPT2LMHeadModel.lm_head" : "OPTForCausalLM.lm_head";
        String source = c.has("tie_word_embeddings") ? key("tie_word_embeddings") + " " + tied
                : "config.json sets no tie_word_embeddings (true by default)";
        spec.constant("embedding_copies", tied ? 1 : 2, source + (tied ? ": " + head + " is the token embedding, counted once"
                : ": " + head + " is a second vocab x embedding_dim matrix"));
    }
}
