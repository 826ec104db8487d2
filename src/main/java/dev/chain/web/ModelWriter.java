package dev.chain.web;

import dev.chain.eval.CompiledFunction;
import dev.chain.eval.Site;
import dev.chain.units.Dimension;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a {@link PageModel} as JSON, every record as an object of its components by name, so that
 * the model's shape is its records' and nothing else: a record that is one kind of a sealed
 * interface (a {@code Node}, a {@code Piece}, a {@code FigureLayout}) says which with
 * {@code "kind"}; enums travel by name; doubles as JSON numbers that read back exactly.
 * {@link ModelReader} reads it. Three things travel otherwise:
 * <ul>
 * <li>a {@link CompiledFunction} is written once, in {@code "functions"} before the page, and
 *     called by its index there (a function called twice is one function, and a chain of
 *     functions that each call the next twice stays small);</li>
 * <li>a {@link Site} travels as its text, which is all the page says of a place;</li>
 * <li>a {@link Dimension} stays behind: dimensions were proven before anything was compiled.</li>
 * </ul>
 * The text is safe inside an HTML {@code <script type="application/json">} element and in a site
 * generator's template: no {@code <}, {@code >}, {@code &}, brace or character outside ASCII
 * appears unescaped, so it cannot end the element, open a tag or a template's {@code {{ }}}, or
 * change with the page's encoding.
 */
final class ModelWriter {
    private final Map<CompiledFunction, Integer> functionIndex = new IdentityHashMap<>();
    private final List<CompiledFunction> functions = new ArrayList<>();

    private ModelWriter() {}

    static String json(PageModel model) {
        return json(model, "page");
    }

    /**
     * {@code {"functions": [...], key: model}}: a model of records, its user functions written once
     * before it (the page's, and the practice mode's, {@link PracticeText}).
     */
    static String json(Object model, String key) {
        ModelWriter writer = new ModelWriter();
        StringBuilder page = new StringBuilder();
        writer.write(model, page);
        StringBuilder out = new StringBuilder("{\"functions\":[");
        for (int i = 0; i < writer.functions.size(); i++) { // grows while bodies call further functions
            CompiledFunction f = writer.functions.get(i);
            out.append(i > 0 ? "," : "").append("{\"name\":");
            string(f.name(), out);
            out.append(",\"arity\":").append(f.arity()).append(",\"ownerSlots\":");
            writer.write(f.ownerSlots(), out);
            out.append(",\"body\":");
            writer.write(f.body(), out);
            out.append('}');
        }
        return out.append("],\"").append(key).append("\":").append(page).append('}').toString();
    }

    private void write(Object v, StringBuilder out) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof String s) {
            string(s, out);
        } else if (v instanceof Character c) {
            string(String.valueOf(c), out);
        } else if (v instanceof Boolean || v instanceof Integer) {
            out.append(v);
        } else if (v instanceof Double d) {
            number(d, out);
        } else if (v instanceof Enum<?> e) {
            string(e.name(), out);
        } else if (v instanceof Site site) {
            out.append("{\"text\":");
            string(site.text(), out);
            out.append('}');
        } else if (v instanceof CompiledFunction f) {
            out.append(functionIndex.computeIfAbsent(f, k -> {
                functions.add(k);
                return functions.size() - 1;
            }));
        } else if (v instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                out.append(i > 0 ? "," : "");
                write(list.get(i), out);
            }
            out.append(']');
        } else if (v.getClass().isArray()) {
            out.append('[');
            for (int i = 0, n = Array.getLength(v); i < n; i++) {
                out.append(i > 0 ? "," : "");
                write(Array.get(v, i), out);
            }
            out.append(']');
        } else if (v.getClass().isRecord()) {
            record(v, out);
        } else {
            throw new IllegalArgumentException("a page model cannot carry a " + v.getClass().getName());
        }
    }

    private void record(Object v, StringBuilder out) {
        out.append('{');
        boolean first = true;
        if (isKind(v.getClass())) {
            out.append("\"kind\":");
            string(v.getClass().getSimpleName(), out);
            first = false;
        }
        for (RecordComponent c : v.getClass().getRecordComponents()) {
            if (c.getType() == Dimension.class) {
                continue;
            }
            out.append(first ? "" : ",");
            first = false;
            string(c.getName(), out);
            out.append(':');
            try {
                write(c.getAccessor().invoke(v), out);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("cannot read " + c.getName() + " of " + v.getClass().getName(), e);
            }
        }
        out.append('}');
    }

    /** One kind of a sealed interface: the reader must be told which. */
    private static boolean isKind(Class<?> type) {
        for (Class<?> i : type.getInterfaces()) {
            if (i.isSealed()) {
                return true;
            }
        }
        return false;
    }

    /** A double exactly: Java's shortest digits read back as the same double, in JSON.parse too. */
    private static void number(double d, StringBuilder out) {
        if (Double.isFinite(d)) {
            out.append(d);
        } else {
            string(Double.isNaN(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity", out); // JSON has no such numbers
        }
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int j = 0; j < s.length(); j++) {
            char c = s.charAt(j);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e || c == '<' || c == '>' || c == '&' || c == '{' || c == '}') {
                String h = Integer.toHexString(c);
                out.append("\\u").append("0000", h.length(), 4).append(h);
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
