package dev.chain.render;

import dev.chain.check.CheckedCard;
import java.util.List;

/**
 * A card's page, as the study site publishes it: the title, how many chains, the intro, each
 * chain under its own heading, and a link to the next card.
 */
public final class CardMarkdown {
    private final CheckedCard card;
    private final List<ChainMarkdown> chains;

    public CardMarkdown(CheckedCard card, List<ChainMarkdown> chains) {
        this.card = card;
        this.chains = List.copyOf(chains);
    }

    public String page(RenderOptions options) {
        return page(options, new PageFigures("page"));
    }

    /** The page, its figures' SVG files kept in {@code files}, numbered in page order. */
    public String page(RenderOptions options, PageFigures files) {
        StringBuilder out = new StringBuilder();
        String title = card.title().value();
        String next = card.next() == null ? null : card.next().value();
        if (options.frontMatter()) {
            out.append(options.frontMatter(title).put("chains", chains.size()).put("next", next).end());
        }
        if (options.heading()) {
            // Else the site's layout prints the front matter's title: the page does not say it again.
            out.append("# ").append(Markdown.headingText(title)).append("\n\n");
        }
        out.append(chains.size()).append(chains.size() == 1 ? " chain" : " chains").append('\n');
        if (card.intro() != null) {
            for (String paragraph : Prose.paragraphs(card.intro())) {
                out.append('\n').append(Markdown.inlineWithCardLinks(paragraph, options.links())).append('\n');
            }
        }
        for (ChainMarkdown chain : chains) {
            out.append('\n').append(chain.section(2, options.links(), files));
        }
        if (next != null) {
            out.append('\n').append("Next card: ").append(Markdown.linkOrText(next, options.links().card(next))).append('\n');
        }
        return out.append(options.scriptBlock(files.practice())).toString();
    }
}
