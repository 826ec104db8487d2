package dev.chain.drill;

import dev.chain.units.Dimension;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.UnitRegistry;

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
        return Units.respelled(unit, factor, units::resolve);
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
