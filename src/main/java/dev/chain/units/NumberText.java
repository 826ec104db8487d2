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

    /**
     * A number as its literal is written ({@code 38.2}, {@code 3,000}, {@code 8.03e9}) times a unit's
     * factor, as the decimal the two mean together. Where the factor is a power of ten ({@code %},
     * {@code ms}, {@code GB}), the written digits with the point moved, read once to the nearest
     * double: {@code 38.2%} is the double nearest 0.382, where 38.2 x 0.01 is 0.38200000000000006,
     * one bit above it, and {@code 1 - 38.2%} fell short of {@code 61.8%}. Any other factor
     * ({@code h}, {@code GiB}) is multiplied, as {@code value} (the literal read) times it.
     */
    public static double scaled(String written, double value, double factor) {
        int ten = powerOfTen(factor);
        if (ten == 0 || ten == NOT_A_POWER) {
            return value * factor;
        }
        StringBuilder digits = new StringBuilder(written.length() + 6);
        for (int i = 0; i < written.length(); i++) {
            char c = written.charAt(i);
            if (c != ',' && c != '_') {
                digits.append(c);
            }
        }
        int e = Math.max(digits.indexOf("e"), digits.indexOf("E"));
        long exponent = ten;
        if (e >= 0) {
            String power = digits.substring(e + 1);
            if (power.length() > 9) {
                return value * factor; // far past any double: the literal was refused or is 0 or infinite
            }
            exponent += Long.parseLong(power.startsWith("+") ? power.substring(1) : power);
            digits.setLength(e);
        }
        try {
            return Double.parseDouble(digits.append('e').append(exponent).toString());
        } catch (NumberFormatException notWritten) {
            return value * factor; // not a literal's text (a number made, not written)
        }
    }

    private static final int NOT_A_POWER = Integer.MIN_VALUE;

    /** {@code k} where {@code factor} is the double nearest 10^k, for the prefixes' span and a little more. */
    private static int powerOfTen(double factor) {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            return NOT_A_POWER;
        }
        long k = Math.round(Math.log10(factor));
        return Math.abs(k) <= 40 && factor == Double.parseDouble("1e" + k) ? (int) k : NOT_A_POWER;
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
