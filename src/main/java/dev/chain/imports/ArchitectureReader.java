package dev.chain.imports;

import dev.chain.imports.JsonValue.Member;
import java.util.List;
import java.util.Set;

/**
 * Reads the architecture of one of the families chain knows from a config.json into a
 * {@link ModuleSpec}. Each value's source names the key it came from, or the transformers
 * default that stands in when the config sets none. Any key of the text model it does not know is
 * an error: a new key may be a new architecture, whose count no formula here would get right.
 */
final class ArchitectureReader {
    static final List<String> MODEL_TYPES = List.of("llama", "mistral", "mixtral", "qwen2", "qwen2_moe", "qwen3", "qwen3_moe",
            "gemma2", "gemma3_text", "phi3", "gpt_oss", "llama4_text", "deepseek_v2", "deepseek_v3");

    /** Keys that do not change a count or a KV size (training, numerics, tokens, rope): read by no formula. */
    static final Set<String> HARMLESS = Set.of("architectures", "model_type", "torch_dtype", "dtype", "transformers_version",
            "bos_token_id", "eos_token_id", "pad_token_id", "use_cache", "initializer_range", "rms_norm_eps", "layer_norm_eps",
            "rope_theta", "rope_scaling", "rope_parameters", "rope_interleave", "attention_dropout", "hidden_act", "hidden_activation",
            "pretraining_tp", "_name_or_path", "auto_map", "output_router_logits", "router_aux_loss_coef", "router_z_loss_coef",
            "router_jitter_noise", "aux_loss_alpha", "seq_aux", "norm_topk_prob", "routed_scaling_factor", "scoring_func", "n_group",
            "topk_group", "ep_size", "embd_pdrop", "resid_pdrop", "original_max_position_embeddings", "partial_rotary_factor",
            "query_pre_attn_scalar", "attn_logit_softcapping", "final_logit_softcapping", "rope_local_base_freq",
            "cache_implementation", "swiglu_limit", "initial_context_length", "use_mrope", "max_window_layers",
            "attn_temperature_tuning", "floor_scale", "attn_scale", "_attn_implementation_autoset", "output_attentions",
            "output_hidden_states", "return_dict", "use_return_dict", "quantization_config", "tie_word_embeddings",
            // Every model's (transformers' PretrainedConfig): the labels and task of a fine-tune's head, the
            // tokenizer, and generation's defaults, which configs saved by older transformers carry
            // (distilgpt2's id2label, label2id, _num_labels and task_specific_params).
            "id2label", "label2id", "_num_labels", "num_labels", "problem_type", "finetuning_task", "task_specific_params",
            "tokenizer_class", "prefix", "sep_token_id", "decoder_start_token_id", "torchscript", "use_bfloat16", "tf_legacy_loss",
            "chunk_size_feed_forward", "max_length", "min_length", "do_sample", "early_stopping", "num_beams", "num_beam_groups",
            "diversity_penalty", "temperature", "top_k", "top_p", "typical_p", "repetition_penalty", "length_penalty",
            "no_repeat_ngram_size", "encoder_no_repeat_ngram_size", "bad_words_ids", "num_return_sequences", "output_scores",
            "return_dict_in_generate", "forced_bos_token_id", "forced_eos_token_id", "remove_invalid_values",
            "exponential_decay_length_penalty", "suppress_tokens", "begin_suppress_tokens");

    private final ConfigObject c;
    private final String type;
    private final ModuleSpec spec;

    private ArchitectureReader(ConfigObject text, String modelType) {
        this.c = text;
        this.type = modelType;
        this.spec = new ModuleSpec(modelType);
    }

    /** The architecture of the text model {@code text}, whose model_type is {@code modelType} (checked by the caller). */
    static ModuleSpec read(ConfigObject text, String modelType) throws ImportError {
        ArchitectureReader r = new ArchitectureReader(text, modelType);
        r.read();
        refuseUnknownKeys(text, modelType, HARMLESS);
        return r.spec;
    }

