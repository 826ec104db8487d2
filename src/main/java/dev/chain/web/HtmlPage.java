package dev.chain.web;

import dev.chain.ast.Text;
import dev.chain.check.CheckedCard;
import dev.chain.plot.Svg;
import dev.chain.render.ChainMarkdown;
import dev.chain.render.Links;
import dev.chain.render.Prose;
import dev.chain.render.RenderOptions;
import java.util.List;

/**
 * The standalone {@code .html} page of {@code render --interactive}, for a site that does not
 * pass the Markdown page's HTML blocks through: the same card, written as HTML (every text from the
 * chain escaped), each chain's model before its code block, the script loaded from beside it.
 * Without JavaScript it reads as the static card. A figure's table is an HTML table, as a
 * CommonMark renderer makes it of the Markdown page; a plot is its SVG image, as there. The script
 * writes both again for the reader's inputs.
 */
public final class HtmlPage {
    private final StringBuilder out = new StringBuilder();
    private final Links links;

    private HtmlPage(String title, Links links) {
        this.links = links;
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                // The page's own policy: its script from beside it, its images (the plots) too, nothing else.
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'self'; "
                        + "img-src 'self'; style-src 'unsafe-inline'\">\n")
                .append("<title>").append(Svg.escape(title)).append("</title>\n")
                .append("<style>body{max-width:52rem;margin:2rem auto;padding:0 1rem;font-family:sans-serif;line-height:1.5}"
                        + "pre{background:#f6f8fa;padding:.75rem;overflow-x:auto}"
                        + "table{border-collapse:collapse}th,td{border:1px solid #d0d7de;padding:.25rem .6rem}</style>\n")
                .append("</head>\n<body>\n");
    }

    /** A card's page: its title, how many chains, the intro, each chain, the next card. */
    public static String card(CheckedCard card, List<ChainMarkdown> chains, List<String> liveBlocks,
                              List<List<String>> figures, RenderOptions options) {
        HtmlPage page = new HtmlPage(card.title().value(), options.links());
        page.out.append("<h1>").append(Svg.escape(card.title().value())).append("</h1>\n");
        page.paragraph(chains.size() + (chains.size() == 1 ? " chain" : " chains"));
        if (card.intro() != null) {
            Prose.paragraphs(card.intro()).forEach(page::paragraph);
        }
        for (int i = 0; i < chains.size(); i++) {
            page.chain(2, chains.get(i), liveBlocks.get(i), figures.get(i));
        }
        if (card.next() != null) {
            String next = card.next().value();
            page.out.append("<p>Next card: ").append(page.link(next, options.links().card(next))).append("</p>\n");
        }
        return page.end();
    }

    /** A chain's page of its own. */
    public static String chain(ChainMarkdown chain, String liveBlock, List<String> figures, RenderOptions options) {
        HtmlPage page = new HtmlPage(chain.title(), options.links());
        page.chain(1, chain, liveBlock, figures);
        return page.end();
    }

    private void chain(int level, ChainMarkdown chain, String liveBlock, List<String> figures) {
        if (chain.title() != null) {
            out.append("<h").append(level).append('>').append(Svg.escape(chain.title())).append("</h").append(level).append(">\n");
        }
        out.append(liveBlock);
        out.append("<pre><code>");
        for (String line : chain.codeLines()) {
            out.append(Svg.escape(line)).append('\n');
        }
        out.append("</code></pre>\n");
        chain.paragraphs().forEach(this::paragraph);
        for (String figure : figures) {
            out.append(figure);
        }
        List<Text> drills = chain.drills();
        if (!drills.isEmpty()) {
            out.append("<p>Drilled in: ");
            for (int i = 0; i < drills.size(); i++) {
                out.append(i > 0 ? ", " : "").append(link(drills.get(i).value(), links.drill(drills.get(i).value())));
            }
            out.append("</p>\n");
        }
    }

    /** A figure: a plot's image, or a table as a CommonMark renderer would make it. */
    public static String figure(String markdown) {
        if (markdown.startsWith("![")) {
            int close = markdown.lastIndexOf("](");
            String alt = markdown.substring(2, close);
            String src = markdown.substring(close + 2, markdown.lastIndexOf(')'));
            return "<p><img src=\"" + Svg.escape(src) + "\" alt=\"" + Svg.escape(alt) + "\"></p>\n";
        }
        return FigureHtml.table(markdown);
    }

    private void paragraph(String text) {
        out.append("<p>").append(Svg.escape(text)).append("</p>\n");
    }

    private String link(String text, String href) {
        return "<a href=\"" + Svg.escape(href) + "\">" + Svg.escape(text) + "</a>";
    }

    private String end() {
        return out.append("<script src=\"").append(RenderOptions.SCRIPT).append("\" defer></script>\n</body>\n</html>\n").toString();
    }
}
