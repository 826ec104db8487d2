package dev.chain.imports;

import dev.chain.imports.ModuleSpec.Attention;
import dev.chain.imports.ModuleSpec.Checkpoint;
import dev.chain.imports.ModuleSpec.Constant;
import dev.chain.imports.ModuleSpec.Shape;

/**
 * Writes a {@link ModuleSpec} as a model module in the stdlib's own form: a head comment, the
 * constants with their sources, then every count derived with `transformer` and `transformer_ext`
 * under the names every model module has (params, active_params, kv_bytes_per_token or
 * kv_bytes(context), weights_bf16...).
 */
final class ModuleWriter {
    private final StringBuilder out = new StringBuilder();
    private final ModuleSpec spec;

    private ModuleWriter(ModuleSpec spec) {
        this.spec = spec;
    }

    static String write(ModuleSpec spec, String name, String title, String configName, String wrapperNote) {
        return new ModuleWriter(spec).text(name, title, configName, wrapperNote);
    }

    private String text(String name, String title, String configName, String wrapperNote) {
        comment(name + ": imported by `chain import` from " + configName + " (model_type " + spec.modelType + ").");
        comment("Architecture from its config.json; every count derived with `transformer` and `transformer_ext`, none typed.");
        if (wrapperNote != null) {
            comment(wrapperNote);
        }
        for (String note : spec.notes) {
            comment(note);
        }
        line("");
        line("use transformer");
        line("use transformer_ext"); // every decoder this writes is summed by transformer_ext.decoder_params
        line("");
        line("name = " + dev.chain.syntax.Literals.quote(title));
        line("");
        for (Constant c : spec.constants) {
            if (c.source() != null) {
                line("@source(" + dev.chain.syntax.Literals.quote(c.source()) + ")");
            }
            line(c.name() + " = " + c.literal());
        }
        if (spec.headDimDerived) {
            line("# config.json sets no head_dim; transformers then uses hidden_size / num_attention_heads.");
            line("head_dim = hidden / heads");
        }
        line("");
        derivations();
        return out.toString();
    }

    private void derivations() {
        if (spec.shape == Shape.GPT2) {
            gpt2Counts();
        } else {
            llamaCounts();
        }
        checkpoint();
        line("");
        kv();
        line("");
        line("weights_bf16 = transformer.weight_bytes(params, 2 B)");
        if (spec.fp16Checkpoint) {
            // FP16 weighs what BF16 does, but a card on an FP16 checkpoint should be able to say FP16.
            line("# config.json: torch_dtype float16: the checkpoint's own format, 2 B a parameter.");
            line("weights_fp16 = transformer.weight_bytes(params, 2 B)");
        }
        line("weights_fp8 = transformer.weight_bytes(params, 1 B)");
        line("weights_int4 = transformer.weight_bytes(params, 0.5 B)");
    }

    /** GPT-2's and OPT's counts: biases on every projection, LayerNorms with a bias, an MLP of two matrices, learned positions. */
    private void gpt2Counts() {
        line("attention = transformer.attention_params(hidden, heads, kv_heads, head_dim, qkv_bias) + transformer_ext.output_bias_params(hidden,"
                + " o_bias)");
        line("norms = transformer_ext.biased_layer_norm_params(hidden, norms_per_layer, norm_affine)");
        line("dense_mlp = transformer_ext.two_matrix_mlp_params(hidden, intermediate, mlp_bias)");
        line("embeddings = transformer_ext.learned_position_embedding_params(hidden, vocab, embedding_dim, embedding_copies, position_rows,"
                + " projected, final_norm)");
        denseParams();
        activeParams("embedding_dim");
        if (spec.causalMaskBuffers) {
            line("");
            line("# OpenAI's checkpoints also store each layer's causal mask, attn.bias (a position_rows x position_rows");
            line("# buffer, not a parameter), and Hugging Face's safetensors listing counts it: 137,022,720 for gpt2.");
            line("checkpoint_params = params + layers * position_rows * position_rows * 1 param");
        }
    }

