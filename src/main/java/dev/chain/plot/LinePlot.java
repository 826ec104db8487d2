package dev.chain.plot;

import java.util.ArrayList;
import java.util.List;

/**
 * A line plot of a sweep as SVG text: the swept input on x, one line per value shown, on a y
 * axis per dimension (left, and right for a second), linear or logarithmic; a legend; and the
 * chain's own operating point marked on every line; where a line's value is a range at its points
 * (other inputs are ranges), a band from its lowest to its highest value around it. Values come in
 * the units the axes are labelled in; nothing here knows about chains.
 */
public final class LinePlot {
    /** Line colours, in order; a value on the right axis is also dashed. */
    public static final List<String> COLOURS = List.of("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
            "#8c564b", "#e377c2", "#17becf");

    /** The same colours in a dark theme ({@link Svg#DARK}), each a shade lighter. */
    static final List<String> DARK_COLOURS = List.of("#5aa9e6", "#f26b6b", "#5cc85c", "#b690e0", "#ffa24d",
            "#c48f84", "#f0a0d8", "#4dd4e3");

    /** A figure's width, as a file or a card shows it; the explorable page draws one narrower where it is shown narrower. */
    public static final double WIDTH = 720;
    /** The plot area's height; the figure's is that, its title above and its axis label and legend below. */
    static final double PLOT_HEIGHT = 286;
    /** Where the plot area starts, under the title. */
    static final double TOP = 50;
    /** The room a legend's row takes. */
    static final double ROW = 19;
    static final double TICK_FONT = 12;
    static final double LABEL_FONT = 13;
    /** The widest a line of a line's label at its end may be: a longer name takes two lines, or else the legend. */
    private static final double END_LABEL = 170;
    static final double TITLE_FONT = 16;

    /**
     * An axis: what it shows ({@code floor}, {@code loss (nats per token)}), the unit it is read in
     * (empty for a plain number), whether it is logarithmic, and its ends where the author gave
     * them ({@code low} and {@code high} in its unit; NaN: ranged by the values, from round numbers).
     */
    public record Axis(String name, String unit, boolean log, double low, double high) {
        public Axis(String name, String unit, boolean log) {
            this(name, unit, log, Double.NaN, Double.NaN);
        }

        /** What the axis is labelled: {@code time (ms)}, or its name alone for a plain number. */
        public String label() {
            return unit.isEmpty() ? name : name + " (" + unit + ")";
        }
    }

    /**
     * A line: its name in the legend, its values at each x (NaN for none), the y axis it is read
     * on (0 left, 1 right), and its value at the operating point (NaN when there is none); its
     * band's lowest and highest values at each x ({@code lows}, {@code highs}), null for none.
     * Values {@code measured} are points, at the plot's xs or at their own ({@code xs}, else null).
     */
    public record Series(String name, double[] ys, int axis, double operating, double[] lows, double[] highs,
                         boolean measured, double[] xs) {
        public Series(String name, double[] ys, int axis, double operating) {
            this(name, ys, axis, operating, null, null);
        }

        public Series(String name, double[] ys, int axis, double operating, double[] lows, double[] highs) {
            this(name, ys, axis, operating, lows, highs, false, null);
        }

        /** Values measured at some of the xs (NaN elsewhere): drawn as points, not a line. */
        public static Series measured(String name, double[] ys, int axis) {
            return new Series(name, ys, axis, Double.NaN, null, null, true, null);
        }

        /** Values measured at xs of their own (a benchmark's runs beside the chain's line): points. */
        public static Series measured(String name, double[] xs, double[] ys, int axis) {
            return new Series(name, ys, axis, Double.NaN, null, null, true, xs);
        }

        boolean banded() {
            return lows != null;
        }
    }

    /** How opaque a band's fill is: the line stays readable over it, and two bands over each other still show. */
    private static final double BAND_OPACITY = 0.18;

