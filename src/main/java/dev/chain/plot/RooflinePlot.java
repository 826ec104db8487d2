package dev.chain.plot;

import java.util.List;

/**
 * A roofline as SVG text: attainable compute rate against arithmetic intensity, both axes
 * logarithmic; the memory roof (bandwidth times intensity) up to the ridge point, the compute
 * roof (the peak) after it, the ridge marked; and each step of the chain at its intensity and
 * the rate it achieves (its FLOPs over its time), with its name; a step whose intensity or rate is
 * a range (its inputs are) with where it lies over the inputs' box: the segment between its places
 * at the box's corners where they are on a line (one range: an MFU's moves it up and down, a
 * batch's along the memory roof), else the shape they enclose (their convex hull, shaded). Where
 * the steps are at others' inputs (a reader's, a --set's), the chain's own steps stay marked
 * faintly where they moved, each joined to where its step went.
 */
public final class RooflinePlot {
    private static final double TICK_FONT = LinePlot.TICK_FONT;
    private static final double LABEL_FONT = LinePlot.LABEL_FONT;

    /**
     * A step: its name, its intensity (FLOP/B) and its achieved rate, in the y axis's unit; the
     * lowest and highest of each over the ranged inputs (their nominal values where they are no
     * range); and its intensity and rate at each corner of their box ({@code corners}, null for none).
     */
    public record Step(String name, double intensity, double rate, double lowIntensity, double highIntensity,
                       double lowRate, double highRate, double[][] corners) {
        public Step(String name, double intensity, double rate) {
            this(name, intensity, rate, intensity, intensity, rate, rate, null);
        }

        boolean ranged() {
            return lowIntensity < highIntensity || lowRate < highRate;
        }
    }

    private final String title;
    private final String description;
    private final String rateAxis;
    private final double peak;
    private final String peakLabel;
    private final double bandwidth;
    private final String bandwidthLabel;
    private final String ridgeLabel;
    private final List<Step> steps;
    private final List<Step> written;

    /**
     * @param rateAxis  the y axis's label, with its unit
     * @param peak      the compute roof, in the y axis's unit
     * @param bandwidth the memory roof's slope: the rate, in the y axis's unit, per FLOP/B of intensity
     * @param written   the steps at the chain's own inputs, in the order of {@code steps}, where those
     *                  are at another's; empty for none
     */
    public RooflinePlot(String title, String description, String rateAxis, double peak, String peakLabel, double bandwidth,
                        String bandwidthLabel, String ridgeLabel, List<Step> steps, List<Step> written) {
        this.title = title;
        this.description = description;
        this.rateAxis = rateAxis;
        this.peak = peak;
        this.peakLabel = peakLabel;
        this.bandwidth = bandwidth;
        this.bandwidthLabel = bandwidthLabel;
        this.ridgeLabel = ridgeLabel;
        this.steps = List.copyOf(steps);
        this.written = List.copyOf(written);
    }

    public double ridge() {
        return peak / bandwidth;
    }

    public String svg() {
        return svg(LinePlot.WIDTH);
    }

