package dev.chain.units;

/**
 * Writes numbers the way the card does. Without a spec: four significant digits, trailing zeros
 * dropped, thousands grouped (4.794, 12.5, 2,432, 26,483), and scientific notation written the
 * card's way ({@code 8.03e9}) only for very large or very small numbers. Rounding is half away
 * from zero on the decimal the double stands for (see {@link #decimal}), as publications and
 * spreadsheets round; the digits come from {@link Decimal}, exactly.
 */
public final class NumberFormatter {
    public static final int DEFAULT_SIGNIFICANT = 4;

    /**
     * The most significant digits a double holds for every decimal: a decimal of 15 digits or
     * fewer comes back from the nearest double unchanged.
     */
    private static final int DECIMAL = 15;

    private NumberFormatter() {}

    public static String format(double value, FormatSpec spec) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == 0) {
            value = 0.0; // no "-0"
        }
        if (spec == null) {
            return natural(value, true, DEFAULT_SIGNIFICANT, false);
        }
        return switch (spec.type()) {
            case 'f' -> group(fixed(value, spec.precision() < 0 ? 6 : spec.precision()), spec.grouping());
            case 'e' -> scientific(value, spec.precision() < 0 ? 6 : spec.precision(), false);
            case 'g' -> general(value, spec.precision() < 0 ? 6 : Math.max(1, spec.precision()), spec.grouping());
            case FormatSpec.ENGINEERING -> engineering(value, spec.precision() < 0 ? DEFAULT_SIGNIFICANT
                    : Math.max(1, spec.precision()));
            case FormatSpec.SUFFIX -> suffixed(value, spec.precision() < 0 ? DEFAULT_SIGNIFICANT : Math.max(1, spec.precision()));
            case FormatSpec.WRITTEN -> natural(value, true, spec.precision(), true);
            default -> natural(value, spec.grouping() || spec.precision() >= 0,
                    spec.precision() < 0 ? DEFAULT_SIGNIFICANT : spec.precision(), false);
        };
    }

    /**
     * chain's own way: {@code significant} digits (four unless a literal was written with more),
     * trailing zeros dropped (kept to the digits when {@code written}: an input written 502.0 shows
     * as 502.0), thousands grouped, whole numbers of 1,000 and more in full.
     */
    private static String natural(double value, boolean grouping, int significant, boolean written) {
        double a = Math.abs(value);
        if (a == 0) {
            return "0";
        }
        if (a >= 1e15 || a < 1e-4) {
            return scientific(value, significant - 1, !written);
        }
        if (a >= Math.pow(10, significant - 1) && a >= 1000) {
            return group(fixed(value, 0), grouping);
        }
        Decimal rounded = significant(value, significant);
        if (written) {
            int exponent = rounded.precision() - rounded.scale() - 1;
            return group(rounded.setScale(Math.max(0, significant - 1 - exponent), Decimal.Half.UP).toPlainString(), grouping);
        }
        return group(stripZeros(rounded.toPlainString()), grouping);
    }

    /**
     * {@code 15.7K}, {@code 2.788M}, {@code 70B}, {@code 16.55T}: the given significant digits
     * (trailing zeros dropped) and the suffix of the thousands, millions, billions or trillions, as
     * papers write counts; below a thousand the number alone, and past a thousand trillions in
     * scientific notation ({@code 3.8e25}), as there is no suffix further.
     */
    static String suffixed(double value, int significant) {
        if (value == 0) {
            return "0";
        }
        Decimal rounded = significant(Math.abs(value), significant);
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent >= 15 || exponent < -4) {
            return scientific(value, significant - 1, true);
        }
        int thousands = Math.max(0, exponent / 3);
        String digits = stripZeros(rounded.movePointLeft(3 * thousands).toPlainString());
        return (value < 0 ? "-" : "") + digits + SUFFIXES[thousands];
    }

    private static final String[] SUFFIXES = {"", "K", "M", "B", "T"};

    /** Python's {@code g}: fixed notation unless the exponent is below -4 or at least the precision. */
    private static String general(double value, int significant, boolean grouping) {
        if (value == 0) {
            return "0";
        }
        Decimal rounded = significant(value, significant);
        int exponent = rounded.precision() - rounded.scale() - 1;
        if (exponent < -4 || exponent >= significant) {
            return scientific(value, significant - 1, true);
        }
        String s = rounded.setScale(Math.max(0, significant - 1 - exponent), Decimal.Half.UP).toPlainString();
        return group(stripZeros(s), grouping);
    }

    static String fixed(double value, int decimals) {
        String s = decimals(value, decimals).toPlainString();
        return isNegativeZero(s) ? s.substring(1) : s;
    }

    /**
     * The value as the decimal it stands for: its exact binary value to 15 significant digits. The
     * double nearest 1.005 is 1.00499999999999989...; its decimal is 1.005, the number the author
     * wrote or a calculator shows, and the one a tie is decided on.
     */
    static Decimal decimal(Decimal exact) {
        return exact.round(DECIMAL, Decimal.Half.EVEN);
    }

    /** To {@code digits} significant digits, half away from zero on the {@link #decimal}; exact if it has no more. */
    static Decimal significant(double value, int digits) {
        Decimal exact = Decimal.of(value);
        if (exact.precision() <= digits) {
            return exact;
        }
        return decimal(exact).round(digits, Decimal.Half.UP);
    }

    /** To {@code decimals} places, half away from zero on the {@link #decimal}; exact if it has no more. */
    static Decimal decimals(double value, int decimals) {
        Decimal exact = Decimal.of(value);
        if (exact.scale() <= decimals) {
            return exact.setScale(decimals, Decimal.Half.UP); // only adds zeros
        }
        return decimal(exact).setScale(decimals, Decimal.Half.UP);
    }

    /** {@code 8.03e9}: a mantissa with the given decimals, and a plain exponent. */
    static String scientific(double value, int decimals, boolean strip) {
        if (value == 0) {
            return strip ? "0" : fixed(0, decimals) + "e0";
        }
        Decimal rounded = significant(Math.abs(value), decimals + 1);
        String digits = rounded.unscaledDigits();
        int exponent = digits.length() - 1 - rounded.scale();
        StringBuilder all = new StringBuilder(digits);
        while (all.length() < decimals + 1) {
            all.append('0');
        }
        String mantissa = decimals == 0 ? all.substring(0, 1) : all.charAt(0) + "." + all.substring(1, decimals + 1);
        if (strip) {
            mantissa = stripZeros(mantissa);
        }
        return (value < 0 ? "-" : "") + mantissa + "e" + exponent;
    }

    /**
     * {@code 494.5e12}: the given significant digits (trailing zeros kept, {@code 2.0e9}), and an
     * exponent that is a multiple of three, so the mantissa reads like an SI prefix would (TB, GB).
     */
    static String engineering(double value, int significant) {
        if (value == 0) {
            return "0e0";
        }
        Decimal rounded = significant(Math.abs(value), significant);
        int exponent = rounded.precision() - rounded.scale() - 1;
        int engineering = Math.floorDiv(exponent, 3) * 3;
        Decimal mantissa = rounded.movePointLeft(engineering);
        int decimals = Math.max(0, significant - 1 - (exponent - engineering));
        String digits = mantissa.setScale(decimals, Decimal.Half.UP).toPlainString();
        return (value < 0 ? "-" : "") + digits + "e" + engineering;
    }

    private static String stripZeros(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    /** Inserts thousands separators into the integer part of a plain decimal string. */
    static String group(String s, boolean grouping) {
        if (!grouping) {
            return s;
        }
        int start = s.startsWith("-") ? 1 : 0;
        int dot = s.indexOf('.');
        int intEnd = dot < 0 ? s.length() : dot;
        if (intEnd - start <= 3) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + (intEnd - start) / 3);
        sb.append(s, 0, start);
        for (int i = start; i < intEnd; i++) {
            if (i > start && (intEnd - i) % 3 == 0) {
                sb.append(',');
            }
            sb.append(s.charAt(i));
        }
        sb.append(s, intEnd, s.length());
        return sb.toString();
    }

    private static boolean isNegativeZero(String s) {
        if (!s.startsWith("-")) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '0' && c != '.') {
                return false;
            }
        }
        return true;
    }
}
