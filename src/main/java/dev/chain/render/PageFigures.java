package dev.chain.render;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The files of one page beside it: its figures, numbered in page order: {@code PAGE-1.svg},
 * {@code PAGE-2.svg}, where PAGE is the page's own name ({@code performance-debugging-chains}),
 * and on an explorable page whose chains a reader can practise, their practice models,
 * {@code PAGE.practice.js}. They are written beside the page ({@code render -o DIR}), and the page
 * refers to each by that name, after the asset base where the site serves the page elsewhere than
 * its folder ({@link RenderOptions#assets}).
 */
public final class PageFigures {
    private final String page;
    private final RenderOptions options;
    private final Map<String, String> files = new LinkedHashMap<>();
    /** Whether the page has practice models beside it. */
    private final boolean practice;

    /** @param page the page's file name without {@code .md} */
    public PageFigures(String page) {
        this(page, RenderOptions.defaults());
    }

    /** @param options where the page finds its files */
    public PageFigures(String page, RenderOptions options) {
        this(page, options, false);
    }

    /** @param practice whether the page's practice models are written beside it ({@link #practiceFile}) */
    public PageFigures(String page, RenderOptions options, boolean practice) {
        this.page = page;
        this.options = options;
        this.practice = practice;
    }

    /**
     * The file of a page's practice models: {@code PAGE.practice.js}, which no figure
     * ({@code PAGE-1.svg}), script ({@code chain-page.js}) or other page's file can be named.
     */
    public static String practiceFile(String page) {
        return page + ".practice.js";
    }

    /** How the page refers to its practice models, or null for a page with none beside it. */
    String practice() {
        return practice ? options.asset(practiceFile(page)) : null;
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
