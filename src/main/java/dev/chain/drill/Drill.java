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
    /** The causes a diagnosis says in words, the likeliest first; --json lists them all. */
    private static final int MOST_SAID = 4;

    private final Graph graph;
    private final UnitRegistry units;
    private final QuantityFormatter formatter;
    /** Each step's {@code @tolerance}, by its slot (null for the default). */
    private final Tolerance[] tolerances;
    private final Diagnosis diagnosis;
    /** The steps' {@code @mistake}s, each with its step's slot. */
    private final List<Diagnosis.Declared> declared;
    /** Where each declared mistake is written, for the checker's error at one it cannot tell apart. */
    private final Map<Diagnosis.Declared, dev.chain.ast.Expr> written;

    private Drill(Graph graph, Tolerance[] tolerances, List<Diagnosis.Declared> declared,
                  Map<Diagnosis.Declared, dev.chain.ast.Expr> written) {
        this.declared = declared;
        this.written = written;
        this.graph = graph;
        this.units = graph.chain().units();
        this.formatter = new QuantityFormatter(units);
        this.tolerances = tolerances;
        this.diagnosis = new Diagnosis(graph, units, declared);
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
        Tolerance own = step.owner() == graph.chain() ? tolerances[step.slot()] : null;
        return own != null ? own : Tolerance.DEFAULT;
    }

    /**
     * Every binding's value by the chain's slot, for the inputs {@code inputs} (by slot, base units;
     * NaN for an input's own value; null for all its own).
     */
    public double[] values(double[] inputs) {
        double[] all = graph.evaluate(fixed(inputs), null);
        return Arrays.copyOf(all, graph.chain().bindings().size());
    }

    private double[] fixed(double[] inputs) {
        double[] fixed = new double[graph.size()];
        Arrays.fill(fixed, Double.NaN);
        if (inputs != null) {
            System.arraycopy(inputs, 0, fixed, 0, Math.min(inputs.length, graph.chain().bindings().size()));
        }
        return fixed;
    }

    /**
     * Grades the learner's answer to {@code step}.
     *
     * @param earlier the learner's answers to earlier steps (read, of their dimension), which a later
     *                answer may be consistent with
     * @param inputs  as for {@link #values}
     */
    public Grade grade(BindingInfo step, Answer answer, Map<BindingInfo, Double> earlier, double[] inputs) {
        double[] fixed = fixed(inputs);
        int slot = graph.slot(step);
        double expected = graph.evaluate(fixed, null)[slot];
        Dimension want = step.dimension();
        if (answer.problem() != null) {
            return new Grade(step, answer, expected, Verdict.UNREAD, null, answer.problem(), List.of());
        }
        String echo = echo(step, answer);
        if (answer.dimension().isNone() && !want.isNone() && answer.bare()) {
            return new Grade(step, answer, expected, Verdict.NO_UNIT, null,
                    "a number alone: which unit? `" + step.name() + "` is " + describe(want) + ", such as "
                            + formatter.autoUnit(expected, want).text(), List.of());
        }
        if (!answer.dimension().equals(want)) {
            Cause c = dimension(step, answer, expected);
            return new Grade(step, answer, expected, Verdict.WRONG_DIMENSION, echo, c.words(), List.of(c));
        }
        Tolerance tolerance = tolerance(step);
        if (tolerance.holds(answer.si(), expected)) {
            return new Grade(step, answer, expected, Verdict.RIGHT, echo, "right: " + show(step, expected, want), List.of());
        }
        List<String> yours = new ArrayList<>();
        double[] given = fixed.clone();
        double[] truth = graph.evaluate(fixed, null);
        for (Map.Entry<BindingInfo, Double> e : earlier.entrySet()) {
            BindingInfo b = e.getKey();
            int at = graph.slot(b);
            if (b != step && at >= 0 && b.owner() == graph.chain() && b.slot() < step.slot()) {
                given[at] = e.getValue();
                if (graph.dependsOn(slot, at) && !tolerance(b).holds(e.getValue(), truth[at])) {
                    yours.add(b.name());
                }
            }
        }
        if (!yours.isEmpty()) {
            double fromYours = graph.evaluate(given, null)[slot];
            if (tolerance.holds(answer.si(), fromYours)) {
                List<Cause> carried = List.of(new Cause("carried", yours, "consistent with your " + String.join(" and your ", yours)));
                return new Grade(step, answer, expected, Verdict.CONSISTENT, echo, "consistent with your "
                        + String.join(" and your ", yours) + ": right for " + (yours.size() == 1 ? "that value" : "those values")
                        + " (from the chain's: " + show(step, expected, want) + ")", carried);
            }
        }
        List<Cause> causes = diagnosis.explain(slot, answer, yours.isEmpty() ? fixed : given, tolerance);
        return new Grade(step, answer, expected, Verdict.WRONG, echo, words(step, causes), causes);
    }

    /** How the answer was read: {@code 15,050 us = 15.05 ms}, in the step's unit with chain's four digits; as typed where that is the same. */
    private String echo(BindingInfo step, Answer answer) {
        String typed = answer.written().strip();
        String read = answer.dimension().equals(step.dimension())
                ? formatter.format(answer.si(), answer.dimension(), step.display(), null).text()
                : formatter.text(answer.si(), answer.dimension());
        return read.equals(typed) ? "read as " + read : "read " + typed + " as " + read;
    }

    /** What the drill says of a wrong answer's causes: the one, the several, or none and the step's formula. */
    private String words(BindingInfo step, List<Cause> causes) {
        if (causes.isEmpty()) {
            return "no single change to the derivation gives your number; the step is " + step.name() + " = " + formula(step);
        }
        if (causes.size() == 1) {
            return "your number is what you get with this change: " + causes.get(0).words();
        }
        StringBuilder out = new StringBuilder("several changes give your number:");
        int shown = Math.min(causes.size(), MOST_SAID);
        for (int i = 0; i < shown; i++) {
            out.append(i == 0 ? " " : "; or ").append(causes.get(i).words());
        }
        if (causes.size() > shown) {
            out.append("; and ").append(causes.size() - shown).append(" more");
        }
        return out.toString();
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

    /** {@code information (B)}, {@code a plain number}. */
    String describe(Dimension d) {
        if (d.isNone()) {
            return "a plain number";
        }
        String name = units.dimensionName(d);
        return name == null ? units.baseUnits(d) : UnitRegistry.humanName(name) + " (" + units.baseUnits(d) + ")";
    }

    /**
     * An answer of another dimension: what it is, what was asked, and the factor that would make one
     * the other (a name of the step's formula first, then the chain's and the modules' values).
     */
    private Cause dimension(BindingInfo step, Answer answer, double expected) {
        Dimension extra = answer.dimension().divide(step.dimension());
        String said = "your answer is " + describe(answer.dimension()) + "; `" + step.name() + "` is " + describe(step.dimension());
        List<String> matching = new ArrayList<>();
        List<String> fitting = new ArrayList<>();
        for (Named n : named(step)) {
            boolean divide = n.dimension.equals(extra);
            boolean multiply = n.dimension.equals(Dimension.NONE.divide(extra));
            if (!divide && !multiply || n.dimension.isNone()) {
                continue;
            }
            String move = (divide ? "divide by `" : "multiply by `") + n.name + "`";
            double result = divide ? answer.si() / n.value : answer.si() * n.value;
            if (tolerance(step).holds(result, expected)) {
                matching.add(move);
            } else if (!fitting.contains(move)) {
                fitting.add(move);
            }
        }
        List<String> moves = !matching.isEmpty() ? matching : fitting.subList(0, Math.min(3, fitting.size()));
        String words = moves.isEmpty() ? said + ": the missing or extra factor is " + describe(extra)
                : said + ": " + String.join(", or ", moves) + "?" + (!matching.isEmpty() ? " (that gives the right value)" : "");
        List<String> names = new ArrayList<>();
        for (String m : moves) {
            names.add(m.substring(m.indexOf('`') + 1, m.length() - 1));
        }
        return new Cause("dimension", names, words);
    }

    private record Named(String name, double value, Dimension dimension) {}

    /** The values an answer could have been divided or multiplied by: the step's formula's names, then every earlier value and module constant. */
    private List<Named> named(BindingInfo step) {
        List<Named> out = new ArrayList<>();
        double[] values = graph.evaluate(null, null);
        Graph.Vertex v = graph.vertexOf(step);
        for (Leaf l : v.leaves()) {
            double value = l.named() ? values[l.source()] : l.value();
            out.add(new Named(l.text(), value, l.dimension()));
        }
        for (BindingInfo b : graph.chain().bindings()) {
            if (b.slot() < step.slot() && graph.slot(b) >= 0) {
                out.add(new Named(b.name(), values[graph.slot(b)], b.dimension()));
            }
        }
        return out;
    }
}
