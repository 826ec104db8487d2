package dev.chain.imports;

import dev.chain.diag.Diagnostic;
import dev.chain.imports.JsonValue.JsonObject;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.Map;

/**
 * chain import: a Hugging Face config.json in, a model module's text out, and a
 * model.safetensors.index.json's total_size for comparing. Pure: the caller reads the files and
 * writes the module.
 */
public final class ConfigImport {
    /** The text model's model_type for the multimodal wrappers that do not name it in their text_config. */
    private static final Map<String, String> TEXT_MODEL = Map.of("llama4", "llama4_text", "gemma3", "gemma3_text");

    private ConfigImport() {}

    /**
     * A module imported from a config.json: its text, and what to compare a checkpoint's size with:
     * the binding {@code bytesName} (the checkpoint's own format), or {@code params} times
     * {@code bytesPerParam} (its torch_dtype).
     */
    public record Imported(String text, String bytesName, double bytesPerParam, String bytesWhat) {}

    /** The module named {@code moduleName} (as `use` reads it) whose `name` string, what a card shows, is {@code title}. */
    public static Imported module(SourceFile config, String moduleName, String title) throws ImportError {
        ConfigObject root = new ConfigObject(config, object(config), "");
        String rootType = root.string("model_type");
        if (rootType == null) {
            throw root.errorAtObject("missing key `model_type`", "chain import reads Hugging Face config.json files, which name their"
                    + " architecture in model_type");
        }
        ConfigObject text = root;
        String type = rootType;
        String wrapperNote = null;
        ConfigObject nested = root.object("text_config", "text_config.");
        if (nested != null) {
            String nestedType = nested.string("model_type");
            type = nestedType != null ? nestedType : TEXT_MODEL.get(rootType);
            if (type == null) {
                throw root.errorAt("text_config", "text_config names no model_type, and chain import does not know the text model of `"
                        + rootType + "`", null);
            }
            text = nested;
            wrapperNote = "The checkpoint is multimodal (model_type " + rootType + "): this is its text model, from text_config;"
                    + " the vision tower is not counted.";
        }
        boolean gpt2Shape = Gpt2ShapeReader.MODEL_TYPES.contains(type);
        if (!gpt2Shape && !ArchitectureReader.MODEL_TYPES.contains(type)) {
            ConfigObject where = nested != null && nested.has("model_type") ? nested : root;
            throw where.errorAt("model_type", "model_type `" + type + "` is not one chain import knows",
                    "it knows " + String.join(", ", ArchitectureReader.MODEL_TYPES) + ", " + String.join(", ", Gpt2ShapeReader.MODEL_TYPES)
                            + "; a new architecture needs its formulas in transformer first");
        }
        ModuleSpec spec = gpt2Shape ? Gpt2ShapeReader.read(text, type) : ArchitectureReader.read(text, type);
        ConfigObject vision = nested == null ? null : root.object("vision_config", "vision_config.");
        if (vision != null) {
            spec.vision = VisionTowerReader.read(vision, spec);
            wrapperNote = "The checkpoint is multimodal (model_type " + rootType + "): params is its text model, from text_config; "
                    + (spec.vision != null ? "the vision tower is vision_params, and checkpoint_params counts both."
                            : "its vision tower (" + vision.string("model_type") + ") is not counted.");
        }
        String dtype = root.string("torch_dtype");
        if (dtype == null) {
            dtype = root.string("dtype");
        }
        spec.fp16Checkpoint = spec.checkpoint == ModuleSpec.Checkpoint.ONE_DTYPE && "float16".equals(dtype);
        String written = ModuleWriter.write(spec, moduleName, title, config.name(), wrapperNote);
        if (spec.checkpoint != ModuleSpec.Checkpoint.ONE_DTYPE) {
            return new Imported(written, "checkpoint_bytes", 0, "checkpoint_bytes, its own mix of formats");
        }
        double element = "float32".equals(dtype) ? 4 : 2;
        // A multimodal checkpoint holds its vision tower too, where chain import counted it.
        String counted = spec.vision != null ? "checkpoint_params" : "params";
        return new Imported(written, counted, element, counted + " x " + (int) element + " B, torch_dtype "
                + (dtype == null ? "not set" : dtype));
    }

    /** metadata.total_size of a model.safetensors.index.json: the bytes of every tensor of the checkpoint. */
    public static long indexTotalSize(SourceFile index) throws ImportError {
        ConfigObject root = new ConfigObject(index, object(index), "");
        ConfigObject metadata = root.object("metadata", "metadata.");
        if (metadata == null) {
            throw root.errorAtObject("missing key `metadata`", "a model.safetensors.index.json has metadata.total_size");
        }
        return metadata.integer("total_size");
    }

    private static JsonObject object(SourceFile file) throws ImportError {
        JsonValue value;
        try {
            value = JsonReader.read(file.text());
        } catch (JsonReader.SyntaxError e) {
            Diagnostic d = Diagnostic.error(new Span(file, e.offset, Math.max(e.end, e.offset + 1)), e.getMessage());
            throw new ImportError(e.hint == null ? d : d.withHint(e.hint));
        }
        if (!(value instanceof JsonObject o)) {
            throw new ImportError(Diagnostic.error(new Span(file, value.start(), Math.max(value.end(), value.start() + 1)),
                    "expected a JSON object, but the file holds " + value.kind()));
        }
        return o;
    }
}
