package dev.chain.render;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * CommonMark output of text that came from a chain: escaped so that it shows as written and can
 * neither inject raw HTML ({@code <script>} becomes {@code &lt;script&gt;}) nor turn into
 * Markdown it did not mean (emphasis, links, headings, list items). Text that cannot mean
 * anything in Markdown is left alone, so that the Markdown stays readable ({@code max_model_len}
 * keeps its underscores: CommonMark never reads an underscore inside a word as emphasis).
 */
public final class Markdown {
    private Markdown() {}

    /** One line of inline text: a paragraph, a heading's text, a link's text. */
    public static String inline(String text) {
        return escapeLineStart(escapeInline(text));
    }

    /**
     * A table cell's text: as {@link #inline}, but a cell starts no block (a heading, a list), so
     * its start needs nothing more, and {@code 4.95} stays {@code 4.95}.
     */
    public static String cell(String text) {
        return escapeInline(text).strip();
    }

    private static String escapeInline(String text) {
        String s = text.replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '\\', '`', '*', '[', ']', '~', '|' -> out.append('\\').append(c);
                case '_' -> {
                    boolean inWord = i > 0 && i + 1 < s.length()
                            && Character.isLetterOrDigit(s.charAt(i - 1)) && Character.isLetterOrDigit(s.charAt(i + 1));
                    out.append(inWord ? "_" : "\\_");
                }
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Heading text: as {@link #inline}, and a {@code #} anywhere, which could close the heading. */
    public static String headingText(String text) {
        return inline(text).replace("#", "\\#");
    }

    /**
     * What would start a block at the beginning of a line: a heading ({@code #}), a quote
     * ({@code >}, already an entity), a list item ({@code -}, {@code +}, {@code 1.}), a
     * thematic break or setext underline ({@code =}, {@code -}), or indentation (a code block).
     */
    private static String escapeLineStart(String s) {
        String t = s.stripLeading();
        if (t.isEmpty()) {
            return t;
        }
        char c = t.charAt(0);
        if (c == '#' || c == '-' || c == '+' || c == '=') {
            return "\\" + t;
        }
        int digits = 0;
        while (digits < t.length() && digits < 10 && Character.isDigit(t.charAt(digits))) {
            digits++;
        }
        if (digits > 0 && digits < t.length() && (t.charAt(digits) == '.' || t.charAt(digits) == ')')) {
            return t.substring(0, digits) + "\\" + t.substring(digits);
        }
        return t;
    }

    /** A fenced code block holding these lines verbatim, with a fence longer than any run of backticks in them. */
    public static String codeBlock(List<String> lines) {
        int longest = 0;
        for (String line : lines) {
            int run = 0;
            for (int i = 0; i < line.length(); i++) {
                run = line.charAt(i) == '`' ? run + 1 : 0;
                longest = Math.max(longest, run);
            }
        }
        String fence = "`".repeat(Math.max(3, longest + 1));
        StringBuilder out = new StringBuilder();
        out.append(fence).append("text\n");
        for (String line : lines) {
            out.append(line).append('\n');
        }
        return out.append(fence).append('\n').toString();
    }

    /** {@code [text](destination)}, the destination percent-encoded where Markdown or a URL needs it. */
    public static String link(String text, String destination) {
        return "[" + inline(text) + "](" + destination(destination) + ")";
    }

    static String destination(String url) {
        StringBuilder out = new StringBuilder(url.length());
        for (byte b : url.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean plain = c > 0x20 && c < 0x7f && "<>()\"\\`{}|^ ".indexOf(c) < 0;
            if (plain) {
                out.append((char) c);
            } else {
                out.append('%').append(String.format("%02X", c));
            }
        }
        return out.toString();
    }
}
