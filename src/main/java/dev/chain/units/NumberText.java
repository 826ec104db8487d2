package dev.chain.units;

import java.math.BigDecimal;

/**
 * The ways chain writes a number, each named for its reader. The card's way, with a format spec,
 * is {@link NumberFormatter}'s; this holds the others.
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
}
