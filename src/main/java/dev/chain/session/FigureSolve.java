package dev.chain.session;

import dev.chain.check.BindingInfo;
import dev.chain.check.FigureInfo;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.CheckStatus;
import dev.chain.eval.Inputs;
import dev.chain.eval.Program;
import dev.chain.eval.Solve;
import dev.chain.eval.Sweep;
import dev.chain.render.SolveReport;
import dev.chain.render.Values;
import dev.chain.source.Span;
import java.util.List;

/**
 * A {@code solve} of a chain file: the search {@code chain solve} runs ({@link Solve}), on the
 * figure's one input and one check, and its one answer: the last value where the check holds, or,
 * where it holds above the turn, the first. The answer is kept as a sweep of that one point with
 * every value of the chain there, which the solve's title is written with. {@code render},
 * {@code run} and {@code check} take it from {@link ChainRun}; the REPL's {@code :run}, for its inputs.
 */
public final class FigureSolve {
    private FigureSolve() {}

    /**
     * The solved point, or null after adding the error: no turn in the range, several, or no point
     * with a value. A point without a value is a warning, as for {@code chain solve}.
     */
    public static Sweep run(LoadedChain chain, FigureInfo figure, Inputs overrides, Values own, Diagnostics diagnostics) {
        Solve.Result result = Solve.run(chain.code(), figure, overrides, Solve.resolution(chain.program(), figure));
        BindingInfo input = figure.axes().get(0).input();
        Span condition = figure.checks().get(0).decl().condition().span();
        SolveReport report = new SolveReport(chain.program(), own, input, condition, result);
        report.warnings().forEach(diagnostics::add);
        if (result.noneEvaluated()) {
            return null;
        }
        Diagnostic noTurn = report.noTurn();
        if (noTurn != null) {
            diagnostics.add(noTurn);
            return null;
        }
        double[] answer = answer(result.boundaries());
        if (answer == null) {
            String range = input.name() + "'s range `" + figure.axes().get(0).decl().domain().span().text() + "`";
            int turns = result.boundaries().size();
            Diagnostic d = Diagnostic.error(condition, "`" + condition.text().trim() + "` "
                    + (turns > 1 ? "turns " + turns + " times in " + range + "; a solve has one answer"
                    : "has no one answer in " + range + ": it does not turn from holding for every value of the ranged"
                    + " inputs to failing for every one"));
            for (String turn : report.text().split("\n")) {
                d = d.withNote(turn.substring(condition.text().trim().length() + 1));
            }
            diagnostics.add(d.withHint(turns > 1 ? "narrow the range to the one turn you mean; chain solve --for lists every turn of a range"
                    : "widen the range to where it holds, and where it fails, for every value of the ranged inputs"));
            return null;
        }
        if (!result.boundaries().get(0).exact()) {
            // Bisected to a millionth: the value the title shows, rounded toward the side where the condition holds.
            int toward = result.boundaries().get(0).below() == CheckStatus.HOLDS ? -1 : 1;
            for (int end = 0; end < answer.length; end++) {
                answer[end] = SolveReport.shownAway(own.formatter(), input, answer[end], toward);
            }
        }
        Program.Run there = Solve.at(chain.code(), figure, overrides, answer[0], answer[1]);
        FigureInfo.Axis axis = figure.axes().get(0);
        double[][] lows = there.extremes() == null ? null : new double[][] {slots(there, true)};
        double[][] highs = there.extremes() == null ? null : new double[][] {slots(there, false)};
        return new Sweep(List.of(new FigureInfo.Axis(input, new double[] {answer[0]}, axis.decl())), List.of(),
                new double[][] {there.slots()}, List.of(), new double[0][], List.of(), List.of(), lows, highs, List.of());
    }

    /**
     * The answer, from the turns in order: the last value where the condition holds (or, where it
     * holds above the turn, the first), a point; over ranged inputs, where it is uncertain between
     * holding and failing, the range from where it holds for all their values to where it holds for
     * some. Null for any other order of turns: none, several, or one that never reaches holding for all.
     */
    private static double[] answer(List<Solve.Boundary> turns) {
        if (turns.isEmpty()) {
            return null;
        }
        List<CheckStatus> path = new java.util.ArrayList<>();
        path.add(turns.get(0).below());
        turns.forEach(t -> path.add(t.above()));
        Solve.Boundary first = turns.get(0);
        Solve.Boundary last = turns.get(turns.size() - 1);
        if (path.equals(List.of(CheckStatus.HOLDS, CheckStatus.FAILS))
                || path.equals(List.of(CheckStatus.HOLDS, CheckStatus.UNCERTAIN, CheckStatus.FAILS))) {
            return new double[] {first.last(), last.last()};
        }
        if (path.equals(List.of(CheckStatus.FAILS, CheckStatus.HOLDS))
                || path.equals(List.of(CheckStatus.FAILS, CheckStatus.UNCERTAIN, CheckStatus.HOLDS))) {
            return new double[] {first.first(), last.first()};
        }
        return null;
    }

    /** Each slot's lowest (or highest) value over the box; NaN where it is no range. */
    private static double[] slots(Program.Run run, boolean low) {
        double[] out = new double[run.slots().length];
        for (int i = 0; i < out.length; i++) {
            out[i] = low ? run.low(i) : run.high(i);
        }
        return out;
    }
}
