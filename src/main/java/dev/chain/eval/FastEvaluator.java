package dev.chain.eval;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.ChainException;
import java.util.List;

/**
 * Evaluates a chain many times with different inputs (sweeps, what-if), at the speed of
 * hand-written arithmetic: the caller owns the arrays, nothing is allocated per evaluation.
 * <pre>
 *   double[] slots = fast.newSlots();            // every input at its own value
 *   slots[fast.slot("batch")] = 32;              // in base units
 *   fast.run(slots, passed);                     // derived values into slots, checks into passed
 * </pre>
 */
public final class FastEvaluator {
    private final CheckedProgram program;
    private final Arithmetic arithmetic;
    private final List<ChainException> faults;
    private final double[] defaults;

    FastEvaluator(CheckedProgram program, Arithmetic arithmetic, List<ChainException> faults, double[] defaults) {
        this.program = program;
        this.arithmetic = arithmetic;
        this.faults = faults;
        this.defaults = defaults;
    }

    /** A fresh slot array with every input at its value in the chain (derived slots are computed by run). */
    public double[] newSlots() {
        return defaults.clone();
    }

    public boolean[] newResults() {
        return new boolean[program.checks().size()];
    }

    /** The slot of a binding, for reading a result or setting an input; -1 if there is none by that name. */
    public int slot(String name) {
        BindingInfo b = program.binding(name);
        return b == null ? -1 : b.slot();
    }

    /** @throws ChainException for a run-time error (a division by zero), pointing at its source */
    public void run(double[] slots, boolean[] passed) {
        try {
            arithmetic.run(slots, passed);
        } catch (Ops.Fault fault) {
            throw faults.get(fault.site);
        }
    }
}
