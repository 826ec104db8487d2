package dev.chain.plot;

import dev.chain.units.NumberText;

/**
 * A small SVG writer: shapes and text, appended in order. What it writes is safe to put in a
 * page: every piece of text is escaped, nothing refers to anything outside the document (no
 * links, no images, no fonts to fetch), and there is no script or event attribute. Numbers are
 * written with at most two decimals in a fixed locale, so the same figure gives the same bytes.
 */
public final class Svg {
    /** The font every text uses: the reader's own sans-serif, so nothing is embedded or fetched. */
    static final String FONT = "sans-serif";

    private final StringBuilder out = new StringBuilder(16_384);
    private final double width;
    private final double height;

    /**
     * The figure's colours in a dark theme: the reader's {@code prefers-color-scheme}, in an
     * {@code <img>} as inline. Its shapes keep their light colours as attributes (what a viewer
     * without CSS shows); these rules, scoped to chain's figures (an inline SVG's style sheet
     * applies to its whole page), replace each colour of the palette and of the ink by attribute:
     * one fixed text, the same in every figure, with nothing from the chain in it.
     */
    public static final String DARK = darkTheme();

    private static String darkTheme() {
        String[][] swaps = {
            {"fill", "#ffffff", "#16181d"}, {"stroke", "#ffffff", "#16181d"}, // the page, and the rings' holes
            {"fill", "#333333", "#c9ccd1"}, {"stroke", "#333333", "#c9ccd1"}, // secondary text, the roofs
            {"stroke", "#444444", "#9aa0a6"}, {"stroke", "#555555", "#a6acb2"}, {"stroke", "#777777", "#8d9399"},
            {"stroke", "#999999", "#80868c"},
            {"fill", "#555555", "#a6acb2"}, {"stroke", "#e6e6e6", "#2f343a"},
        };
        StringBuilder css = new StringBuilder("@media (prefers-color-scheme: dark) {\n");
        css.append(".chain-figure text:not([fill]) { fill: #e8eaed }\n");
        for (String[] s : swaps) {
            css.append(".chain-figure [").append(s[0]).append("=\"").append(s[1]).append("\"] { ").append(s[0]).append(": ")
                    .append(s[2]).append(" }\n");
        }
        for (int i = 0; i < LinePlot.COLOURS.size(); i++) { // the palette a shade lighter, to read on a dark ground
            for (String property : new String[] {"fill", "stroke"}) {
                css.append(".chain-figure [").append(property).append("=\"").append(LinePlot.COLOURS.get(i)).append("\"] { ")
                        .append(property).append(": ").append(LinePlot.DARK_COLOURS.get(i)).append(" }\n");
            }
        }
        return css.append("}\n").toString();
    }

    Svg(double width, double height, String title, String description) {
        this.width = width;
        this.height = height;
        // Its width and height are its size where nothing else says (a viewer, a feed reader); a
        // page narrower than that scales it down, its aspect kept.
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(NumberText.coordinate(width)).append("\" height=\"")
                .append(NumberText.coordinate(height)).append("\" viewBox=\"0 0 ").append(NumberText.coordinate(width)).append(' ').append(NumberText.coordinate(height))
                .append("\" role=\"img\" font-family=\"").append(FONT)
                .append("\" class=\"chain-figure\" style=\"max-width:100%;height:auto\">\n");
        out.append("<title>").append(escape(title)).append("</title>\n");
        out.append("<desc>").append(escape(description)).append("</desc>\n");
        out.append("<style>\n").append(DARK).append("</style>\n");
        rect(0, 0, width, height, "#ffffff", null, 0);
    }

    double width() {
        return width;
    }

    double height() {
        return height;
    }

    void rect(double x, double y, double w, double h, String fill, String stroke, double strokeWidth) {
        out.append("<rect x=\"").append(NumberText.coordinate(x)).append("\" y=\"").append(NumberText.coordinate(y)).append("\" width=\"").append(NumberText.coordinate(w))
                .append("\" height=\"").append(NumberText.coordinate(h)).append("\" fill=\"").append(fill == null ? "none" : fill).append('"');
        if (stroke != null) {
            out.append(" stroke=\"").append(stroke).append("\" stroke-width=\"").append(NumberText.coordinate(strokeWidth)).append('"');
        }
        out.append("/>\n");
    }

