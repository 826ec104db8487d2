package dev.chain.render;

import java.text.Normalizer;
import java.util.Locale;

/**
 * Where "Drilled in:" and "Next card:" point. A link is the base followed by
 * {@code drills/SLUG/} or {@code cards/SLUG/}; a base holding {@code {slug}} is a pattern instead,
 * in which {@code {slug}} and {@code {section}} ({@code drills} or {@code cards}) are filled in:
 * {@code https://study.example.com/{section}/{slug}.html}. The slug is the title in lower case,
 * accents removed, every run of other characters a single {@code -} (kebab) or {@code _} (snake):
 * "Bad ITL with fine TTFT" is {@code bad-itl-with-fine-ttft}.
 */
public record Links(String base, SlugRule rule) {
    public static final String DEFAULT_BASE = "/";

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

    public String card(String title) {
        return link("cards", title);
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
