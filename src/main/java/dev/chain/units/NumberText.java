package dev.chain.units;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * The ways chain writes a number, each named for its reader. The card's way (a chain's values, a
 * plot's ticks), with a format spec, is {@link NumberFormatter}'s; these are the others. Only
 * {@link #coordinate} runs in the explorable page's script too.
 */
public final class NumberText {
    private NumberText() {}

    /**
     * As a reader would type it into an input box: the shortest decimal that reads back as the same
     * double, without exponent or digit grouping ({@code 0.0001}, {@code 4096}).
     */
    public static String typed(double v) {
        String s = new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }

    /**
     * For a machine (a sweep's CSV): 15 significant digits, the most a double holds for every
     * decimal, without grouping, exponent or trailing zeros.
     */
    public static String machine(double v) {
        return new BigDecimal(v).round(new MathContext(15)).stripTrailingZeros().toPlainString();
    }

    /** A unit's or prefix's factor, exactly, grouped when whole: {@code 1,073,741,824}, {@code 0.001}, {@code 1e-24}. */
    public static String exact(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e18) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        BigDecimal d = new BigDecimal(Double.toString(v)).stripTrailingZeros();
        return Math.abs(v) >= 1e-6 ? d.toPlainString() : d.toString().toLowerCase(Locale.ROOT).replace("+", "");
    }

    /** An SVG coordinate or size: at most two decimals (halves up), no trailing zeros, no exponent, no "-0". */
    public static String coordinate(double v) {
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
}
