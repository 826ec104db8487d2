package dev.chain.render;

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
     * unit is chosen (by the largest of the axis's first value over the points).
     */
    public record LineSpec(String inputName, UnitChoice xUnit, double[] points, boolean xLog, boolean yLog,
                           boolean ticksAtPoints, List<String> names, int[] axisOf, List<UnitChoice> axisUnits) {}

    /**
     * A roofline: the unit of its rate axis (chain's choice for the peak), its roofs' names and how
     * their values are written (their bindings' units and formats), the unit of arithmetic
     * intensity, its steps' names, the GPU.
     */
    public record RoofSpec(UnitChoice rateUnit, String peakName, UnitChoice peakUnit, FormatSpec peakFormat,
                           String bandwidthName, UnitChoice bandwidthUnit, FormatSpec bandwidthFormat,
                           UnitChoice intensityUnit, List<String> stepNames, String gpu) {}

    /**
     * @param values    the values shown, {@code [point][value]}, in base units
     * @param own       the chain's own value of each value shown
     * @param ownX      the chain's own value of the swept input
     * @param inputText the swept input's value as prose writes it
     */
    public static LinePlot line(String title, String alt, LineSpec spec, double[][] values, double[] own, double ownX,
                                DoubleFunction<String> inputText) {
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
            double[] ys = new double[values.length];
            for (int p = 0; p < ys.length; p++) {
                ys[p] = values[p][v] / unit.factor();
            }
            series.add(new LinePlot.Series(spec.names().get(v), ys, a, own[v] / unit.factor()));
        }
        List<LinePlot.Axis> yAxes = new ArrayList<>();
        for (int a = 0; a < axisUnits.size(); a++) {
            yAxes.add(new LinePlot.Axis(heading(String.join(", ", axisNames.get(a)), axisUnits.get(a)), spec.yLog()));
        }
        return new LinePlot(title, alt, new LinePlot.Axis(heading(spec.inputName(), xUnit), spec.xLog()), xs, yAxes, series,
                ownX / xUnit.factor(), spec.inputName() + " = " + inputText.apply(ownX), spec.ticksAtPoints());
    }

    /** What a line plot shows, in words: its alt text and SVG description. */
    public static String lineAlt(String title, LineSpec spec, double[][] values, double[] own, double ownX,
                                 DoubleFunction<String> inputText) {
        List<String> names = new ArrayList<>();
        for (LinePlot.Axis y : line(title, "", spec, values, own, ownX, inputText).yAxes()) {
            names.add(y.label());
        }
        double[] points = spec.points();
        return title + ": a plot of " + String.join(" and, on a second axis, ", names) + " against " + spec.inputName()
                + " from " + inputText.apply(points[0]) + " to " + inputText.apply(points[points.length - 1])
                + (spec.xLog() ? " (log scale)" : "") + ", with the chain's own " + spec.inputName() + " = "
                + inputText.apply(ownX) + " marked";
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

    /** @param steps each step's FLOPs, bytes and time, in base units */
    public static String roofline(String title, String alt, RoofSpec spec, double peak, double bandwidth, double[][] steps) {
        DisplayUnit rate = spec.rateUnit().pick(peak);
        List<RooflinePlot.Step> shown = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            double[] s = steps[i];
            shown.add(new RooflinePlot.Step(spec.stepNames().get(i), s[0] / s[1], s[0] / s[2] / rate.factor()));
        }
        return new RooflinePlot(title, alt, "attainable rate (" + rate.text() + ")", peak / rate.factor(),
                spec.peakName() + " " + text(peak, spec.peakUnit(), spec.peakFormat()), bandwidth / rate.factor(),
                spec.bandwidthName() + " " + text(bandwidth, spec.bandwidthUnit(), spec.bandwidthFormat()),
                "ridge " + text(peak / bandwidth, spec.intensityUnit(), null),
                shown).svg();
    }

    public static String rooflineAlt(String title, RoofSpec spec, double peak, double bandwidth, double[][] steps) {
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            double[] s = steps[i];
            shown.add(spec.stepNames().get(i) + " at " + text(s[0] / s[1], spec.intensityUnit(), null) + ", "
                    + text(s[0] / s[2], spec.rateUnit(), null));
        }
        return title + ": a roofline of " + spec.gpu() + ", its memory roof "
                + text(bandwidth, spec.bandwidthUnit(), spec.bandwidthFormat()) + " up to the ridge at "
                + text(peak / bandwidth, spec.intensityUnit(), null) + ", its compute roof "
                + text(peak, spec.peakUnit(), spec.peakFormat()) + "; the chain's steps: " + String.join("; ", shown);
    }

    private static String text(double si, UnitChoice unit, FormatSpec format) {
        return QuantityFormatter.in(si, unit.pick(si), format).text();
    }
}
