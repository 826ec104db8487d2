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
        DisplayUnit unit = target != null ? target
                : exponential(spec) && !dimension.isNone() ? new DisplayUnit(registry.baseUnits(dimension), 1.0, dimension, false)
                : autoUnit(si, dimension);
        double value = si / unit.factor();
        String number = NumberFormatter.format(value, spec);
        String text = unit.isEmpty() ? number : unit.glued() ? number + unit.text() : number + " " + unit.text();
        return new Formatted(text, number, value, unit);
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

    /** Every prefix, and null (none) in its place at 1, smallest factor first. */
    private static final Prefix[] BY_FACTOR = byFactor();

    private static Prefix[] byFactor() {
        List<Prefix> all = new ArrayList<>();
        all.add(null);
        all.addAll(Prefix.ALL);
        // Sorted once, here: sorting the candidates for every value shown cost a comparator lambda per run.
        all.sort(new Comparator<Prefix>() {
            @Override
            public int compare(Prefix a, Prefix b) {
                return Double.compare(a == null ? 1.0 : a.factor(), b == null ? 1.0 : b.factor());
            }
        });
        return all.toArray(new Prefix[0]);
    }

    /** The unit chain picks when none was asked for. */
    public DisplayUnit autoUnit(double si, Dimension dimension) {
        if (dimension.isNone()) {
            return DisplayUnit.none();
        }
        String base = registry.baseUnits(dimension);
        int lead = -1;
        for (int i = 0; i < dimension.length(); i++) {
            if (dimension.exponent(i) > 0) {
                lead = i;
                break;
            }
        }
        Unit leadUnit = lead < 0 ? null : registry.baseUnit(lead);
        if (leadUnit == null || !Double.isFinite(si) || si == 0) {
            return new DisplayUnit(base, 1.0, dimension, false);
        }
        int exponent = dimension.exponent(lead);
        double magnitude = Math.abs(si);
        // The largest prefix (or none) that leaves the number at least 1, among those the unit takes.
        Prefix chosen = null;
        boolean first = true;
        for (Prefix p : BY_FACTOR) {
            if (p != null && !(p.usedForDisplay() && leadUnit.accepts(p))) {
                continue;
            }
            double f = Math.pow(p == null ? 1.0 : p.factor(), exponent);
            if (first || magnitude / f >= 1 * (1 - 1e-12)) {
                chosen = p;
            }
            first = false;
        }
        if (chosen == null) {
            return new DisplayUnit(base, 1.0, dimension, false);
        }
        return new DisplayUnit(chosen.symbol() + base, Math.pow(chosen.factor(), exponent), dimension, false);
    }
}