    private void llamaCounts() {
        if (spec.attention == Attention.MULTI_HEAD_LATENT) {
            line("head_dim = qk_nope_head_dim + qk_rope_head_dim");
            line("attention = transformer_ext.mla_attention_params(hidden, heads, q_lora, q_lora_rank, kv_lora_rank, qk_nope_head_dim,"
                    + " qk_rope_head_dim, v_head_dim)");
        } else {
            line("attention = transformer.attention_params(hidden, heads, kv_heads, head_dim, qkv_bias) + transformer_ext.output_bias_params(hidden,"
                    + " o_bias) + transformer_ext.qk_norm_params(head_dim, qk_norm) + transformer_ext.attention_sink_params(heads, sinks)");
        }
        line("norms = transformer_ext.layer_norm_params(hidden, norms_per_layer)");
        boolean dense = !spec.experts || spec.denseLayersWithExperts;
        line(dense ? "dense_mlp = transformer.gated_mlp_params(hidden, intermediate)" : "dense_mlp = 0 param");
        line("embeddings = transformer.embedding_params(hidden, vocab, embedding_copies)");
        if (spec.experts) {
            line("moe_layers = transformer_ext.moe_layer_count(layers, first_dense_layers, moe_step)");
            line("moe_block = transformer_ext.moe_block_params(hidden, expert_intermediate, experts, experts, shared_intermediate, shared_gate,"
                    + " router_bias, expert_bias)");
            line("moe_block_active = transformer_ext.moe_block_params(hidden, expert_intermediate, experts_per_token, experts,"
                    + " shared_intermediate, shared_gate, router_bias, expert_bias)");
            line("");
            line("# Every parameter, in memory.");
            line("params = transformer_ext.decoder_params(layers, moe_layers, attention, norms, dense_mlp, moe_block, embeddings)");
            line("# What one token computes with: the routed experts it is sent to, and everything else, with the");
            line("# input embedding's whole matrix, and without it (a token reads one row of it).");
            line("active_params_with_embedding = transformer_ext.decoder_params(layers, moe_layers, attention, norms, dense_mlp,"
                    + " moe_block_active, embeddings)");
        } else {
            denseParams();
        }
        activeParams("hidden");
        if (spec.mtp) {
            line("");
            line("# The multi-token-prediction module, apart from params: a full MoE layer, its norms, and eh_proj (2 x hidden -> hidden).");
            line("mtp_params = mtp_layers * (attention + norms + moe_block + (2 * hidden * hidden + 3 * hidden) * 1 param)");
            line("# The checkpoint stores the MTP module's embed_tokens and shared_head.head again.");
            line("mtp_embedding_copies = mtp_layers * 2 * vocab * hidden * 1 param");
        }
        if (spec.vision != null) {
            line("");
            line("# The vision tower and its projector into the text model; the checkpoint holds both.");
            line("vision_params = " + spec.vision);
            line("checkpoint_params = params + vision_params");
        }
    }

    /** A dense decoder's parameters, each of which every token computes with. */
    private void denseParams() {
        line("");
        line("params = transformer_ext.decoder_params(layers, 0, attention, norms, dense_mlp, 0 param, embeddings)");
        line("# A dense model computes with every parameter for every token; without the input embedding, a");
        line("# token reads one row of it.");
        line("active_params_with_embedding = params");
    }

    /** The active parameters without the input embedding ({@code width} wide), and as the publisher counts them. */
    private void activeParams(String width) {
        line("active_params_without_embedding = active_params_with_embedding - transformer.input_embedding_params(" + width + ", vocab,"
                + " embedding_copies)");
        if (spec.activeWithoutInputEmbedding()) {
            line("# As " + (spec.modelType.equals("gpt_oss") ? "OpenAI" : "DeepSeek") + " counts its active parameters: without the input embedding.");
            line("active_params = active_params_without_embedding");
        } else {
            line("# As the model's publisher counts its active parameters: every one.");
            line("active_params = active_params_with_embedding");
        }
    }

