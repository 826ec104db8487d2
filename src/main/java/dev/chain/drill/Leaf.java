package dev.chain.drill;

import dev.chain.ast.Expr;
import dev.chain.check.BindingInfo;
import dev.chain.units.Dimension;

/**
 * One name or written number in a binding's formula, a value the drill's search can change on its
 * own: {@code batch} in {@code kv = batch * context * model.kv_bytes_per_token}, {@code 2 B/param},
 * {@code kv_heads} in the model module's {@code kv_bytes_per_token}.
 *
 * @param slot      where its value is, in the graph's slots
 * @param written   as the formula writes it
 * @param source    the binding it names, or null for a number written out
 * @param value     a number's value in base units (a name's is its binding's)
 * @param dimension its dimension
 * @param role      what the formula does with it
 * @param within    the binding whose formula it is in
 * @param text      how a message names it: {@code model.kv_heads}, {@code `2 B/param`}
 */
record Leaf(int slot, Expr written, BindingInfo source, double value, Dimension dimension, Role role,
            BindingInfo within, String text) {
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

    boolean dimensionless() {
        return dimension.isNone();
    }
}
