package dev.chain.render;

import java.util.List;

/** YAML front matter for static site generators (Hugo, Jekyll, Eleventy): a few keys, strings quoted. */
public final class FrontMatter {
    private final StringBuilder out = new StringBuilder("---\n");

    public FrontMatter put(String key, String value) {
        if (value != null) {
            out.append(key).append(": ").append(quote(value)).append('\n');
        }
        return this;
    }

    FrontMatter put(String key, int value) {
        out.append(key).append(": ").append(value).append('\n');
        return this;
    }

    FrontMatter put(String key, List<String> values) {
        if (!values.isEmpty()) {
            out.append(key).append(":\n");
            for (String v : values) {
                out.append("  - ").append(quote(v)).append('\n');
            }
        }
        return this;
    }

    public String end() {
        return out.append("---\n\n").toString();
    }

    /**
     * A double-quoted YAML scalar: only {@code \} and {@code "} and control characters need
     * escapes; C1 (U+0080 to U+009F) is not printable in YAML either, and would reach a terminal.
     */
    static String quote(String s) {
        StringBuilder q = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\t' -> q.append("\\t");
                case '\r' -> q.append("\\r");
                // A template engine that reads the whole file would take {{ or {% for a tag; once
                // the YAML is read, the value holds the brace.
                case '{' -> q.append(Markdown.opensTag(s, i) ? "\\x7B" : "{");
                default -> {
                    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
                        q.append(String.format("\\x%02X", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
