package dev.chain.render;

/**
 * How pages are rendered: where links point, whether a page starts with YAML front matter, and
 * whether it is explorable ({@code render --interactive}): each chain then has an HTML block
 * before its code block ({@link ChainMarkdown#live}) and the page ends by loading {@link #SCRIPT}.
 */
public record RenderOptions(Links links, boolean frontMatter, boolean interactive) {
    /** The explorable page's script, written beside each page that loads it. */
    public static final String SCRIPT = "chain-page.js";

    public RenderOptions(Links links, boolean frontMatter) {
        this(links, frontMatter, false);
    }

    public static RenderOptions defaults() {
        return new RenderOptions(Links.defaults(), false);
    }

    /** The HTML block that loads the script, at the end of an explorable page; empty for a static one. */
    public String scriptBlock() {
        return interactive ? "\n<script src=\"" + SCRIPT + "\" defer></script>\n" : "";
    }
}