    private final String title;
    private final String description;
    private final Axis xAxis;
    private final double[] xs;
    private final List<Axis> yAxes;
    private final List<Series> series;
    private final double operatingX;
    private final String operatingLabel;
    private final boolean ticksAtPoints;
    /** What the bands are, said in the legend after the lines ("shaded: over mfu 40-60%"); null without bands. */
    private final String bandNote;
    /** The author's x where it is not the operating one (a reader's or a --set's), NaN for none; its label. */
    private final double authorX;
    private final String authorLabel;
    /**
     * The operating point's ends: where it is a range (a reader typed {@code 16 .. 64}, a --set made
     * it one), marked as a band across the plot, not at its midpoint; both {@code operatingX} for a point.
     */
    private final double operatingLow;
    private final double operatingHigh;

    /**
     * @param operatingX     the chain's own x, NaN for none; {@code operatingLabel} says what it is ("batch 64")
     * @param ticksAtPoints  mark x at the points themselves (a short list of batch sizes), not at round numbers
     */
    public LinePlot(String title, String description, Axis xAxis, double[] xs, List<Axis> yAxes, List<Series> series,
                    double operatingX, String operatingLabel, boolean ticksAtPoints) {
        this(title, description, xAxis, xs, yAxes, series, operatingX, operatingLabel, ticksAtPoints, null);
    }

    /** @param bandNote what the lines' bands are, in the legend; null without bands */
    public LinePlot(String title, String description, Axis xAxis, double[] xs, List<Axis> yAxes, List<Series> series,
                    double operatingX, String operatingLabel, boolean ticksAtPoints, String bandNote) {
        this(title, description, xAxis, xs, yAxes, series, operatingX, operatingLabel, ticksAtPoints, bandNote, Double.NaN, null);
    }

    /**
     * @param authorX     the chain's own x where the operating point is another's (a reader's
     *                    input, a --set), NaN for none: a dotted line, named in the legend
     * @param authorLabel what it is ("batch = 64")
     */
    public LinePlot(String title, String description, Axis xAxis, double[] xs, List<Axis> yAxes, List<Series> series,
                    double operatingX, String operatingLabel, boolean ticksAtPoints, String bandNote, double authorX,
                    String authorLabel) {
        this(title, description, xAxis, xs, yAxes, series, operatingX, operatingLabel, ticksAtPoints, bandNote, authorX,
                authorLabel, operatingX, operatingX);
    }

    /** @param operatingLow the operating point's low end, below {@code operatingHigh} where it is a range (else both are {@code operatingX}) */
    public LinePlot(String title, String description, Axis xAxis, double[] xs, List<Axis> yAxes, List<Series> series,
                    double operatingX, String operatingLabel, boolean ticksAtPoints, String bandNote, double authorX,
                    String authorLabel, double operatingLow, double operatingHigh) {
        this.operatingLow = operatingLow;
        this.operatingHigh = operatingHigh;
        this.authorX = authorX;
        this.authorLabel = authorLabel;
        this.bandNote = bandNote;
        this.title = title;
        this.description = description;
        this.xAxis = xAxis;
        this.xs = xs.clone();
        this.yAxes = List.copyOf(yAxes);
        this.series = List.copyOf(series);
        this.operatingX = operatingX;
        this.operatingLabel = operatingLabel;
        this.ticksAtPoints = ticksAtPoints;
    }

    /** The y axes, left first. */
    public List<Axis> yAxes() {
        return yAxes;
    }

    public String svg() {
        return svg(WIDTH);
    }

