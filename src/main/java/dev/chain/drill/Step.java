package dev.chain.drill;

import dev.chain.units.DisplayUnit;
import dev.chain.units.Dimension;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;

/**
 * A value the drill asks for, as grading reads it: numbers, names and the unit choices its words
 * are written in, made once from the checked program ({@link Drill}), so that grading needs no
 * checked program and no unit registry for the step's own dimension.
 *
 * @param slot        its slot in the graph
 * @param name        {@code kv}
 * @param dimension   its dimension
 * @param display     the unit the chain shows it in ({@code -> GB}), or null
 * @param format      its format ({@code :,.2f}), or null
 * @param shown       how a value of it is shown: the unit {@code display} and {@code format} pick
 * @param echoed      how an answer of its dimension is echoed: in its unit, with chain's four digits
 * @param auto        the unit chain picks for it when none is asked (the example a bare number is shown)
 * @param kind        what it is, in words: {@code information (B)}, {@code a plain number}
 * @param tolerance   how close an answer must be
 * @param formula     its formula as written, which a diagnosis that finds no single change shows
 * @param information whether its dimension has information in it (bits for bytes is then a slip)
 * @param binary      whether its derivation has information in it, in its dimension or in that of a
 *                    value it is derived from (a binary prefix for a decimal one is then a slip: GiB
 *                    for GB in the weights is off by 1.074 in a time read from them, never in a share of params)
 */
public record Step(int slot, String name, Dimension dimension, DisplayUnit display, FormatSpec format,
                   QuantityFormatter.UnitChoice shown, QuantityFormatter.UnitChoice echoed, QuantityFormatter.UnitChoice auto,
                   String kind, Tolerance tolerance, String formula, boolean information, boolean binary) {
    /** Whether the chain writes it in percent ({@code share = floor / p50 -> %}), where a bare 63 is 6,300%, not 63%. */
    boolean percent() {
        return display != null && display.text().equals("%");
    }

    /** A value of this step's dimension as the step shows it: {@code 15.05 ms}. */
    String show(double si) {
        return QuantityFormatter.in(si, shown.pick(si), format).text();
    }

    /** An answer of this step's dimension as the drill echoes it: in the step's unit, four digits. */
    String echo(double si) {
        return QuantityFormatter.in(si, echoed.pick(si), null).text();
    }
}
