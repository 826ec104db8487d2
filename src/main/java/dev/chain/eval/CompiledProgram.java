package dev.chain.eval;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.ChainException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A checked program and its compiled {@link Program}, as the command line evaluates it: overrides
 * by slot, outcomes with the checks they belong to, faults as located diagnostics. Evaluate it as
 * often as needed.
 */
public final class CompiledProgram {
    private final CheckedProgram program;
    private final Program code;
    private final CompiledFunction[] functions;

    CompiledProgram(CheckedProgram program, Program code, CompiledFunction[] functions) {
        this.program = program;
        this.code = code;
        this.functions = functions;
    }

    public CheckedProgram program() {
        return program;
    }

    /** The compiled program itself: what the explorable page evaluates. */
    public Program code() {
        return code;
    }

    public CompiledFunction function(int index) {
        return functions[index];
    }

    public Evaluation evaluate() {
        return evaluate(Map.of());
    }

    /**
     * Evaluates every binding in order, then every check and standalone value.
     *
     * @param overrides values (in base units) by binding slot that replace those inputs' own values
     * @throws ChainException for a run-time error: a division by zero, an overflow
     */
    public Evaluation evaluate(Map<Integer, Double> overrides) {
        Program.Run run;
        try {
            run = code.evaluate(overrides(overrides));
        } catch (Fault f) {
            throw Faults.of(f);
        }
        List<CheckResult> results = new ArrayList<>(run.checks().length);
        for (int i = 0; i < run.checks().length; i++) {
            results.add(result(program.checks().get(i), run.checks()[i]));
        }
        return new Evaluation(run.slots(), results, run.evaluated());
    }

    /** Overrides by slot as the compiled program takes them: NaN for a slot not overridden; null for none. */
    double[] overrides(Map<Integer, Double> overrides) {
        if (overrides.isEmpty()) {
            return null;
        }
        double[] given = new double[program.bindings().size()];
        java.util.Arrays.fill(given, Double.NaN);
        for (Map.Entry<Integer, Double> e : overrides.entrySet()) {
            given[e.getKey()] = e.getValue();
        }
        return given;
    }

    static CheckResult result(CheckInfo check, CheckValues v) {
        return new CheckResult(check, v.passed(), v.left(), v.right(), v.high(), v.tolerance());
    }

    /** Evaluates one binding given the values of those above it: the REPL's {@code :step}. */
    public double evaluateBinding(BindingInfo binding, double[] slots) {
        try {
            return code.evaluateBinding(binding.slot(), slots);
        } catch (Fault f) {
            throw Faults.of(f);
        }
    }
}
