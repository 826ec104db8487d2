package dev.chain.render;

import dev.chain.eval.Band;
import dev.chain.eval.Program;
import dev.chain.plot.LinePlot;
import dev.chain.plot.RooflinePlot;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.QuantityFormatter.UnitChoice;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * A plot's and a roofline's SVG and alt text from what a figure is (a spec, fixed when the chain is
 * checked) and the values it shows (a sweep's, and the chain's own). FigureMarkdown draws a
 * chain's figures with it at render time, and the explorable page (web.Page) draws them again for
 * the reader's inputs: one implementation, in Java that TeaVM compiles too.
 */
public final class FigurePlots {
    private FigurePlots() {}

    /**
     * A line plot: the swept input, its points (base units) and how its unit is chosen; the values
     * shown, each with its y axis (one per dimension, in order of first use) and how that axis's
     * unit is chosen (by the largest of the axis's first value over the points) and what it is
     * called where it holds several values (its dimension in words, {@code time}; null: their names);
     * each y axis's ends where the author gave them ({@code yLimits[axis]}, {low, high} in base
     * units, or null); the runs measured beside the lines, or null.
     */
    public record LineSpec(String inputName, UnitChoice xUnit, double[] points, boolean xLog, boolean yLog, double[][] yLimits,
                           boolean ticksAtPoints, List<String> names, int[] axisOf, List<UnitChoice> axisUnits,
                           List<String> axisWords, Measured measured) {
        /** This plot with benchmark runs drawn beside its lines. */
        public LineSpec with(Measured runs) {
            return new LineSpec(inputName, xUnit, points, xLog, yLog, yLimits, ticksAtPoints, names, axisOf, axisUnits, axisWords,
                    runs);
        }
    }

    /**
     * A plot's measured runs ({@code observed "runs/" ...}), drawn as points beside the lines: each
     * run's point of the input, each value measured ({@code values[value][run]}), in base units;
     * which of the plot's values each is ({@code shown}, an index into its names), and its name in
     * the legend. Measurements: the explorable page draws them as they are, whatever the inputs.
     */
    public record Measured(double[] points, double[][] values, int[] shown, List<String> names) {}

    /**
     * A roofline: the unit of its rate axis (chain's choice for the peak), its roofs' names and how
     * their values are written (their bindings' units and formats), the unit of arithmetic
     * intensity, its steps' names, the GPU.
     */
    public record RoofSpec(UnitChoice rateUnit, String peakName, UnitChoice peakUnit, FormatSpec peakFormat,
                           String bandwidthName, UnitChoice bandwidthUnit, FormatSpec bandwidthFormat,
                           UnitChoice intensityUnit, List<String> stepNames, String gpu) {}

    /** What a plot's bands are, in its legend. */
    static final String BAND_NOTE = "shaded: lowest to highest over the ranged inputs";