    private String key(String k) {
        return "config.json: " + c.name(k);
    }

    private void read() throws ImportError {
        c.string("model_type");
        long hidden = c.integer("hidden_size");
        spec.constant("hidden", hidden, key("hidden_size") + " " + hidden);
        long layers = c.integer("num_hidden_layers");
        spec.constant("layers", layers, key("num_hidden_layers") + " " + layers);
        long heads = c.integer("num_attention_heads");
        spec.constant("heads", heads, key("num_attention_heads") + " " + heads);
        if (type.startsWith("deepseek")) {
            latentAttention(heads);
        } else {
            groupedQueryAttention(hidden, heads);
        }
        mlp(layers);
        embeddings();
        windows(layers);
        checkpoint(layers);
        if (type.startsWith("deepseek")) {
            long mtp = c.integer("num_nextn_predict_layers", 0);
            if (mtp > 0) {
                spec.mtp = true;
                spec.constant("mtp_layers", mtp, key("num_nextn_predict_layers") + " " + mtp
                        + ": the multi-token-prediction module, counted apart from params");
            }
        }
    }

    private void groupedQueryAttention(long hidden, long heads) throws ImportError {
        long kvHeads = kvHeads(heads);
        spec.constant("kv_heads", kvHeads, c.has("num_key_value_heads")
                ? key("num_key_value_heads") + " " + kvHeads
                : "config.json sets no num_key_value_heads: every head has its own keys and values (" + heads + ")");
        if (c.has("head_dim")) {
            long headDim = c.integer("head_dim");
            spec.constant("head_dim", headDim, key("head_dim") + " " + headDim + " (set explicitly)");
        } else if (type.equals("gemma2") || type.equals("gemma3_text")) {
            spec.constant("head_dim", 256, "config.json sets no head_dim: Gemma's default 256");
        } else {
            if (hidden % heads != 0) {
                throw c.errorAt("num_attention_heads", "hidden_size " + hidden + " is not a multiple of num_attention_heads " + heads
                        + ", and no head_dim is set", "set head_dim in config.json");
            }
            spec.headDimDerived = true;
        }
        long qkvBias;
        long oBias;
        switch (type) {
            case "qwen2", "qwen2_moe" -> {
                qkvBias = 1;
                oBias = 0;
                spec.constant("qkv_bias", 1, "Qwen2Attention in transformers: q_proj, k_proj and v_proj have bias=True, o_proj none");
                spec.constant("o_bias", 0, "Qwen2Attention in transformers: o_proj has no bias");
            }
            case "mistral", "mixtral", "phi3" -> {
                qkvBias = 0;
                oBias = 0;
                String module = type.equals("phi3") ? "Phi3Attention: qkv_proj and o_proj" : capitalized(type) + "Attention: q/k/v/o projections";
                spec.constant("qkv_bias", 0, module + " without bias (the config has no attention_bias key)");
                spec.constant("o_bias", 0, module + " without bias");
            }
            default -> {
                boolean defaultBias = type.equals("gpt_oss");
                boolean bias = c.bool("attention_bias", defaultBias);
                qkvBias = bias ? 1 : 0;
                oBias = qkvBias;
                String source = c.has("attention_bias") ? key("attention_bias") + " " + bias
                        : "config.json sets no attention_bias: " + defaultBias + " by default";
                spec.constant("qkv_bias", qkvBias, source + (bias ? ": q, k and v projections have biases" : " (no q/k/v bias)"));
                spec.constant("o_bias", oBias, source + (bias ? ": so does o_proj" : " (no o_proj bias)"));
            }
        }
        if (type.equals("llama") && c.bool("mlp_bias", false)) {
            throw c.errorAt("mlp_bias", "`" + c.name("mlp_bias") + "` true (biases on the MLP) is not counted by chain import",
                    "transformer has no formula for MLP biases on a dense model yet");
        }
        boolean qkNorm = type.equals("qwen3") || type.equals("qwen3_moe") || type.equals("gemma3_text");
        if (type.equals("llama4_text")) {
            boolean l2 = c.bool("use_qk_norm", false);
            spec.constant("qk_norm", 0, (c.has("use_qk_norm") ? key("use_qk_norm") + " " + l2 : "config.json sets no use_qk_norm")
                    + ": Llama 4's qk-norm is an L2 norm without weights");
        } else {
            spec.constant("qk_norm", qkNorm ? 1 : 0, qkNorm ? "q_norm and k_norm, RMSNorms of head_dim, in every " + type + " attention layer"
                    : "no q/k norm in " + type + " attention");
        }
        boolean sinks = type.equals("gpt_oss");
        spec.constant("sinks", sinks ? 1 : 0, sinks ? "GptOssAttention: sinks, one learned logit per head" : "no attention sinks in " + type);
    }