    /** The figure {@code width} wide (a phone's, narrower than {@link LinePlot#WIDTH}): see {@link LinePlot#svg(double)}. */
    public String svg(double width) {
        double left = 80;
        double right = width - 30;
        List<String> heading = LinePlot.titleLines(title, width);
        double top = LinePlot.TOP + (heading.size() - 1) * LinePlot.TITLE_LINE;
        double bottom = top + LinePlot.PLOT_HEIGHT;
        // On a phone's width the legend takes the whole row, from the left edge, where from the plot's
        // left it cut a step's values short ("floor: 20.39 FLOP/B, 68.29 TF…").
        double legendLeft = width < LinePlot.WIDTH ? 16 : left;
        double height = bottom + 66 + (legend(null, legendLeft, bottom + 66, right) - 1) * LinePlot.ROW + 16;
        Svg svg = new Svg(width, height, title, description);
        LinePlot.title(svg, heading, width);

        double ridge = ridge();
        double minI = ridge;
        double maxI = ridge;
        double minRate = peak;
        List<Step> all = new java.util.ArrayList<>(steps);
        all.addAll(written);
        for (Step s : all) {
            if (s.intensity() > 0 && Double.isFinite(s.intensity())) {
                minI = Math.min(minI, s.intensity());
                maxI = Math.max(maxI, s.intensity());
            }
            if (s.rate() > 0 && Double.isFinite(s.rate())) {
                minRate = Math.min(minRate, s.rate());
            }
            if (s.lowIntensity() > 0 && Double.isFinite(s.highIntensity())) {
                minI = Math.min(minI, s.lowIntensity());
                maxI = Math.max(maxI, s.highIntensity());
            }
            if (s.lowRate() > 0) {
                minRate = Math.min(minRate, s.lowRate());
            }
        }
        // Fitted to the steps and the roofs, with room for their labels: a step's name right of it,
        // the peak's label above the roof. A decade's padding either side left most of the plot empty.
        Scale x = new Scale(Scale.niceBelow(minI / 2.5), Scale.niceAbove(maxI * 3), true, left, right);
        Scale y = new Scale(Scale.niceBelow(minRate / 3), peak * 1.8, true, bottom, top);

        for (double t : x.ticks(true)) {
            svg.line(x.at(t), top, x.at(t), bottom, "#e6e6e6", 1, null);
        }
        for (double t : y.ticks(true)) {
            svg.line(left, y.at(t), right, y.at(t), "#e6e6e6", 1, null);
        }
        svg.rect(left, top, right - left, bottom - top, null, "#444444", 1);
        for (double t : x.ticks(true)) {
            svg.line(x.at(t), bottom, x.at(t), bottom + 5, "#444444", 1, null);
            svg.text(x.at(t), bottom + 19, x.tickLabel(t), TICK_FONT, "middle", false, "#333333", 0);
        }
        for (double t : y.ticks(true)) {
            svg.line(left, y.at(t), left - 5, y.at(t), "#444444", 1, null);
            svg.text(left - 8, y.at(t) + 4, y.tickLabel(t), TICK_FONT, "end", false, "#333333", 0);
        }
        svg.text((left + right) / 2, bottom + 42, "arithmetic intensity (FLOP/B)", LABEL_FONT, "middle", false, "#000000", 0);
        svg.text(20, (top + bottom) / 2, LinePlot.fit(rateAxis, bottom - top, LABEL_FONT), LABEL_FONT, "middle", false,
                "#000000", -90);

        // The roofs: the memory roof's slope from the left edge (or the bottom) to the ridge, then the peak.
        double startI = Math.max(x.low, y.low / bandwidth);
        double[] roofX = {x.at(startI), x.at(ridge), x.at(x.high)};
        double[] roofY = {y.at(bandwidth * startI), y.at(peak), y.at(peak)};
        svg.polyline(roofX, roofY, "#333333", 3, null);
        double angle = StrictMath.toDegrees(StrictMath.atan2(roofY[1] - roofY[0], roofX[1] - roofX[0]));
        double midX = (roofX[0] + roofX[1]) / 2;
        double midY = (roofY[0] + roofY[1]) / 2;
        double nx = StrictMath.sin(StrictMath.toRadians(angle)) * 10;
        double ny = -StrictMath.cos(StrictMath.toRadians(angle)) * 10;
        svg.text(midX + nx, midY + ny, bandwidthLabel, LABEL_FONT, "middle", false, "#333333", angle);
        svg.text(right - 6, y.at(peak) - 8, peakLabel, LABEL_FONT, "end", false, "#333333", 0);
        // The ridge point, where the two roofs meet.
        svg.line(x.at(ridge), y.at(peak), x.at(ridge), bottom, "#777777", 1, "4 3");
        svg.circle(x.at(ridge), y.at(peak), 4.5, "#333333", null, 0);
        boolean ridgeRight = x.at(ridge) + 8 + TextWidth.of(ridgeLabel, TICK_FONT) < right - 4;
        svg.text(ridgeRight ? x.at(ridge) + 8 : x.at(ridge) - 8, bottom - 8, ridgeLabel, TICK_FONT,
                ridgeRight ? "start" : "end", false, "#333333", 0);

        // The chain's own steps, faint, under the steps drawn: each that moved joined to where it went.
        List<double[]> rings = new java.util.ArrayList<>();
        for (int s = 0; s < written.size(); s++) {
            Step own = written.get(s);
            Step step = steps.get(s);
            boolean moved = own.intensity() != step.intensity() || own.rate() != step.rate();
            if (!moved || !(own.intensity() > 0) || !(own.rate() > 0) || !x.contains(own.intensity())) {
                continue;
            }
            String colour = LinePlot.COLOURS.get(s % LinePlot.COLOURS.size());
            double px = x.at(own.intensity());
            double py = y.at(Math.max(y.low, Math.min(y.high, own.rate())));
            if (step.intensity() > 0 && step.rate() > 0 && x.contains(step.intensity())) {
                svg.line(px, py, x.at(step.intensity()), y.at(Math.max(y.low, Math.min(y.high, step.rate()))), colour, 1, "1 3");
            }
            svg.circle(px, py, 5, "#ffffff", colour, 1.5, "the chain's own " + legendText(own));
            rings.add(new double[] {px, py});
        }
        // The steps, each with a dotted drop from the roof above it, so the gap to the roof shows.
        for (int s = 0; s < steps.size(); s++) {
            Step step = steps.get(s);
            if (!(step.intensity() > 0) || !(step.rate() > 0) || !x.contains(step.intensity())) {
                continue;
            }
            String colour = LinePlot.COLOURS.get(s % LinePlot.COLOURS.size());
            double px = x.at(step.intensity());
            double roof = Math.min(peak, bandwidth * step.intensity());
            double py = y.at(Math.max(y.low, Math.min(y.high, step.rate())));
            svg.line(px, y.at(roof), px, py, colour, 1.5, "2 3");
            if (step.ranged() && step.corners() != null) {
                spread(svg, step.corners(), x, y, colour);
            }
            // a ranged step's point is smaller, so that the segment around it shows on a log axis
            svg.circle(px, py, step.ranged() ? 3.5 : 6, colour, "#ffffff", step.ranged() ? 1 : 1.5, legendText(step));
            // Its name right of it, else left where the right has no room; under it (its drop from the
            // roof is above it) where the side it takes would cover a ring of the chain's own steps:
            // on a phone's width, the mixed step's name fell on its own ring. A step at the peak is
            // under it too: beside it, the roof ran through its name (a compute-bound forward pass).
            double w = TextWidth.of(step.name(), LABEL_FONT);
            boolean flip = px + 10 + w > right - 4;
            if (covers(rings, flip ? px - 10 - w : px + 10, w, py)) {
                flip = !flip;
            }
            double from = flip ? px - 10 - w : px + 10; // where the name starts on the side it takes
            boolean onPeak = step.intensity() > ridge && Math.abs(py - y.at(peak)) < 10;
            if (onPeak || covers(rings, from, w, py) || from < left || from + w > right - 4) {
                svg.text(px, py + 21, step.name(), LABEL_FONT, "middle", true, colour, 0);
            } else {
                svg.text(flip ? px - 10 : px + 10, py + 4, step.name(), LABEL_FONT, flip ? "end" : "start", true, colour, 0);
            }
        }
        legend(svg, legendLeft, bottom + 66, right);
        return svg.finish();
    }

