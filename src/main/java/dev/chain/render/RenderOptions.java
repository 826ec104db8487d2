package dev.chain.render;

/**
 * How pages are rendered: where links point, whether a page starts with YAML front matter (and so
 * leaves its title to the site's layout), whether it is explorable ({@code render --interactive}):
 * each chain then has an HTML block before its code block ({@link ChainMarkdown#live}) and the
 * page ends by loading {@link #SCRIPT}), and where the page finds its figures and script.
 *
 * @param assets what the page's references to its SVG figures and its script start with: empty
 *     for beside the page (as {@code render -o} writes them), else a base ending in {@code /}
 *     ({@code /cards/}, {@code ../}) for a site that serves the page at another address than its
 *     folder, as a flat {@code cards/NAME.md} served at {@code /cards/NAME/} is
 * @param script what the page's reference to its script starts with, as {@code assets} for figures:
 *     {@code ../} for a page bundle, whose script is one file for the folder of bundles
 * @param pageLayout the front matter's {@code layout:} (Jekyll's {@code default}), null for none; a
 *     page with one keeps its {@code # Title}, as Jekyll's default layout prints no title
 */
public record RenderOptions(Links links, boolean frontMatter, boolean interactive, String assets, String script,
                            String pageLayout) {
    /** The explorable page's script, written beside each page that loads it. */
    public static final String SCRIPT = "chain-page.js";
    /** The practice mode's script, beside {@link #SCRIPT}, which fetches it when the reader turns Practice on (docs/drill.md). */
    public static final String PRACTICE_SCRIPT = "chain-practice.js";

    /**
     * Shown only by a site that drops a page's HTML blocks (Hugo's goldmark without {@code unsafe}):
     * the {@code div} that hides it is one of them. There the script and the models are gone too,
     * and the reader would otherwise take the card's numbers for a page that does not respond.
     */
    static final String DROPPED_HTML_NOTE = "\n<div class=\"chain-dropped-html\" hidden>\n\n"
            + "*The numbers on this page are the author's: its site left out the HTML that lets a reader change them"
            + " (Hugo passes it with `markup.goldmark.renderer.unsafe = true`).*\n\n</div>\n";

    public RenderOptions {
        if (!assets.isEmpty() && !assets.endsWith("/")) {
            assets = assets + "/";
        }
        if (!script.isEmpty() && !script.endsWith("/")) {
            script = script + "/";
        }
    }

    public RenderOptions(Links links, boolean frontMatter, boolean interactive, String assets) {
        this(links, frontMatter, interactive, assets, assets, null);
    }

    public RenderOptions(Links links, boolean frontMatter, boolean interactive) {
        this(links, frontMatter, interactive, "");
    }

    public RenderOptions(Links links, boolean frontMatter) {
        this(links, frontMatter, false);
    }

    public static RenderOptions defaults() {
        return new RenderOptions(Links.defaults(), false);
    }

    /**
     * The standalone {@code .html} of an explorable page: a file beside its figures and script
     * whatever the site's URLs, with its title as its heading, as no layout prints it.
     */
    public RenderOptions standalone() {
        return new RenderOptions(links, false, interactive, "", script.equals(assets) ? "" : script, null);
    }

    /** These options with other links. */
    public RenderOptions withLinks(Links other) {
        return new RenderOptions(other, frontMatter, interactive, assets, script, pageLayout);
    }

    /** Whether the page starts with its {@code # Title}: without front matter, or with a layout that prints none. */
    public boolean heading() {
        return !frontMatter || pageLayout != null;
    }

    /** The front matter's first keys: the layout, where one is named, and the title. */
    public FrontMatter frontMatter(String title) {
        return new FrontMatter().put("layout", pageLayout).put("title", title);
    }

    /** How the page refers to one of its files (a figure, the script). */
    public String asset(String file) {
        return assets + file;
    }

    /**
     * The HTML blocks that end an explorable page: the note a site that drops them shows, and the
     * script's line; empty for a static page. {@code practice} is how the page refers to its
     * practice models ({@link PageFigures#practice}), or null for a page with none: the script's
     * element names it ({@code data-practice-models}), for the practice script to load when a
     * reader first presses Practice.
     */
    public String scriptBlock(String practice) {
        return interactive ? DROPPED_HTML_NOTE + "<script src=\"" + Markdown.destination(script + SCRIPT) + "\""
                + (practice == null ? "" : " data-practice-models=\"" + Markdown.destination(practice) + "\"")
                + " defer></script>\n" : "";
    }
}