    /**
     * @param drawing   the values shown, {@code [point][value]}, in base units, and their extremes
     *                  where other inputs are ranges (each line's band)
     * @param own       the chain's own value of each value shown
     * @param ownBand   the chain's own value of the swept input; where it is a range (a reader's
     *                  {@code 16 .. 64}), it is marked as a band, not at its nominal value
     * @param ownText   it as prose writes it ({@code 64}, {@code 16-64})
     * @param authorX   its value in the chain's file, marked beside {@code ownX} where a --set or a
     *                  reader made them differ; NaN for none
     * @param inputText the swept input's value as prose writes it
     */
    public static LinePlot line(String title, String alt, LineSpec spec, Program.Drawing drawing, double[] own, Band ownBand,
                                String ownText, double authorX, DoubleFunction<String> inputText) {
        double ownX = ownBand.nominal();
        double[][] values = drawing.values();
        DisplayUnit xUnit = spec.xUnit().pick(ownX);
        double[] xs = new double[spec.points().length];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = spec.points()[i] / xUnit.factor();
        }
        List<DisplayUnit> axisUnits = new ArrayList<>();
        List<List<String>> axisNames = new ArrayList<>();
        List<LinePlot.Series> series = new ArrayList<>();
        for (int v = 0; v < spec.names().size(); v++) {
            int a = spec.axisOf()[v];
            if (a == axisUnits.size()) {
                axisUnits.add(spec.axisUnits().get(a).pick(largest(values, v)));
                axisNames.add(new ArrayList<>());
            }
            axisNames.get(a).add(spec.names().get(v));
            DisplayUnit unit = axisUnits.get(a);
            double[] ys = column(values, v, unit);
            boolean banded = varies(drawing, v);
            series.add(new LinePlot.Series(spec.names().get(v), ys, a, own[v] / unit.factor(),
                    banded ? end(drawing, v, unit, false) : null, banded ? end(drawing, v, unit, true) : null));
        }
        Measured runs = spec.measured();
        for (int m = 0; runs != null && m < runs.shown().length; m++) {
            int a = spec.axisOf()[runs.shown()[m]];
            double[] at = new double[runs.points().length];
            double[] ys = new double[at.length];
            for (int r = 0; r < at.length; r++) {
                at[r] = runs.points()[r] / xUnit.factor();
                ys[r] = runs.values()[m][r] / axisUnits.get(a).factor();
            }
            series.add(LinePlot.Series.measured(runs.names().get(m), at, ys, a));
        }
        List<LinePlot.Axis> yAxes = new ArrayList<>();
        for (int a = 0; a < axisUnits.size(); a++) {
            // An axis of several lines, each named at its end, is called by what they all are: time (ms).
            String word = axisNames.get(a).size() > 1 && spec.axisWords().get(a) != null ? spec.axisWords().get(a)
                    : String.join(", ", axisNames.get(a));
            double[] ends = a < spec.yLimits().length ? spec.yLimits()[a] : null;
            double factor = axisUnits.get(a).factor();
            yAxes.add(new LinePlot.Axis(word, axisUnits.get(a).text(), spec.yLog(), ends == null ? Double.NaN : ends[0] / factor,
                    ends == null ? Double.NaN : ends[1] / factor));
        }
        boolean banded = false;
        for (LinePlot.Series s : series) {
            banded |= s.lows() != null;
        }
        boolean author = differs(ownX, authorX);
        return new LinePlot(title, alt, new LinePlot.Axis(spec.inputName(), xUnit.text(), spec.xLog()), xs, yAxes, series,
                ownX / xUnit.factor(), spec.inputName() + " = " + ownText, spec.ticksAtPoints(),
                banded ? BAND_NOTE : null, author ? authorX / xUnit.factor() : Double.NaN,
                author ? spec.inputName() + " = " + inputText.apply(authorX) : null,
                ownBand.low() / xUnit.factor(), ownBand.high() / xUnit.factor());
    }

    /** Whether the chain's file gives the swept input another value than the one drawn. */
    private static boolean differs(double ownX, double authorX) {
        return !Double.isNaN(authorX) && authorX != ownX;
    }

    /** Whether {@code x} lies within the points a plot sweeps. */
    private static boolean plotted(LineSpec spec, double x) {
        double[] points = spec.points();
        double low = Math.min(points[0], points[points.length - 1]);
        double high = Math.max(points[0], points[points.length - 1]);
        return x >= low && x <= high;
    }

    /** Value {@code v} at each point, in {@code unit}. */
    private static double[] column(double[][] values, int v, DisplayUnit unit) {
        double[] out = new double[values.length];
        for (int p = 0; p < out.length; p++) {
            out[p] = values[p][v] / unit.factor();
        }
        return out;
    }

    /** Value {@code v}'s lowest (or highest) at each point, in {@code unit}: a line's band. */
    private static double[] end(Program.Drawing drawing, int v, DisplayUnit unit, boolean high) {
        double[] out = new double[drawing.bands().length];
        for (int p = 0; p < out.length; p++) {
            Band b = drawing.bands()[p][v];
            out[p] = (high ? b.high() : b.low()) / unit.factor();
        }
        return out;
    }

    /** Whether value {@code v} is a range at some point: a line that depends on no ranged input has no band. */
    private static boolean varies(Program.Drawing drawing, int v) {
        for (Band[] point : drawing.bands()) {
            if (point[v].ranged()) {
                return true;
            }
        }
        return false;
    }

    /** What a line plot shows, in words: its alt text and SVG description. */
    public static String lineAlt(String title, LineSpec spec, Program.Drawing drawing, double[] own, Band ownBand,
                                 String ownText, double authorX, DoubleFunction<String> inputText) {
        double ownX = ownBand.nominal();
        List<String> names = new ArrayList<>();
        LinePlot plot = line(title, "", spec, drawing, own, ownBand, ownText, authorX, inputText);
        for (int a = 0; a < plot.yAxes().size(); a++) { // each line by name, the axis's unit after them
            List<String> lines = new ArrayList<>();
            for (int v = 0; v < spec.names().size(); v++) {
                if (spec.axisOf()[v] == a) {
                    lines.add(spec.names().get(v));
                }
            }
            // The axis's unit, not a parenthetical of a label's own: loss (nats per token) once.
            String unit = plot.yAxes().get(a).unit();
            names.add(String.join(", ", lines) + (unit.isEmpty() ? "" : " (" + unit + ")"));
        }
        List<String> banded = new ArrayList<>();
        for (int v = 0; v < spec.names().size(); v++) {
            if (varies(drawing, v)) {
                banded.add(spec.names().get(v));
            }
        }
        double[] points = spec.points();
        return title + ": a plot of " + String.join(" and, on a second axis, ", names) + " against " + spec.inputName()
                + " from " + inputText.apply(points[0]) + " to " + inputText.apply(points[points.length - 1])
                + (spec.xLog() ? " (log scale)" : "") + ", with " + (differs(ownX, authorX) ? "" : "the chain's own ")
                + spec.inputName() + " = " + ownText
                + (!ownBand.ranged() ? plotted(spec, ownX) ? " marked" : ", outside the plotted range, not marked"
                        : plotted(spec, ownBand.low()) || plotted(spec, ownBand.high()) ? " shaded" : ", outside the plotted range, not shaded")
                + (differs(ownX, authorX) ? " and the chain's own " + spec.inputName() + " = " + inputText.apply(authorX)
                        + (plotted(spec, authorX) ? " marked" : ", outside the plotted range") : "")
                + (banded.isEmpty() ? "" : "; " + joined(banded) + (banded.size() == 1 ? " is a band" : " are bands")
                        + ", from lowest to highest over the ranged inputs")
                + (spec.measured() == null ? "" : "; and as points, " + joined(spec.measured().names()) + " in "
                        + spec.measured().points().length + " runs at " + spec.inputName() + " from "
                        + inputText.apply(spec.measured().points()[0]) + " to "
                        + inputText.apply(spec.measured().points()[spec.measured().points().length - 1]));
    }

    private static String joined(List<String> names) {
        return names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /** The unit chain picks for the largest of a line's values: an axis of 2 to 300 ms reads in ms. */
    private static double largest(double[][] values, int v) {
        double largest = 0;
        for (double[] row : values) {
            if (Double.isFinite(row[v])) {
                largest = Math.max(largest, Math.abs(row[v]));
            }
        }
        return largest;
    }

    /** {@code floor (ms)}, or {@code batch} for a plain number. */
    public static String heading(String name, DisplayUnit unit) {
        return unit.isEmpty() ? name : name + " (" + unit.text() + ")";
    }

    /**
     * Whether a roofline's steps drawn ({@code drawing}) are elsewhere than at the chain's own
     * inputs ({@code written}, or null): some step's intensity or rate is another, and the
     * author's steps are marked beside them.
     */
    static boolean movedFrom(double[][] written, Program.Drawing drawing) {
        double[][] steps = drawing.values();
        if (written == null || written.length != steps.length) {
            return false;
        }
        for (int i = 0; i < steps.length; i++) {
            if (moved(written[i], steps[i])) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param drawing each step's FLOPs, bytes and time, in base units; where inputs are ranges, each
     *                step's intensity and rate over their box ({@code [step]{intensity, rate}}), and at
     *                each of its corners
     * @param written the steps at the chain's own inputs, marked faintly beside those drawn; null for none
     */
    public static String roofline(String title, String alt, RoofSpec spec, double peak, double bandwidth, Program.Drawing drawing,
                                  double[][] written, double width) {
        double[][] steps = drawing.values();
        DisplayUnit rate = spec.rateUnit().pick(peak);
        List<RooflinePlot.Step> shown = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            double[] s = steps[i];
            Band intensity = drawing.bands()[i][Program.Drawing.INTENSITY];
            Band attained = drawing.bands()[i][Program.Drawing.RATE];
            double[][] corners = null;
            if (drawing.corners() != null) {
                corners = new double[drawing.corners()[i].length][];
                for (int c = 0; c < corners.length; c++) {
                    corners[c] = new double[] {drawing.corners()[i][c][0], drawing.corners()[i][c][1] / rate.factor()};
                }
            }
            shown.add(new RooflinePlot.Step(spec.stepNames().get(i), s[0] / s[1], s[0] / s[2] / rate.factor(),
                    intensity.low(), intensity.high(), attained.low() / rate.factor(), attained.high() / rate.factor(), corners));
        }
        List<RooflinePlot.Step> author = new ArrayList<>();
        for (int i = 0; written != null && i < written.length; i++) {
            double[] s = written[i];
            author.add(new RooflinePlot.Step(spec.stepNames().get(i), s[0] / s[1], s[0] / s[2] / rate.factor()));
        }
        return new RooflinePlot(title, alt, "attainable rate (" + rate.text() + ")", peak / rate.factor(),
                spec.peakName() + " " + text(peak, spec.peakUnit(), spec.peakFormat()), bandwidth / rate.factor(),
                spec.bandwidthName() + " " + text(bandwidth, spec.bandwidthUnit(), spec.bandwidthFormat()),
                "ridge " + intensity(peak / bandwidth, spec),
                shown, author).svg(width);
    }

    /** @param written the steps at the chain's own inputs, marked beside those drawn; null for none */
    public static String rooflineAlt(String title, RoofSpec spec, double peak, double bandwidth, Program.Drawing drawing,
                                     double[][] written) {
        double[][] steps = drawing.values();
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            Band[] s = drawing.bands()[i];
            shown.add(step(spec, i, steps[i], s[Program.Drawing.INTENSITY], s[Program.Drawing.RATE]));
        }
        return title + ": a roofline of " + spec.gpu() + ", its memory roof "
                + text(bandwidth, spec.bandwidthUnit(), spec.bandwidthFormat()) + " up to the ridge at "
                + intensity(peak / bandwidth, spec) + ", its compute roof "
                + text(peak, spec.peakUnit(), spec.peakFormat()) + "; " + (written == null ? "the chain's steps: " : "its steps: ")
                + String.join("; ", shown) + (written == null ? "" : "; and marked beside them, the chain's own steps: " + authorSteps(written, steps, spec));
    }

    /**
     * A step as a roofline's description names it, {@code floor at 20.39 FLOP/B, 68.29 TFLOP/s}: step
     * {@code i}'s FLOPs, bytes and time {@code s}; where its intensity or rate is a range over the
     * ranged inputs' box, its ends, as the card writes a range.
     */
    private static String step(RoofSpec spec, int i, double[] s, Band intensity, Band rate) {
        String intensityText = intensity.ranged() ? range(intensity.low(), intensity.high(), s[0] / s[1], fixed(spec.intensityUnit()))
                : intensity(s[0] / s[1], spec);
        String rateText = rate.ranged() ? range(rate.low(), rate.high(), s[0] / s[2], spec.rateUnit())
                : text(s[0] / s[2], spec.rateUnit(), null);
        return spec.stepNames().get(i) + " at " + intensityText + ", " + rateText;
    }

    /** The steps at the chain's own inputs where they are not the steps drawn, as a roofline's description names them. */
    private static String authorSteps(double[][] written, double[][] steps, RoofSpec spec) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < written.length; i++) {
            if (moved(written[i], steps[i])) {
                out.add(step(spec, i, written[i], Band.point(written[i][0] / written[i][1]), Band.point(written[i][0] / written[i][2])));
            }
        }
        return String.join("; ", out);
    }

    /** Whether a step's intensity or rate is another at other inputs: {@code a} and {@code b} its FLOPs, bytes and time at each. */
    private static boolean moved(double[] a, double[] b) {
        return a[0] / a[1] != b[0] / b[1] || a[0] / a[2] != b[0] / b[2];
    }

    /**
     * An arithmetic intensity as the roofline's axis and legend write it, in FLOP/B whatever its
     * size: {@code 1,005 FLOP/B}, where the description said 1.005 kFLOP/B beside a legend's 1,005.
     */
    private static String intensity(double flopPerByte, RoofSpec spec) {
        return text(flopPerByte, fixed(spec.intensityUnit()), null);
    }

    /** A unit choice that always picks its base unit. */
    private static UnitChoice fixed(UnitChoice choice) {
        return new UnitChoice(choice.base(), choice.base(), List.of());
    }

    /** A step's range on an axis, in the unit its nominal value picks: {@code 342-513 TFLOP/s}. */
    private static String range(double low, double high, double nominal, UnitChoice unit) {
        return TemplateRenderer.plain(RangeText.card(low, high, unit.pick(nominal), null, null, false));
    }

    private static String text(double si, UnitChoice unit, FormatSpec format) {
        return QuantityFormatter.in(si, unit.pick(si), format).text();
    }
}