    /** Whether a step's name from {@code x}, {@code width} wide, on the line of {@code y}, falls on one of the rings. */
    private static boolean covers(List<double[]> rings, double x, double width, double y) {
        for (double[] ring : rings) {
            if (ring[0] + 6 > x && ring[0] - 6 < x + width && Math.abs(ring[1] - y) < 12) {
                return true;
            }
        }
        return false;
    }

    /** A step with its intensity and rate, as the legend writes it and its point says when pointed at. */
    private String legendText(Step step) {
        return step.name() + ": " + between(step.lowIntensity(), step.intensity(), step.highIntensity()) + " FLOP/B, "
                + between(step.lowRate(), step.rate(), step.highRate()) + rateUnit();
    }

    /**
     * A legend: each step with its intensity and rate, in rows, and the chain's own steps where they
     * are marked; with {@code svg} null, the rows it takes.
     */
    private int legend(Svg svg, double left, double y, double right) {
        double lx = left;
        double ly = y;
        int rows = 1;
        int entries = steps.size() + (written.isEmpty() ? 0 : 1);
        for (int e = 0; e < entries; e++) {
            boolean own = e == steps.size(); // the chain's own steps: a ring, as each is drawn
            String text = own ? "the chain's own steps" : LinePlot.fit(legendText(steps.get(e)), right - left - 22, LABEL_FONT);
            double w = 22 + TextWidth.of(text, LABEL_FONT) + 18;
            if (lx + w > right && lx > left) {
                lx = left;
                ly += LinePlot.ROW;
                rows++;
            }
            if (svg != null) {
                if (own) {
                    svg.circle(lx + 6, ly - 4, 5, "#ffffff", "#777777", 1.5);
                } else {
                    svg.circle(lx + 6, ly - 4, 5, LinePlot.COLOURS.get(e % LinePlot.COLOURS.size()), null, 0);
                }
                svg.text(lx + 18, ly, text, LABEL_FONT, "start", false, "#000000", 0);
            }
            lx += w;
        }
        return rows;
    }