    /**
     * num_key_value_heads, which transformers splits the query heads among in equal groups: at
     * least one, and a divisor of num_attention_heads. A 0 gave a module whose KV cache was
     * 0 B/token, and 32 heads in 3 groups counted projections no checkpoint has.
     */
    private long kvHeads(long heads) throws ImportError {
        String key = c.name("num_key_value_heads");
        String toWrite = "set it to the number of key-value heads (" + heads + ", one per query head, without grouped-query attention),"
                + " or leave it out";
        // A 0 has its own message below; a count below it gets the same hint, not the range (which said "0 or more").
        long kvHeads = c.integer("num_key_value_heads", heads, 0, toWrite);
        if (kvHeads == 0) {
            throw c.errorAt("num_key_value_heads", "`" + key + "` is 0, but every attention layer has at least one key and value head", toWrite);
        }
        if (heads % kvHeads != 0) {
            throw c.errorAt("num_key_value_heads", "`" + c.name("num_attention_heads") + "` " + heads + " is not a multiple of `" + key
                    + "` " + kvHeads + ", so the query heads cannot share the key-value heads in equal groups",
                    "num_key_value_heads divides num_attention_heads: here one of " + divisors(heads));
        }
        return kvHeads;
    }

    /** "1, 2, 4, 8, 16 or 32": the divisors of {@code n}, as a hint lists them (the first 24, for a number that has more). */
    static String divisors(long n) {
        java.util.TreeSet<Long> found = new java.util.TreeSet<>();
        for (long d = 1; d * d <= n; d++) {
            if (n % d == 0) {
                found.add(d);
                found.add(n / d);
            }
        }
        List<String> out = found.stream().limit(24).map(String::valueOf).toList();
        if (found.size() > out.size()) {
            return String.join(", ", out) + ", ...";
        }
        return out.size() == 1 ? out.get(0) : String.join(", ", out.subList(0, out.size() - 1)) + " or " + out.get(out.size() - 1);
    }

    private void latentAttention(long heads) throws ImportError {
        spec.attention = ModuleSpec.Attention.MULTI_HEAD_LATENT;
        long kvHeads = kvHeads(heads);
        spec.constant("kv_heads", kvHeads, key("num_key_value_heads") + " " + kvHeads
                + "; MLA caches no per-head keys and values, so this does not size the KV cache");
        if (c.bool("attention_bias", false)) {
            throw c.errorAt("attention_bias", "attention biases in multi-head latent attention are not counted by chain import", null);
        }
        if (c.has("q_lora_rank")) {
            long rank = c.integer("q_lora_rank");
            spec.constant("q_lora", 1, key("q_lora_rank") + " " + rank + " (set, so queries go through the low-rank bottleneck)");
            spec.constant("q_lora_rank", rank, key("q_lora_rank") + " " + rank);
        } else {
            spec.constant("q_lora", 0, "config.json: q_lora_rank null: queries have one full projection");
            spec.constant("q_lora_rank", 0, "config.json: q_lora_rank null");
        }
        for (String k : List.of("kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim")) {
            long v = c.integer(k);
            spec.constant(k, v, key(k) + " " + v);
        }
    }

