package dev.chain.serve;

import dev.chain.plot.Svg; // the one escape of XML and HTML text, as the standalone page's title
import dev.chain.render.Markdown;
import dev.chain.web.HtmlPage;
import java.util.List;

/**
 * What chain serve adds to the pages a render made, and the pages of its own: the script that
 * reloads a page when a save changes the site (keeping the reader's inputs, which the page keeps
 * in its address, and the scroll), the box that shows the last render's errors as the terminal
 * showed them, and the index at {@code /}.
 */
final class ServedHtml {
    /** Where the pages find the script below; under a name no render writes ({@code _chain/}). */
    static final String SCRIPT = "/_chain/live.js";
    /** The events that say which version of the site is current. */
    static final String EVENTS = "/_chain/events";

    /**
     * Reloads the page when the server says the site is no longer the version the page was made
     * at, once: the page's own script sets the reader's inputs again from the address, and this
     * one scrolls back to where the reader was.
     */
    static final String LIVE_SCRIPT = """
            (function () {
              "use strict";
              var meta = document.querySelector("meta[name=chain-serve-version]");
              var version = meta ? meta.getAttribute("content") : "";
              var key = "chain-serve-scroll " + location.pathname;
              var saved = null;
              try {
                saved = sessionStorage.getItem(key);
                sessionStorage.removeItem(key);
              } catch (e) {
                // no session storage (a private window): the page opens at its top
              }
              if (saved) {
                var xy = saved.split(" ");
                var restore = function () { window.scrollTo(Number(xy[0]), Number(xy[1])); };
                if (document.readyState === "complete") {
                  restore();
                } else {
                  window.addEventListener("load", restore);
                }
              }
              var events = new EventSource("%s");
              events.addEventListener("version", function (e) {
                if (e.data !== version) {
                  try {
                    sessionStorage.setItem(key, window.scrollX + " " + window.scrollY);
                  } catch (err) {
                    // the page reloads at its top
                  }
                  events.close();
                  location.reload();
                }
              });
            })();
            """.formatted(EVENTS);

    private ServedHtml() {}

    /** A page of the render, {@code html} as render --interactive writes it, as the server shows it now. */
    static String page(String html, LiveSite.Snapshot site) {
        return HtmlPage.served(html, head(site), errors(site.errors()));
    }

    /** {@code /}: a link to every page of the render, and the errors if the last save has some. */
    static String index(String path, LiveSite.Snapshot site) {
        StringBuilder markdown = new StringBuilder("# chain serve: ").append(Markdown.inline(path)).append("\n\n");
        List<Server.Page> pages = site.pages();
        if (pages.isEmpty()) {
            markdown.append("No page yet: the render has errors.\n");
        }
        for (Server.Page page : pages) {
            markdown.append("- ").append(Markdown.link(page.title(), page.html()))
                    .append(" (").append(Markdown.link(page.markdown(), page.markdown())).append(")\n");
        }
        return page(HtmlPage.of("chain serve: " + path, markdown.toString()), site);
    }

    private static String head(LiveSite.Snapshot site) {
        return "<meta name=\"chain-serve-version\" content=\"" + site.version() + "\">\n"
                + "<script src=\"" + SCRIPT + "\" defer></script>\n";
    }

    /** The last render's diagnostics, in a box above the page, while it has them. */
    private static String errors(String diagnostics) {
        if (diagnostics == null) {
            return "";
        }
        return "<div class=\"chain-serve-errors\" role=\"alert\" style=\"border:2px solid #d1242f;padding:0 1rem;margin:0 0 1.5rem\">\n"
                + "<p><strong>The last save has errors</strong>; the page below is the last render that had none.</p>\n"
                + "<pre style=\"overflow-x:auto\"><code>" + Svg.escape(diagnostics) + "</code></pre>\n</div>\n";
    }
}
