package dev.chain.imports;

import java.util.List;

/**
 * A JSON value read by {@link JsonReader}, with the offsets of its text in the file, so that a
 * config.json key or value can be pointed at in a diagnostic.
 */
public sealed interface JsonValue {
    /** Offset of the value's first character. */
    int start();

    /** Offset just past the value's last character. */
    int end();

    /** What the value is, as a diagnostic names it ("a number", "an object"). */
    String kind();

    /** A key of an object, where it is written, and its value. */
    record Member(String key, int keyStart, int keyEnd, JsonValue value) {}

    /**
     * An object, as its span of the text: {@link #members} reads it, one level, each time it is
     * asked (so that a value no reader asks for is never more than its span).
     */
    record JsonObject(String text, int start, int end) implements JsonValue {
        /** The first {@code limit} members, and the next one if there is one (so that a reader can tell there are more). */
        public List<Member> members(int limit) {
            return JsonReader.members(this, limit);
        }

        @Override
        public String kind() {
            return "an object";
        }
    }

    /** An array, as its span of the text: {@link #elements} reads it, one level, each time it is asked. */
    record JsonArray(String text, int start, int end) implements JsonValue {
        /** The first {@code limit} elements, and the next one if there is one (so that a reader can tell there are more). */
        public List<JsonValue> elements(int limit) {
            return JsonReader.elements(this, limit);
        }

        @Override
        public String kind() {
            return "an array";
        }
    }

    record JsonString(String value, int start, int end) implements JsonValue {
        @Override
        public String kind() {
            return "a string";
        }
    }

    /** A number as written ({@code 1e-06}, {@code 4096}), so that integers stay exact. */
    record JsonNumber(String text, int start, int end) implements JsonValue {
        @Override
        public String kind() {
            return "a number";
        }
    }

    record JsonBoolean(boolean value, int start, int end) implements JsonValue {
        @Override
        public String kind() {
            return "a boolean";
        }
    }

    record JsonNull(int start, int end) implements JsonValue {
        @Override
        public String kind() {
            return "null";
        }
    }
}