    private void mlp(long layers) throws ImportError {
        switch (type) {
            case "mixtral" -> {
                experts("num_local_experts", "num_experts_per_tok", "intermediate_size");
                spec.constant("shared_intermediate", 0, "Mixtral has no shared expert");
                moeFlags(0, 0, 0);
                spec.constant("first_dense_layers", 0, "every Mixtral layer is MoE");
                spec.constant("moe_step", 1, "every Mixtral layer is MoE");
            }
            case "qwen2_moe", "qwen3_moe" -> {
                experts("num_experts", "num_experts_per_tok", "moe_intermediate_size");
                if (type.equals("qwen2_moe")) {
                    long shared = c.integer("shared_expert_intermediate_size", 0);
                    spec.constant("shared_intermediate", shared, key("shared_expert_intermediate_size") + " " + shared);
                    moeFlags(shared > 0 ? 1 : 0, 0, 0);
                } else {
                    spec.constant("shared_intermediate", 0, "Qwen3 MoE has no shared expert");
                    moeFlags(0, 0, 0);
                }
                List<Long> mlpOnly = c.integers("mlp_only_layers");
                if (mlpOnly != null && !mlpOnly.isEmpty()) {
                    throw c.errorAt("mlp_only_layers", "`" + c.name("mlp_only_layers") + "` lists dense layers among the MoE ones, which chain"
                            + " import does not count", "transformer_ext.moe_layer_count knows only a first-dense count and a step");
                }
                long step = c.integer("decoder_sparse_step", 1);
                spec.constant("first_dense_layers", 0, "config.json: mlp_only_layers " + (mlpOnly == null ? "not set" : "[]"));
                spec.constant("moe_step", step, (c.has("decoder_sparse_step") ? key("decoder_sparse_step") + " " + step
                        : "config.json sets no decoder_sparse_step: 1") + (step == 1 ? ": every layer is MoE" : ""));
                denseWidth("intermediate_size", step > 1);
            }
            case "gpt_oss" -> {
                String perToken = c.has("num_experts_per_tok") ? "num_experts_per_tok" : "experts_per_token";
                c.has("experts_per_token");
                experts("num_local_experts", perToken, "intermediate_size");
                spec.constant("shared_intermediate", 0, "gpt-oss has no shared expert");
                moeFlags(0, 1, 1);
                spec.constant("first_dense_layers", 0, "every gpt-oss layer is MoE");
                spec.constant("moe_step", 1, "every gpt-oss layer is MoE");
            }
            case "llama4_text" -> {
                experts("num_local_experts", "num_experts_per_tok", "intermediate_size");
                long shared = c.integer("intermediate_size");
                spec.constant("shared_intermediate", shared, key("intermediate_size") + " " + shared
                        + ": Llama4TextMoe's shared expert, in every MoE layer");
                moeFlags(0, 0, 0);
                long step = c.integer("interleave_moe_layer_step", 1);
                List<Long> moeLayers = c.integers("moe_layers");
                if (moeLayers != null) {
                    for (int i = 0; i < moeLayers.size(); i++) {
                        if (moeLayers.get(i) != step - 1 + i * step || moeLayers.size() != layers / step) {
                            throw c.errorAt("moe_layers", "`" + c.name("moe_layers") + "` is not every " + ordinal(step) + " layer, which chain import"
                                    + " does not count", "transformer_ext.moe_layer_count knows only a first-dense count and a step");
                        }
                    }
                }
                spec.constant("first_dense_layers", 0, "Llama 4 has no dense layers before the MoE ones");
                spec.constant("moe_step", step, key("interleave_moe_layer_step") + " " + step
                        + (step == 1 ? ": every layer is MoE" : ": every " + ordinal(step) + " layer is MoE, the others dense"));
                denseWidth("intermediate_size_mlp", step > 1);
            }
            case "deepseek_v2", "deepseek_v3" -> {
                experts("n_routed_experts", "num_experts_per_tok", "moe_intermediate_size");
                long shared = c.integer("n_shared_experts", 0);
                spec.constant("shared_experts", shared, key("n_shared_experts") + " " + shared
                        + ": every token also passes through these experts of moe_intermediate_size");
                spec.constant("shared_intermediate", "shared_experts * expert_intermediate", null);
                String topk = c.string("topk_method");
                long routerBias = "noaux_tc".equals(topk) ? 1 : 0;
                moeFlags(0, routerBias, 0);
                long firstDense = c.integer("first_k_dense_replace", 0);
                spec.constant("first_dense_layers", firstDense, key("first_k_dense_replace") + " " + firstDense);
                long freq = c.integer("moe_layer_freq", 1);
                if (freq != 1) {
                    throw c.errorAt("moe_layer_freq", "`" + c.name("moe_layer_freq") + "` " + freq + " (MoE in every " + ordinal(freq)
                            + " layer) is not counted by chain import", "transformer_ext.moe_layer_count counts the last layer of each step");
                }
                spec.constant("moe_step", 1, key("moe_layer_freq") + " 1: every layer after the dense ones is MoE");
                denseWidth("intermediate_size", firstDense > 0);
            }
            default -> {
                long inter = c.integer("intermediate_size");
                spec.constant("intermediate", inter, key("intermediate_size") + " " + inter);
            }
        }
    }

