package dev.chain.eval;

/**
 * One compiled expression: plain arithmetic on doubles in base units. Dimensions were proven
 * before compilation, so nothing here looks at them. The kinds are records ({@link Nodes}), data
 * as well as code: the explorable page's model carries a chain's nodes as they are, and the page
 * runs them with this same code.
 *
 * <p>{@code slots} holds the values of the program's bindings; {@code frame} the arguments of the
 * user function being called (empty outside functions). An operation with no value (a division by
 * zero, an underflow) throws a {@link Fault} that names its place by site.
 */
public sealed interface Node permits Nodes.Const, Nodes.Slot, Nodes.Param, Nodes.Negated, Nodes.Scaled,
        Nodes.Arithmetic, Nodes.Raised, Nodes.BuiltinCall, Nodes.Call {
    double run(double[] slots, double[] frame);
}
