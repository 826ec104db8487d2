package dev.chain.observe;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A lenient JSON tokenizer over a file read in chunks, for result files: what JsonResults reads of
 * it (an object's names, numbers, strings) it decodes, and a value it skips (a --save-detailed
 * file's 10,000 per-request lists, 1.3 million numbers) it only scans, byte by byte, for the
 * bracket that closes it. Gson's reader parsed each skipped number and took 1 s over such a 32 MB
 * file; this takes about a tenth of it, and holds 256 KB of the file at a time, not all of it.
 * Lenient as Python's json writes: NaN, Infinity and -Infinity are numbers, and several top-level
 * values may follow each other (one object per line).
 */
final class JsonScanner {
    /** What the next value is. */
    enum Token { BEGIN_OBJECT, END_OBJECT, BEGIN_ARRAY, END_ARRAY, NAME, STRING, NUMBER, BOOLEAN, NULL, END }

    /** A syntax error, with where in the file it is. */
    static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        Malformed(String message) {
            super(message, null, false, false);
        }
    }

    private static final int CHUNK = 1 << 18;

    private final InputStream in;
    private byte[] buf = new byte[CHUNK];
    /** The bytes of {@code buf} that hold the file, from {@code pos} on unread. */
    private int pos;
    private int limit;
    /** The file's offset of {@code buf[0]}. */
    private long base;
    private boolean eof;
    /** For each level: whether it is an object, and whether a name comes next (else a value). */
    private final boolean[] inObject = new boolean[256];
    private final boolean[] expectName = new boolean[256];
    private int depth;

    /** @param in the file, after any byte-order mark */
    JsonScanner(InputStream in) {
        this.in = in;
    }

    /** At least {@code k} bytes from pos in the buffer, unless the file ends first; false then. */
    private boolean ensure(int k) {
        if (limit - pos >= k) {
            return true;
        }
        if (eof) {
            return false;
        }
        System.arraycopy(buf, pos, buf, 0, limit - pos);
        base += pos;
        limit -= pos;
        pos = 0;
        if (k > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(k, buf.length * 2));
        }
        try {
            while (limit < k || limit < buf.length / 2) {
                int n = in.read(buf, limit, buf.length - limit);
                if (n < 0) {
                    eof = true;
                    break;
                }
                limit += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return limit - pos >= k;
    }

    private void skipBlanksAndCommas() {
        while (ensure(1)) {
            byte c = buf[pos];
            if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == ',' || c == ':') {
                pos++;
            } else {
                return;
            }
        }
    }

    Token peek() throws Malformed {
        skipBlanksAndCommas();
        if (!ensure(1)) {
            if (depth > 0) {
                throw error("the file ends inside " + (inObject[depth] ? "an object" : "a list"));
            }
            return Token.END;
        }
        byte c = buf[pos];
        if (depth > 0 && inObject[depth] && expectName[depth] && c != '}') {
            if (c != '"') {
                throw error("expected a name in quotes");
            }
            return Token.NAME;
        }
        return switch (c) {
            case '{' -> Token.BEGIN_OBJECT;
            case '}' -> Token.END_OBJECT;
            case '[' -> Token.BEGIN_ARRAY;
            case ']' -> Token.END_ARRAY;
            case '"' -> Token.STRING;
            case 't', 'f' -> Token.BOOLEAN;
            case 'n' -> Token.NULL;
            default -> {
                if (c == '-' || (c >= '0' && c <= '9') || c == 'N' || c == 'I' || c == '+') {
                    yield Token.NUMBER;
                }
                throw error("unexpected character `" + (char) (c & 0xff) + "`");
            }
        };
    }

    boolean hasNext() throws Malformed {
        Token t = peek();
        return t != Token.END_OBJECT && t != Token.END_ARRAY && t != Token.END;
    }

    void beginObject() throws Malformed {
        expect(Token.BEGIN_OBJECT);
        push(true);
    }

    void endObject() throws Malformed {
        expect(Token.END_OBJECT);
        pop();
    }

    void beginArray() throws Malformed {
        expect(Token.BEGIN_ARRAY);
        push(false);
    }

    void endArray() throws Malformed {
        expect(Token.END_ARRAY);
        pop();
    }

    private void push(boolean object) throws Malformed {
        if (++depth >= inObject.length) {
            throw error("nested more than " + (inObject.length - 1) + " deep");
        }
        inObject[depth] = object;
        expectName[depth] = true;
    }

    private void pop() {
        depth--;
        valueDone();
    }

    /** After a value inside an object, a name comes next. */
    private void valueDone() {
        if (depth > 0 && inObject[depth]) {
            expectName[depth] = true;
        }
    }

    private void expect(Token t) throws Malformed {
        Token at = peek();
        if (at != t) {
            throw error("expected " + t.name().toLowerCase().replace('_', ' ') + ", found " + at.name().toLowerCase().replace('_', ' '));
        }
        pos++;
    }

    String nextName() throws Malformed {
        if (peek() != Token.NAME) {
            throw error("expected a name");
        }
        String name = string();
        expectName[depth] = false;
        return name;
    }

    String nextString() throws Malformed {
        if (peek() != Token.STRING) {
            throw error("expected a string");
        }
        String s = string();
        valueDone();
        return s;
    }

    boolean nextBoolean() throws Malformed {
        boolean v;
        if (word("true")) {
            v = true;
        } else if (word("false")) {
            v = false;
        } else {
            throw error("expected true or false");
        }
        valueDone();
        return v;
    }

    void nextNull() throws Malformed {
        if (!word("null")) {
            throw error("expected null");
        }
        valueDone();
    }

    private boolean word(String w) {
        if (!ensure(w.length())) {
            return false;
        }
        for (int i = 0; i < w.length(); i++) {
            if (buf[pos + i] != w.charAt(i)) {
                return false;
            }
        }
        pos += w.length();
        return true;
    }

    double nextDouble() throws Malformed {
        if (peek() != Token.NUMBER) {
            throw error("expected a number");
        }
        double v;
        if (word("NaN")) {
            v = Double.NaN;
        } else if (word("Infinity") || word("+Infinity")) {
            v = Double.POSITIVE_INFINITY;
        } else if (word("-Infinity")) {
            v = Double.NEGATIVE_INFINITY;
        } else {
            // A number's bytes, the buffer refilled under it: one that straddled the buffer's end was
            // read as two (20.16 ms for 20 ms), whatever its length.
            int length = 0;
            while ((pos + length < limit || ensure(length + 1)) && isNumberByte(buf[pos + length])) {
                if (++length > MAX_NUMBER) {
                    throw error("a number longer than " + MAX_NUMBER + " characters");
                }
            }
            try {
                v = Double.parseDouble(new String(buf, pos, length, StandardCharsets.ISO_8859_1));
            } catch (NumberFormatException e) {
                throw error("not a number");
            }
            pos += length;
        }
        valueDone();
        return v;
    }

    /** Longer than any number a benchmark writes (Python's repr: 24), short of a file of digits held whole. */
    private static final int MAX_NUMBER = 4096;

    private static boolean isNumberByte(byte c) {
        return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
    }

    /**
     * The next number of a list, read fast: up to 19 digits and an exponent within 10^±22 as a long
     * divided or multiplied by an exact power of ten (within 2 ulps of the nearest double, which a
     * statistic of a million values does not notice); anything else as {@link #nextDouble}.
     */
    double nextListNumber() throws Malformed {
        skipBlanksAndCommas();
        ensure(64);
        final byte[] bytes = buf;
        final int n = limit;
        int p = pos;
        boolean negative = p < n && bytes[p] == '-';
        if (negative) {
            p++;
        }
        int first = p;
        long mantissa = 0;
        int digits = 0;
        int scale = 0;
        boolean point = false;
        while (p < n) {
            byte c = bytes[p];
            if (c >= '0' && c <= '9') {
                if (digits < 18) {
                    mantissa = mantissa * 10 + (c - '0');
                    if (mantissa != 0) {
                        digits++;
                    }
                    if (point) {
                        scale--;
                    }
                } else if (!point) {
                    scale++;
                }
                p++;
            } else if (c == '.' && !point) {
                point = true;
                p++;
            } else {
                break;
            }
        }
        if (p == first || scale < -22 || scale > 22 || (p < n ? !isEndOfNumber(bytes[p]) : !eof)) {
            return nextDouble(); // an exponent, NaN, a long fraction: the exact reader
        }
        double v = scale < 0 ? mantissa / POWERS[-scale] : mantissa * POWERS[scale];
        pos = p;
        valueDone();
        return negative ? -v : v;
    }

    private static boolean isEndOfNumber(byte c) {
        return c == ',' || c == ']' || c == '}' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private static final double[] POWERS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
            1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

    /** Skips the next value whole: for a list or an object, a scan for its closing bracket. */
    void skipValue() throws Malformed {
        Token t = peek();
        switch (t) {
            case BEGIN_OBJECT, BEGIN_ARRAY -> skipNested();
            case STRING -> skipString();
            case NUMBER -> nextDouble();
            case BOOLEAN -> nextBoolean();
            case NULL -> nextNull();
            default -> throw error("expected a value");
        }
        if (t == Token.STRING || t == Token.BEGIN_OBJECT || t == Token.BEGIN_ARRAY) {
            valueDone();
        }
    }

    /**
     * Past the list or object at pos: a scan for its closing bracket, strings stepped over whole.
     * Locals, not fields, in the loop, and one OR to test both kinds of bracket: the client
     * compiler keeps a field in memory, and this loop runs over every byte of 30 MB.
     */
    private void skipNested() throws Malformed {
        int nesting = 0;
        boolean inString = false;
        boolean escape = false;
        while (ensure(1)) {
            final byte[] bytes = buf;
            final int n = limit;
            int p = pos;
            while (p < n) {
                byte c = bytes[p++];
                if (inString) {
                    if (escape) {
                        escape = false;
                    } else if (c == '\\') {
                        escape = true;
                    } else if (c == '"') {
                        inString = false;
                    }
                    continue;
                }
                int folded = c | 0x20; // '[' and '{' fold to 0x7b, ']' and '}' to 0x7d
                if (folded == 0x7b) {
                    nesting++;
                } else if (folded == 0x7d) {
                    if (--nesting == 0) {
                        pos = p;
                        return;
                    }
                } else if (c == '"') {
                    inString = true;
                }
            }
            pos = p;
        }
        throw error("the file ends inside this value");
    }

    private void skipString() throws Malformed {
        pos++; // the opening quote
        boolean escape = false;
        while (ensure(1)) {
            final byte[] bytes = buf;
            final int n = limit;
            int p = pos;
            while (p < n) {
                byte c = bytes[p++];
                if (escape) {
                    escape = false;
                } else if (c == '\\') {
                    escape = true;
                } else if (c == '"') {
                    pos = p;
                    return;
                }
            }
            pos = p;
        }
        throw error("a string that does not end");
    }

    /** The string at pos, decoded. */
    private String string() throws Malformed {
        pos++; // the opening quote
        byte[] out = new byte[64];
        int size = 0;
        boolean escaped = false;
        boolean escape = false;
        while (ensure(1)) {
            byte c = buf[pos++];
            if (!escape && c == '"') {
                String raw = new String(out, 0, size, StandardCharsets.UTF_8);
                return escaped ? unescape(raw) : raw;
            }
            escape = !escape && c == '\\';
            escaped |= escape;
            if (size == out.length) {
                out = Arrays.copyOf(out, size * 2);
            }
            out[size++] = c;
        }
        throw error("a string that does not end");
    }

    private static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= s.length()) {
                out.append(c);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    if (i + 4 < s.length()) {
                        try {
                            out.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                            i += 4;
                        } catch (NumberFormatException x) {
                            out.append("\\u");
                        }
                    }
                }
                default -> out.append(e);
            }
        }
        return out.toString();
    }

    /** An error at the current place: its byte offset in the file. */
    private Malformed error(String what) {
        return new Malformed(what + " at byte " + (base + pos + 1));
    }
}
