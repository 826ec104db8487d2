package dev.chain.cli;

/**
 * {@code render --site}: the static site generator that publishes the pages, and what it needs of
 * them so that a page has its layout, title, figures and script with no edit by hand. Each serves
 * {@code content/cards/NAME.md} at its own address, from which the page's relative references
 * resolve: Hugo and Eleventy at {@code /cards/NAME/} (its files one folder up, {@code ../}), Jekyll
 * with its default permalinks at {@code /cards/NAME.html}, beside them, and its drill pages at
 * {@code /drills/SLUG.html}. Jekyll's {@code default} layout (of a blank site and of its themes)
 * prints no title, so the page names it and keeps its heading; Hugo's themes and the documented
 * Eleventy layout print the front matter's title.
 */
enum SiteGenerator {
    hugo("../", null, "/"),
    jekyll("", "default", ".html"),
    eleventy("../", null, "/");

    /** Where a flat page finds its figures and script (a page bundle finds them beside it). */
    final String flatAssetBase;
    /** The front matter's {@code layout:}, or null. */
    final String pageLayout;
    /** How the address of a page under a link base ends: {@code /} for a folder, {@code .html} for Jekyll's file. */
    final String pageEnding;

    SiteGenerator(String flatAssetBase, String pageLayout, String pageEnding) {
        this.flatAssetBase = flatAssetBase;
        this.pageLayout = pageLayout;
        this.pageEnding = pageEnding;
    }
}