    private void experts(String countKey, String perTokenKey, String widthKey) throws ImportError {
        spec.experts = true;
        long width = c.integer(widthKey);
        spec.constant("expert_intermediate", width, key(widthKey) + " " + width + " (each expert's MLP)");
        long experts = c.integer(countKey);
        spec.constant("experts", experts, key(countKey) + " " + experts);
        long perToken = c.integer(perTokenKey);
        if (perToken > experts) {
            throw c.errorAt(perTokenKey, "`" + c.name(perTokenKey) + "` " + perToken + " is more than the " + experts + " experts", null);
        }
        spec.constant("experts_per_token", perToken, key(perTokenKey) + " " + perToken);
    }

    private void moeFlags(long sharedGate, long routerBias, long expertBias) {
        spec.constant("shared_gate", sharedGate, sharedGate == 1 ? "Qwen2MoeSparseMoeBlock: shared_expert_gate, a sigmoid gate of hidden weights"
                : "no gate on a shared expert");
        spec.constant("router_bias", routerBias, routerBias == 1
                ? (type.equals("gpt_oss") ? "GptOssTopKRouter: a bias per expert" : key("topk_method") + " noaux_tc: each router has an e_score_correction_bias per expert")
                : "the router has no bias");
        spec.constant("expert_bias", expertBias, expertBias == 1 ? "GptOssExperts: gate_up_proj_bias and down_proj_bias" : "the experts have no biases");
    }

    /** The dense MLP's width, needed only where some layers are dense. */
    private void denseWidth(String widthKey, boolean dense) throws ImportError {
        if (dense) {
            spec.denseLayersWithExperts = true;
            long inter = c.integer(widthKey);
            spec.constant("intermediate", inter, key(widthKey) + " " + inter + " (the MLP of the dense layers)");
        } else {
            c.has(widthKey); // read, and unused: no layer is dense
        }
    }

