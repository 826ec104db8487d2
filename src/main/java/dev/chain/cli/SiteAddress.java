package dev.chain.cli;

import java.io.File;
import java.nio.file.Path;

/**
 * Where a site serves a page that a render writes, and how one of its pages links another: the
 * Markdown file itself with no {@code --site} (as a Markdown viewer shows the folder), the page's
 * folder for a bundle ({@code NAME/index.md}) and for Hugo's and Eleventy's flat {@code NAME.md},
 * Jekyll's {@code NAME.html} beside it, and the standalone {@code .html} of an explorable page.
 *
 * @param path   the file or folder, absolute
 * @param folder whether the site serves the page as a folder ({@code NAME/}), its links resolving from inside it
 */
record SiteAddress(Path path, boolean folder) {
    /** The address of the page written to {@code markdown} (absolute) in {@code layout}, for {@code site} (null for none). */
    static SiteAddress of(Path markdown, SiteLayout layout, SiteGenerator site) {
        if (layout == SiteLayout.bundle) {
            return new SiteAddress(markdown.getParent(), true);
        }
        String stem = SiteLayout.stem(markdown.getFileName());
        if (site == SiteGenerator.hugo || site == SiteGenerator.eleventy) {
            return new SiteAddress(markdown.resolveSibling(stem), true);
        }
        return site == SiteGenerator.jekyll ? new SiteAddress(markdown.resolveSibling(stem + ".html"), false)
                : new SiteAddress(markdown, false);
    }

    /** The address of a file read as it is: a standalone .html. */
    static SiteAddress file(Path file) {
        return new SiteAddress(file, false);
    }

    /** The relative link from this page to {@code target}: {@code ../drills/bad-itl/} from a Hugo card's page. */
    String linkTo(SiteAddress target) {
        Path from = folder ? path : path.getParent();
        String relative = from.relativize(target.path).toString().replace(File.separatorChar, '/');
        if (!target.folder) {
            return relative;
        }
        return relative.isEmpty() ? "./" : relative + "/";
    }
}
