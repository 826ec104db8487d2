package dev.chain.plot;


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

    Svg(double width, double height, String title, String description) {
        this.width = width;
        this.height = height;
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(num(width)).append("\" height=\"")
                .append(num(height)).append("\" viewBox=\"0 0 ").append(num(width)).append(' ').append(num(height))
                .append("\" role=\"img\" font-family=\"").append(FONT).append("\">\n");
        out.append("<title>").append(escape(title)).append("</title>\n");
        out.append("<desc>").append(escape(description)).append("</desc>\n");
        rect(0, 0, width, height, "#ffffff", null, 0);
    }

    double width() {
        return width;
    }

    double height() {
        return height;
    }

    void rect(double x, double y, double w, double h, String fill, String stroke, double strokeWidth) {
        out.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" width=\"").append(num(w))
                .append("\" height=\"").append(num(h)).append("\" fill=\"").append(fill == null ? "none" : fill).append('"');
        if (stroke != null) {
            out.append(" stroke=\"").append(stroke).append("\" stroke-width=\"").append(num(strokeWidth)).append('"');
        }
        out.append("/>\n");
    }

    void line(double x1, double y1, double x2, double y2, String stroke, double strokeWidth, String dash) {
        out.append("<line x1=\"").append(num(x1)).append("\" y1=\"").append(num(y1)).append("\" x2=\"").append(num(x2))
                .append("\" y2=\"").append(num(y2)).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"")
                .append(num(strokeWidth)).append('"');
        dash(dash);
        out.append("/>\n");
    }

    /** A line through the points {@code xs[i], ys[i]}. */
    void polyline(double[] xs, double[] ys, String stroke, double strokeWidth, String dash) {
        out.append("<polyline fill=\"none\" stroke=\"").append(stroke).append("\" stroke-width=\"").append(num(strokeWidth))
                .append("\" stroke-linejoin=\"round\"");
        dash(dash);
        out.append(" points=\"");
        for (int i = 0; i < xs.length; i++) {
            out.append(i > 0 ? " " : "").append(num(xs[i])).append(',').append(num(ys[i]));
        }
        out.append("\"/>\n");
    }

    void circle(double cx, double cy, double r, String fill, String stroke, double strokeWidth) {
        out.append("<circle cx=\"").append(num(cx)).append("\" cy=\"").append(num(cy)).append("\" r=\"").append(num(r))
                .append("\" fill=\"").append(fill == null ? "none" : fill).append('"');
        if (stroke != null) {
            out.append(" stroke=\"").append(stroke).append("\" stroke-width=\"").append(num(strokeWidth)).append('"');
        }
        out.append("/>\n");
    }

    /** Text at {@code x, y} (its baseline); {@code anchor} is start, middle or end; {@code rotate} degrees about that point. */
    void text(double x, double y, String text, double size, String anchor, boolean bold, String fill, double rotate) {
        out.append("<text x=\"").append(num(x)).append("\" y=\"").append(num(y)).append("\" font-size=\"").append(num(size))
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
            out.append(" transform=\"rotate(").append(num(rotate)).append(' ').append(num(x)).append(' ').append(num(y)).append(")\"");
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

    /** A coordinate or size: at most two decimals, no trailing zeros, no exponent, no "-0". */
    static String num(double v) {
        if (!Double.isFinite(v)) {
            // Spelled out as Double.toString would: the page's script then carries no double-to-text code.
            throw new IllegalArgumentException("not a finite coordinate: " + (Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity"));
        }
        double x = v * 100;
        // Math.round(x), in doubles: the page's script (TeaVM) does long arithmetic in software,
        // which made this a seventh of redrawing a plot. x - floor(x) is exact below 2^52.
        double floor = Math.floor(x);
        double rounded = x - floor >= 0.5 ? floor + 1 : floor;
        if (rounded == 0) {
            return "0";
        }
        String whole;
        int frac;
        if (Math.abs(rounded) < Integer.MAX_VALUE) {
            int hundredths = (int) Math.abs(rounded);
            whole = String.valueOf(hundredths / 100);
            frac = hundredths % 100;
        } else { // far outside any plot
            long hundredths = Math.abs(Math.round(x));
            whole = String.valueOf(hundredths / 100);
            frac = (int) (hundredths % 100);
        }
        String sign = rounded < 0 ? "-" : "";
        if (frac == 0) {
            return sign + whole;
        }
        return sign + whole + "." + (frac % 10 == 0 ? String.valueOf(frac / 10) : (frac < 10 ? "0" : "") + frac);
    }

    /**
     * Text as SVG (XML) text: the five markup characters as entities, and the characters XML
     * does not allow (controls other than tab and newline, unpaired surrogates) as U+FFFD.
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