    private void embeddings() throws ImportError {
        long vocab;
        if (type.equals("gemma3_text") && !c.has("vocab_size")) {
            vocab = 262_208;
            spec.constant("vocab", vocab, "config.json sets no vocab_size: Gemma3TextConfig's default 262208");
        } else {
            vocab = c.integer("vocab_size");
            spec.constant("vocab", vocab, key("vocab_size") + " " + vocab);
        }
        boolean tiedByDefault = type.startsWith("gemma");
        boolean tied = c.bool("tie_word_embeddings", tiedByDefault);
        String source = c.has("tie_word_embeddings") ? key("tie_word_embeddings") + " " + tied
                : "config.json sets no tie_word_embeddings: " + tiedByDefault + " by default for " + type;
        spec.constant("embedding_copies", tied ? 1 : 2, source + (tied ? ": the LM head is the embedding matrix, counted once"
                : ": the LM head is a second vocab x hidden matrix"));
        long norms = type.startsWith("gemma") ? 4 : 2;
        spec.constant("norms_per_layer", norms, norms == 4 ? "Gemma: input, post-attention, pre- and post-feedforward RMSNorms in every layer"
                : "input_layernorm and post_attention_layernorm in every layer");
        if (type.equals("gemma3_text") && !c.has("max_position_embeddings")) {
            spec.constant("max_context", "131,072 token", "config.json sets no max_position_embeddings: Gemma3TextConfig's default 131072");
        } else {
            long max = c.integer("max_position_embeddings");
            spec.constant("max_context", ModuleSpec.grouped(max) + " token", key("max_position_embeddings") + " " + max);
        }
    }

    private void windows(long layers) throws ImportError {
        long full;
        long windowed;
        long window;
        String windowSource;
        String countSource;
        switch (type) {
            case "qwen2", "qwen2_moe", "qwen3", "qwen3_moe" -> {
                if (c.bool("use_sliding_window", false)) {
                    throw c.errorAt("use_sliding_window", "`" + c.name("use_sliding_window") + "` true is not counted by chain import",
                            "its window applies from max_window_layers on; no shipped Qwen model turns it on");
                }
                c.has("sliding_window");
                allFull(c.strings("layer_types"));
                return;
            }
            case "mistral", "mixtral", "phi3" -> {
                if (!c.has("sliding_window")) {
                    return;
                }
                window = c.integer("sliding_window");
                full = 0;
                windowed = layers;
                windowSource = key("sliding_window") + " " + window;
                countSource = "config.json: sliding_window set, so every layer attends to the window";
            }
            case "gemma2", "gemma3_text", "gpt_oss" -> {
                List<String> types = c.strings("layer_types");
                window = type.equals("gpt_oss") ? c.integer("sliding_window") : c.integer("sliding_window", 4096);
                windowSource = c.has("sliding_window") ? key("sliding_window") + " " + window : "config.json sets no sliding_window: 4096 by default";
                if (types != null) {
                    windowed = count(types, "sliding_attention", layers);
                    countSource = key("layer_types") + ": " + windowed + " sliding_attention layers";
                } else if (type.equals("gemma2")) {
                    windowed = (layers + 1) / 2;
                    countSource = "Gemma2DecoderLayer: every other layer, from the first, is sliding";
                } else if (type.equals("gemma3_text")) {
                    long pattern = c.integer("sliding_window_pattern", 6);
                    windowed = layers - layers / pattern;
                    countSource = (c.has("sliding_window_pattern") ? key("sliding_window_pattern") + " " + pattern
                            : "config.json sets no sliding_window_pattern: Gemma3TextConfig's 6") + ": every " + ordinal(pattern) + " layer is global";
                } else {
                    throw c.errorAtObject("missing key `" + c.name("layer_types") + "`", "gpt-oss configs say which layers are sliding");
                }
                full = layers - windowed;
            }
            case "llama4_text" -> {
                window = c.integer("attention_chunk_size");
                windowSource = key("attention_chunk_size") + " " + window;
                List<String> types = c.strings("layer_types");
                List<Long> noRope = c.integers("no_rope_layers");
                long interval = c.integer("no_rope_layer_interval", 4);
                if (types != null) {
                    windowed = count(types, "chunked_attention", layers);
                    countSource = key("layer_types") + ": " + windowed + " chunked_attention layers";
                } else if (noRope != null && !noRope.isEmpty()) {
                    windowed = noRope.stream().filter(v -> v != 0).count();
                    countSource = key("no_rope_layers") + ": " + windowed + " rope layers, which use chunked attention";
                } else {
                    windowed = layers - layers / interval;
                    countSource = "no_rope_layer_interval " + interval + ": every " + ordinal(interval) + " layer is global, the rest chunked";
                }
                full = layers - windowed;
            }
            default -> {
                c.has("sliding_window");
                return;
            }
        }
        spec.windowed = true;
        spec.constant("full_layers", full, countSource + "; the other " + full + " attend to the whole context");
        spec.constant("windowed_layers", windowed, countSource);
        spec.constant("window", ModuleSpec.grouped(window) + " token", windowSource);
    }