    void line(double x1, double y1, double x2, double y2, String stroke, double strokeWidth, String dash) {
        out.append("<line x1=\"").append(NumberText.coordinate(x1)).append("\" y1=\"").append(NumberText.coordinate(y1)).append("\" x2=\"").append(NumberText.coordinate(x2))
                .append("\" y2=\"").append(NumberText.coordinate(y2)).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"")
                .append(NumberText.coordinate(strokeWidth)).append('"');
        dash(dash);
        out.append("/>\n");
    }

    /** A line through the points {@code xs[i], ys[i]}. */
    void polyline(double[] xs, double[] ys, String stroke, double strokeWidth, String dash) {
        out.append("<polyline fill=\"none\" stroke=\"").append(stroke).append("\" stroke-width=\"").append(NumberText.coordinate(strokeWidth))
                .append("\" stroke-linejoin=\"round\"");
        dash(dash);
        out.append(" points=\"");
        for (int i = 0; i < xs.length; i++) {
            out.append(i > 0 ? " " : "").append(NumberText.coordinate(xs[i])).append(',').append(NumberText.coordinate(ys[i]));
        }
        out.append("\"/>\n");
    }

    /** A closed shape through the points {@code xs[i], ys[i]}, filled with {@code fill} at {@code opacity}, no outline: a band. */
    void polygon(double[] xs, double[] ys, String fill, double opacity) {
        out.append("<polygon fill=\"").append(fill).append("\" fill-opacity=\"").append(NumberText.coordinate(opacity))
                .append("\" stroke=\"none\" points=\"");
        for (int i = 0; i < xs.length; i++) {
            out.append(i > 0 ? " " : "").append(NumberText.coordinate(xs[i])).append(',').append(NumberText.coordinate(ys[i]));
        }
        out.append("\"/>\n");
    }

    void circle(double cx, double cy, double r, String fill, String stroke, double strokeWidth) {
        circle(cx, cy, r, fill, stroke, strokeWidth, null);
    }

    /**
     * A circle; with {@code hover} (or null), what a reader pointing at it is told, as its
     * {@code <title>}: the browser's own tooltip, in an {@code <img>} as inline, with no script.
     */
    void circle(double cx, double cy, double r, String fill, String stroke, double strokeWidth, String hover) {
        out.append("<circle cx=\"").append(NumberText.coordinate(cx)).append("\" cy=\"").append(NumberText.coordinate(cy)).append("\" r=\"").append(NumberText.coordinate(r))
                .append("\" fill=\"").append(fill == null ? "none" : fill).append('"');
        if (stroke != null) {
            out.append(" stroke=\"").append(stroke).append("\" stroke-width=\"").append(NumberText.coordinate(strokeWidth)).append('"');
        }
        out.append(hover == null ? "/>\n" : "><title>" + escape(hover) + "</title></circle>\n");
    }

    /** Text at {@code x, y} (its baseline); {@code anchor} is start, middle or end; {@code rotate} degrees about that point. */
    void text(double x, double y, String text, double size, String anchor, boolean bold, String fill, double rotate) {
        out.append("<text x=\"").append(NumberText.coordinate(x)).append("\" y=\"").append(NumberText.coordinate(y)).append("\" font-size=\"").append(NumberText.coordinate(size))
                .append('"');
        if (!anchor.equals("start")) {
            out.append(" text-anchor=\"").append(anchor).append('"');
        }
        if (bold) {
            out.append(" font-weight=\"bold\"");
        }
        if (!fill.equals("#000000")) {
            out.append(" fill=\"").append(fill).append('"');
        }
        if (rotate != 0) {
            out.append(" transform=\"rotate(").append(NumberText.coordinate(rotate)).append(' ').append(NumberText.coordinate(x)).append(' ').append(NumberText.coordinate(y)).append(")\"");
        }
        out.append('>').append(escape(text)).append("</text>\n");
    }

    private void dash(String dash) {
        if (dash != null) {
            out.append(" stroke-dasharray=\"").append(dash).append('"');
        }
    }

    String finish() {
        return out.append("</svg>\n").toString();
    }

    /**
     * Text as SVG (XML) text, and HTML's (the standalone page's title, chain serve's box of errors):
     * the five markup characters as entities, and the characters XML does not allow (controls other
     * than tab and newline, unpaired surrogates) as U+FFFD.
     */
    public static String escape(String text) {
        StringBuilder s = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> s.append("&amp;");
                case '<' -> s.append("&lt;");
                case '>' -> s.append("&gt;");
                case '"' -> s.append("&quot;");
                case '\'' -> s.append("&#39;");
                // Every brace a reference: no {{, {% or {# in any file chain writes, which a site's
                // template engine (Liquid, Nunjucks) would run.
                case '{' -> s.append("&#123;");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                        s.append(c).append(text.charAt(++i));
                    } else if ((c < 0x20 && c != '\t' && c != '\n') || Character.isSurrogate(c) || c == 0xfffe || c == 0xffff) {
                        s.append('\ufffd');
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        return s.toString();
    }
}
