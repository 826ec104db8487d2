package dev.chain.render;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figure files of one page, numbered in page order: {@code PAGE-1.svg}, {@code PAGE-2.svg},
 * where PAGE is the page's own name ({@code performance-debugging-chains}). The page links to
 * each by that name, so that written beside it ({@code render -o DIR}) the page shows them.
 */
public final class PageFigures {
    private final String page;
    private final Map<String, String> files = new LinkedHashMap<>();

    /** @param page the page's file name without {@code .md} */
    public PageFigures(String page) {
        this.page = page;
    }

    /** Keeps a figure's SVG text and returns the name the page links to it by. */
    String add(String svg) {
        String name = page + "-" + (files.size() + 1) + ".svg";
        files.put(name, svg);
        return name;
    }

    /** The figures' SVG texts by file name, in page order. */
    public Map<String, String> files() {
        return Collections.unmodifiableMap(files);
    }
}
