package dev.chain.drill;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.eval.CompiledProgram;
import dev.chain.eval.Linker;
import dev.chain.render.FormulaPrinter;
import dev.chain.units.Dimension;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.UnitRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chain as a drill: its derived values in order, each graded against the learner's answer and,
 * when wrong, explained from the derivation ({@link Diagnosis}). It prints nothing; the front ends
 * ({@code chain drill}, the piped answers, {@code --json}) say what it found.
 */
public final class Drill {
    private final Graph graph;
    private final UnitRegistry units;
    private final QuantityFormatter formatter;
    private final Grader grader;
    /** The steps as grading reads them, by slot; made when first asked. */
    private final Step[] steps;
    /** Each step's {@code @tolerance}, by its slot (null for the default). */
    private final Tolerance[] tolerances;
    /** The steps' {@code @mistake}s, each with its step's slot. */
    private final List<Diagnosis.Declared> declared;
    /** Where each declared mistake is written, for the checker's error at one it cannot tell apart. */
    private final Map<Diagnosis.Declared, dev.chain.ast.Expr> written;

    private Drill(Graph graph, Tolerance[] tolerances, List<Diagnosis.Declared> declared,
                  Map<Diagnosis.Declared, dev.chain.ast.Expr> written) {
        this.graph = graph;
        this.units = graph.chain().units();
        this.formatter = new QuantityFormatter(units);
        this.tolerances = tolerances;
        this.declared = declared;
        this.written = written;
        this.grader = new Grader(graph, new RegistryUnits(units), tolerances, declared);
        this.steps = new Step[graph.chainSize()];
    }

    /** The drill of a checked, compiled chain whose modules {@code modules} loaded (the engine). */
    public static Drill of(CompiledProgram code, Linker modules) {
        Graph graph = Graph.of(code, modules);
        Tolerance[] tolerances = new Tolerance[code.program().bindings().size()];
        List<Diagnosis.Declared> declared = new ArrayList<>();
        Map<Diagnosis.Declared, dev.chain.ast.Expr> written = new IdentityHashMap<>();
        Annotations.read(graph, tolerances, declared, written);
        return new Drill(graph, tolerances, declared, written);
    }

    public CheckedProgram chain() {
        return graph.chain();
    }

    /** The values asked for, in order: the chain's derived bindings. */
    public List<BindingInfo> steps() {
        return graph.steps();
    }

    /** A declared mistake ({@code @mistake}) that its step's tolerance cannot tell from the right value. */
    public record Indistinct(BindingInfo step, dev.chain.ast.Expr written, double mistaken, double right) {}

    /** The declared mistakes whose value, at the chain's own inputs, is within their step's tolerance of the right one. */
    public List<Indistinct> indistinct() {
        List<Indistinct> out = new ArrayList<>();
        double[] slots = graph.evaluate(null, null);
        for (BindingInfo b : graph.chain().bindings()) {
            for (Diagnosis.Declared d : declared) {
                if (d.slot() != b.slot()) {
                    continue;
                }
                double mistaken = d.value(slots);
                double right = slots[graph.slot(b)];
                if (tolerance(b).holds(mistaken, right)) {
                    out.add(new Indistinct(b, written.get(d), mistaken, right));
                }
            }
        }
        return out;
    }

    /** The step's tolerance: its {@code @tolerance}, or 1%. */
    public Tolerance tolerance(BindingInfo step) {
        return step.owner() == graph.chain() ? grader.tolerance(step.slot()) : Tolerance.DEFAULT;
    }

    /**
     * Every binding's value by the chain's slot, for the inputs {@code inputs} (by slot, base units;
     * NaN for an input's own value; null for all its own).
     */
    public double[] values(double[] inputs) {
        double[] all = graph.evaluate(grader.fixed(inputs), null);
        return Arrays.copyOf(all, graph.chainSize());
    }

    /**
     * Grades the learner's answer to {@code step}.
     *
     * @param earlier the learner's answers to earlier steps (read, of their dimension), which a later
     *                answer may be consistent with, in the order given
     * @param inputs  as for {@link #values}
     */
    public Grade grade(BindingInfo step, Answer answer, Map<BindingInfo, Double> earlier, double[] inputs) {
        int[] slots = new int[earlier.size()];
        double[] values = new double[earlier.size()];
        int n = 0;
        for (Map.Entry<BindingInfo, Double> e : earlier.entrySet()) {
            // A module's binding is none of the chain's steps: a slot no step of the chain has.
            slots[n] = e.getKey().owner() == graph.chain() ? e.getKey().slot() : Integer.MAX_VALUE;
            values[n++] = e.getValue();
        }
        return grader.grade(step(step), answer, slots, values, grader.fixed(inputs));
    }

    /** The step as grading reads it: its words and unit choices made from the checked program once. */
    public Step step(BindingInfo b) {
        Step known = steps[b.slot()];
        if (known != null) {
            return known;
        }
        Dimension d = b.dimension();
        RegistryUnits words = new RegistryUnits(units);
        Step made = new Step(b.slot(), b.name(), d, b.display(), b.format(), formatter.choice(d, b.display(), b.format()),
                formatter.choice(d, b.display(), null), formatter.choice(d, null, null), words.describe(d), tolerance(b),
                formula(b), words.information(d), graph.involves(graph.slot(b), words::information));
        steps[b.slot()] = made;
        return made;
    }

    /** The graph, for the practice mode's model ({@link PracticeModel}). */
    Graph graph() {
        return graph;
    }

    /** The declared mistakes, each with its step's slot. */
    List<Diagnosis.Declared> declared() {
        return declared;
    }

    /** The step's formula as written: {@code (weights + kv) / gpu.hbm_bandwidth}. */
    public String formula(BindingInfo step) {
        return new FormulaPrinter(graph.chain(), (java.util.function.Function<BindingInfo, String>) null, " * ", true)
                .print(step.decl().value().quantity().expr());
    }

    /** A value as the step shows it: in its unit and format ({@code 15.05 ms}). */
    public String show(BindingInfo step, double si, Dimension dimension) {
        if (dimension.equals(step.dimension())) {
            return formatter.format(si, dimension, step.display(), step.format()).text();
        }
        return formatter.text(si, dimension);
    }
}
