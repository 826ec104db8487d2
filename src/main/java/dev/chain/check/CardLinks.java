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
