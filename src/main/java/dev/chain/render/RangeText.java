package dev.chain.render;

import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;

/**
 * How a value that is a range is written, in one unit for both ends. On the card, as prose writes a
 * spread, its ends alone: {@code 68.6-102.9 ms}, {@code 40-60%}, in the value's format. Where the
 * value is shown with its work ({@code chain run}, the REPL), after its nominal value:
 * {@code 15.05 ms (12.6 .. 18.1 ms)}, the ends with {@value #END_DIGITS} significant digits, for a
 * spread is an estimate. Either way, two ends that differ never read the same: they take as many
 * more digits as that takes. Plain Java that the explorable page's script runs too.
 */
public final class RangeText {
    /** The significant digits of a range's ends beside its nominal value, unless the input was written with more. */
    public static final int END_DIGITS = 3;
    private static final int MAX_DIGITS = 17;

    private RangeText() {}

    /**
     * The card's way: {@code 68.6-102.9 ms}, {@code 2,048-4,096 tokens} ({@code plural}, the unit's
     * plural or null), {@code -5 to -3 ms} when an end is negative (a hyphen would read as a minus),
     * or the numbers alone when {@code bare}. The number and its unit are joined by
     * {@link TemplateRenderer#NO_BREAK}, so that a line is never broken inside a range.
     */
    public static String card(double low, double high, DisplayUnit unit, FormatSpec format, String plural, boolean bare) {
        String[] ends = ends(low, high, unit, format);
        String between = low < 0 || high < 0 ? TemplateRenderer.NO_BREAK + "to" + TemplateRenderer.NO_BREAK : "-";
        String numbers = ends[0] + between + ends[1];
        if (bare || unit.isEmpty()) {
            return numbers;
        }
        String shown = plural != null ? plural : unit.text();
        return unit.glued() ? numbers + shown : numbers + TemplateRenderer.NO_BREAK + shown;
    }

    /**
     * The way {@code run} writes it, after the nominal value as the chain shows it
     * ({@code nominal}, in {@code unit}): {@code 15.05 ms (12.6 .. 18.1 ms)}, {@code 50% (40 .. 60%)}.
     * The ends take {@code format} (an input's own digits, a value's own format), or else {@value #END_DIGITS} significant digits.
     */
    public static String run(String nominal, double low, double high, DisplayUnit unit, FormatSpec format) {
        String[] ends = ends(low, high, unit, format != null ? format : FormatSpec.significant(END_DIGITS));
        String numbers = ends[0] + " .. " + ends[1];
        String range = unit.isEmpty() ? numbers : unit.glued() ? numbers + unit.text() : numbers + " " + unit.text();
        return nominal + " (" + range + ")";
    }

    /** Both ends' numbers in {@code unit}, with {@code format}, or with as many more digits as it takes to read apart. */
    private static String[] ends(double low, double high, DisplayUnit unit, FormatSpec format) {
        String l = QuantityFormatter.in(low, unit, format).number();
        String h = QuantityFormatter.in(high, unit, format).number();
        int digits = format != null && format.natural() && format.precision() > 0 ? format.precision() + 1 : 4;
        for (; l.equals(h) && low != high && digits <= MAX_DIGITS; digits++) {
            l = QuantityFormatter.in(low, unit, FormatSpec.significant(digits)).number();
            h = QuantityFormatter.in(high, unit, FormatSpec.significant(digits)).number();
        }
        return new String[] {l, h};
    }
}
