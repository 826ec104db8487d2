package dev.chain.render;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figure files of one page, numbered in page order: {@code PAGE-1.svg}, {@code PAGE-2.svg},
 * where PAGE is the page's own name ({@code performance-debugging-chains}). They are written
 * beside the page ({@code render -o DIR}), and the page refers to each by that name, after the
 * asset base where the site serves the page elsewhere than its folder
 * ({@link RenderOptions#assets}).
 */
public final class PageFigures {
    private final String page;
    private final RenderOptions options;
    private final Map<String, String> files = new LinkedHashMap<>();

    /** @param page the page's file name without {@code .md} */
    public PageFigures(String page) {
        this(page, RenderOptions.defaults());
    }

    /** @param options where the page finds its files */
    public PageFigures(String page, RenderOptions options) {
        this.page = page;
        this.options = options;
    }

    /** Keeps a figure's SVG text and returns how the page refers to it. */
    String add(String svg) {
        String name = page + "-" + (files.size() + 1) + ".svg";
        files.put(name, svg);
        return options.asset(name);
    }

    /** The figures' SVG texts by file name, in page order. */
    public Map<String, String> files() {
        return Collections.unmodifiableMap(files);
    }
}