    /**
     * The figure {@code width} wide: narrower than {@link #WIDTH} on a phone, whose text is then the
     * page's own size where the figure scaled down would shrink it to 6 px.
     */
    public String svg(double width) {
        boolean right = yAxes.size() > 1;
        // Each line is named at its end, in the right margin (with one y axis: a second takes the
        // margin), so that the eye need not go to a legend and back; the legend keeps the rest. A
        // narrow figure has no room for that margin: its legend names every line.
        boolean endLabels = !right && width >= WIDTH;
        double labelRoom = 0;
        for (Series s : series) {
            if (endLabels && namedAtEnd(s)) {
                for (String line : endLabel(s.name())) {
                    labelRoom = Math.max(labelRoom, TextWidth.of(line, LABEL_FONT));
                }
            }
        }
        double left = 80;
        double rightEdge = width - (right ? 80 : labelRoom > 0 ? labelRoom + 22 : 30);
        List<String> heading = titleLines(title, width);
        double top = TOP + (heading.size() - 1) * TITLE_LINE;
        double bottom = top + PLOT_HEIGHT;
        int rows = legend(null, 0, left, width - 30, endLabels);
        // As tall as what it holds: no empty band under a short legend.
        double height = bottom + (rows == 0 ? 58 : 66 + (rows - 1) * ROW + 16);
        Svg svg = new Svg(width, height, title, description);
        title(svg, heading, width);

        Scale x = xScale(left, rightEdge);
        List<Scale> ys = new ArrayList<>();
        for (int a = 0; a < yAxes.size(); a++) {
            ys.add(yScale(a, bottom, top));
        }
        // Grid and axes.
        List<Double> xTicks = ticksAtPoints ? points(x) : x.ticks();
        for (double t : xTicks) {
            svg.line(x.at(t), top, x.at(t), bottom, "#e6e6e6", 1, null);
        }
        for (double t : ys.get(0).ticks()) {
            svg.line(left, ys.get(0).at(t), rightEdge, ys.get(0).at(t), "#e6e6e6", 1, null);
        }
        svg.rect(left, top, rightEdge - left, bottom - top, null, "#444444", 1);
        double lastRight = Double.NEGATIVE_INFINITY;
        for (double t : xTicks) {
            String label = x.tickLabel(t);
            double w = TextWidth.of(label, TICK_FONT);
            double px = x.at(t);
            svg.line(px, bottom, px, bottom + 5, "#444444", 1, null);
            if (px - w / 2 > lastRight + 6) {
                svg.text(px, bottom + 19, label, TICK_FONT, "middle", false, "#333333", 0);
                lastRight = px + w / 2;
            }
        }
        svg.text((left + rightEdge) / 2, bottom + 42, fit(xAxis.label(), rightEdge - left, LABEL_FONT), LABEL_FONT,
                "middle", false, "#000000", 0);
        for (int a = 0; a < ys.size(); a++) {
            Scale y = ys.get(a);
            double edge = a == 0 ? left : rightEdge;
            double lastTop = Double.POSITIVE_INFINITY;
            for (double t : y.ticks()) {
                double py = y.at(t);
                svg.line(edge, py, a == 0 ? edge - 5 : edge + 5, py, "#444444", 1, null);
                if (py + TICK_FONT / 2 < lastTop - 2) {
                    svg.text(a == 0 ? edge - 8 : edge + 8, py + 4, y.tickLabel(t), TICK_FONT, a == 0 ? "end" : "start",
                            false, "#333333", 0);
                    lastTop = py - TICK_FONT / 2;
                }
            }
            String label = fit(yAxes.get(a).label(), bottom - top, LABEL_FONT);
            double lx = a == 0 ? 22 : width - 16;
            double ly = (top + bottom) / 2;
            svg.text(lx, ly, label, LABEL_FONT, "middle", false, "#000000", a == 0 ? -90 : 90);
        }
        // The operating point: a dotted line across the plot, and a ring on each line; a range, a
        // band between its ends (as far as the plot reaches), its label at its left edge.
        boolean ranged = ranged();
        boolean marked = ranged ? operatingLow <= x.high && operatingHigh >= x.low
                : !Double.isNaN(operatingX) && x.contains(operatingX);
        if (marked) {
            double px = x.at(ranged ? Math.max(operatingLow, x.low) : operatingX);
            if (ranged) {
                double to = x.at(Math.min(operatingHigh, x.high));
                svg.polygon(new double[] {px, to, to, px}, new double[] {top, top, bottom, bottom}, "#555555", 0.12);
                svg.line(to, top, to, bottom, "#555555", 1, "4 3");
            }
            svg.line(px, top, px, bottom, "#555555", 1, "4 3");
            double w = TextWidth.of(operatingLabel, TICK_FONT);
            boolean flip = px + 6 + w > rightEdge - 4;
            svg.text(flip ? px - 6 : px + 6, operatingLabelY(ys.get(0), top), operatingLabel, TICK_FONT, flip ? "end" : "start",
                    false, "#333333", 0);
        }
        if (!Double.isNaN(authorX) && x.contains(authorX)) { // the author's point, beside the reader's
            svg.line(x.at(authorX), top, x.at(authorX), bottom, "#999999", 1.5, "1 3");
        }
        // The bands first, under every line: each line's range at each point, where it has one.
        for (int s = 0; s < series.size(); s++) {
            if (series.get(s).banded()) {
                band(svg, series.get(s), x, ys.get(series.get(s).axis()), top, bottom, COLOURS.get(s % COLOURS.size()));
            }
        }
        // The lines, with a dot at each point when there are few.
        for (int s = 0; s < series.size(); s++) {
            Series line = series.get(s);
            Scale y = ys.get(line.axis());
            String colour = COLOURS.get(s % COLOURS.size());
            String dash = line.axis() == 1 ? "7 4" : null;
            if (line.measured()) { // points: a ring at each, no line between them
                double[] at = line.xs() != null ? line.xs() : xs;
                for (int i = 0; i < at.length; i++) {
                    double v = line.ys()[i];
                    if (Double.isFinite(v) && (!y.log || v > 0) && x.contains(at[i]) && y.contains(v)) {
                        svg.circle(x.at(at[i]), y.at(v), 4.5, "#ffffff", colour, 2.5, hover(line, v, at[i]));
                    }
                }
                continue;
            }
            List<double[]> run = new ArrayList<>();
            for (int i = 0; i < xs.length; i++) {
                double v = line.ys()[i];
                if (Double.isFinite(v) && (!y.log || v > 0) && x.contains(xs[i])) {
                    run.add(new double[] {x.at(xs[i]), y.at(v)});
                } else {
                    drawWithin(svg, run, top, bottom, colour, dash);
                    run.clear();
                }
            }
            drawWithin(svg, run, top, bottom, colour, dash);
            if (xs.length <= 24) {
                for (int i = 0; i < xs.length; i++) {
                    double v = line.ys()[i];
                    if (Double.isFinite(v) && (!y.log || v > 0) && x.contains(xs[i]) && y.contains(v)) {
                        svg.circle(x.at(xs[i]), y.at(v), 3, colour, null, 0, hover(line, v, xs[i]));
                    }
                }
            }
            if (marked && !ranged && Double.isFinite(line.operating()) && y.contains(line.operating())) {
                svg.circle(x.at(operatingX), y.at(line.operating()), 5.5, "#ffffff", colour, 2.5, hover(line, line.operating(), operatingX));
            }
        }
        if (endLabels) {
            endLabels(svg, x, ys.get(0), rightEdge, top, bottom);
        }
        legend(svg, bottom + 66, left, width - 30, endLabels);
        return svg.finish();
    }

