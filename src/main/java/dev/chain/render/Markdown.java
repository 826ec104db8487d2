package dev.chain.render;

import dev.chain.diag.Printable;
import dev.chain.units.Ascii;
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
    /** Invisible, and no place to break a line: it keeps a code block's braces apart for a template engine. */
    static final char WORD_JOINER = '\u2060';

    private Markdown() {}

    /**
     * One line of inline text: a paragraph, a heading's text, a link's text. A control character
     * is shown as its escape ({@link Printable}): in the page it would be invisible, and in a
     * terminal ({@code cat page.md}) it would drive the terminal.
     */
    public static String inline(String text) {
        return inline(text, false);
    }

    /**
     * A table cell's text: as {@link #inline}, but a cell starts no block (a heading, a list), so
     * its start needs nothing more, and {@code 4.95} stays {@code 4.95}.
     */
    public static String cell(String text) {
        return escapeInline(text, false).strip();
    }

    /** As {@link #inline(String)}; in a heading, also every {@code #}, which could close it. */
    private static String inline(String text, boolean heading) {
        return escapeLineStart(escapeInline(text, heading));
    }

    /**
     * Markdown's punctuation and HTML's characters escaped, control characters shown. A brace
     * that opens a template engine's tag ({@code {{}, {@code {%}, {@code {#}: Liquid in Jekyll and
     * Eleventy, Nunjucks, Hugo's shortcodes) becomes {@code &#123;}, which the site's engine
     * passes as text and the browser shows as a brace: {@code {{ site.title }}} in a note is read
     * as written, never evaluated.
     */
    private static String escapeInline(String text, boolean heading) {
        String s = Printable.escape(text.replace('\n', ' ').replace('\r', ' ').replace('\t', ' '));
        StringBuilder out = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '{' -> out.append(opensTag(s, i) ? "&#123;" : "{");
                case '#' -> out.append(heading ? "\\#" : "#");
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
        return inline(text, true);
    }

    /** {@code {{}, {@code {%} or {@code {#} at {@code i}: what a template engine reads as the start of a tag. */
    public static boolean opensTag(CharSequence s, int i) {
        if (s.charAt(i) != '{' || i + 1 >= s.length()) {
            return false;
        }
        char next = s.charAt(i + 1);
        return next == '{' || next == '%' || next == '#';
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
        while (digits < t.length() && digits < 10 && Ascii.digit(t.charAt(digits))) {
            digits++;
        }
        if (digits > 0 && digits < t.length() && (t.charAt(digits) == '.' || t.charAt(digits) == ')')) {
            return t.substring(0, digits) + "\\" + t.substring(digits);
        }
        return t;
    }

    /**
     * A fenced code block holding these lines verbatim, with a fence longer than any run of
     * backticks in them. Markdown has no escape inside a code block, but a template engine reads
     * the page before Markdown does: a brace that would open a tag is followed by a word joiner
     * (U+2060), which no engine reads as part of {@code {{} and no reader sees.
     */
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
            String shown = Printable.escape(line);
            for (int i = 0; i < shown.length(); i++) {
                out.append(shown.charAt(i));
                if (opensTag(shown, i)) {
                    out.append(WORD_JOINER);
                }
            }
            out.append('\n');
        }
        return out.append(fence).append('\n').toString();
    }

    /**
     * A paragraph of a card's intro or a chain's note: as {@link #inline}, with each {@code
     * [text](card:NAME)} a link to that card's page ({@link Links#cardPage}), or with no links its text.
     */
    public static String inlineWithCardLinks(String text, Links links) {
        List<dev.chain.check.CardLinks.Link> found = dev.chain.check.CardLinks.in(text);
        if (found.isEmpty()) {
            return inline(text);
        }
        StringBuilder out = new StringBuilder();
        int at = 0;
        for (dev.chain.check.CardLinks.Link link : found) {
            String before = text.substring(at, link.start());
            out.append(at == 0 ? inline(before) : escapeInline(before, false));
            out.append(links == null ? inline(link.text()) : link(link.text(), links.cardPage(link.name())));
            at = link.end();
        }
        return out.append(escapeInline(text.substring(at), false)).toString();
    }

    /** {@link #link}, or with no destination (a page the render has no address of) the text as plain text. */
    public static String linkOrText(String text, String destination) {
        return destination == null ? inline(text) : link(text, destination);
    }

    /** {@code [text](destination)}, the destination percent-encoded where Markdown or a URL needs it. */
    public static String link(String text, String destination) {
        return "[" + inline(text) + "](" + destination(destination) + ")";
    }

    /**
     * A link's destination as Markdown must write it for a reader's browser to get {@code url}
     * exactly. CommonMark decodes entities in a destination: {@code javascript&colon;x} would be a
     * {@code javascript:} link, and {@code &#106;avascript:} one that the link base's check took for
     * a relative path (its {@code #}). So {@code &} is written {@code &amp;}, which decodes to itself,
     * and a link is what the check read; a backslash, which CommonMark also decodes, is {@code %5C}.
     */
    static String destination(String url) {
        StringBuilder out = new StringBuilder(url.length());
        for (byte b : url.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            boolean plain = c > 0x20 && c < 0x7f && "<>()\"\\`{}|^ ".indexOf(c) < 0;
            if (c == '&') {
                out.append("&amp;");
            } else if (plain) {
                out.append((char) c);
            } else {
                out.append('%').append(String.format("%02X", c));
            }
        }
        return out.toString();
    }
}
