package dev.chain.imports;

import dev.chain.diag.Diagnostic;
import dev.chain.imports.JsonValue.JsonArray;
import dev.chain.imports.JsonValue.JsonBoolean;
import dev.chain.imports.JsonValue.JsonNull;
import dev.chain.imports.JsonValue.JsonNumber;
import dev.chain.imports.JsonValue.JsonObject;
import dev.chain.imports.JsonValue.JsonString;
import dev.chain.imports.JsonValue.Member;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One object of a config.json (the file itself, or its text_config), read key by key with its
 * type checked: a missing key or a value of the wrong type is an {@link ImportError} that points
 * at the place in the file. It remembers the keys read, so that the importer can refuse the ones
 * it does not know.
 */
final class ConfigObject {
    /**
     * More entries than a list of a config holds: its longest lists have one entry per layer (a
     * few hundred). A longer list is refused before it is read, rather than made a record per entry.
     */
    static final int MAX_ELEMENTS = 100_000;
    /** More keys than an object of a config has (a few dozen), refused as {@link #MAX_ELEMENTS} is. */
    static final int MAX_MEMBERS = 10_000;

    private final SourceFile file;
    private final JsonObject object;
    /** The object's members, read once; a key written twice is its last value, as in Python. */
    private final List<Member> members;
    private final Map<String, Member> byKey = new HashMap<>();
    /** How a key of this object is named in messages and sources: "" or "text_config.". */
    private final String prefix;
    private final Set<String> read = new LinkedHashSet<>();

    ConfigObject(SourceFile file, JsonObject object, String prefix) throws ImportError {
        this.file = file;
        this.object = object;
        this.prefix = prefix;
        this.members = object.members(MAX_MEMBERS);
        if (members.size() > MAX_MEMBERS) {
            throw errorAtObject((prefix.isEmpty() ? "the object" : "`" + prefix.substring(0, prefix.length() - 1) + "`") + " has more than "
                    + ModuleSpec.grouped(MAX_MEMBERS) + " keys, which no config has", "a model's config.json has a few dozen keys");
        }
        for (Member m : members) {
            byKey.put(m.key(), m);
        }
    }

    /** The key as a source names it: {@code hidden_size} or {@code text_config.hidden_size}. */
    String name(String key) {
        return prefix + key;
    }

    boolean has(String key) {
        read.add(key);
        Member m = byKey.get(key);
        return m != null && !(m.value() instanceof JsonNull);
    }

    /** The members no reader asked about, in the file's order. */
    List<Member> unread() {
        List<Member> out = new ArrayList<>();
        for (Member m : members) {
            if (!read.contains(m.key())) {
                out.add(m);
            }
        }
        return out;
    }

    /** A required whole number greater than zero. */
    long integer(String key) throws ImportError {
        Member m = required(key);
        return wholeNumber(m, 1, null);
    }

    /** A whole number (zero allowed), or the fallback when the key is absent or null. */
    long integer(String key, long fallback) throws ImportError {
        Member m = present(key);
        return m == null ? fallback : wholeNumber(m, 0, null);
    }

    /**
     * A whole number of at least {@code least}, or the fallback when the key is absent or null;
     * below it, an error with {@code hint} (what to write instead).
     */
    long integer(String key, long fallback, long least, String hint) throws ImportError {
        Member m = present(key);
        return m == null ? fallback : wholeNumber(m, least, hint);
    }

    boolean bool(String key, boolean fallback) throws ImportError {
        Member m = present(key);
        if (m == null) {
            return fallback;
        }
        if (!(m.value() instanceof JsonBoolean b)) {
            throw wrongType(m, "true or false");
        }
        return b.value();
    }

    /** A string, or null when absent. */
    String string(String key) throws ImportError {
        Member m = present(key);
        if (m == null) {
            return null;
        }
        if (!(m.value() instanceof JsonString s)) {
            throw wrongType(m, "a string");
        }
        return s.value();
    }