    private long count(List<String> types, String windowedKind, long layers) throws ImportError {
        if (types.size() != layers) {
            throw c.errorAt("layer_types", "`" + c.name("layer_types") + "` has " + types.size() + " entries for " + layers + " layers", null);
        }
        long n = 0;
        for (int i = 0; i < types.size(); i++) {
            String t = types.get(i);
            if (t.equals(windowedKind)) {
                n++;
            } else if (!t.equals("full_attention")) {
                throw c.errorAtElement("layer_types", i, "layer " + i + " of `" + c.name("layer_types") + "` is `" + t
                        + "`, a kind of attention chain import does not know for model_type `" + type + "`",
                        "it knows full_attention and " + windowedKind);
            }
        }
        return n;
    }

    private void allFull(List<String> types) throws ImportError {
        if (types != null) {
            for (int i = 0; i < types.size(); i++) {
                if (!types.get(i).equals("full_attention")) {
                    throw c.errorAtElement("layer_types", i, "layer " + i + " of `" + c.name("layer_types") + "` is `" + types.get(i)
                            + "`, which chain import does not count for model_type `" + type + "`", "it knows only full_attention here");
                }
            }
        }
    }

    private void checkpoint(long layers) throws ImportError {
        ConfigObject q = c.object("quantization_config", c.name("quantization_config") + ".");
        if (q == null) {
            return;
        }
        String method = q.string("quant_method");
        if ("mxfp4".equals(method) && type.equals("gpt_oss")) {
            spec.checkpoint = ModuleSpec.Checkpoint.MXFP4_EXPERTS;
            spec.constant("mxfp4", "4.25 bit", key("quantization_config") + " quant_method mxfp4: the experts' matrices are MXFP4,"
                    + " 4 bits an element plus an 8-bit scale per 32");
        } else if ("fp8".equals(method) && type.startsWith("deepseek")) {
            List<Long> block = q.integers("weight_block_size");
            if (block == null || block.size() != 2 || !block.get(0).equals(block.get(1))) {
                throw q.errorAtObject("an FP8 checkpoint without square weight_block_size blocks is not counted by chain import", null);
            }
            spec.checkpoint = ModuleSpec.Checkpoint.FP8_BLOCKS;
            spec.constant("fp8_block", block.get(0), key("quantization_config") + " weight_block_size [" + block.get(0) + ", "
                    + block.get(1) + "]: one FP32 scale per block of each FP8 matrix");
        } else {
            spec.notes.add("Its checkpoint is quantized (quant_method " + method + "): the counts are the model's, and its bytes on disk"
                    + " are not weights_bf16.");
        }
    }

    /**
     * An error at the first key of {@code c} that no reader asked about and that is not among
     * {@code harmless}: it may be a new architecture, whose count no formula here would get right.
     */
    static void refuseUnknownKeys(ConfigObject c, String type, Set<String> harmless) throws ImportError {
        for (Member m : c.unread()) {
            if (!harmless.contains(m.key())) {
                throw c.errorAtKey(m, "`" + c.name(m.key()) + "` is not a key chain import knows for model_type `" + type + "`",
                        "it may change the parameter count (a new architecture), so the import stops rather than count without it");
            }
        }
    }

    /** 2nd, 3rd, 4th, 21st: as a source reads. */
    static String ordinal(long n) {
        long tens = n % 100;
        String suffix = tens >= 11 && tens <= 13 ? "th" : switch ((int) (n % 10)) {
            case 1 -> "st";
            case 2 -> "nd";
            case 3 -> "rd";
            default -> "th";
        };
        return n + suffix;
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
