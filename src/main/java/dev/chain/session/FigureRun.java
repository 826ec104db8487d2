package dev.chain.session;

import dev.chain.check.BindingInfo;
import dev.chain.check.EvaluationBudget;
import dev.chain.check.FigureSpec;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.CheckResult;
import dev.chain.eval.CheckStatus;
import dev.chain.eval.FigureValues;
import dev.chain.eval.Inputs;
import dev.chain.eval.Solve;
import dev.chain.render.CheckText;
import dev.chain.render.SolveReport;
import dev.chain.render.BindingValues;
import java.util.ArrayList;
import java.util.List;

/**
 * A figure evaluated, whoever wrote it: a chain file's table, plot, roofline or solve, and
 * {@code chain sweep}'s, {@code chain solve}'s and the REPL's {@code :sweep} options made into one
 * ({@link OptionsFigure}). One branch per kind of figure (a visitor: a new kind does not compile
 * until it is run here) and one per kind of axis: numbers are the compiled chain run at each point,
 * modules the chain checked again with an alias bound to each (by the front end's {@link Rebinder}),
 * a plot's measured runs read from their files. What there is to say of it (a point without a
 * value, a check that fails at some points, a solve without one answer) comes with its result, said
 * here once for every front end.
 */
public final class FigureRun {
    private FigureRun() {}

    /**
     * The chain with some of its module aliases bound to other modules, checked and evaluated at
     * the inputs (as {@code --set gpu=b200} runs it): status {@code BAD_OVERRIDE} where a module
     * named is none, {@code ERRORS} where the chain does not check or evaluate with it.
     */
    public interface Rebinder {
        ChainRun bind(List<ModuleChoice.Binding> modules);
    }

    /**
     * Where figures are evaluated.
     *
     * @param chain    the chain, its figures among its own
     * @param own      its values at {@code inputs}: they choose units, and a check's outcome reads them
     * @param inputs   the inputs at every point but a swept input's
     * @param written  where {@code --set} moved inputs, the inputs the chain's file gives: a roofline
     *                 marks its steps there too; null where {@code inputs} are the file's
     * @param modules  how a table over modules binds each of them
     * @param sweeping a sweep beyond the chain's own inputs ({@code chain sweep}, {@code :sweep}): the
     *                 chain's own checks are held at every point too, and points without a value leave
     *                 cells empty, a plot of runs is drawn at the runs' points (its options give it
     *                 none of its own: {@code chain sweep --runs}), and a solve says every turn
     *                 ({@code chain solve}); a card's figure is drawn at every point or not at all (the
     *                 explorable page draws it again at its points), and its solve has one answer
     */
    public record Scene(LoadedChain chain, BindingValues own, Inputs inputs, Inputs written, Rebinder modules, boolean sweeping) {}

    /**
     * What evaluating a figure gave: its values ({@code values}; null where it cannot be drawn) and
     * what to say of it, in order, as a card says it (a check that fails at some points is an
     * error); for each diagnostic, the modules of the table's alternative it is about (empty for one
     * about none); {@code usage}: it failed for a module named that is none. {@code written}: what
     * its values are written with.
     */
    public record Result(FigureValues values, List<Diagnostic> diagnostics, List<List<String>> with, boolean usage,
                         Written written) {
        /** A figure not drawn, for {@code diagnostics} about no module: the chain's own error where it has no values. */
        public static Result failed(List<Diagnostic> diagnostics) {
            return new Result(null, diagnostics, java.util.Collections.nCopies(diagnostics.size(), List.of()), false, null);
        }

        public boolean drawn() {
            return values != null;
        }

        /** A table's or plot's values at its points: what its kind of figure evaluates to. */
        public FigureValues.Points points() {
            return (FigureValues.Points) values;
        }
    }

    /**
     * A chain, its values and its figure, which write a figure's values (choose their units, name
     * their inputs): the scene's; for a table over modules, its first module's, the chain bound to it.
     */
    public record Written(LoadedChain chain, BindingValues own, FigureSpec figure) {}

    public static Result run(Scene scene, FigureSpec figure) {
        Runner runner = new Runner(scene);
        FigureValues values;
        try {
            values = figure.accept(runner);
        } catch (ChainException e) {
            runner.said.addAll(e.diagnostics());
            values = null;
        }
        runner.saidWith(List.of());
        Written written = runner.first != null ? runner.first : new Written(scene.chain(), scene.own(), figure);
        return new Result(values, runner.said.all(), runner.with, runner.usage, written);
    }

