package dev.chain.render;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Map;

/**
 * Where "Drilled in:", "Next card:" and a card link ({@code [text](card:NAME)}) point. A "Next
 * card:" naming a card rendered beside the page links to that card's page; otherwise a link is the base followed by
 * {@code drills/SLUG/} or {@code cards/SLUG/}; a base holding {@code {slug}} is a pattern instead,
 * in which {@code {slug}} and {@code {section}} ({@code drills} or {@code cards}) are filled in:
 * {@code https://study.example.com/{section}/{slug}.html}. The slug is the title in lower case,
 * accents removed, every run of other characters a single {@code -} (kebab) or {@code _} (snake):
 * "Bad ITL with fine TTFT" is {@code bad-itl-with-fine-ttft}.
 */
public record Links(String base, SlugRule rule, String cardPage, Map<String, String> cards) {
    public static final String DEFAULT_BASE = "/";

    /**
     * @param cardPage how a page links to a card of its own folder, with {@code {name}} for the
     *     card file's name without {@code .card}: {@code {name}.md} for flat Markdown beside it,
     *     {@code ../{name}/} where the site serves each page as a folder, {@code {name}.html}
     * @param cards the cards rendered into the page's folder, by title to name: a "Next card:" that
     *     names one of them links to its page, not to the base
     */
    public Links {
        cards = Map.copyOf(cards);
    }

    public Links(String base, SlugRule rule) {
        this(base, rule, "{name}.md", Map.of());
    }

    /** These links, with a card of the page's folder linked as {@code cardPage} says and {@code cards} by title. */
    public Links withCards(String cardPage, Map<String, String> cards) {
        return new Links(base, rule, cardPage, cards);
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

    public static Links defaults() {
        return new Links(DEFAULT_BASE, SlugRule.kebab);
    }

    public String drill(String title) {
        return link("drills", title);
    }

    /** The link to the card titled {@code title}: its page, when it is rendered into this page's folder, else the base's. */
    public String card(String title) {
        String name = cards.get(title);
        return name != null ? cardPage(name) : link("cards", title);
    }

    private String link(String section, String title) {
        String slug = slug(title, rule);
        if (base.contains("{slug}")) {
            return base.replace("{section}", section).replace("{slug}", slug);
        }
        return base + (base.isEmpty() || base.endsWith("/") ? "" : "/") + section + "/" + slug + "/";
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
