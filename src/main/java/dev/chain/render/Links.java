package dev.chain.render;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Map;

/**
 * Where "Drilled in:", "Next card:" and a card link ({@code [text](card:NAME)}) point. A drill or
 * card whose page this render writes is linked to that page ({@code pages}, made by the render as
 * the site serves its files). Otherwise, with an explicit base (the card's {@code links}, {@code
 * --link-base}), the author's statement that the site serves it: the base followed by {@code
 * drills/SLUG/} or {@code cards/SLUG/} ({@code SLUG.html} for a site that serves {@code .html}
 * pages, Jekyll's); a base holding {@code {slug}} is a pattern instead, in which {@code {slug}} and
 * {@code {section}} ({@code drills} or {@code cards}) are filled in:
 * {@code https://study.example.com/{section}/{slug}.html}. With no explicit base, there is no link:
 * the page says the title as plain text ({@link #drill} and {@link #card} give null), and the render
 * warns. The slug is the title in lower case, accents removed, every run of other characters a
 * single {@code -} (kebab) or {@code _} (snake): "Bad ITL with fine TTFT" is {@code bad-itl-with-fine-ttft}.
 *
 * @param explicit whether {@code base} was said by the card or the command line, not the default
 * @param ending how a base's address of a page ends: {@code /} (a folder, as Hugo and Eleventy
 *     serve a page) or {@code .html} (Jekyll's)
 * @param cardPage how a page links to a card of its own folder, with {@code {name}} for the card
 *     file's name without {@code .card}: {@code {name}.md} for flat Markdown beside it,
 *     {@code ../{name}/} where the site serves each page as a folder, {@code {name}.html}
 * @param pages the pages this render writes that a link may name, by section ({@code drills},
 *     {@code cards}) and title, each as this page's link to it
 */
public record Links(String base, SlugRule rule, boolean explicit, String ending, String cardPage,
                    Map<String, Map<String, String>> pages) {
    public static final String DEFAULT_BASE = "/";
    public static final String DRILLS = "drills";
    public static final String CARDS = "cards";

    public Links {
        pages = Map.copyOf(pages);
    }

    /** Links to {@code base}, said explicitly, with no page of the render known. */
    public Links(String base, SlugRule rule) {
        this(base, rule, true, "/", "{name}.md", Map.of());
    }

    /** These links, with a card of the page's folder linked as {@code cardPage} says and the render's {@code pages}. */
    public Links withPages(String cardPage, Map<String, Map<String, String>> pages) {
        return new Links(base, rule, explicit, ending, cardPage, pages);
    }

    /** The link to the card whose file is {@code name}.card in the page's folder. */
    public String cardPage(String name) {
        return cardPage.replace("{name}", name);
    }

    public enum SlugRule {
        kebab('-'),
        snake('_');

        private final char separator;

        SlugRule(char separator) {
            this.separator = separator;
        }
    }

    /** The site's root, said explicitly: {@code /drills/SLUG/}, as the published card links. */
    public static Links defaults() {
        return new Links(DEFAULT_BASE, SlugRule.kebab);
    }

    /** The link to the drill titled {@code title}, or null: no page of it is written and no explicit base says where it is. */
    public String drill(String title) {
        return link(DRILLS, title);
    }

    /** The link to the card titled {@code title}, or null, as {@link #drill}. */
    public String card(String title) {
        return link(CARDS, title);
    }

    private String link(String section, String title) {
        String page = pages.getOrDefault(section, Map.of()).get(title);
        if (page != null) {
            return page;
        }
        if (!explicit) {
            return null;
        }
        String slug = slug(title, rule);
        if (base.contains("{slug}")) {
            return base.replace("{section}", section).replace("{slug}", slug);
        }
        return base + (base.isEmpty() || base.endsWith("/") ? "" : "/") + section + "/" + slug + ending;
    }

    public static String slug(String title, SlugRule rule) {
        String plain = Normalizer.normalize(title, Normalizer.Form.NFKD).replaceAll("\\p{M}+", "");
        StringBuilder out = new StringBuilder(plain.length());
        boolean pending = false;
        for (char c : plain.toLowerCase(Locale.ROOT).toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                if (pending && out.length() > 0) {
                    out.append(rule.separator);
                }
                out.append(c);
                pending = false;
            } else {
                pending = true;
            }
        }
        return out.length() == 0 ? "untitled" : out.toString();
    }
}
