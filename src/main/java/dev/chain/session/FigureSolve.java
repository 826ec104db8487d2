package dev.chain.session;

import dev.chain.check.BindingInfo;
import dev.chain.check.FigureInfo;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
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
        if (result.boundaries().size() > 1) {
            Diagnostic d = Diagnostic.error(condition, "`" + condition.text().trim() + "` turns "
                    + result.boundaries().size() + " times in " + input.name() + "'s range `"
                    + figure.axes().get(0).decl().domain().span().text() + "`; a solve has one answer");
            for (String turn : report.text().split("\n")) {
                d = d.withNote(turn.substring(condition.text().trim().length() + 1));
            }
            diagnostics.add(d.withHint("narrow the range to the one turn you mean; chain solve --for lists every turn of a range"));
            return null;
        }
        Solve.Boundary turn = result.boundaries().get(0);
        double solved = turn.holdsBelow() ? turn.last() : turn.first();
        Program.Run there = Solve.at(chain.code(), figure, overrides, solved);
        FigureInfo.Axis axis = figure.axes().get(0);
        return new Sweep(List.of(new FigureInfo.Axis(input, new double[] {solved}, axis.decl())), List.of(),
                new double[][] {there.slots()}, List.of(), new double[0][], List.of());
    }
}