    private static final class Runner implements FigureSpec.Visitor<FigureValues> {
        private final Scene scene;
        private Diagnostics said = new Diagnostics();
        /** For each diagnostic said, the modules of the alternative it is about. */
        private final List<List<String>> with = new ArrayList<>();
        private boolean usage;
        /** What writes the figure where not the scene's: a table over modules' first module's chain, values and figure; a plot moved to its runs. */
        private Written first;

        /** The diagnostics said since the last call are about {@code modules}. */
        void saidWith(List<String> modules) {
            while (with.size() < said.size()) {
                with.add(modules);
            }
        }

        Runner(Scene scene) {
            this.scene = scene;
        }

        @Override
        public FigureValues.Points visitTable(FigureSpec.Table table) {
            return table.modules().isEmpty() ? numbers(scene.chain(), scene.own(), table, scene.inputs(), null) : modules(table);
        }

        @Override
        public FigureValues.Points visitPlot(FigureSpec.Plot plot) {
            if (plot.runs() != null && scene.sweeping()) { // a sweep's plot of runs: drawn at their points, the chain evaluated there
                FigureValues.Runs runs = ObservedRuns.ofFigure(scene.chain(), plot, scene.inputs(), said);
                if (runs == null) {
                    return null;
                }
                FigureSpec.Plot along = plot.at(runs.points());
                first = new Written(scene.chain(), scene.own(), along);
                return FigureValues.Points.measured(along, runs);
            }
            FigureValues.Points sweep = numbers(scene.chain(), scene.own(), plot, scene.inputs(), null);
            if (sweep == null) {
                return null;
            }
            Diagnostic offAxis = new CheckText(scene.chain().program(), scene.own()).offLogAxis(plot, sweep);
            if (offAxis != null) {
                said.add(offAxis);
                return null;
            }
            if (plot.runs() == null) {
                return sweep;
            }
            // A plot's measured runs: read now, as an input's @observed file is.
            FigureValues.Runs runs = ObservedRuns.ofFigure(scene.chain(), plot, scene.inputs(), said);
            return runs == null ? null : sweep.withRuns(runs);
        }

        @Override
        public FigureValues.Steps visitRoofline(FigureSpec.Roofline roofline) {
            LoadedChain chain = scene.chain();
            FigureValues.Steps steps = FigureValues.Steps.of(chain.code(), roofline, scene.inputs(), scene.written());
            CheckText text = new CheckText(chain.program(), scene.own());
            for (CheckResult r : steps.failing()) { // its checks at the chain's own inputs: those that fail, then those uncertain
                if (r.status() != CheckStatus.UNCERTAIN) {
                    said.add(text.failure(r));
                }
            }
            for (CheckResult r : steps.failing()) {
                if (r.status() == CheckStatus.UNCERTAIN) {
                    said.add(text.uncertain(r));
                }
            }
            return steps;
        }

        /** A solve's one answer; given as options ({@link Scene#sweeping}), every turn it found. */
        @Override
        public FigureValues visitSolve(FigureSpec.Solve solve) {
            LoadedChain chain = scene.chain();
            Solve.Result result = Solve.run(chain.code(), solve, scene.inputs(), Solve.resolution(chain.program(), solve));
            BindingInfo input = solve.searched().input();
            SolveReport report = new SolveReport(chain.program(), scene.own(), solve, result);
            said.addAll(report.warnings());
            if (result.noneEvaluated()) {
                return null;
            }
            Diagnostic noTurn = report.noTurn();
            if (noTurn != null) {
                said.add(noTurn);
                return null;
            }
            if (scene.sweeping()) {
                return new FigureValues.Turns(result);
            }
            double[] answer = answer(result.boundaries());
            if (answer == null) {
                said.add(report.noOneAnswer(solve.searched().decl().domain().span()));
                return null;
            }
            if (!result.boundaries().get(0).exact()) {
                // Bisected to a millionth: the value the title shows, rounded toward the side where the condition holds.
                int toward = result.boundaries().get(0).below() == CheckStatus.HOLDS ? -1 : 1;
                for (int end = 0; end < answer.length; end++) {
                    answer[end] = SolveReport.shownAway(scene.own().formatter(), input, answer[end], toward);
                }
            }
            return new FigureValues.Answer(answer[0], Solve.at(chain.code(), solve, scene.inputs(), answer[0], answer[1]));
        }

        /** A fit: the inputs its runs say, made at the scene's inputs ({@link RunsFit#figure}). */
        @Override
        public FigureValues visitFit(dev.chain.check.FitSpec fit) {
            return RunsFit.figure(scene, fit, said);
        }

