package dev.chain.eval;

import dev.chain.ast.Condition;
import dev.chain.ast.CompareOp;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A checked program compiled to closures: evaluate it as often as needed, with or without overrides. */
public final class CompiledProgram {
    /** Relative tolerance of {@code ==}: equal up to float noise, not "roughly equal" (that is ≈). */
    private static final double EQUAL_TOLERANCE = 1e-9;

    private final CheckedProgram program;
    private final Node[] bindings;
    private final Compiler.CompiledCheck[] checks;
    private final Node[] evaluations;
    private final CompiledFunction[] functions;

    CompiledProgram(CheckedProgram program, Node[] bindings, Compiler.CompiledCheck[] checks, Node[] evaluations,
                    CompiledFunction[] functions) {
        this.program = program;
        this.bindings = bindings;
        this.checks = checks;
        this.evaluations = evaluations;
        this.functions = functions;
    }

    public CheckedProgram program() {
        return program;
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
        double[] slots = new double[bindings.length];
        double[] none = new double[0];
        for (int i = 0; i < bindings.length; i++) {
            Double override = overrides.get(i);
            if (override != null) {
                slots[i] = override;
            } else if (bindings[i] != null) {
                slots[i] = finite(bindings[i].run(slots, none), program.bindings().get(i));
            }
        }
        List<CheckResult> results = new ArrayList<>(checks.length);
        for (Compiler.CompiledCheck c : checks) {
            results.add(check(c, slots, none));
        }
        double[] evaluated = new double[evaluations.length];
        for (int i = 0; i < evaluations.length; i++) {
            double v = evaluations[i].run(slots, none);
            if (!Double.isFinite(v)) {
                throw new ChainException(Diagnostic.error(program.evaluations().get(i).value().span(),
                        "the result is too large to represent (above 1.8e308)"));
            }
            evaluated[i] = v;
        }
        return new Evaluation(slots, results, evaluated);
    }

    /** Evaluates one binding given the values of those above it: the REPL's {@code :step}. */
    public double evaluateBinding(BindingInfo binding, double[] slots) {
        Node code = bindings[binding.slot()];
        return code == null ? Double.NaN : finite(code.run(slots, new double[0]), binding);
    }

    private static double finite(double v, BindingInfo b) {
        if (!Double.isFinite(v)) {
            throw new ChainException(Diagnostic.error(b.decl().value().span(),
                    "the value of `" + b.name() + "` is too large to represent (above 1.8e308)"));
        }
        return v;
    }

    private static CheckResult check(Compiler.CompiledCheck c, double[] slots, double[] frame) {
        CheckInfo info = c.info();
        double left = c.left().run(slots, frame);
        double right = c.right().run(slots, frame);
        if (info.decl().condition() instanceof Condition.InRange) {
            double high = c.high().run(slots, frame);
            return new CheckResult(info, left >= right && left <= high, left, right, high, Double.NaN);
        }
        CompareOp op = ((Condition.Compare) info.decl().condition()).op();
        double tolerance = c.tolerance() == null ? Double.NaN : c.tolerance().run(slots, frame);
        boolean passed = switch (op) {
            case LT -> left < right;
            case LE -> left <= right;
            case GT -> left > right;
            case GE -> left >= right;
            case EQ -> equal(left, right);
            case NE -> !equal(left, right);
            case APPROX -> Math.abs(left - right) <= (info.relativeTolerance() ? Math.abs(tolerance * right) : Math.abs(tolerance));
        };
        return new CheckResult(info, passed, left, right, Double.NaN, tolerance);
    }

    private static boolean equal(double a, double b) {
        return a == b || Math.abs(a - b) <= EQUAL_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
    }
}
