package dev.chain.imports;

/**
 * The vision tower of a multimodal checkpoint whose text model chain import counts: Gemma 3's
 * SigLIP encoder and Llama 4's vision model, each with its projector into the text model. Their
 * parameters are not the language model's (`params`), but they are in the checkpoint
 * (`checkpoint_params`, what Hugging Face's safetensors total counts). Another vision_config is
 * left uncounted, and the module says so.
 */
final class VisionTowerReader {
    private VisionTowerReader() {}

    /** Adds the tower's constants to {@code spec} and returns the line that derives vision_params, or null when it is not known. */
    static String read(ConfigObject vision, ModuleSpec spec) throws ImportError {
        String type = vision.string("model_type");
        if ("siglip_vision_model".equals(type)) {
            if (vision.bool("vision_use_head", false)) {
                throw vision.errorAt("vision_use_head", "a SigLIP attention-pooling head is not counted by chain import", null);
            }
            constants(vision, spec, "num_hidden_layers", "hidden_size", "intermediate_size", "image_size", "patch_size");
            return "transformer_ext.siglip_vision_params(vision_num_hidden_layers, vision_hidden_size, vision_intermediate_size,"
                    + " vision_image_size, vision_patch_size, hidden)";
        }
        if ("llama4_vision_model".equals(type)) {
            constants(vision, spec, "num_hidden_layers", "hidden_size", "intermediate_size", "image_size", "patch_size",
                    "projector_input_dim", "projector_output_dim", "vision_output_dim");
            return "transformer_ext.llama4_vision_params(vision_num_hidden_layers, vision_hidden_size, vision_intermediate_size,"
                    + " vision_image_size, vision_patch_size, vision_projector_input_dim, vision_projector_output_dim,"
                    + " vision_vision_output_dim, hidden)";
        }
        return null;
    }

    private static void constants(ConfigObject vision, ModuleSpec spec, String... keys) throws ImportError {
        for (String key : keys) {
            long v = vision.integer(key);
            spec.constant("vision_" + key, v, "config.json: " + vision.name(key) + " " + v);
        }
    }
}
