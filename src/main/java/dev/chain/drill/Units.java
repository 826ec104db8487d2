package dev.chain.drill;

import dev.chain.units.Dimension;

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
}
