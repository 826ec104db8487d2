package dev.chain.eval;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.FigureSpec;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A figure evaluated, one kind per way a figure is drawn, each made one way: a table's or plot's
 * values at its points ({@link Points}), a roofline's steps ({@link Steps}), a solve's answer
 * ({@link Answer}), or every turn of a solve given as options ({@link Turns}). Nothing is checked again: the checker proved every point's dimension once.
 */
public sealed interface FigureValues permits FigureValues.Points, FigureValues.Steps, FigureValues.Answer, FigureValues.Turns,
        FittedValues {

    /**
     * What it draws, in base units, with their extremes where inputs are ranges: a table's or plot's
     * values ({@code [point][shown]}), a roofline's steps ({@code [step]}: FLOPs, bytes, time); null
     * for a solve's answer, which its title says.
     */
    Program.Drawing drawing();

    /**
     * A table's or plot's values at every point of its inputs ({@code axes}, base units; a grid's
     * first input slowest: (a1, b1), (a1, b2), ..., (a2, b1), ...; swept {@code together}, a table's
     * rows of several inputs: (a1, b1), (a2, b2), ...), each of {@code shown} at each
     * point ({@code drawing}); the checks that fail at some points and those that hold at only part
     * of the ranges' box at some ({@code uncertain}), each with those points; the run-time errors
     * met at some points (whose values are then NaN), one per place in the chain; for a table over
     * modules, the modules' labels of each block of points in turn (each block a sweep of the other
     * inputs), else empty; a table of rows' text inputs' labels, a point a row ({@code labels}, which
     * name a point beside its inputs); a plot's measured runs, else null.
     */
    record Points(List<FigureSpec.Axis> axes, boolean together, List<BindingInfo> shown, Program.Drawing drawing, List<Failure> failures,
                  List<Failure> uncertain, List<Unevaluated> unevaluated, List<List<String>> modules, List<FigureSpec.Labels> labels,
                  Runs runs)
            implements FigureValues {

        /**
         * The chain at every point of a table's or plot's figure, keeping the values it shows.
         *
         * @param chainChecks whether the chain's own checks are kept too ({@code chain sweep}: what
         *                    holds for the chain's inputs may not hold at other points, and it says where)
         */
        public static Points of(CompiledProgram code, FigureSpec figure, Inputs overrides, boolean chainChecks) {
            Program.Grid grid;
            try {
                grid = code.code().sweep(figure.index(), points(figure.axes()), code.overrides(overrides), overrides.ranges(), chainChecks);
            } catch (Fault f) { // only a cancellation stops a sweep
                throw Faults.of(f);
            }
            List<CheckInfo> checks = new ArrayList<>(chainChecks ? code.program().checks() : List.of());
            checks.addAll(figure.checks());
            return new Points(figure.axes(), figure.together(), figure.shown(), new Program.Drawing(grid.values(), null),
                    FigureValues.failing(grid.failures(), checks), FigureValues.failing(grid.uncertain(), checks),
                    FigureValues.byPlace(grid.faults()), List.of(), figure.labels(),
                    null);
        }

        /**
         * A table over modules: each alternative's values in turn ({@code each}, a sweep of the
         * table's other inputs), labelled by its modules' names ({@code labels}).
         */
        public static Points modules(FigureSpec table, List<Points> each, List<List<String>> labels) {
            List<Band[]> values = new ArrayList<>();
            for (Points points : each) {
                values.addAll(List.of(points.drawing().bands()));
            }
            Program.Drawing all = new Program.Drawing(values.toArray(new Band[0][]), null);
            return new Points(table.axes(), table.together(), table.shown(), all, List.of(), List.of(), List.of(), labels, table.labels(), null);
        }

        /** A plot's values at its measured runs' points ({@code plot} drawn there), with the runs. */
        public static Points measured(FigureSpec.Plot plot, Runs runs) {
            return new Points(plot.axes(), false, plot.shown(), runs.expected(), List.of(), List.of(), List.of(), List.of(), List.of(), runs);
        }

        /** These values with their plot's measured runs. */
        public Points withRuns(Runs measured) {
            return new Points(axes, together, shown, drawing, failures, uncertain, unevaluated, modules, labels, measured);
        }

        /** Each point's values of {@code shown}, in base units: {@code values()[point][value]}. */
        public double[][] values() {
            return drawing.values();
        }

        /** How many points there are. */
        public int size() {
            return drawing.bands().length;
        }

        /** The value of input {@code axis} at {@code point}, in base units. */
        public double input(int axis, int point) {
            return Figure.input(points(axes), together, axis, point);
        }

        /** Whether every point's values were evaluated. */
        public boolean complete() {
            return unevaluated.isEmpty();
        }

        /** Whether no point's values were: every point met an error (each point meets at most one). */
        public boolean noneEvaluated() {
            int count = 0;
            for (Unevaluated u : unevaluated) {
                count += u.points().length;
            }
            return size() > 0 && count == size();
        }
    }

    /**
     * A roofline's steps at the chain's inputs ({@code drawing}: each step's FLOPs, bytes and time,
     * and over ranged inputs its intensity and rate at their box's extremes and corners); its checks
     * that do not hold there ({@code failing}: failed or uncertain, in order); and its steps at the
     * inputs the chain's file gives ({@code written}), where a {@code --set} moved the steps from
     * them: the author's, which the roofline keeps marked beside them; null where they are the file's,
     * or have no place on a roofline there.
     */
    record Steps(Program.Drawing drawing, List<CheckResult> failing, double[][] written) implements FigureValues {
        /**
         * @param overrides the inputs set from outside ({@code --set})
         * @param written   the inputs the chain's file gives, where {@code overrides} moved them; null where not
         * @throws ChainException for a run-time error, or a step with no place on a roofline
         */
        public static Steps of(CompiledProgram code, FigureSpec.Roofline figure, Inputs overrides, Inputs written) {
            Evaluation own = code.evaluate(overrides);
            Program program = code.code();
            double[] given = code.overrides(overrides);
            Program.Drawing drawn;
            CheckValues[] results;
            try {
                drawn = program.figureValues(figure.index(), given, overrides.ranges(), own.values());
                results = program.figureChecks(figure.index(), given, overrides.ranges(), own.values());
            } catch (Fault f) {
                throw code.fault(f);
            }
            List<CheckResult> failing = new ArrayList<>();
            for (int i = 0; i < results.length; i++) {
                if (!results[i].passed()) {
                    failing.add(CompiledProgram.result(figure.checks().get(i), results[i]));
                }
            }
            double[][] author = null;
            try {
                author = written == null ? null
                        : program.steps(figure.index(), program.evaluate(code.overrides(written)).slots());
            } catch (Fault f) {
                // At the file's own inputs a step has no place on a roofline (no work): none of the author's to mark.
            }
            return new Steps(drawn, List.copyOf(failing), author);
        }
    }

    /**
     * A solve's answer: the value {@code at} of its input where the condition turns, and the chain
     * evaluated there ({@code there}: every slot, which its title is written with; over ranged
     * inputs the answer is a range, up to {@code there}'s high end of the input's slot).
     */
    record Answer(double at, Program.Run there) implements FigureValues {
        @Override
        public Program.Drawing drawing() {
            return null;
        }
    }

    /**
     * A solve given as options ({@code chain solve}): every place its condition turns over the
     * range, as the search found them. A solve in a file has one answer ({@link Answer}).
     */
    record Turns(Solve.Result result) implements FigureValues {
        @Override
        public Program.Drawing drawing() {
            return null;
        }
    }

    /**
     * A plot's measured runs: each run's file (as written, relative to where chain runs), its point
     * of the plot's input and each value measured ({@code observed[run][value]}, the values of
     * {@link FigureSpec.Runs}), all in base units, sorted by point; and the plot's values at those
     * points ({@code expected}: {@code [run][shown]}, with their extremes where inputs are ranges).
     */
    record Runs(List<String> files, double[] points, double[][] observed, Program.Drawing expected) {
        public Runs {
            files = List.copyOf(files);
        }

        /**
         * A plot's values at other points of its input ({@code points}, base units): the expected side
         * of its measured runs, each value with its extremes where other inputs are ranges.
         *
         * @throws ChainException for a run-time error at some point
         */
        public static Program.Drawing expected(CompiledProgram code, FigureSpec figure, double[] points, Inputs overrides) {
            try {
                return code.code().figureValuesAt(figure.index(), points, code.overrides(overrides), overrides.ranges(), null);
            } catch (Fault f) {
                throw code.fault(f);
            }
        }
    }

    /** Each axis's points, in base units: {@code [axis][point]}. */
    private static double[][] points(List<FigureSpec.Axis> axes) {
        double[][] points = new double[axes.size()][];
        for (int a = 0; a < points.length; a++) {
            points[a] = axes.get(a).points();
        }
        return points;
    }

    /** A check that fails at some points: which, and what it found at the first of them. */
    record Failure(CheckInfo check, int[] points, CheckResult first) {}

    /**
     * A value that cannot be evaluated at some points (a division by {@code batch - 4} at
     * batch = 4): the points, and the error at the first of them, located in the chain.
     */
    record Unevaluated(int[] points, Diagnostic first) {}

    private static List<Failure> failing(List<Program.Failing> failing, List<CheckInfo> checks) {
        List<Failure> out = new ArrayList<>();
        for (Program.Failing f : failing) {
            CheckResult first = CompiledProgram.result(checks.get(f.check()), f.first());
            out.add(new Failure(first.check(), f.points(), first));
        }
        return out;
    }

    /** The faults of a sweep, one per place in the chain (and kind of error), each with the points it was met at. */
    private static List<Unevaluated> byPlace(List<Fault> faults) {
        Map<Place, List<Fault>> byPlace = new LinkedHashMap<>();
        for (Fault f : faults) {
            Place place = new Place(f.kind(), f.site(), f.message());
            if (!byPlace.containsKey(place)) {
                byPlace.put(place, new ArrayList<>());
            }
            byPlace.get(place).add(f);
        }
        List<Unevaluated> out = new ArrayList<>();
        for (List<Fault> same : byPlace.values()) {
            int[] points = new int[same.size()];
            for (int i = 0; i < points.length; i++) {
                points[i] = same.get(i).point();
            }
            out.add(new Unevaluated(points, Faults.of(same.get(0)).diagnostics().get(0)));
        }
        return out;
    }

    /** Where a fault is met and what it is: the faults of one place are one error, met at some points. */
    record Place(Fault.Kind kind, Site site, String message) {}
}
