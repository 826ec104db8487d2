package dev.chain.drill;

import dev.chain.units.Dimension;

/**
 * One name or written number in a binding's formula, a value the drill's search can change on its
 * own: {@code batch} in {@code kv = batch * context * model.kv_bytes_per_token}, {@code 2 B/param},
 * {@code kv_heads} in the model module's {@code kv_bytes_per_token}. Numbers and names only, no
 * checked program: what the search reads is data, which the explorable page can carry.
 *
 * @param slot      where its value is, in the graph's slots
 * @param source    the slot of the binding it names, or -1 for a number written out (or a name of
 *                  a value the graph does not derive, whose value is then {@code value})
 * @param value     a number's value in base units (a name's is its binding's)
 * @param dimension its dimension
 * @param role      what the formula does with it
 * @param within    the slot of the binding whose formula it is in
 * @param text      how a message names it: {@code model.kv_heads}, {@code 2 B/param}
 * @param swap      for a module's constant or a number written with a unit, what another
 *                  constant of its dimension would replace; null for any other leaf
 */
record Leaf(int slot, int source, double value, Dimension dimension, Role role, int within, String text, Swap swap) {
    /** What a formula does with a leaf, which says which slips are worth trying on it. */
    enum Role {
        /** Multiplied by, or the numerator of a division. */
        FACTOR,
        /** Divided by. */
        DIVISOR,
        /** Added or subtracted. */
        TERM,
        /** An argument, an exponent, a formula of one name. */
        OTHER
    }

    /**
     * A leaf another constant may have been swapped for: its own value (base units) and how a
     * message shows it ({@code 8}, {@code 3.35 TB/s}).
     */
    record Swap(double own, String shown) {}

    boolean dimensionless() {
        return dimension.isNone();
    }

    boolean named() {
        return source >= 0;
    }
}
