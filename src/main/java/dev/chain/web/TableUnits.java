package dev.chain.web;

import dev.chain.drill.Units;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.Prefix;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.Unit;
import dev.chain.units.UnitRegistry;
import dev.chain.units.UnitTerm;
import java.util.List;

/**
 * The chain's units as the practice mode's model carries them ({@code drill.PracticeModel.UnitTable}),
 * for the practice script, which has no unit registry (a registry of hash maps took the script from
 * 19.7 to 33.2 KB gzipped, over its budget): a typed answer's units resolved by name and prefix, and
 * what grading says of another dimension with the command line's words ({@code RegistryUnits}).
 * A dimension the table does not list is shown in base units.
 */
final class TableUnits implements Units {
    private final String[] bases;
    private final Dimension[] dimensions;
    private final String[] names;
    private final QuantityFormatter.UnitChoice[] choices;
    private final List<Unit> units;

    TableUnits(String[] bases, Dimension[] dimensions, String[] names, QuantityFormatter.UnitChoice[] choices, List<Unit> units) {
        this.bases = bases;
        this.dimensions = dimensions;
        this.names = names;
        this.choices = choices;
        this.units = units;
    }

    /** A unit's term as written ({@code GB}: giga, byte), or null. */
    UnitTerm resolve(String written) {
        Unit exact = unit(written);
        if (exact != null) {
            return new UnitTerm(written, null, exact);
        }
        for (Prefix p : Prefix.ALL) {
            if (written.length() > p.symbol().length() && written.startsWith(p.symbol())) {
                Unit u = unit(written.substring(p.symbol().length()));
                if (u != null && u.accepts(p)) {
                    return new UnitTerm(written, p, u);
                }
            }
        }
        return null;
    }

    /** The unit of a name, or null; the last declared of a name, as the registry keeps it. */
    Unit unit(String name) {
        Unit found = null;
        for (Unit u : units) {
            for (String n : u.names()) {
                if (n.equals(name)) {
                    found = u;
                }
            }
        }
        return found;
    }

    @Override
    public String describe(Dimension d) {
        if (d.isNone()) {
            return "a plain number";
        }
        String base = UnitRegistry.baseUnits(d, bases);
        int at = find(d, true);
        return at < 0 ? base : names[at] + " (" + base + ")";
    }

    @Override
    public String text(double si, Dimension d) {
        if (d.isNone()) {
            return QuantityFormatter.in(si, DisplayUnit.none(), null).text();
        }
        int at = find(d, false);
        DisplayUnit unit = at >= 0 ? choices[at].pick(si)
                : new DisplayUnit(UnitRegistry.baseUnits(d, bases), 1, d, false);
        return QuantityFormatter.in(si, unit, null).text();
    }

    @Override
    public String respelled(String unit, double factor) {
        return Units.respelled(unit, factor, this::resolve);
    }

    /** The table's entry of a dimension with a name (or, {@code named} false, with units chosen); -1 for none. */
    private int find(Dimension d, boolean named) {
        for (int i = 0; i < dimensions.length; i++) {
            if ((named ? names[i] != null : choices[i] != null) && dimensions[i].equals(d)) {
                return i;
            }
        }
        return -1;
    }
}
