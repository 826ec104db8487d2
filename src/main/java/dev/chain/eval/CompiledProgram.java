package dev.chain.eval;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.ChainException;
import java.util.ArrayList;
import java.util.List;

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
        return evaluate(Inputs.NONE);
    }

    /**
     * Evaluates every binding in order, then every check and standalone value, at the nominal
     * inputs; where inputs are ranges (the chain's own, or set), over their box too.
     *
     * @param inputs the inputs set from outside, by binding slot, in base units
     * @throws ChainException for a run-time error (a division by zero, an overflow), or for more
     *                        ranged inputs than the box's corners allow
     */
    public Evaluation evaluate(Inputs inputs) {
        double[] given = inputs.overrides(program.bindings().size());
        InputRange[] box = code.box(given, inputs.ranges());
        if (box.length > BoxSearch.MAX_RANGES) {
            throw tooManyRanges(box);
        }
        Program.Run run;
        try {
            run = code.evaluate(given, box);
        } catch (Fault f) {
            throw fault(f);
        }
        List<CheckResult> results = new ArrayList<>(run.checks().length);
        for (int i = 0; i < run.checks().length; i++) {
            results.add(new CheckResult(program.checks().get(i), run.checks()[i]));
        }
        return new Evaluation(run.slots(), results, run.evaluated(), run.extremes());
    }

    /**
     * Where check {@code check} turns along each ranged input of {@code inputs}' box, in the box's
     * order, the others at their nominal values: what an uncertain check's warning says.
     */
    public List<List<Solve.Boundary>> boundaries(Inputs inputs, CheckInfo check) {
        double[] given = inputs.overrides(program.bindings().size());
        InputRange[] box = code.box(given, inputs.ranges());
        boolean[] whole = new boolean[box.length];
        for (int j = 0; j < box.length; j++) {
            whole[j] = Solve.countedInWholeNumbers(program.units(), program.bindings().get(box[j].slot()), box[j].low(),
                    box[j].high());
        }
        try {
            return BoxSearch.boundaries(code, given, box, whole, check.index());
        } catch (Fault f) {
            throw fault(f);
        }
    }

    /** A fault as a located diagnostic; met within the inputs' ranges, with where. */
    ChainException fault(Fault f) {
        ChainException e = Faults.of(f);
        if (f.withinSlots() == null) {
            return e;
        }
        return new ChainException(e.diagnostics().get(0).withNote("at " + pointText(f.withinSlots(), f.withinValues())
                + ", within the ranges of the inputs: a range's every value must give the chain a value"));
    }

    /** {@code mfu = 40%, bw = 3.2 TB/s}: the ranged inputs at a point of their box, as the chain shows them. */
    public String pointText(int[] slots, double[] values) {
        dev.chain.units.QuantityFormatter formatter = new dev.chain.units.QuantityFormatter(program.units());
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < slots.length; i++) {
            BindingInfo b = program.bindings().get(slots[i]);
            out.append(i > 0 ? ", " : "").append(b.name()).append(" = ")
                    .append(formatter.format(values[i], b.dimension(), b.display(), b.format()).text());
        }
        return out.toString();
    }

    /** More ranged inputs than the corners allow: an error at the first range too many, when the chain writes it. */
    private ChainException tooManyRanges(InputRange[] box) {
        BindingInfo first = program.bindings().get(box[BoxSearch.MAX_RANGES].slot());
        java.util.List<String> names = new ArrayList<>();
        for (InputRange r : box) {
            names.add(program.bindings().get(r.slot()).name());
        }
        dev.chain.diag.Diagnostic d = dev.chain.diag.Diagnostic.error(first.range() != null ? first.decl().value().span() : null,
                        "this chain has " + box.length + " ranged inputs, and chain takes at most " + BoxSearch.MAX_RANGES)
                .withNote("a chain with ranges is evaluated at every corner of their box: 2^" + box.length + " = "
                        + String.format(java.util.Locale.ROOT, "%,d", 1L << Math.min(62, box.length))
                        + " evaluations of the whole chain, each at its own corner; the ranged inputs are " + String.join(", ", names))
                .withHint("give the inputs that matter least a single value (--set NAME=VALUE, or in the chain); "
                        + "a range is worth its corners where the answer depends on it");
        return new ChainException(d);
    }

    /** Overrides by slot as the compiled program takes them: NaN for a slot not overridden; null for none. */
    double[] overrides(Inputs inputs) {
        return inputs.overrides(program.bindings().size());
    }

    static CheckResult result(CheckInfo check, CheckValues v) {
        return new CheckResult(check, v);
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
