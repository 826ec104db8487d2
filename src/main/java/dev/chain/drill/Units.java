package dev.chain.drill;

import dev.chain.units.Dimension;
import dev.chain.units.Prefix;
import dev.chain.units.UnitTerm;
import java.util.function.Function;

/**
 * What grading says of a dimension or unit other than the step's (an answer of another dimension,
 * the factor between, a prefix the answer's unit could have had): on the command line from the unit
 * registry ({@link RegistryUnits}); what the drill's words need and nothing more.
 */
public interface Units {
    /** {@code information (B)}, {@code a plain number}. */
    String describe(Dimension d);

    /** A value in the unit chain picks for its dimension: {@code 34.36 GB}, {@code 1,000}. */
    String text(double si, Dimension d);

    /**
     * The unit in which an answer written in {@code unit} is {@code factor} times what it says
     * ({@code ms} for {@code s} and 1/1000), the unit's first term with another prefix; null where
     * there is none.
     */
    String respelled(String unit, double factor);

    /** {@link #respelled} for a way of resolving a unit's first term as written ({@code GB}: giga, byte). */
    static String respelled(String unit, double factor, Function<String, UnitTerm> resolve) {
        int end = 0;
        while (end < unit.length() && unit.charAt(end) != '/' && unit.charAt(end) != '*' && unit.charAt(end) != '·' && unit.charAt(end) != ' ') {
            end++;
        }
        UnitTerm term = resolve.apply(unit.substring(0, end));
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
}
