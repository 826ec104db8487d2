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

    record JsonObject(List<Member> members, int start, int end) implements JsonValue {
        /** The member with this key, or null; JSON leaves duplicates undefined, and the last one wins, as in Python. */
        public Member member(String key) {
            Member found = null;
            for (Member m : members) {
                if (m.key().equals(key)) {
                    found = m;
                }
            }
            return found;
        }

        @Override
        public String kind() {
            return "an object";
        }
    }

    record JsonArray(List<JsonValue> elements, int start, int end) implements JsonValue {
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
