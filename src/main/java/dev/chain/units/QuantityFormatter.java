package dev.chain.units;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Shows a value (held in base units) in a unit: the one asked for, or else the base unit with the
 * SI prefix that puts the number in [1, 1000): 4.794 ms, 34.36 GB, 33.92 TFLOP, 295.2 FLOP/B.
 * Count units (token, page) take no prefix: 26,483 page.
 */
public final class QuantityFormatter {
    private final UnitRegistry registry;

    public QuantityFormatter(UnitRegistry registry) {
        this.registry = registry;
    }

    /** A formatted value: the whole text, and the number and unit it is made of. */
    public record Formatted(String text, String number, double value, DisplayUnit unit) {}

    public Formatted format(double si, Dimension dimension, DisplayUnit target, FormatSpec spec) {
        return in(si, choice(dimension, target, spec).pick(si), spec);
    }

    /** A value in a unit already chosen: the number in that unit's format, and the unit after it. */
    public static Formatted in(double si, DisplayUnit unit, FormatSpec spec) {
        double value = si / unit.factor();
        String number = NumberFormatter.format(value, spec);
        String text = unit.isEmpty() ? number : unit.glued() ? number + unit.text() : number + " " + unit.text();
        return new Formatted(text, number, value, unit);
    }

    /**
     * How the unit of a value is chosen: the one asked for ({@code fixed}), or else, by the value,
     * one of {@code prefixed} (ascending): the largest whose number is at least 1, the base unit
     * for 0 or a value that is not finite. Made once for a template, picked for each value, so
     * that the explorable page picks as the renderer does.
     */
    public record UnitChoice(DisplayUnit fixed, DisplayUnit base, List<DisplayUnit> prefixed) {
        public DisplayUnit pick(double si) {
            if (fixed != null) {
                return fixed;
            }
            if (prefixed.isEmpty() || !Double.isFinite(si) || si == 0) {
                return base;
            }
            double magnitude = Math.abs(si);
            DisplayUnit chosen = prefixed.get(0);
            for (DisplayUnit u : prefixed) {
                if (magnitude / u.factor() >= 1 * (1 - 1e-12)) {
                    chosen = u;
                }
            }
            // Past the largest prefix, the base unit, its number in scientific notation: 3.8e25 FLOP, not 38,000,000 EFLOP.
            if (magnitude / prefixed.get(prefixed.size() - 1).factor() >= 1000 && base != null) {
                return base;
            }
            return chosen;
        }
    }

    /** The unit a value of this dimension is shown in, given the unit and spec asked for (either may be null). */
    public UnitChoice choice(Dimension dimension, DisplayUnit target, FormatSpec spec) {
        if (target != null) {
            return new UnitChoice(target, null, List.of());
        }
        if (exponential(spec) && !dimension.isNone()) {
            return new UnitChoice(new DisplayUnit(plainText(dimension), 1.0, dimension, false), null, List.of());
        }
        return autoUnits(dimension);
    }

    /**
     * Scientific and engineering notation carry the magnitude in the exponent; with a prefix too,
     * 294.5e12 FLOP would read 294.5e0 TFLOP. Without a unit asked for, they use the base unit.
     */
    private static boolean exponential(FormatSpec spec) {
        return spec != null && (spec.type() == 'e' || spec.type() == FormatSpec.ENGINEERING || spec.type() == FormatSpec.SUFFIX);
    }

    /**
     * How a value of this dimension is written without a prefix: in the unit declared as the
     * dimension's own ({@code W} for a power, `unit W = 1 J/s`), or in base units ({@code B/s}),
     * a dimension with none above the line as a rate, {@code /s}, which reads back as a number
     * divided by a second ({@code 375 /ns}), where {@code 1/s} did not.
     */
    private String plainText(Dimension dimension) {
        Unit own = registry.unitOf(dimension);
        if (own != null) {
            return own.symbol();
        }
        String base = registry.baseUnits(dimension);
        return base.startsWith("1/") ? base.substring(1) : base;
    }

    public String text(double si, Dimension dimension) {
        return format(si, dimension, null, null).text();
    }

    /** The unit chain picks when none was asked for. */
    public DisplayUnit autoUnit(double si, Dimension dimension) {
        return autoUnits(dimension).pick(si);
    }

    /** The units chain picks from for this dimension: its base unit, with each SI prefix its lead unit takes. */
    private UnitChoice autoUnits(Dimension dimension) {
        if (dimension.isNone()) {
            return new UnitChoice(DisplayUnit.none(), null, List.of());
        }
        String base = plainText(dimension);
        DisplayUnit plain = new DisplayUnit(base, 1.0, dimension, false);
        Unit leadUnit = registry.unitOf(dimension);
        int exponent = 1;
        // The prefix goes on the first unit above the line (GB/s), or on the first below it when none is above (/ns).
        String before = "";
        String after = base;
        if (leadUnit == null) {
            int lead = -1;
            for (int i = 0; i < dimension.length() && lead < 0; i++) {
                if (dimension.exponent(i) > 0) {
                    lead = i;
                }
            }
            for (int i = 0; i < dimension.length() && lead < 0; i++) {
                if (dimension.exponent(i) < 0) {
                    lead = i;
                    before = "/";
                    after = base.substring(1);
                }
            }
            leadUnit = lead < 0 ? null : registry.baseUnit(lead);
            exponent = lead < 0 ? 0 : dimension.exponent(lead);
        }
        if (leadUnit == null || !leadUnit.shownWithPrefixes()) {
            return new UnitChoice(plain, null, List.of());
        }
        List<DisplayUnit> prefixed = new ArrayList<>();
        boolean anyPrefix = false;
        for (Prefix p : ByFactor.PREFIXES) {
            DisplayUnit u = p == null ? plain : p.usedForDisplay() && leadUnit.accepts(p)
                    ? new DisplayUnit(before + p.symbol() + after, Math.pow(p.factor(), exponent), dimension, false) : null;
            if (u != null) {
                // Ascending by factor: a prefix below the line makes the unit larger (/ns is 1e9 /s).
                int at = exponent > 0 ? prefixed.size() : 0;
                prefixed.add(at, u);
                anyPrefix |= p != null;
            }
        }
        return anyPrefix ? new UnitChoice(null, plain, List.copyOf(prefixed)) : new UnitChoice(plain, null, List.of());
    }

    /**
     * Every prefix, and null (none) in its place at 1, smallest factor first: sorted once, not for
     * every value shown (that was a comparator lambda per run). A holder class, initialized only
     * when a unit is chosen, so that the explorable page's script, which is given its units, does
     * not carry the prefixes.
     */
    private static final class ByFactor {
        static final Prefix[] PREFIXES = sorted();

        private static Prefix[] sorted() {
            List<Prefix> all = new ArrayList<>();
            all.add(null);
            all.addAll(Prefix.ALL);
            all.sort(new Comparator<Prefix>() {
                @Override
                public int compare(Prefix a, Prefix b) {
                    return Double.compare(a == null ? 1.0 : a.factor(), b == null ? 1.0 : b.factor());
                }
            });
            Prefix[] sorted = new Prefix[all.size()];
            for (int i = 0; i < sorted.length; i++) {
                sorted[i] = all.get(i);
            }
            return sorted;
        }
    }
}
