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

    /** The one value the text holds, with nothing but whitespace around it. */
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
        JsonValue value = reader.value(0);
        reader.skipWhitespace();
        if (reader.pos < text.length()) {
            throw new SyntaxError(reader.pos, reader.pos + 1, "unexpected " + reader.describe(reader.pos) + " after the JSON value",
                    "a config.json holds one object; is a comma or a brace out of place?");
        }
        return value;
    }

    private JsonValue value(int depth) throws SyntaxError {
        if (depth > MAX_DEPTH) {
            throw new SyntaxError(pos, pos + 1, "JSON nested more than " + MAX_DEPTH + " levels deep", null);
        }
        if (pos >= text.length()) {
            throw endOfInput("a value");
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{':
                return object(depth);
            case '[':
                return array(depth);
            case '"':
                int start = pos;
                String s = string();
                return new JsonString(s, start, pos);
            case 't':
                return literal("true", new JsonBoolean(true, pos, pos + 4));
            case 'f':
                return literal("false", new JsonBoolean(false, pos, pos + 5));
            case 'n':
                return literal("null", new JsonNull(pos, pos + 4));
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
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

    private JsonObject object(int depth) throws SyntaxError {
        int start = pos;
        pos++; // {
        List<Member> members = new ArrayList<>();
        skipWhitespace();
        if (peek('}')) {
            pos++;
            return new JsonObject(members, start, pos);
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
            String key = string();
            int keyEnd = pos;
            skipWhitespace();
            if (!peek(':')) {
                throw new SyntaxError(pos, pos + 1, "expected `:` after the key \"" + key + "\", found " + describe(pos), null);
            }
            pos++;
            skipWhitespace();
            JsonValue value = value(depth + 1);
            members.add(new Member(key, keyStart, keyEnd, value));
            skipWhitespace();
            if (peek(',')) {
                pos++;
                continue;
            }
            if (peek('}')) {
                pos++;
                return new JsonObject(members, start, pos);
            }
            if (pos >= text.length()) {
                throw endOfInput("`,` or `}`");
            }
            throw new SyntaxError(pos, pos + 1, "expected `,` or `}` after the value of \"" + key + "\", found " + describe(pos),
                    text.charAt(pos) == '"' ? "is a comma missing?" : null);
        }
    }

    private JsonArray array(int depth) throws SyntaxError {
        int start = pos;
        pos++; // [
        List<JsonValue> elements = new ArrayList<>();
        skipWhitespace();
        if (peek(']')) {
            pos++;
            return new JsonArray(elements, start, pos);
        }
        while (true) {
            skipWhitespace();
            if (peek(']')) {
                throw new SyntaxError(pos, pos + 1, "expected a value, found `]`", "JSON allows no comma before `]`");
            }
            elements.add(value(depth + 1));
            skipWhitespace();
            if (peek(',')) {
                pos++;
                continue;
            }
            if (peek(']')) {
                pos++;
                return new JsonArray(elements, start, pos);
            }
            if (pos >= text.length()) {
                throw endOfInput("`,` or `]`");
            }
            throw new SyntaxError(pos, pos + 1, "expected `,` or `]` in the array, found " + describe(pos), null);
        }
    }

    /** Reads a string at pos (which is a double quote) and leaves pos past its closing quote. */
    private String string() throws SyntaxError {
        int start = pos;
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw new SyntaxError(start, start + 1, "this string is never closed", "close it with a double quote");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                pos++;
                return sb.toString();
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
                switch (e) {
                    case '"', '\\', '/' -> sb.append(e);
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'u' -> {
                        if (pos + 6 > text.length() || !isHex(text, pos + 2, pos + 6)) {
                            throw new SyntaxError(pos, Math.min(pos + 6, text.length()), "a \\u escape needs four hex digits", null);
                        }
                        sb.append((char) Integer.parseInt(text.substring(pos + 2, pos + 6), 16));
                        pos += 4;
                    }
                    default -> throw new SyntaxError(pos, pos + 2, "unknown escape `\\" + e + "` in a string", null);
                }
                pos += 2;
                continue;
            }
            sb.append(c);
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

    private JsonNumber number() throws SyntaxError {
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
        return new JsonNumber(text.substring(start, pos), start, pos);
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
