package dev.chain.plot;

import dev.chain.units.FormatSpec;
import dev.chain.units.NumberFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * An axis: a range of values (in the unit the axis is labelled in) mapped onto a range of pixels,
 * linearly or logarithmically, and the ticks it is marked at. Logarithms are StrictMath's, so a
 * figure's bytes are the same on every machine.
 */
final class Scale {
    final double low;
    final double high;
    final boolean log;
    private final double from;
    private final double to;

    /** @param from the pixel of {@code low}, @param to the pixel of {@code high} (to &lt; from for a y axis) */
    Scale(double low, double high, boolean log, double from, double to) {
        if (!(high > low)) {
            double pad = log ? 0 : Math.max(Math.abs(low) * 0.1, 1e-300);
            low = log ? low / 2 : low - pad;
            high = log ? high * 2 : high + pad;
        }
        this.low = low;
        this.high = high;
        this.log = log;
        this.from = from;
        this.to = to;
    }

    /** The pixel of a value; values outside the range lie beyond its ends. */
    double at(double v) {
        double t = log ? (StrictMath.log10(v) - StrictMath.log10(low)) / (StrictMath.log10(high) - StrictMath.log10(low))
                : (v - low) / (high - low);
        return from + t * (to - from);
    }

    boolean contains(double v) {
        double tolerance = (high - low) * 1e-9;
        return v >= low - tolerance && v <= high + tolerance && (!log || v > 0);
    }

    /**
     * A range for these values, rounded out to ticks: on a linear axis from zero (or below it) to a
     * round number above the largest; on a log axis from the decade below the smallest to the one
     * above the largest.
     */
    static double[] niceRange(double min, double max, boolean log, boolean fromZero) {
        if (log) {
            double lo = StrictMath.pow(10, StrictMath.floor(StrictMath.log10(min) + 1e-9));
            double hi = StrictMath.pow(10, StrictMath.ceil(StrictMath.log10(max) - 1e-9));
            return new double[] {lo, hi > lo ? hi : lo * 10};
        }
        fromZero &= !farFromZero(min, max);
        double lo = fromZero ? Math.min(0, min) : min;
        double hi = max;
        if (hi == lo) {
            hi = lo == 0 ? 1 : lo + Math.abs(lo);
        }
        double step = niceStep((hi - lo) / 5);
        return new double[] {StrictMath.floor(lo / step + 1e-9) * step, StrictMath.ceil(hi / step - 1e-9) * step};
    }

    /**
     * Whether values lie so far from zero, on one side of it, that an axis from zero would flatten
     * them into a line along its top (losses of 1.93 to 2.03): their spread is less than a sixth of
     * the largest magnitude, the rule spreadsheets use to leave zero out. One value alone keeps zero.
     */
    static boolean farFromZero(double min, double max) {
        double largest = Math.max(Math.abs(min), Math.abs(max));
        return (min > 0 || max < 0) && max > min && max - min < largest / 6;
    }

    /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
    static double niceStep(double raw) {
        double power = StrictMath.pow(10, StrictMath.floor(StrictMath.log10(raw)));
        double m = raw / power;
        double nice = m <= 1 + 1e-9 ? 1 : m <= 2 + 1e-9 ? 2 : m <= 5 + 1e-9 ? 5 : 10;
        return nice * power;
    }

    /** The largest of 1, 2 and 5 times a power of ten at most {@code v} (above zero): a log axis's low end. */
    static double niceBelow(double v) {
        double power = StrictMath.pow(10, StrictMath.floor(StrictMath.log10(v) + 1e-9));
        double m = v / power;
        return (m >= 5 - 1e-9 ? 5 : m >= 2 - 1e-9 ? 2 : 1) * power;
    }

    /** The smallest of 1, 2 and 5 times a power of ten at least {@code v} (above zero): a log axis's high end. */
    static double niceAbove(double v) {
        double power = StrictMath.pow(10, StrictMath.floor(StrictMath.log10(v) + 1e-9));
        double m = v / power;
        return (m <= 1 + 1e-9 ? 1 : m <= 2 + 1e-9 ? 2 : m <= 5 + 1e-9 ? 5 : 10) * power;
    }

    /** The values ticks are drawn at: round numbers, or on a log axis powers of ten (and 2 and 5 when there are few). */
    List<Double> ticks() {
        return ticks(false);
    }

    /** As {@link #ticks()}; {@code dense}: a log axis of up to three decades has its 2s and 5s too. */
    List<Double> ticks(boolean dense) {
        List<Double> ticks = new ArrayList<>();
        if (log) {
            int first = (int) StrictMath.floor(StrictMath.log10(low) + 1e-9);
            int last = (int) StrictMath.ceil(StrictMath.log10(high) - 1e-9);
            boolean few = last - first <= (dense ? 3 : 2);
            for (int e = first; e <= last; e++) {
                double decade = StrictMath.pow(10, e);
                for (double m : few ? new double[] {1, 2, 5} : new double[] {1}) {
                    double v = m * decade;
                    if (contains(v)) {
                        ticks.add(v);
                    }
                }
            }
            return ticks;
        }
        double step = niceStep((high - low) / 6);
        long start = (long) StrictMath.ceil(low / step - 1e-9);
        for (long i = start; i * step <= high + step * 1e-9 && ticks.size() < 50; i++) {
            ticks.add(i * step == 0 ? 0.0 : i * step);
        }
        return ticks;
    }

    /**
     * A tick's label on this axis: as {@link #label}, or, on an axis reaching 100,000 or more,
     * with the suffix papers write for counts (500K, 1.5M, 2B: see {@link #SUFFIXED}), where the
     * digits in full would be wider than the margin.
     */
    String tickLabel(double v) {
        return Math.max(Math.abs(low), Math.abs(high)) >= SUFFIXED ? NumberFormatter.format(v, SUFFIX) : label(v);
    }

    /** The largest magnitude an axis's ticks are written in full at: "100,000" is as wide as the margin allows. */
    static final double SUFFIXED = 1e5;

    private static final FormatSpec SUFFIX = new FormatSpec(false, -1, FormatSpec.SUFFIX);

    /** A tick's label: the number as chain writes it (four significant digits, thousands grouped). */
    static String label(double v) {
        // A tick is a nice number (a few significant digits): float noise in it (0.30000000000000004)
        // is far from any tie, so chain's own four digits drop it.
        return NumberFormatter.format(v, null);
    }
}