    /**
     * The baseline of the operating point's label: in the strip under the plot's top edge, or,
     * where a grid line crosses that strip (an axis whose top tick is just below the edge), just
     * under that line, so that the label does not sit on it.
     */
    private static double operatingLabelY(Scale y, double top) {
        double baseline = top + 15;
        for (double t : y.ticks()) {
            double py = y.at(t);
            if (py > top + 1 && py < baseline + 4) {
                baseline = Math.max(baseline, py + 15);
            }
        }
        return baseline;
    }

    /**
     * A line's name as its end writes it: on one line, or broken between words over two, each at
     * most {@link #END_LABEL} wide; null where even two lines are too few, and the legend names it.
     */
    static List<String> endLabel(String name) {
        List<String> lines = new ArrayList<>();
        if (TextWidth.of(name, LABEL_FONT) <= END_LABEL) {
            lines.add(name);
            return lines;
        }
        int cut = lastBreak(name, END_LABEL, LABEL_FONT);
        if (cut < 0 || TextWidth.of(name.substring(cut + 1), LABEL_FONT) > END_LABEL) {
            return null;
        }
        lines.add(name.substring(0, cut));
        lines.add(name.substring(cut + 1));
        return lines;
    }

    /** Whether a line is named at its end (with end labels on): a line, not points, whose name fits there. */
    private static boolean namedAtEnd(Series line) {
        return !line.measured() && endLabel(line.name()) != null;
    }