    private void checkpoint() {
        if (spec.checkpoint == Checkpoint.MXFP4_EXPERTS) {
            line("");
            line("# The experts' gate, up and down matrices, stored as MXFP4; everything else is BF16.");
            line("expert_weight_params = moe_layers * experts * transformer.gated_mlp_params(hidden, expert_intermediate)");
            line("checkpoint_bytes = transformer.weight_bytes(expert_weight_params, mxfp4) + transformer.weight_bytes(params -"
                    + " expert_weight_params, 2 B)");
        } else if (spec.checkpoint == Checkpoint.FP8_BLOCKS) {
            String mtp = spec.mtp ? "mtp_layers" : "0";
            line("");
            line("# FP8 block scales of every quantized matrix: attention's projections and the MLPs' gate, up and down.");
            line("attention_scales = " + (spec.has("q_lora") ? "q_lora * (transformer_ext.block_scales(q_lora_rank, hidden, fp8_block)"
                    + " + transformer_ext.block_scales(heads * head_dim, q_lora_rank, fp8_block)) + (1 - q_lora) * transformer_ext.block_scales(heads *"
                    + " head_dim, hidden, fp8_block) + " : "")
                    + "transformer_ext.block_scales(kv_lora_rank + qk_rope_head_dim, hidden, fp8_block) + transformer_ext.block_scales(heads *"
                    + " (qk_nope_head_dim + v_head_dim), kv_lora_rank, fp8_block) + transformer_ext.block_scales(hidden, heads * v_head_dim, fp8_block)");
            line("dense_mlp_scales = 3 * transformer_ext.block_scales(intermediate, hidden, fp8_block)");
            line("moe_block_scales = experts * 3 * transformer_ext.block_scales(expert_intermediate, hidden, fp8_block) + 3 *"
                    + " transformer_ext.block_scales(shared_intermediate, hidden, fp8_block)");
            line("fp8_scales = (layers + " + mtp + ") * attention_scales + (layers - moe_layers) * dense_mlp_scales + (moe_layers + " + mtp
                    + ") * moe_block_scales");
            line("# Every element of the checkpoint, as Hugging Face counts its safetensors.");
            line("checkpoint_params = params + " + (spec.mtp ? "mtp_params + mtp_embedding_copies + " : "") + "fp8_scales * 1 param");
            line("checkpoint_fp8_params = (layers + " + mtp + ") * (attention - (q_lora * q_lora_rank + kv_lora_rank) * 1 param) + (layers -"
                    + " moe_layers) * dense_mlp + (moe_layers + " + mtp + ") * (experts * transformer.gated_mlp_params(hidden,"
                    + " expert_intermediate) + transformer.gated_mlp_params(hidden, shared_intermediate))");
            line("checkpoint_fp32_params = fp8_scales * 1 param + (moe_layers + " + mtp + ") * router_bias * experts * 1 param");
            line("checkpoint_bf16_params = checkpoint_params - checkpoint_fp8_params - checkpoint_fp32_params");
            line("checkpoint_bytes = transformer.weight_bytes(checkpoint_bf16_params, 2 B) + transformer.weight_bytes(checkpoint_fp8_params,"
                    + " 1 B) + transformer.weight_bytes(checkpoint_fp32_params, 4 B)");
        }
    }

    private void kv() {
        if (spec.attention == Attention.MULTI_HEAD_LATENT) {
            line("# MLA caches the latent and the rope key per token and layer.");
            line("kv_bytes_per_token = transformer_ext.mla_kv_bytes_per_token(layers, kv_lora_rank, qk_rope_head_dim, 2 B) -> B/token");
            line("kv_bytes_per_token_fp8 = transformer_ext.mla_kv_bytes_per_token(layers, kv_lora_rank, qk_rope_head_dim, 1 B) -> B/token");
            fullAttentionKvFunctions();
        } else if (spec.windowed) {
            line("# Per token if every layer held the whole context (what an engine that ignores the window allocates per token).");
            line("kv_bytes_per_token_unwindowed = transformer.kv_bytes_per_token(layers, kv_heads, head_dim, 2 B) -> B/token");
            line("");
            line("@source(\"transformer_ext.windowed_kv_bytes: the full layers hold every token, the windowed ones at most the window\")");
            line("fn kv_bytes(context: Tokens): Bytes = transformer_ext.windowed_kv_bytes(full_layers, windowed_layers, window, kv_heads,"
                    + " head_dim, 2 B, context)");
            line("@source(\"as kv_bytes, 1 B per element\")");
            line("fn kv_bytes_fp8(context: Tokens): Bytes = transformer_ext.windowed_kv_bytes(full_layers, windowed_layers, window, kv_heads,"
                    + " head_dim, 1 B, context)");
            line("@source(\"transformer_ext.kv_bytes_unwindowed: every layer holds the whole context\")");
            line("fn kv_bytes_unwindowed(context: Tokens): Bytes = transformer_ext.kv_bytes_unwindowed(layers, kv_heads, head_dim, 2 B, context)");
        } else {
            line("kv_bytes_per_token = transformer.kv_bytes_per_token(layers, kv_heads, head_dim, 2 B) -> B/token");
            line("kv_bytes_per_token_fp8 = transformer.kv_bytes_per_token(layers, kv_heads, head_dim, 1 B) -> B/token");
            fullAttentionKvFunctions();
        }
    }

    private void fullAttentionKvFunctions() {
        line("");
        line("@source(\"every layer holds the whole context: kv_bytes_per_token x context\")");
        line("fn kv_bytes(context: Tokens): Bytes = kv_bytes_per_token * context");
        line("@source(\"kv_bytes_per_token_fp8 x context\")");
        line("fn kv_bytes_fp8(context: Tokens): Bytes = kv_bytes_per_token_fp8 * context");
    }

    /**
     * A comment of the module's head, which holds what the config says (its file's name, a
     * model_type, a quant_method): escaped, so that it stays one comment (see {@link ModuleText}).
     */
    private void comment(String text) {
        line("# " + ModuleText.comment(text));
    }

    private void line(String s) {
        out.append(s).append('\n');
    }
}
