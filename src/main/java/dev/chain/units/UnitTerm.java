package dev.chain.units;

/** One name as written in a unit, resolved: {@code TB} is the unit B with the prefix T. */
public record UnitTerm(String written, Prefix prefix, Unit unit) {
    public double factor() {
        return prefix == null ? unit.factor() : prefix.factor() * unit.factor();
    }
}
