package dev.chain.imports;

import dev.chain.imports.JsonValue.JsonArray;
import dev.chain.imports.JsonValue.JsonBoolean;
import dev.chain.imports.JsonValue.JsonNull;
import dev.chain.imports.JsonValue.JsonNumber;
import dev.chain.imports.JsonValue.JsonObject;
import dev.chain.imports.JsonValue.JsonString;
import dev.chain.imports.JsonValue.Member;
import java.util.ArrayList;
import java.util.List;

/**
 * A strict JSON reader (RFC 8259) that keeps where each value is written. Gson's reader reports
 * positions only inside its exception messages, and a diagnostic needs the span of a key or value
 * that parsed fine but means something wrong, so this one records them. Nesting is limited so that
 * hostile input cannot exhaust the stack.
 *
 * <p>The whole text is checked once, and kept nowhere but in the text: an object or an array is
 * its span, whose members or elements are read, one level, when a reader asks for them. A config's
 * reader asks for a few keys, so a value it never reads (a 14.7-million-element array under a key
 * it skips, an index's weight_map) costs a scan, not a record per element: a 29 MB config took
 * 1.4 GB when every value was a record.
 */
final class JsonReader {
    /** Deeper than any config.json; far below what the stack holds. */
    static final int MAX_DEPTH = 200;

    /** A syntax error at an offset of the text. */
    static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;
        final int offset;
        final int end;
        final String hint;

