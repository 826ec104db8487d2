package dev.chain.drill;

import dev.chain.units.Dimension;
import dev.chain.units.Prefix;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.UnitRegistry;
import dev.chain.units.UnitTerm;

/** The drill's words of dimensions and units, from a chain's unit registry. */
final class RegistryUnits implements Units {
    private final UnitRegistry units;
    private final QuantityFormatter formatter;

    RegistryUnits(UnitRegistry units) {
        this.units = units;
        this.formatter = new QuantityFormatter(units);
    }

    @Override
    public String describe(Dimension d) {
        if (d.isNone()) {
            return "a plain number";
        }
        String name = units.dimensionName(d);
        return name == null ? units.baseUnits(d) : UnitRegistry.humanName(name) + " (" + units.baseUnits(d) + ")";
    }

    @Override
    public String text(double si, Dimension d) {
        return formatter.text(si, d);
    }

    @Override
    public String respelled(String unit, double factor) {
        int end = 0;
        while (end < unit.length() && unit.charAt(end) != '/' && unit.charAt(end) != '*' && unit.charAt(end) != '·' && unit.charAt(end) != ' ') {
            end++;
        }
        String first = unit.substring(0, end);
        UnitTerm term = units.resolve(first);
        if (term == null) {
            return null;
        }
        double want = (term.prefix() == null ? 1 : term.prefix().factor()) / factor;
        if (Math.abs(want - 1) < 1e-9) {
            return term.unit().symbol() + unit.substring(end);
        }
        for (Prefix p : Prefix.ALL) {
            if (p != Prefix.MICRO_U && p != Prefix.MICRO_GREEK && Math.abs(p.factor() / want - 1) < 1e-9 && term.unit().accepts(p)) {
                return p.symbol() + term.unit().symbol() + unit.substring(end);
            }
        }
        return null;
    }

    /** Whether a dimension has information in it. */
    boolean information(Dimension d) {
        Dimension bytes = units.dimension("Information");
        if (bytes == null || bytes.baseIndex() < 0) {
            return false;
        }
        return d.exponent(bytes.baseIndex()) != 0;
    }
}
