package dev.chain.web;

import java.util.ArrayList;
import java.util.List;

/**
 * The page model's wire form: a flat JSON array of strings and nulls, written by the renderer and
 * read in the page. Flat, so that the page's reader is a few lines of Java that TeaVM compiles
 * small (no JSON library in the script); numbers travel as the hex of their bits, so that a value
 * reaches the page exactly as the renderer computed it (no decimal round trip).
 */
public final class Tokens {
    private final List<String> items;
    private int next;

    private Tokens(List<String> items) {
        this.items = items;
    }

    public static Tokens writer() {
        return new Tokens(new ArrayList<>());
    }

    public Tokens add(String s) {
        items.add(s);
        return this;
    }

    public Tokens add(int n) {
        return add(Integer.toString(n));
    }

    public Tokens add(boolean b) {
        return add(b ? "1" : "0");
    }

    public Tokens add(double v) {
        return add(Long.toHexString(Double.doubleToRawLongBits(v)));
    }

    public Tokens addAll(Tokens other) {
        items.addAll(other.items);
        return this;
    }

    public boolean atEnd() {
        return next >= items.size();
    }

    public String text() {
        if (atEnd()) {
            throw new IllegalStateException("the page model ends early");
        }
        return items.get(next++);
    }

    public int integer() {
        return Integer.parseInt(text());
    }

    public boolean flag() {
        return "1".equals(text());
    }

    public double number() {
        return fromHex(text());
    }

    /** A double from the hex of its bits (TeaVM's class library has no Long.parseUnsignedLong). */
    static double fromHex(String hex) {
        int split = Math.max(0, hex.length() - 8);
        long high = split == 0 ? 0 : Long.parseLong(hex.substring(0, split), 16);
        long low = Long.parseLong(hex.substring(split), 16);
        return Double.longBitsToDouble(high << 32 | low);
    }

    /**
     * The JSON text, safe inside an HTML {@code <script type="application/json">} element: no
     * {@code </} (it could end the element early), no {@code <!--}, and every character outside
     * ASCII escaped, so the page's encoding cannot change a byte of it.
     */
    public String json() {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            String s = items.get(i);
            if (s == null) {
                out.append("null");
                continue;
            }
            out.append('"');
            for (int j = 0; j < s.length(); j++) {
                char c = s.charAt(j);
                if (c == '"' || c == '\\') {
                    out.append('\\').append(c);
                } else if (c < 0x20 || c > 0x7e || c == '<' || c == '>' || c == '&') {
                    out.append("\\u").append(hex4(c));
                } else {
                    out.append(c);
                }
            }
            out.append('"');
        }
        return out.append(']').toString();
    }

    private static String hex4(char c) {
        String h = Integer.toHexString(c);
        return "0000".substring(h.length()) + h;
    }

    /** Reads what {@link #json()} wrote (and any JSON array of strings and nulls). */
    public static Tokens read(String json) {
        List<String> items = new ArrayList<>();
        int i = skip(json, 0);
        expect(json, i, '[');
        i = skip(json, i + 1);
        if (i < json.length() && json.charAt(i) == ']') {
            return new Tokens(items);
        }
        while (true) {
            i = skip(json, i);
            if (json.startsWith("null", i)) {
                items.add(null);
                i += 4;
            } else {
                expect(json, i, '"');
                StringBuilder s = new StringBuilder();
                i++;
                while (true) {
                    expectMore(json, i);
                    char c = json.charAt(i++);
                    if (c == '"') {
                        break;
                    }
                    if (c != '\\') {
                        s.append(c);
                        continue;
                    }
                    expectMore(json, i);
                    char e = json.charAt(i++);
                    switch (e) {
                        case 'u' -> {
                            expectMore(json, i + 3);
                            s.append((char) Integer.parseInt(json.substring(i, i + 4), 16));
                            i += 4;
                        }
                        case 'n' -> s.append('\n');
                        case 't' -> s.append('\t');
                        case 'r' -> s.append('\r');
                        case 'b' -> s.append('\b');
                        case 'f' -> s.append('\f');
                        default -> s.append(e); // " \ /
                    }
                }
                items.add(s.toString());
            }
            i = skip(json, i);
            expectMore(json, i);
            if (json.charAt(i) == ']') {
                return new Tokens(items);
            }
            expect(json, i, ',');
            i++;
        }
    }

    private static int skip(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static void expectMore(String s, int i) {
        if (i >= s.length()) {
            throw new IllegalArgumentException("the page model ends early");
        }
    }

    private static void expect(String s, int i, char c) {
        expectMore(s, i);
        if (s.charAt(i) != c) {
            throw new IllegalArgumentException("the page model is not what chain writes: expected " + c + " at " + i);
        }
    }
}
