package dev.chain.eval;

import dev.chain.check.BindingInfo;
import java.util.List;

/**
 * The values of one evaluation of a program, in base units: its bindings by slot, its checks'
 * outcomes, and the values evaluated on their own (REPL lines, {@code chain eval}) in order.
 */
public record Evaluation(double[] values, List<CheckResult> checks, double[] evaluated) {
    public Evaluation {
        checks = List.copyOf(checks);
    }

    public double value(BindingInfo binding) {
        return values[binding.slot()];
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