        SyntaxError(int offset, int end, String message, String hint) {
            super(message, null, false, false);
            this.offset = offset;
            this.end = end;
            this.hint = hint;
        }
    }

    private final String text;
    private int pos;

    private JsonReader(String text) {
        this.text = text;
    }

    /** The one value the text holds, with nothing but whitespace around it, checked whole. */
    static JsonValue read(String text) throws SyntaxError {
        JsonReader reader = new JsonReader(text);
        // A byte-order mark is not JSON, but editors write one; skipping it costs nothing.
        if (text.startsWith("\uFEFF")) {
            reader.pos = 1;
        }
        reader.skipWhitespace();
        if (reader.pos >= text.length()) {
            throw new SyntaxError(reader.pos, reader.pos, "the file is empty: expected a JSON object", null);
        }
        JsonValue value = reader.value(0, true);
        reader.skipWhitespace();
        if (reader.pos < text.length()) {
            throw new SyntaxError(reader.pos, reader.pos + 1, "unexpected " + reader.describe(reader.pos) + " after the JSON value",
                    "a config.json holds one object; is a comma or a brace out of place?");
        }
        return value;
    }

    /**
     * The members of an object that {@link #read} checked, at most {@code limit} of them, each value
     * read one level: an object or an array is its span.
     */
    static List<Member> members(JsonObject object, int limit) {
        JsonReader reader = new JsonReader(object.text());
        reader.pos = object.start();
        List<Member> members = new ArrayList<>();
        try {
            reader.object(0, members, limit);
        } catch (SyntaxError e) {
            throw new IllegalStateException("an object read checked no longer parses", e);
        }
        return members;
    }

    /** The elements of an array that {@link #read} checked, at most {@code limit} of them, each read one level. */
    static List<JsonValue> elements(JsonArray array, int limit) {
        JsonReader reader = new JsonReader(array.text());
        reader.pos = array.start();
        List<JsonValue> elements = new ArrayList<>();
        try {
            reader.array(0, elements, limit);
        } catch (SyntaxError e) {
            throw new IllegalStateException("an array read checked no longer parses", e);
        }
        return elements;
    }

    /**
     * Reads the value at pos and leaves pos past it: a string, number, boolean or null as its
     * record if {@code keep}, an object or an array as its span (its contents checked, not kept);
     * null if not {@code keep}.
     */
    private JsonValue value(int depth, boolean keep) throws SyntaxError {
        if (depth > MAX_DEPTH) {
            throw new SyntaxError(pos, pos + 1, "JSON nested more than " + MAX_DEPTH + " levels deep", null);
        }
        if (pos >= text.length()) {
            throw endOfInput("a value");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{': {
                int start = pos;
                object(depth, null, Integer.MAX_VALUE);
                return keep ? new JsonObject(text, start, pos) : null;
            }
            case '[': {
                int start = pos;
                array(depth, null, Integer.MAX_VALUE);
                return keep ? new JsonArray(text, start, pos) : null;
            }
            case '"': {
                int start = pos;
                String s = string(keep);
                return keep ? new JsonString(s, start, pos) : null;
            }
            case 't':
                return literal("true", keep ? new JsonBoolean(true, pos, pos + 4) : null);
            case 'f':
                return literal("false", keep ? new JsonBoolean(false, pos, pos + 5) : null);
            case 'n':
                return literal("null", keep ? new JsonNull(pos, pos + 4) : null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number(keep);
                }
                String hint = c == '\'' ? "JSON strings take double quotes" : c == '/' ? "JSON has no comments" : null;
                if (Character.isLetter(c)) {
                    int e = pos;
                    while (e < text.length() && Character.isLetterOrDigit(text.charAt(e))) {
                        e++;
                    }
                    String word = text.substring(pos, e);
                    if (word.equals("NaN") || word.equals("Infinity") || word.equals("True") || word.equals("False") || word.equals("None")) {
                        hint = "`" + word + "` is Python, not JSON (JSON has true, false and null, and no NaN or Infinity)";
                    }
                    throw new SyntaxError(pos, e, "expected a value, found `" + word + "`", hint);
                }
                throw new SyntaxError(pos, pos + 1, "expected a value, found " + describe(pos), hint);
        }
    }

    private JsonValue literal(String word, JsonValue value) throws SyntaxError {
        if (!text.startsWith(word, pos)) {
            int e = pos;
            while (e < text.length() && Character.isLetterOrDigit(text.charAt(e))) {
                e++;
            }
            throw new SyntaxError(pos, Math.max(e, pos + 1), "expected a value, found `" + text.substring(pos, Math.max(e, pos + 1)) + "`",
                    null);
        }
        pos += word.length();
        return value;
    }

    /**
     * Reads the object at pos, adding its first {@code limit} members to {@code members} (their
     * values one level), or only checking it if null; with a limit, it stops at the member after the last.
     */
    private void object(int depth, List<Member> members, int limit) throws SyntaxError {
        pos++; // {
        skipWhitespace();
        if (peek('}')) {
            pos++;
            return;
        }
        while (true) {
            skipWhitespace();
            if (pos >= text.length()) {
                throw endOfInput("a key or `}`");
            }
            if (text.charAt(pos) != '"') {
                String hint = text.charAt(pos) == '}' ? "JSON allows no comma before `}`" : "keys are strings in double quotes";
                throw new SyntaxError(pos, pos + 1, "expected a key in double quotes, found " + describe(pos), hint);
            }
            int keyStart = pos;
            String key = string(true);
            int keyEnd = pos;
            skipWhitespace();
            if (!peek(':')) {
                throw new SyntaxError(pos, pos + 1, "expected `:` after the key \"" + key + "\", found " + describe(pos), null);
            }
            pos++;
            skipWhitespace();
            JsonValue value = value(depth + 1, members != null);
            if (members != null) {
                members.add(new Member(key, keyStart, keyEnd, value));
                if (members.size() > limit) {
                    return;
                }
            }
            skipWhitespace();
            if (peek(',')) {
                pos++;
                continue;
            }
            if (peek('}')) {
                pos++;
                return;
            }
            if (pos >= text.length()) {
                throw endOfInput("`,` or `}`");
            }
            throw new SyntaxError(pos, pos + 1, "expected `,` or `}` after the value of \"" + key + "\", found " + describe(pos),
                    text.charAt(pos) == '"' ? "is a comma missing?" : null);
        }
    }

    /**
     * Reads the array at pos, adding its first {@code limit} elements to {@code elements} (each one
     * level), or only checking it if null; with a limit, it stops at the element after the last.
     */
    private void array(int depth, List<JsonValue> elements, int limit) throws SyntaxError {
        pos++; // [
        skipWhitespace();
        if (peek(']')) {
            pos++;
            return;
        }
        while (true) {
            skipWhitespace();
            if (peek(']')) {
                throw new SyntaxError(pos, pos + 1, "expected a value, found `]`", "JSON allows no comma before `]`");
            }
            JsonValue element = value(depth + 1, elements != null);
            if (elements != null) {
                elements.add(element);
                if (elements.size() > limit) {
                    return;
                }
            }
            skipWhitespace();
            if (peek(',')) {
                pos++;
                continue;
            }
            if (peek(']')) {
                pos++;
                return;
            }
            if (pos >= text.length()) {
                throw endOfInput("`,` or `]`");
            }
            throw new SyntaxError(pos, pos + 1, "expected `,` or `]` in the array, found " + describe(pos), null);
        }
    }

    /** Reads a string at pos (which is a double quote) and leaves pos past its closing quote; its value if {@code keep}, else null. */
    private String string(boolean keep) throws SyntaxError {
        int start = pos;
        pos++;
        StringBuilder sb = keep ? new StringBuilder() : null;
        while (true) {
            if (pos >= text.length()) {
                throw new SyntaxError(start, start + 1, "this string is never closed", "close it with a double quote");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                pos++;
                return keep ? sb.toString() : null;
            }
            if (c == '\n' || c == '\r') {
                throw new SyntaxError(start, pos, "this string is never closed on its line", "close it with a double quote");
            }
            if (c < 0x20) {
                throw new SyntaxError(pos, pos + 1, "a control character inside a string", "write it as an escape such as \\t");
            }
            if (c == '\\') {
                if (pos + 1 >= text.length()) {
                    throw new SyntaxError(start, start + 1, "this string is never closed", "close it with a double quote");
                }
                char e = text.charAt(pos + 1);
                char decoded = switch (e) {
                    case '"', '\\', '/' -> e;
                    case 'b' -> '\b';
                    case 'f' -> '\f';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case 't' -> '\t';
                    case 'u' -> {
                        if (pos + 6 > text.length() || !isHex(text, pos + 2, pos + 6)) {
                            throw new SyntaxError(pos, Math.min(pos + 6, text.length()), "a \\u escape needs four hex digits", null);
                        }
                        char u = (char) Integer.parseInt(text, pos + 2, pos + 6, 16);
                        pos += 4;
                        yield u;
                    }
                    default -> throw new SyntaxError(pos, pos + 2, "unknown escape `\\" + e + "` in a string", null);
                };
                if (keep) {
                    sb.append(decoded);
                }
                pos += 2;
                continue;
            }
            if (keep) {
                sb.append(c);
            }
            pos++;
        }
    }

    private static boolean isHex(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (Character.digit(s.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    private JsonNumber number(boolean keep) throws SyntaxError {
        int start = pos;
        if (peek('-')) {
            pos++;
        }
        if (pos < text.length() && text.charAt(pos) == '0') {
            pos++;
        } else if (!digits()) {
            throw new SyntaxError(start, pos + 1, "a number needs a digit after `-`", null);
        }
        if (peek('.')) {
            pos++;
            if (!digits()) {
                throw new SyntaxError(start, pos, "a number needs a digit after its `.`", null);
            }
        }
        if (peek('e') || peek('E')) {
            pos++;
            if (peek('+') || peek('-')) {
                pos++;
            }
            if (!digits()) {
                throw new SyntaxError(start, pos, "a number needs a digit in its exponent", null);
            }
        }
        if (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            int e = pos;
            while (e < text.length() && (Character.isLetterOrDigit(text.charAt(e)) || text.charAt(e) == '_')) {
                e++;
            }
            throw new SyntaxError(start, e, "`" + text.substring(start, e) + "` is not a JSON number",
                    "JSON numbers are decimal, with no digit separators or leading zeros");
        }
        return keep ? new JsonNumber(text.substring(start, pos), start, pos) : null;
    }

    private boolean digits() {
        int start = pos;
        while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
            pos++;
        }
        return pos > start;
    }

    private boolean peek(char c) {
        return pos < text.length() && text.charAt(pos) == c;
    }

    private void skipWhitespace() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                pos++;
            } else {
                return;
            }
        }
    }

    private SyntaxError endOfInput(String expected) {
        return new SyntaxError(text.length(), text.length(), "the JSON ends early: expected " + expected,
                "is a closing brace or bracket missing?");
    }

    private String describe(int at) {
        if (at >= text.length()) {
            return "the end of the file";
        }
        int cp = text.codePointAt(at);
        if (cp < 0x20 || cp == 0x7f) {
            return String.format("the control character U+%04X", cp);
        }
        return "`" + new String(Character.toChars(cp)) + "`";
    }
}