    /**
     * Each line's name at its last point, in its colour, in the margin right of the plot, on one
     * line or two; names that would overlap are moved apart, in the order of their lines.
     */
    private void endLabels(Svg svg, Scale x, Scale y, double rightEdge, double top, double bottom) {
        List<double[]> placed = new ArrayList<>(); // {wanted y, series, lines}
        for (int s = 0; s < series.size(); s++) {
            Series line = series.get(s);
            if (!namedAtEnd(line)) {
                continue;
            }
            for (int i = xs.length - 1; i >= 0; i--) {
                double v = line.ys()[i];
                if (Double.isFinite(v) && (!y.log || v > 0) && x.contains(xs[i])) {
                    placed.add(new double[] {clamp(y.at(v), top, bottom), s, endLabel(line.name()).size()});
                    break;
                }
            }
        }
        placed.sort((a, b) -> Double.compare(a[0], b[0])); // top to bottom
        double gap = LABEL_FONT + 2;
        for (int i = 1; i < placed.size(); i++) { // down from the top, each below the lines of the one above
            placed.get(i)[0] = Math.max(placed.get(i)[0], placed.get(i - 1)[0] + gap * placed.get(i - 1)[2]);
        }
        for (int i = placed.size() - 1; i >= 0; i--) { // and back up where the last ran past the bottom
            double limit = i == placed.size() - 1 ? bottom + 4 - gap * (placed.get(i)[2] - 1) : placed.get(i + 1)[0] - gap * placed.get(i)[2];
            placed.get(i)[0] = Math.min(placed.get(i)[0], limit);
        }
        for (double[] p : placed) {
            int s = (int) p[1];
            List<String> lines = endLabel(series.get(s).name());
            for (int l = 0; l < lines.size(); l++) {
                svg.text(rightEdge + 8, p[0] + 4 + l * gap, lines.get(l), LABEL_FONT, "start", false, COLOURS.get(s % COLOURS.size()), 0);
            }
        }
    }

    /**
     * What a point says when pointed at: {@code floor 15.05 ms at batch 64}, each number in its
     * axis's unit (a label's own parenthetical, {@code loss (nats per token)}, is no unit).
     */
    private String hover(Series line, double v, double x) {
        return line.name() + " " + Scale.label(v) + unit(yAxes.get(line.axis())) + " at " + xAxis.name() + " "
                + Scale.label(x) + unit(xAxis);
    }

    /** An axis's unit after a number ({@code " ms"}), or nothing for a plain number. */
    private static String unit(Axis axis) {
        return axis.unit().isEmpty() ? "" : " " + axis.unit();
    }

