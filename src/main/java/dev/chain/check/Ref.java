package dev.chain.check;

import dev.chain.units.Dimension;

/** What a name in an expression was resolved to. The evaluator compiles each kind differently. */
public sealed interface Ref {
    /** A binding of this program or of a module it uses. */
    record Binding(BindingInfo binding) implements Ref {}

    /** A parameter of the user function whose body is being checked. */
    record Param(int index, Dimension dimension) implements Ref {}

    /** A unit used as a value ({@code 1 / s}): one of that unit, in base units. */
    record UnitValue(double factor, Dimension dimension) implements Ref {}
}
