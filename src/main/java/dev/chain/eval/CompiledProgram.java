package dev.chain.eval;

import dev.chain.ast.CompareOp;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.ChainException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A checked program compiled to closures: evaluate it as often as needed, with or without overrides. */
public final class CompiledProgram {
    private final CheckedProgram program;
    private final Node[] bindings;
    private final Compiler.CompiledCheck[] checks;
    private final Node[] evaluations;
    private final Compiler.CompiledFigure[] figures;
    private final CompiledFunction[] functions;
    private final Linker linker;

    CompiledProgram(CheckedProgram program, Node[] bindings, Compiler.CompiledCheck[] checks, Node[] evaluations,
                    Compiler.CompiledFigure[] figures, CompiledFunction[] functions, Linker linker) {
        this.figures = figures;
        this.program = program;
        this.linker = linker;
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
        // Most runs override nothing: then no slot number is boxed to look it up.
        boolean overriding = !overrides.isEmpty();
        for (int i = 0; i < bindings.length; i++) {
            Double override = overriding ? overrides.get(i) : null;
            if (override != null) {
                slots[i] = override;
            } else if (bindings[i] != null) {
                double v = bindings[i].run(slots, none);
                if (!Double.isFinite(v)) {
                    finite(v, program.bindings().get(i)); // throws
                }
                slots[i] = v;
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
                throw Faults.notFinite(program.evaluations().get(i).value().span(), "the result", v);
            }
            evaluated[i] = v;
        }
        return new Evaluation(slots, results, evaluated);
    }

    /** The outcomes of a figure's checks at one point, given the point's values (an evaluation's slots). */
    public CheckResult[] figureChecks(int figure, double[] slots) {
        Compiler.CompiledCheck[] code = figures[figure].checks();
        CheckResult[] results = new CheckResult[code.length];
        for (int i = 0; i < code.length; i++) {
            results[i] = check(code[i], slots, new double[0]);
        }
        return results;
    }

    /** A roofline's step {@code point}: the FLOPs it does and the bytes it moves, in base units, at these values. */
    public double[] figurePoint(int figure, int point, double[] slots) {
        Compiler.CompiledFigure code = figures[figure];
        double flops = code.flops()[point].run(slots, new double[0]);
        double bytes = code.bytes()[point].run(slots, new double[0]);
        dev.chain.check.FigureInfo.Point decl = program.figures().get(figure).points().get(point);
        if (!Double.isFinite(flops) || !Double.isFinite(bytes)) {
            throw Faults.notFinite(decl.decl().span(), "a side of this step", Double.isFinite(flops) ? bytes : flops);
        }
        return new double[] {flops, bytes};
    }

    /** Evaluates one binding given the values of those above it: the REPL's {@code :step}. */
    public double evaluateBinding(BindingInfo binding, double[] slots) {
        Node code = bindings[binding.slot()];
        return code == null ? Double.NaN : finite(code.run(slots, new double[0]), binding);
    }

    private static double finite(double v, BindingInfo b) {
        if (!Double.isFinite(v)) {
            throw Faults.notFinite(b.decl().value().span(), "the value of `" + b.name() + "`", v);
        }
        return v;
    }

    /** A side of a check that overflowed would make the check hold or fail by accident. */
    private static double operand(Node node, double[] slots, double[] frame, CheckInfo info) {
        double v = node.run(slots, frame);
        if (!Double.isFinite(v)) {
            throw Faults.notFinite(info.decl().condition().span(), "a side of this check", v);
        }
        return v;
    }

    static CheckResult check(Compiler.CompiledCheck c, double[] slots, double[] frame) {
        CheckInfo info = c.info();
        double left = operand(c.left(), slots, frame, info);
        double right = operand(c.right(), slots, frame, info);
        if (c.op() == null) {
            double high = operand(c.high(), slots, frame, info);
            return new CheckResult(info, Ops.in(left, right, high), left, right, high, Double.NaN);
        }
        CompareOp op = c.op();
        double tolerance = c.tolerance() == null ? Double.NaN : operand(c.tolerance(), slots, frame, info);
        boolean passed = Ops.holds(op, info.relativeTolerance(), left, right, tolerance);
        return new CheckResult(info, passed, left, right, Double.NaN, tolerance);
    }
}
