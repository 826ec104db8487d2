package dev.chain.eval;

import dev.chain.check.BindingInfo;
import java.util.List;

/**
 * The values of one evaluation of a program, in base units: its bindings by slot, its checks'
 * outcomes, and the values evaluated on their own (REPL lines, {@code chain eval}) in order, at the
 * nominal inputs; and, where inputs are ranges, each value's extremes over their box
 * ({@code extremes}, null without ranges).
 */
public record Evaluation(double[] values, List<CheckResult> checks, double[] evaluated, Program.Extremes extremes) {
    public Evaluation {
        checks = List.copyOf(checks);
    }

    public Evaluation(double[] values, List<CheckResult> checks, double[] evaluated) {
        this(values, checks, evaluated, null);
    }

    public double value(BindingInfo binding) {
        return values[binding.slot()];
    }

    /** Whether a binding of this program takes more than one value over the inputs' box. */
    public boolean ranged(BindingInfo binding) {
        return extremes != null && extremes.ranged(binding.slot());
    }

    /** The lowest value of a binding over the box; its value where it is no range. */
    public double low(BindingInfo binding) {
        return ranged(binding) ? extremes.lows()[binding.slot()] : value(binding);
    }

    /** The highest value of a binding over the box; its value where it is no range. */
    public double high(BindingInfo binding) {
        return ranged(binding) ? extremes.highs()[binding.slot()] : value(binding);
    }

    /** Whether the value evaluated on its own at {@code index} takes more than one value over the box. */
    public boolean evaluatedRanged(int index) {
        return extremes != null && extremes.evaluatedLows()[index] < extremes.evaluatedHighs()[index];
    }

    public boolean allChecksPassed() {
        for (CheckResult r : checks) {
            if (!r.passed()) {
                return false;
            }
        }
        return true;
    }
}