    /**
     * A line through these points, cut where it leaves the plot between {@code top} and
     * {@code bottom} (an axis whose ends the author gave may leave values outside): each part
     * inside is drawn to where it crosses the edge, not flattened along it.
     */
    private static void drawWithin(Svg svg, List<double[]> run, double top, double bottom, String colour, String dash) {
        List<double[]> part = new ArrayList<>();
        for (int i = 1; i < run.size(); i++) {
            double[] q = run.get(i - 1);
            double[] p = run.get(i);
            // The part of the segment from q to p between the edges, as fractions of it.
            double from = 0;
            double to = 1;
            double dy = p[1] - q[1];
            if (dy == 0) {
                to = q[1] < top || q[1] > bottom ? -1 : 1;
            } else {
                double atTop = (top - q[1]) / dy;
                double atBottom = (bottom - q[1]) / dy;
                from = Math.max(0, Math.min(atTop, atBottom));
                to = Math.min(1, Math.max(atTop, atBottom));
            }
            if (from > to) {
                draw(svg, part, colour, dash);
                part.clear();
                continue;
            }
            if (part.isEmpty() || from > 0) {
                draw(svg, part, colour, dash);
                part.clear();
                part.add(from == 0 ? q : along(q, p, from));
            }
            part.add(to == 1 ? p : along(q, p, to));
            if (to < 1) {
                draw(svg, part, colour, dash);
                part.clear();
            }
        }
        draw(svg, part, colour, dash);
    }

