package dev.chain.units;

/**
 * How to write a number, in a subset of Python's format mini-language as card authors know it:
 * {@code .2f} (two decimals), {@code ,.0f} (grouped, no decimals), {@code .3g} (three significant
 * digits), {@code .2e} (scientific, written the card's way: {@code 8.03e9}), {@code ,} (grouping),
 * and two that Python lacks: {@code .4eng}, engineering notation with that many significant digits,
 * the exponent a multiple of three ({@code 494.5e12}, {@code 73.6e9}, {@code 2.0e9}), as the card writes,
 * and {@code .4kmbt}, a count with the suffix papers write (15.7K, 2.788M, 70B, 16.55T).
 */
public record FormatSpec(boolean grouping, int precision, char type) {
    public static final char DEFAULT = 0;
    /** The type of {@code eng}, which is three letters where the others are one. */
    public static final char ENGINEERING = 'n';
    /** The type of {@code kmbt}: a count with the suffix papers write, 15.7K, 2.788M, 70B, 16.55T. */
    public static final char SUFFIX = 'k';
    /**
     * chain's default way, keeping the trailing zeros of the digits given: how an input shows the
     * digits it was written with (502.0 PFLOP/s). Not written in a chain: a literal chooses it.
     */
    public static final char WRITTEN = 'w';

    /**
     * chain's default way of writing a number, with {@code digits} significant digits instead of
     * four: how an input written with more digits shows them ({@code 180.86 ms}, not 180.9 ms).
     */
    public static FormatSpec significant(int digits) {
        return new FormatSpec(true, digits, DEFAULT);
    }

    /** As {@link #significant}, its trailing zeros kept: {@code 502.0 PFLOP/s} as written, not 502 PFLOP/s. */
    public static FormatSpec written(int digits) {
        return new FormatSpec(true, digits, WRITTEN);
    }

    /** chain's default way of writing a number, with or without the trailing zeros of its digits. */
    public boolean natural() {
        return type == DEFAULT || type == WRITTEN;
    }

    /** Parses a spec such as {@code ,.1f}; returns null if it is not one. */
    public static FormatSpec parse(String spec) {
        int i = 0;
        boolean grouping = false;
        if (i < spec.length() && spec.charAt(i) == ',') {
            grouping = true;
            i++;
        }
        int precision = -1;
        if (i < spec.length() && spec.charAt(i) == '.') {
            int start = ++i;
            while (i < spec.length() && Ascii.digit(spec.charAt(i))) {
                i++;
            }
            if (i == start || i - start > 2) {
                return null;
            }
            precision = Integer.parseInt(spec.substring(start, i));
        }
        char type = DEFAULT;
        if (spec.startsWith("eng", i)) {
            type = ENGINEERING;
            i += 3;
        } else if (spec.startsWith("kmbt", i)) {
            type = SUFFIX;
            i += 4;
        } else if (i < spec.length()) {
            type = spec.charAt(i++);
            if (type != 'f' && type != 'g' && type != 'e') {
                return null;
            }
        }
        if (i != spec.length() || (!grouping && precision < 0 && type == DEFAULT)) {
            return null;
        }
        if (type == DEFAULT && precision >= 0) {
            type = 'g';
        }
        return new FormatSpec(grouping, precision, type);
    }

    @Override
    public String toString() {
        String written = type == DEFAULT || type == WRITTEN ? "" : type == ENGINEERING ? "eng" : type == SUFFIX ? "kmbt" : String.valueOf(type);
        return (grouping ? "," : "") + (precision >= 0 ? "." + precision : "") + written;
    }
}
