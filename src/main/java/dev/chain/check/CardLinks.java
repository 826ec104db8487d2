package dev.chain.check;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code [text](card:NAME)} in a card's intro: a link to another card, NAME being its file's name
 * without {@code .card}, in the same folder. The session checks that the file is there; the render
 * writes the link as the site's address of that card's page. Found by hand, not by a regular
 * expression, as the rest of the prose is read.
 */
public final class CardLinks {
    private CardLinks() {}

    /** What a card link's destination starts with. */
    public static final String SCHEME = "card:";

    /** One card link: where it starts and ends in the text, its text, and the card's name as written. */
    public record Link(int start, int end, String text, String name) {}

    /** Each card link of {@code text}, in order: {@code [}, a text with no brackets, {@code ](card:}, a name, {@code )}. */
    public static List<Link> in(String text) {
        List<Link> links = new ArrayList<>();
        int from = 0;
        for (int mark = text.indexOf("](" + SCHEME, from); mark >= 0; mark = text.indexOf("](" + SCHEME, from)) {
            int open = text.lastIndexOf('[', mark);
            int close = text.indexOf(')', mark);
            from = mark + 2;
            if (open < 0 || open < lastEnd(links) || close < 0 || mark == open + 1 || text.substring(open + 1, mark).contains("]")) {
                continue;
            }
            links.add(new Link(open, close + 1, text.substring(open + 1, mark), text.substring(mark + 2 + SCHEME.length(), close)));
            from = close + 1;
        }
        return links;
    }

    /** A card link and where it is written: its {@code card:NAME} in the source, or the whole string. */
    public record Located(dev.chain.source.Span at, Link link) {
        /** The link as written, {@code [text](card:NAME)}. */
        public String shown() {
            return "[" + link.text() + "](" + SCHEME + link.name() + ")";
        }
    }

    /** Each card link of {@code paragraphs}, the prose of the string {@code written}, with where it is. */
    public static List<Located> located(dev.chain.ast.Text written, List<String> paragraphs) {
        List<Located> found = new ArrayList<>();
        int from = 0;
        for (String paragraph : paragraphs) {
            for (Link link : in(paragraph)) {
                dev.chain.source.Span at = where(written.span(), link.name(), from);
                from = at == written.span() ? from : at.end() - written.span().start();
                found.add(new Located(at, link));
            }
        }
        return found;
    }

    /**
     * Where a card link to {@code name} is written in {@code span} (a string of the source), at or
     * after {@code from} characters into it: its {@code card:NAME}; the whole span when it is not
     * there as written (an escape, a line break inside the link).
     */
    static dev.chain.source.Span where(dev.chain.source.Span span, String name, int from) {
        String destination = SCHEME + name;
        int found = span.text().indexOf("(" + destination + ")", from);
        return found < 0 ? span : new dev.chain.source.Span(span.file(), span.start() + found + 1,
                span.start() + found + 1 + destination.length());
    }

    private static int lastEnd(List<Link> links) {
        return links.isEmpty() ? 0 : links.get(links.size() - 1).end();
    }

    /** Whether {@code name} can be a card file's name in the same folder: letters, digits, {@code . _ -}, not starting with a dot. */
    public static boolean isName(String name) {
        if (name.isEmpty() || name.startsWith(".")) {
            return false;
        }
        for (char c : name.toCharArray()) {
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
    }
}
