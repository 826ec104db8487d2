package dev.chain.drill;

import dev.chain.units.BareNumber;
import dev.chain.units.Dimension;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Grading a learner's answer to one step, and explaining a wrong one ({@link Diagnosis}): from the
 * graph's slots, the {@link Step}'s words and unit choices, and {@link Units} for any other
 * dimension, with no checked program. {@link Drill} is this for the command line; what it reads is
 * numbers, names and records, no hash map and no regular expression, so that a script TeaVM
 * compiles can run it too (issue 43's practice mode; docs/architecture.md, drill/).
 */
final class Grader {
    /** The causes a diagnosis says in words, the likeliest first; --json lists them all. */
    private static final int MOST_SAID = 4;

    private final Graph graph;
    private final Units units;
    /** Each of the chain's bindings' {@code @tolerance}, by slot; null for the default. */
    private final Tolerance[] tolerances;
    private final Diagnosis diagnosis;

    Grader(Graph graph, Units units, Tolerance[] tolerances, List<Diagnosis.Declared> declared) {
        this.graph = graph;
        this.units = units;
        this.tolerances = tolerances;
        this.diagnosis = new Diagnosis(graph, units, declared);
    }

    /** The tolerance of the chain's binding at {@code slot}: its {@code @tolerance}, or 1%. */
    Tolerance tolerance(int slot) {
        Tolerance own = slot < tolerances.length ? tolerances[slot] : null;
        return own != null ? own : Tolerance.DEFAULT;
    }

    /** The graph's slots with the chain's inputs fixed at {@code inputs} (by slot, base units; NaN or null for their own). */
    double[] fixed(double[] inputs) {
        double[] fixed = new double[graph.size()];
        Arrays.fill(fixed, Double.NaN);
        if (inputs != null) {
            System.arraycopy(inputs, 0, fixed, 0, Math.min(inputs.length, graph.chainSize()));
        }
        return fixed;
    }

    /**
     * Grades the learner's answer to {@code step}.
     *
     * @param earlierSlots  the slots of the steps the learner answered before, in the order answered
     * @param earlierValues their answers (read, of their dimension), which a later answer may be consistent with
     * @param fixed         the slots' values fixed, as {@link #fixed} gives them
     */
    Grade grade(Step step, Answer answer, int[] earlierSlots, double[] earlierValues, double[] fixed) {
        int slot = step.slot();
        double expected = graph.evaluate(fixed, null)[slot];
        Dimension want = step.dimension();
        if (answer.problem() != null) {
            return new Grade(step, answer, expected, Verdict.UNREAD, null, answer.problem(), List.of());
        }
        String echo = echo(step, answer);
        if (answer.bare() && BareNumber.lacksUnit(answer.dimension(), want)) {
            return new Grade(step, answer, expected, Verdict.NO_UNIT, null, "a number alone: which unit? `" + step.name() + "` is "
                    + step.kind() + "; " + BareNumber.hint(answer.written().strip() + " " + step.auto().pick(expected).text()), List.of());
        }
        if (answer.bare() && step.percent() && BareNumber.lacksPercent(answer.si())) {
            String typed = answer.written().strip();
            String percent = step.echo(answer.si());
            return new Grade(step, answer, expected, Verdict.NO_UNIT, null, BareNumber.percentWords(step.name(), typed, percent)
                    + "; " + BareNumber.percentHint(typed + "%", percent), List.of());
        }
        if (!answer.dimension().equals(want)) {
            Cause c = dimension(step, answer, expected);
            return new Grade(step, answer, expected, Verdict.WRONG_DIMENSION, echo, c.words(), List.of(c));
        }
        Tolerance tolerance = step.tolerance();
        if (tolerance.holds(answer.si(), expected)) {
            return new Grade(step, answer, expected, Verdict.RIGHT, echo, "right: " + step.show(expected), List.of());
        }
        List<String> yours = new ArrayList<>();
        double[] given = fixed.clone();
        double[] truth = graph.evaluate(fixed, null);
        for (int i = 0; i < earlierSlots.length; i++) {
            int at = earlierSlots[i];
            if (at != slot && graph.own(at) && at < slot && graph.vertex(at) != null) {
                given[at] = earlierValues[i];
                if (graph.dependsOn(slot, at) && !tolerance(at).holds(earlierValues[i], truth[at])) {
                    yours.add(graph.vertex(at).name());
                }
            }
        }
        if (!yours.isEmpty()) {
            double fromYours = graph.evaluate(given, null)[slot];
            if (tolerance.holds(answer.si(), fromYours)) {
                List<Cause> carried = List.of(new Cause("carried", yours, "consistent with your " + String.join(" and your ", yours)));
                return new Grade(step, answer, expected, Verdict.CONSISTENT, echo, "consistent with your "
                        + String.join(" and your ", yours) + ": right for " + (yours.size() == 1 ? "that value" : "those values")
                        + " (from the chain's: " + step.show(expected) + ")", carried);
            }
        }
        List<Cause> causes = diagnosis.explain(step, answer, yours.isEmpty() ? fixed : given);
        if (causes.isEmpty() && !yours.isEmpty()) {
            // The drill showed the right earlier answers after the wrong ones: a learner who took them
            // made this slip on the chain's values, which is where a right answer is graded too.
            causes = diagnosis.explain(step, answer, fixed);
        }
        return new Grade(step, answer, expected, Verdict.WRONG, echo, words(step, causes), causes);
    }

    /** How the answer was read: {@code 15,050 us = 15.05 ms}, in the step's unit with chain's four digits; as typed where that is the same. */
    private String echo(Step step, Answer answer) {
        String typed = answer.written().strip();
        String read = answer.dimension().equals(step.dimension()) ? step.echo(answer.si()) : units.text(answer.si(), answer.dimension());
        return read.equals(typed) ? "read as " + read : "read " + typed + " as " + read;
    }

    /** What the drill says of a wrong answer's causes: the one, the several, or none and the step's formula. */
    private static String words(Step step, List<Cause> causes) {
        if (causes.isEmpty()) {
            return "no single change to the derivation gives your number; the step is " + step.name() + " = " + step.formula();
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

    /**
     * An answer of another dimension: what it is, what was asked, and the factor that would make one
     * the other (a name of the step's formula first, then the chain's and the modules' values).
     */
    private Cause dimension(Step step, Answer answer, double expected) {
        Dimension extra = answer.dimension().divide(step.dimension());
        String said = "your answer is " + units.describe(answer.dimension()) + "; `" + step.name() + "` is " + step.kind();
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
            if (step.tolerance().holds(result, expected)) {
                matching.add(move);
            } else if (!contains(fitting, move)) {
                fitting.add(move);
            }
        }
        List<String> moves = !matching.isEmpty() ? matching : fitting.subList(0, Math.min(3, fitting.size()));
        String words = moves.isEmpty() ? said + ": the missing or extra factor is " + units.describe(extra)
                : said + ": " + String.join(", or ", moves) + "?" + (!matching.isEmpty() ? " (that gives the right value)" : "");
        List<String> names = new ArrayList<>();
        for (String m : moves) {
            names.add(m.substring(m.indexOf('`') + 1, m.length() - 1));
        }
        return new Cause("dimension", names, words);
    }

    /** Whether {@code words} holds {@code s}, by String's equals (List.contains would bring every class's into a compiled script). */
    private static boolean contains(List<String> words, String s) {
        for (String w : words) {
            if (w.equals(s)) {
                return true;
            }
        }
        return false;
    }

    private record Named(String name, double value, Dimension dimension) {}

    /** The values an answer could have been divided or multiplied by: the step's formula's names, then every earlier value of the chain. */
    private List<Named> named(Step step) {
        List<Named> out = new ArrayList<>();
        double[] values = graph.evaluate(null, null);
        for (Leaf l : graph.vertex(step.slot()).leaves()) {
            out.add(new Named(l.text(), l.named() ? values[l.source()] : l.value(), l.dimension()));
        }
        for (int s = 0; s < step.slot(); s++) {
            Graph.Vertex v = graph.vertex(s);
            if (v != null) {
                out.add(new Named(v.name(), values[s], v.dimension()));
            }
        }
        return out;
    }
}