    /** An array of strings, or null when absent. */
    List<String> strings(String key) throws ImportError {
        Member m = present(key);
        if (m == null) {
            return null;
        }
        if (!(m.value() instanceof JsonArray a)) {
            throw wrongType(m, "an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonValue v : elements(m, a)) {
            if (!(v instanceof JsonString s)) {
                throw error(v.start(), v.end(), "`" + name(key) + "` should hold strings, but holds " + v.kind(), null);
            }
            out.add(s.value());
        }
        return out;
    }

    /** An array of whole numbers, or null when absent. */
    List<Long> integers(String key) throws ImportError {
        Member m = present(key);
        if (m == null) {
            return null;
        }
        if (!(m.value() instanceof JsonArray a)) {
            throw wrongType(m, "an array of whole numbers");
        }
        List<Long> out = new ArrayList<>();
        for (JsonValue v : elements(m, a)) {
            out.add(wholeNumber(new Member(key, m.keyStart(), m.keyEnd(), v), 0, null));
        }
        return out;
    }

    /** A nested object, or null when absent. */
    ConfigObject object(String key, String childPrefix) throws ImportError {
        Member m = present(key);
        if (m == null) {
            return null;
        }
        if (!(m.value() instanceof JsonObject o)) {
            throw wrongType(m, "an object");
        }
        return new ConfigObject(file, o, childPrefix);
    }

    /** An error at the value of a key that was read. */
    ImportError errorAt(String key, String message, String hint) {
        Member m = byKey.get(key);
        return m == null ? errorAtObject(message, hint) : error(m.keyStart(), m.value().end(), message, hint);
    }

    /** An error at one element of the array under {@code key} (which was read, and is an array). */
    ImportError errorAtElement(String key, int index, String message, String hint) {
        Member m = byKey.get(key);
        if (m != null && m.value() instanceof JsonArray a) {
            List<JsonValue> elements = a.elements(index + 1);
            if (index < elements.size()) {
                JsonValue v = elements.get(index);
                return error(v.start(), v.end(), message, hint);
            }
        }
        return errorAt(key, message, hint);
    }

    /** An error at the key itself. */
    ImportError errorAtKey(Member m, String message, String hint) {
        return error(m.keyStart(), m.keyEnd(), message, hint);
    }

    /** An error at the opening brace of this object. */
    ImportError errorAtObject(String message, String hint) {
        return error(object.start(), object.start() + 1, message, hint);
    }

    /** The elements of the array under the member {@code m}, refused past {@link #MAX_ELEMENTS}. */
    private List<JsonValue> elements(Member m, JsonArray a) throws ImportError {
        List<JsonValue> elements = a.elements(MAX_ELEMENTS);
        if (elements.size() > MAX_ELEMENTS) {
            throw error(m.keyStart(), m.keyEnd(), "`" + name(m.key()) + "` has more than " + ModuleSpec.grouped(MAX_ELEMENTS)
                    + " entries, which no config's list has", "the lists chain import reads have one entry per layer");
        }
        return elements;
    }

    private Member present(String key) {
        read.add(key);
        Member m = byKey.get(key);
        return m == null || m.value() instanceof JsonNull ? null : m;
    }

    private Member required(String key) throws ImportError {
        Member m = present(key);
        if (m == null) {
            Member asNull = byKey.get(key);
            if (asNull != null) {
                throw error(asNull.keyStart(), asNull.value().end(), "`" + name(key) + "` is null, but the count needs it", null);
            }
            String where = prefix.isEmpty() ? "config.json" : "its " + prefix.substring(0, prefix.length() - 1);
            throw errorAtObject("missing key `" + name(key) + "`", where + " must set it: the parameter count depends on it");
        }
        return m;
    }

    /** The number of {@code m}, whole, from {@code least} to 2^50; else an error, with {@code hint} (null: the range) if it is below. */
    private long wholeNumber(Member m, long least, String hint) throws ImportError {
        if (!(m.value() instanceof JsonNumber n)) {
            throw wrongType(m, "a whole number");
        }
        BigDecimal value;
        try {
            value = new BigDecimal(n.text());
        } catch (NumberFormatException e) {
            throw wrongType(m, "a whole number");
        }
        // 4096.0 is a whole number; 0.5 is not.
        if (value.signum() != 0 && value.stripTrailingZeros().scale() > 0) {
            throw error(n.start(), n.end(), "`" + name(m.key()) + "` should be a whole number, but is " + n.text(), null);
        }
        boolean below = value.compareTo(BigDecimal.valueOf(least)) < 0;
        if (below || value.compareTo(BigDecimal.valueOf(1L << 50)) > 0) {
            throw error(n.start(), n.end(), "`" + name(m.key()) + "` is " + n.text() + ", which no model has", below && hint != null ? hint
                    : least > 0 ? "it should be a whole number of at least " + least : "it should be a whole number, 0 or more");
        }
        return value.longValueExact();
    }

    private ImportError wrongType(Member m, String expected) {
        return error(m.value().start(), m.value().end(), "`" + name(m.key()) + "` should be " + expected + ", but is " + m.value().kind(),
                null);
    }

    ImportError error(int start, int end, String message, String hint) {
        Diagnostic d = Diagnostic.error(new Span(file, start, Math.max(end, start + 1)), message);
        return new ImportError(hint == null ? d : d.withHint(hint));
    }
}