    /**
     * Where a step lies over the inputs' box, from its places at the box's corners (in pixels): the
     * segment between the two farthest apart, capped, where they lie on a line; else their convex
     * hull, shaded and outlined.
     */
    private static void spread(Svg svg, double[][] corners, Scale x, Scale y, String colour) {
        int n = 0;
        double[][] px = new double[corners.length][];
        for (double[] c : corners) {
            if (c[0] > 0 && c[1] > 0 && Double.isFinite(c[0]) && Double.isFinite(c[1])) {
                px[n++] = new double[] {x.at(Math.max(x.low, Math.min(x.high, c[0]))), y.at(Math.max(y.low, Math.min(y.high, c[1])))};
            }
        }
        double[][] hull = hull(px, n);
        if (hull.length >= 3) {
            double[] hx = new double[hull.length + 1];
            double[] hy = new double[hull.length + 1];
            for (int i = 0; i <= hull.length; i++) {
                hx[i] = hull[i % hull.length][0];
                hy[i] = hull[i % hull.length][1];
            }
            svg.polygon(java.util.Arrays.copyOf(hx, hull.length), java.util.Arrays.copyOf(hy, hull.length), colour, 0.25);
            svg.polyline(hx, hy, colour, 1.5, null);
        } else if (hull.length == 2) {
            double[] a = hull[0];
            double[] b = hull[1];
            svg.line(a[0], a[1], b[0], b[1], colour, 3, null);
            double length = Math.hypot(b[0] - a[0], b[1] - a[1]);
            double nx = -(b[1] - a[1]) / length * 6; // the caps, across the segment
            double ny = (b[0] - a[0]) / length * 6;
            svg.line(a[0] - nx, a[1] - ny, a[0] + nx, a[1] + ny, colour, 2, null);
            svg.line(b[0] - nx, b[1] - ny, b[0] + nx, b[1] + ny, colour, 2, null);
        }
    }

    /**
     * The convex hull of the first {@code n} points, counter-clockwise, without points on its edges
     * (Andrew's monotone chain); two points for points on a line (its ends), one for points that
     * coincide. Points within a hundredth of a pixel are one.
     */
    static double[][] hull(double[][] points, int n) {
        double[][] p = java.util.Arrays.copyOf(points, n);
        java.util.Arrays.sort(p, (a, b) -> a[0] != b[0] ? Double.compare(a[0], b[0]) : Double.compare(a[1], b[1]));
        double[][] out = new double[2 * n + 1][];
        int k = 0;
        for (int i = 0; i < n; i++) { // the lower hull
            while (k >= 2 && cross(out[k - 2], out[k - 1], p[i]) <= TOUCH) {
                k--;
            }
            out[k++] = p[i];
        }
        for (int i = n - 2, lower = k + 1; i >= 0; i--) { // the upper hull
            while (k >= lower && cross(out[k - 2], out[k - 1], p[i]) <= TOUCH) {
                k--;
            }
            out[k++] = p[i];
        }
        int size = Math.max(1, k - 1);
        double[][] hull = java.util.Arrays.copyOf(out, n == 0 ? 0 : size);
        if (hull.length == 2 && Math.hypot(hull[0][0] - hull[1][0], hull[0][1] - hull[1][1]) < 0.01) {
            return new double[][] {hull[0]};
        }
        return hull;
    }

    /** Twice the area of the turn a, b, c: positive counter-clockwise. Below a hundredth of a square pixel it is a line. */
    private static final double TOUCH = 0.01;

    private static double cross(double[] a, double[] b, double[] c) {
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    }

    /** A value on an axis as the legend writes it: {@code 430.2}, or its range's ends, {@code 342-513}. */
    private static String between(double low, double value, double high) {
        return low < high ? Scale.label(low) + "-" + Scale.label(high) : Scale.label(value);
    }

    /** The unit in the y axis's label ("attainable rate (TFLOP/s)" gives " TFLOP/s"). */
    private String rateUnit() {
        int open = rateAxis.lastIndexOf('(');
        return open < 0 || !rateAxis.endsWith(")") ? "" : " " + rateAxis.substring(open + 1, rateAxis.length() - 1);
    }
}
