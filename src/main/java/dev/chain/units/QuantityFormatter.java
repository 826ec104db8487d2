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
            return chosen;
        }
    }

    /** The unit a value of this dimension is shown in, given the unit and spec asked for (either may be null). */
    public UnitChoice choice(Dimension dimension, DisplayUnit target, FormatSpec spec) {
        if (target != null) {
            return new UnitChoice(target, null, List.of());
        }
        if (exponential(spec) && !dimension.isNone()) {
            return new UnitChoice(new DisplayUnit(registry.baseUnits(dimension), 1.0, dimension, false), null, List.of());
        }
        return autoUnits(dimension);
    }

    /**
     * Scientific and engineering notation carry the magnitude in the exponent; with a prefix too,
     * 294.5e12 FLOP would read 294.5e0 TFLOP. Without a unit asked for, they use the base unit.
     */
    private static boolean exponential(FormatSpec spec) {
        return spec != null && (spec.type() == 'e' || spec.type() == FormatSpec.ENGINEERING);
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
        String base = registry.baseUnits(dimension);
        DisplayUnit plain = new DisplayUnit(base, 1.0, dimension, false);
        int lead = -1;
        for (int i = 0; i < dimension.length(); i++) {
            if (dimension.exponent(i) > 0) {
                lead = i;
                break;
            }
        }
        Unit leadUnit = lead < 0 ? null : registry.baseUnit(lead);
        if (leadUnit == null) {
            return new UnitChoice(plain, null, List.of());
        }
        int exponent = dimension.exponent(lead);
        List<DisplayUnit> prefixed = new ArrayList<>();
        boolean anyPrefix = false;
        for (Prefix p : ByFactor.PREFIXES) {
            if (p == null) {
                prefixed.add(plain);
            } else if (p.usedForDisplay() && leadUnit.accepts(p)) {
                prefixed.add(new DisplayUnit(p.symbol() + base, Math.pow(p.factor(), exponent), dimension, false));
                anyPrefix = true;
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
