package dev.chain.render;

/**
 * How pages are rendered: where links point, and whether a page starts with YAML front matter.
 */
public record RenderOptions(Links links, boolean frontMatter) {
    public static RenderOptions defaults() {
        return new RenderOptions(Links.defaults(), false);
    }
}
