package dev.chain.eval;

import dev.chain.check.BindingInfo;
import java.util.List;

/**
 * The values of one evaluation of a program, in base units: its bindings by slot, its checks'
 * outcomes, and the values evaluated on their own (REPL lines, {@code chain eval}) in order, at the
 * nominal inputs; and, where inputs are ranges, each value's extremes over their box
 * ({@code extremes}, null without ranges).
 */
public record Evaluation(double[] values, List<CheckResult> checks, double[] evaluated, Program.Extremes extremes)
        implements Values {
    public Evaluation {
        checks = List.copyOf(checks);
    }

    public Evaluation(double[] values, List<CheckResult> checks, double[] evaluated) {
        this(values, checks, evaluated, null);
    }

    public double value(BindingInfo binding) {
        return values[binding.slot()];
    }

    /** A binding of this program: its value, and its extremes over the inputs' box. */
    public Band band(BindingInfo binding) {
        return band(binding.slot());
    }

    @Override
    public Band band(int slot) {
        return extremes == null ? Band.point(values[slot]) : extremes.band(slot, values[slot]);
    }

    @Override
    public CheckValues check(int index) {
        return checks.get(index).values();
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
