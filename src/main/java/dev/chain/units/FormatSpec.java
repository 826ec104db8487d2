package dev.chain.units;

/**
 * How to write a number, in a subset of Python's format mini-language as card authors know it:
 * {@code .2f} (two decimals), {@code ,.0f} (grouped, no decimals), {@code .3g} (three significant
 * digits), {@code .2e} (scientific, written the card's way: {@code 8.03e9}), {@code ,} (grouping).
 */
public record FormatSpec(boolean grouping, int precision, char type) {
    public static final char DEFAULT = 0;

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
            while (i < spec.length() && Character.isDigit(spec.charAt(i))) {
                i++;
            }
            if (i == start || i - start > 2) {
                return null;
            }
            precision = Integer.parseInt(spec.substring(start, i));
        }
        char type = DEFAULT;
        if (i < spec.length()) {
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
        return (grouping ? "," : "") + (precision >= 0 ? "." + precision : "") + (type == DEFAULT ? "" : String.valueOf(type));
    }
}
