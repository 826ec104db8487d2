package dev.chain.check;

import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What evaluating a chain may cost, known before anything is evaluated, and where chain refuses it:
 * each evaluation makes the user-function calls its bindings name ({@link CallCount}), and is made
 * again at the nominal point and every corner of the box of the chain's ranged inputs (1 + 2^k
 * evaluations for k of them); a figure makes that at each of its points. The checker asks it of a
 * value ({@code Checker}, against {@link CallCount#LIMIT}) and of a figure with the ranges the file
 * writes; a figure's run asks it again with the ranges {@code --set} gives.
 */
public final class EvaluationBudget {
    private EvaluationBudget() {}

    /**
     * Evaluations of the chain a figure may make in all, its points times the corners of the box
     * of the ranged inputs it does not sweep: about a second's work, where 12 ranges under a
     * 10,000-point plot (41 million evaluations) took 21 to 36 s, at every keystroke in the editor.
     */
    static final long FIGURE_EVALUATIONS = 2_000_000;

    /** Calls a figure may make in all: its points times the calls of one evaluation of the chain. */
    static final long FIGURE_CALLS = 100_000_000;

    /** An input the file gives a range. (A class, not a lambda: check's path spins none, StartupClassesTest.) */
    static final Predicate<BindingInfo> WRITTEN_RANGE = new Predicate<>() {
        @Override
        public boolean test(BindingInfo b) {
            return b.range() != null;
        }
    };

    /** The evaluations over the box of {@code ranged} inputs: its nominal point and each of its 2^k corners. */
    static double boxPoints(int ranged) {
        return 1 + Math.pow(2, Math.min(ranged, 62));
    }

    /** The names of the chain's inputs that {@code ranged} says are ranges, but those {@code figure} sweeps (null: none swept). */
    static List<String> ranged(CheckedProgram program, Predicate<BindingInfo> ranged, FigureSpec figure) {
        List<String> names = new ArrayList<>();
        for (BindingInfo b : program.bindings) {
            boolean swept = false;
            for (FigureSpec.Axis axis : figure == null ? List.<FigureSpec.Axis>of() : figure.axes()) {
                swept |= axis.input() == b;
            }
            if (!swept && ranged.test(b)) {
                names.add(b.name());
            }
        }
        return names;
    }

    /** The user-function calls one evaluation of the chain's bindings makes. */
    static long callsPerEvaluation(CheckedProgram program) {
        long calls = 0;
        for (BindingInfo b : program.bindings) {
            Value.QuantityValue q = b.decl().value().quantity();
            if (b.dimension() != null && q != null) {
                calls = CallCount.add(calls, CallCount.of(program, q.expr()).calls());
            }
        }
        return calls;
    }

    /**
     * Why a figure may not run, or null when it may: its points times the calls of each evaluation
     * of the chain must stay within {@link #FIGURE_CALLS}; and its points times the evaluations each
     * makes over the box of the inputs {@code ranged} says are ranges, but those it sweeps, within
     * {@link #FIGURE_EVALUATIONS} (and, times the calls of each, {@link #FIGURE_CALLS}). The error is
     * at {@code at}, naming the ranged inputs.
     */
    public static Diagnostic overFigure(CheckedProgram program, Span at, FigureSpec figure, Predicate<BindingInfo> ranged) {
        long perPoint = callsPerEvaluation(program);
        List<String> names = ranged(program, ranged, figure);
        if (!names.isEmpty()) {
            double box = boxPoints(names.size());
            double evaluations = box * figure.size();
            double calls = evaluations * perPoint;
            if (evaluations > FIGURE_EVALUATIONS || calls > FIGURE_CALLS) {
                boolean byCalls = evaluations <= FIGURE_EVALUATIONS;
                String what = byCalls ? grouped((long) calls) + " function calls" : grouped((long) evaluations) + " evaluations of the chain";
                return Diagnostic.error(at, "this figure would make " + what + ": " + grouped(figure.size()) + " points, each over the "
                                + grouped((long) box - 1) + " corners of the box of " + names.size() + " ranged "
                                + (names.size() == 1 ? "input" : "inputs") + ", " + String.join(", ", names))
                        .withNote("chain refuses more than " + grouped(byCalls ? FIGURE_CALLS : FIGURE_EVALUATIONS)
                                + (byCalls ? " calls" : " evaluations") + " for a figure, which would take longer than a card should")
                        .withHint("sweep fewer points, or give the inputs that matter least here a single value (--set NAME=VALUE)");
            }
        }
        if (perPoint > 0 && (double) perPoint * figure.size() > FIGURE_CALLS) {
            String total = (double) perPoint * figure.size() > 1e18 ? "more than 10^18" : grouped(perPoint * figure.size());
            return Diagnostic.error(at, "this figure would make " + total
                            + " function calls: " + grouped(figure.size()) + " points, and " + grouped(perPoint)
                            + " calls for each evaluation of the chain")
                    .withNote("chain refuses more than " + grouped(FIGURE_CALLS) + " calls for a figure, which would take"
                            + " longer than a card should")
                    .withHint("sweep fewer points, or compute what the chain's functions repeat once, as a binding");
        }
        return null;
    }

    private static String grouped(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }
}
