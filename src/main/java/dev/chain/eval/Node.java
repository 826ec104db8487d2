package dev.chain.eval;

/**
 * One compiled expression: plain arithmetic on doubles in base units. Dimensions were proven
 * before compilation, so nothing here looks at them.
 *
 * <p>{@code slots} holds the values of the program's bindings; {@code frame} the arguments of the
 * user function being called (empty outside functions).
 */
@FunctionalInterface
public interface Node {
    double run(double[] slots, double[] frame);
}