    /** The point a fraction {@code t} of the way from {@code a} to {@code b}. */
    private static double[] along(double[] a, double[] b, double t) {
        return new double[] {a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])};
    }

    private static void draw(Svg svg, List<double[]> run, String colour, String dash) {
        if (run.size() < 2) {
            return;
        }
        double[] px = new double[run.size()];
        double[] py = new double[run.size()];
        for (int i = 0; i < px.length; i++) {
            px[i] = run.get(i)[0];
            py[i] = run.get(i)[1];
        }
        svg.polyline(px, py, colour, 2.25, dash);
    }

    /**
     * A line's band: from its lowest to its highest value at each point, filled, over each run of
     * points where both are drawn (a point with no value, or none on a log axis, breaks it).
     */
    private void band(Svg svg, Series line, Scale x, Scale y, double top, double bottom, String colour) {
        List<double[]> run = new ArrayList<>();
        for (int i = 0; i <= xs.length; i++) {
            boolean drawn = i < xs.length && x.contains(xs[i]) && Double.isFinite(line.lows()[i]) && Double.isFinite(line.highs()[i])
                    && (!y.log || line.lows()[i] > 0);
            if (drawn) {
                run.add(new double[] {x.at(xs[i]), clamp(y.at(line.lows()[i]), top, bottom), clamp(y.at(line.highs()[i]), top, bottom)});
                continue;
            }
            if (run.size() >= 2) {
                double[] px = new double[2 * run.size()];
                double[] py = new double[2 * run.size()];
                for (int k = 0; k < run.size(); k++) { // along the high ends, then back along the low ones
                    px[k] = run.get(k)[0];
                    py[k] = run.get(k)[2];
                    px[px.length - 1 - k] = run.get(k)[0];
                    py[py.length - 1 - k] = run.get(k)[1];
                }
                svg.polygon(px, py, colour, BAND_OPACITY);
            }
            run.clear();
        }
    }

    private static double clamp(double v, double top, double bottom) {
        return Math.max(top, Math.min(bottom, v));
    }

    /**
     * Each line's swatch and name, in rows under the x axis's label (but a line named at its end:
     * {@code endLabels}), then what the bands are and the chain's own point. With {@code svg} null,
     * only counts the rows it takes.
     */
    private int legend(Svg svg, double y, double left, double right, boolean endLabels) {
        legendX = left;
        legendY = y;
        legendRows = 0;
        for (int s = 0; s < series.size(); s++) {
            Series line = series.get(s);
            if (endLabels && namedAtEnd(line) && !line.banded()) {
                continue;
            }
            String name = fit(line.name() + (yAxes.size() > 1 ? line.axis() == 0 ? " (left)" : " (right)" : ""), right - left - 46,
                    LABEL_FONT);
            double w = 28 + TextWidth.of(name, LABEL_FONT) + 18;
            place(w, left, right);
            double x = legendX;
            legendX += w;
            if (svg == null) {
                continue;
            }
            String colour = COLOURS.get(s % COLOURS.size());
            if (line.banded()) {
                svg.polygon(new double[] {x, x + 22, x + 22, x}, new double[] {legendY - 10, legendY - 10, legendY + 2, legendY + 2},
                        colour, BAND_OPACITY);
            }
            if (line.measured()) {
                svg.circle(x + 11, legendY - 4, 4.5, "#ffffff", colour, 2.5);
            } else {
                svg.line(x, legendY - 4, x + 22, legendY - 4, colour, 2.5, line.axis() == 1 ? "7 4" : null);
            }
            svg.text(x + 28, legendY, name, LABEL_FONT, "start", false, "#000000", 0);
        }
        if (bandNote != null) {
            String note = fit(bandNote, right - left, LABEL_FONT);
            double w = TextWidth.of(note, LABEL_FONT);
            place(w, left, right);
            if (svg != null) {
                svg.text(legendX, legendY, note, LABEL_FONT, "start", false, "#333333", 0);
            }
            legendX += w + 18;
        }
        if (!Double.isNaN(operatingX)) {
            // Whose point it is: the chain's own, or where another's, that one (the author's follows).
            Scale x = xScale(0, 1);
            boolean shown = ranged() ? operatingLow <= x.high && operatingHigh >= x.low : x.contains(operatingX);
            String name = fit((Double.isNaN(authorX) ? "the chain's own " : "") + operatingLabel
                    + (shown ? "" : ": outside the plotted range"), right - left - 20, LABEL_FONT);
            double w = 20 + TextWidth.of(name, LABEL_FONT);
            place(w, left, right);
            if (svg != null) {
                if (shown && ranged()) {
                    svg.polygon(new double[] {legendX, legendX + 12, legendX + 12, legendX},
                            new double[] {legendY - 11, legendY - 11, legendY + 3, legendY + 3}, "#555555", 0.25);
                } else if (shown) {
                    svg.circle(legendX + 6, legendY - 4, 5, "#ffffff", "#555555", 2);
                }
                svg.text(legendX + 18, legendY, name, LABEL_FONT, "start", false, "#000000", 0);
            }
            legendX += w + 18;
        }
        if (!Double.isNaN(authorX)) {
            String name = fit("the chain's own " + authorLabel + (xScale(0, 1).contains(authorX) ? "" : ": outside the plotted range"),
                    right - left - 20, LABEL_FONT);
            place(20 + TextWidth.of(name, LABEL_FONT), left, right);
            if (svg != null) {
                svg.line(legendX + 6, legendY - 11, legendX + 6, legendY + 3, "#999999", 1.5, "1 3");
                svg.text(legendX + 18, legendY, name, LABEL_FONT, "start", false, "#000000", 0);
            }
        }
        return legendRows;
    }

    /** Where the legend's next entry goes, and how many rows it has used: legend()'s, as it places its entries. */
    private double legendX;
    private double legendY;
    private int legendRows;

    /** Makes room for an entry {@code width} wide at legendX, legendY: on this row, or at the start of the next. */
    private void place(double width, double left, double right) {
        legendRows = Math.max(legendRows, 1);
        if (legendX + width > right && legendX > left) {
            legendX = left;
            legendY += ROW;
            legendRows++;
        }
    }

    /** Whether the operating point is a range, marked as a band. */
    private boolean ranged() {
        return operatingLow < operatingHigh;
    }

    /** The x axis: over the plot's xs, and the xs of points measured at their own (a run beyond the swept range is still shown). */
    private Scale xScale(double left, double right) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int s = -1; s < series.size(); s++) {
            double[] at = s < 0 ? xs : series.get(s).xs();
            for (int i = 0; at != null && i < at.length; i++) {
                double v = at[i];
                if (Double.isFinite(v) && (!xAxis.log() || v > 0)) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        return new Scale(min, max, xAxis.log(), left, right);
    }

    private Scale yScale(int axis, double bottom, double top) {
        boolean log = yAxes.get(axis).log();
        if (!Double.isNaN(yAxes.get(axis).low())) { // the author's ends, as written
            return new Scale(yAxes.get(axis).low(), yAxes.get(axis).high(), log, bottom, top);
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            if (s.axis() != axis) {
                continue;
            }
            for (double[] values : s.banded() ? new double[][] {s.ys(), s.lows(), s.highs()} : new double[][] {s.ys()}) {
                for (double v : values) {
                    if (Double.isFinite(v) && (!log || v > 0)) {
                        min = Math.min(min, v);
                        max = Math.max(max, v);
                    }
                }
            }
        }
        if (min > max) {
            min = log ? 1 : 0;
            max = log ? 10 : 1;
        }
        double[] range = Scale.niceRange(min, max, log, true);
        return new Scale(range[0], range[1], log, bottom, top);
    }

    /** The x points themselves, as ticks, each once. */
    private List<Double> points(Scale x) {
        List<Double> ticks = new ArrayList<>();
        for (int i = 0; i < xs.length; i++) {
            if (x.contains(xs[i]) && !seen(xs, i)) {
                ticks.add(xs[i]);
            }
        }
        return ticks;
    }

    /**
     * Whether {@code xs[i]} came before. Compared as doubles, not with List.contains: a call of
     * Object.equals would make every record's equals part of the page's script.
     */
    private static boolean seen(double[] xs, int i) {
        for (int j = 0; j < i; j++) {
            if (xs[j] == xs[i]) {
                return true;
            }
        }
        return false;
    }

    /** The room a second line of a title takes. */
    static final double TITLE_LINE = 20;

    /**
     * A figure's title in at most two lines, broken between words, the second cut short (with an
     * ellipsis) where even that is too little: a card's titles run long ("... on one H100 SXM").
     */
    static List<String> titleLines(String title, double width) {
        double room = width - 40;
        double measure = TITLE_FONT * BOLD_WIDTH;
        List<String> lines = new ArrayList<>();
        if (TextWidth.of(title, measure) <= room) {
            lines.add(title);
            return lines;
        }
        int cut = lastBreak(title, room, measure);
        if (cut < 0) {
            lines.add(fit(title, room, measure));
            return lines;
        }
        lines.add(title.substring(0, cut));
        lines.add(fit(title.substring(cut + 1), room, measure));
        return lines;
    }

    /**
     * How much wider a title's bold face is than the regular one {@link TextWidth} estimates:
     * DejaVu Sans Bold's digits are 0.696 em against 0.636, its lower case about a tenth wider too.
     * Measured as regular, a title of figures ("an efficiency of 75.87-81.02% and ...") ran out of
     * the figure on both sides.
     */
    private static final double BOLD_WIDTH = 1.12;

    /** The last space before which {@code text} fits in {@code room}, where it breaks onto a second line; -1 for none. */
    private static int lastBreak(String text, double room, double font) {
        int cut = -1;
        for (int i = text.indexOf(' '); i > 0; i = text.indexOf(' ', i + 1)) {
            if (TextWidth.of(text.substring(0, i), font) > room) {
                break;
            }
            cut = i;
        }
        return cut;
    }

    /** The title's lines, centred above the plot. */
    static void title(Svg svg, List<String> lines, double width) {
        for (int i = 0; i < lines.size(); i++) {
            svg.text(width / 2, 28 + i * TITLE_LINE, lines.get(i), TITLE_FONT, "middle", true, "#000000", 0);
        }
    }

    /** A label cut short (with an ellipsis) where it would be wider than {@code room}. */
    static String fit(String text, double room, double size) {
        if (TextWidth.of(text, size) <= room) {
            return text;
        }
        String cut = text;
        while (cut.length() > 1 && TextWidth.of(cut + "…", size) > room) {
            cut = cut.substring(0, cut.offsetByCodePoints(0, cut.codePointCount(0, cut.length()) - 1));
        }
        return cut + "…";
    }
}
