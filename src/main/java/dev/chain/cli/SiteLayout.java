package dev.chain.cli;

import java.nio.file.Path;

/**
 * Where {@code render -o DIR} puts a page and its files, in the two layouts static site generators
 * publish: {@code flat}, {@code DIR/NAME.md} with its figures and script beside it, in one folder
 * for every page; {@code bundle}, {@code DIR/NAME/index.md} with its own in {@code DIR/NAME/}, a
 * Hugo page bundle, which each generator serves at {@code /NAME/} with its files beside it, so that
 * the page's relative references resolve wherever the site is mounted.
 */
enum SiteLayout {
    flat,
    bundle;

    /**
     * The page made from a source at {@code relative} (inside the folder rendered, or its file
     * name): {@code sub/02-inter-token-floor.chain} is {@code sub/02-inter-token-floor.md} or
     * {@code sub/02-inter-token-floor/index.md}.
     */
    Path page(Path relative) {
        String stem = stem(relative);
        Path parent = relative.getParent();
        Path name = this == flat ? Path.of(stem + ".md") : Path.of(stem, "index.md");
        return parent == null ? name : parent.resolve(name);
    }

    /** The page's own name, which its figures' files and its standalone .html take: the source's, without its extension. */
    static String stem(Path relative) {
        String name = relative.getFileName().toString();
        return name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name;
    }

    /**
     * Why a source at {@code relative} cannot be a page, or null: its name without the extension
     * names the page's folder and files, and {@code ...chain} would name {@code ..}, the folder
     * above -o, where a bundle's index.md, script and figures would overwrite what is there.
     */
    static String refusal(Path relative) {
        String stem = stem(relative);
        if (!stem.isEmpty() && !stem.equals(".") && !stem.equals("..")) {
            return null;
        }
        return "this file's name makes its page's name " + (stem.isEmpty() ? "empty" : "`" + stem + "`")
                + ", which names " + (stem.equals("..") ? "the folder above" : "the folder itself")
                + " rather than a page in it; nothing is written";
    }
}