        /**
         * The chain at every point of a table's or plot's inputs; null where it is not drawn: a
         * card's figure with a point without a value, or a sweep's with none. {@code with}: the
         * modules it was bound to, said with each diagnostic; null for the chain's own.
         */
        private FigureValues.Points numbers(LoadedChain chain, BindingValues own, FigureSpec figure, Inputs inputs, String with) {
            if (inputs.hasRanges()) { // the checker counted the chain's own ranges; --set may give more
                Diagnostic over = EvaluationBudget.overFigure(chain.program(), figure.decl().span(), figure,
                        b -> inputs.range(b.slot()) != null || b.range() != null && !inputs.values().containsKey(b.slot()));
                if (over != null) {
                    said.add(noted(over, with));
                    return null;
                }
            }
            FigureValues.Points sweep = FigureValues.Points.of(chain.code(), figure, inputs, scene.sweeping());
            CheckText text = new CheckText(chain.program(), own);
            for (FigureValues.Unevaluated u : sweep.unevaluated()) {
                said.add(noted(text.unevaluated(sweep, u), with));
            }
            if (scene.sweeping() ? sweep.noneEvaluated() : !sweep.complete()) {
                return null;
            }
            // The checks that fail at some points (errors) and those uncertain at some (warnings).
            for (FigureValues.Failure f : sweep.failures()) {
                said.add(noted(text.sweepFailure(f, sweep), with));
            }
            for (FigureValues.Failure f : sweep.uncertain()) {
                said.add(noted(text.sweepUncertain(f, sweep), with));
            }
            return sweep;
        }

        private static Diagnostic noted(Diagnostic d, String with) {
            return with == null ? d : d.withNote("with " + with);
        }

        /**
         * A table over modules: each module (or pair, for two aliases) the chain bound to it and
         * evaluated at the figure's other inputs, its points in turn, the modules' names as its rows'
         * labels; for rows that set modules, each row's modules bound and the chain evaluated at that row. A module that is none, or with which the chain does not check, stops the table.
         */
        private FigureValues.Points modules(FigureSpec.Table table) {
            List<List<ModuleChoice.Binding>> each = new ArrayList<>();
            for (FigureSpec.ModuleAxis axis : table.modules()) {
                List<ModuleChoice.Binding> modules = new ArrayList<>();
                for (int m = 0; m < axis.modules().size(); m++) {
                    modules.add(new ModuleChoice.Binding(axis.alias(), axis.modules().get(m), axis.spans().get(m)));
                }
                each.add(modules);
            }
            List<FigureValues.Points> sweeps = new ArrayList<>();
            List<List<String>> labels = new ArrayList<>();
            List<List<ModuleChoice.Binding>> alternatives = table.together() ? ModuleChoice.rows(each) : ModuleChoice.alternatives(each);
            for (int alternative = 0; alternative < alternatives.size(); alternative++) {
                List<ModuleChoice.Binding> bound = alternatives.get(alternative);
                saidWith(List.of());
                List<String> modules = new ArrayList<>();
                for (ModuleChoice.Binding b : bound) {
                    modules.add(b.module());
                }
                ChainRun run = scene.modules().bind(bound);
                if (run.chain() == null || run.evaluation() == null) {
                    // The table is not drawn: what its other modules' rows would say is moot.
                    said = new Diagnostics();
                    with.clear();
                    said.addAll(run.diagnostics());
                    usage = run.status() == ChainRun.Status.BAD_OVERRIDE;
                    return null;
                }
                LoadedChain chain = run.chain();
                FigureSpec figure = chain.program().figures().get(table.index());
                if (first == null) {
                    first = new Written(chain, run.values(), figure);
                }
                // A table's rows that bind modules: each row evaluated with its own modules, at its own point alone.
                FigureSpec evaluated = table.together() ? ((FigureSpec.Table) figure).row(alternative) : figure;
                FigureValues.Points sweep = numbers(chain, run.values(), evaluated, run.inputs(), ModuleChoice.where(bound));
                saidWith(modules);
                if (sweep == null) {
                    return null;
                }
                sweeps.add(sweep);
                List<String> names = new ArrayList<>();
                for (ModuleChoice.Binding b : bound) {
                    names.add(ModuleChoice.label(chain.program(), b));
                }
                labels.add(names);
            }
            return FigureValues.Points.modules(first.figure(), sweeps, labels);
        }
    }

    /**
     * A solve's answer, from the turns in order: the last value where the condition holds (or,
     * where it holds above the turn, the first), a point; over ranged inputs, where it is uncertain
     * between holding and failing, the range from where it holds for all their values to where it
     * holds for some. Null for any other order of turns: none, several, or one that never reaches
     * holding for all.
     */
    private static double[] answer(List<Solve.Boundary> turns) {
        if (turns.isEmpty()) {
            return null;
        }
        List<CheckStatus> path = new ArrayList<>();
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
}
