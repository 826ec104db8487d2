package dev.chain.web;

import dev.chain.plot.Svg;
import dev.chain.render.Markdown;
import java.util.List;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * The standalone {@code .html} page of {@code render --interactive}, for a site that does not
 * pass the Markdown page's HTML blocks through: the Markdown page as a CommonMark site renders it
 * (commonmark-java, with GitHub's tables), each chain's model before its code block and the script
 * loaded from beside it, in a page of its own with a Content-Security-Policy. Without JavaScript
 * it reads as the static card.
 */
public final class HtmlPage {
    private static final List<Extension> TABLES = List.of(TablesExtension.create());
    /** The page's own policy: its script from beside it, its images (the plots) too, nothing else. */
    private static final String POLICY = "default-src 'none'; script-src 'self'; img-src 'self'; style-src 'unsafe-inline'";

    private HtmlPage() {}

    /** {@code markdown}: the page as {@code render --interactive} writes it, front matter and all. */
    public static String of(String title, String markdown) {
        String body = HtmlRenderer.builder().extensions(TABLES).build()
                .render(Parser.builder().extensions(TABLES).build().parse(withoutFrontMatter(markdown)));
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<meta http-equiv=\"Content-Security-Policy\" content=\"" + POLICY + "\">\n"
                + "<title>" + Svg.escape(title) + "</title>\n"
                // Light or dark as the reader's system is; nothing wider than a phone's screen (320 px):
                // a code block and a table scroll inside themselves, a figure shrinks to fit.
                + "<style>:root{color-scheme:light dark}"
                + "body{max-width:52rem;margin:2rem auto;padding:0 1rem;font-family:sans-serif;line-height:1.5;"
                + "overflow-wrap:break-word}"
                + "pre{background:#f6f8fa;padding:.75rem;overflow-x:auto}img,svg{max-width:100%;height:auto}"
                + "table{border-collapse:collapse;display:block;max-width:100%;overflow-x:auto}"
                + "th,td{border:1px solid #d0d7de;padding:.25rem .6rem}"
                + "@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}pre{background:#161b22}"
                + "th,td{border-color:#30363d}a{color:#58a6ff}}</style>\n"
                + "</head>\n<body>\n" + noTemplateTags(body) + "</body>\n</html>\n";
    }

    /**
     * A page of {@link #of} as chain serve shows it: its policy lets it connect to the server it came
     * from (for the events that say a save changed it), {@code head} ends its head and {@code top}
     * starts its body.
     */
    public static String served(String page, String head, String top) {
        return page.replace(POLICY, POLICY + "; connect-src 'self'")
                .replaceFirst("</head>\n", java.util.regex.Matcher.quoteReplacement(head + "</head>\n"))
                .replaceFirst("<body>\n", java.util.regex.Matcher.quoteReplacement("<body>\n" + top));
    }

    /** The front matter is for the site generator; a page of its own has its title in its head. */
    private static String withoutFrontMatter(String markdown) {
        if (!markdown.startsWith("---\n")) {
            return markdown;
        }
        int end = markdown.indexOf("\n---\n", 3);
        return end < 0 ? markdown : markdown.substring(end + 5);
    }

    /**
     * Every brace that would open a template tag ({@code {{ }}, {@code {%}, {@code {#}) written as
     * its character reference: the Markdown writes them so, and CommonMark decodes them back into
     * the text, where a site generator that runs its pages through Liquid (Eleventy does, for
     * {@code .html}) would run them.
     */
    static String noTemplateTags(String html) {
        StringBuilder out = new StringBuilder(html.length());
        for (int i = 0; i < html.length(); i++) {
            if (Markdown.opensTag(html, i)) {
                out.append("&#123;");
            } else {
                out.append(html.charAt(i));
            }
        }
        return out.toString();
    }
}
