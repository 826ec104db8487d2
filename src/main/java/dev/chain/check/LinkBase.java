package dev.chain.check;

import java.util.Locale;

/**
 * Which link bases a page may use: a web link ({@code https://study.example.com/}) or a
 * relative one ({@code /}, {@code ../{section}/{slug}.html}). A link runs what it points to in
 * the reader's browser, and only some Markdown renderers filter {@code javascript:} or
 * {@code data:} links, so chain writes no other scheme.
 *
 * <p>The rule is the one a URL parser cannot be talked out of: any colon before the first
 * {@code /}, {@code ?} or {@code #} ends a scheme, and that scheme must be {@code http} or
 * {@code https} (in any case). So {@code " javascript:"}, {@code "java\tscript:"} (browsers
 * drop the tab) and {@code "{slug}:x"} are refused along with {@code javascript:}; RFC 3986
 * allows no colon in the first segment of a relative path anyway. The text checked is the link a
 * reader's browser gets: Markdown would decode an entity ({@code javascript&colon;}) into a colon,
 * so the page writes each {@code &} as {@code &amp;} (render.Markdown.destination).
 */
public final class LinkBase {
    private LinkBase() {}

    /** Why {@code base} may not be used, or null if it may. */
    public static String refusal(String base) {
        for (int i = 0; i < base.length(); i++) {
            char c = base.charAt(i);
            if (c == '/' || c == '?' || c == '#') {
                return null; // relative: a path, a query or a fragment
            }
            if (c == ':') {
                String scheme = base.substring(0, i);
                String lower = scheme.toLowerCase(Locale.ROOT);
                if (lower.equals("http") || lower.equals("https")) {
                    return null;
                }
                return "a link base is an http: or https: address or a relative path (such as / or ../), not `"
                        + scheme + ":`";
            }
        }
        return null;
    }

    /** What to say after the refusal: why only these. */
    public static final String WHY = "a link runs what it points to in the reader's browser, and only some Markdown"
            + " renderers filter javascript: or data: links";
}
