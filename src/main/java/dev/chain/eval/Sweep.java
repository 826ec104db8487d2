package dev.chain.eval;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.FigureSpec;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A chain evaluated at every point of a sweep: its compiled program run once per point with the
 * swept inputs overridden, nothing checked again (the checker proved every point's dimension
 * once). A grid's points run the first input slowest: (a1, b1), (a1, b2), ..., (a2, b1), ...
 *
 * @param axes     the inputs swept and their points, in base units
 * @param shown    the values shown, in order
 * @param values   each point's values of {@code shown}, in base units: {@code values[point][value]}; for a solve,
 *                 its one point (the value found) with every slot of the chain there, {@code shown} empty
 * @param failures the checks that do not hold at some point, in order, each with those points
 * @param steps    a roofline's steps at the chain's own inputs: FLOPs, bytes and time, in base units
 * @param unevaluated the run-time errors met at some points (whose values are then NaN), one per
 *                 place in the chain, in order of their first point
 * @param modules  for a table over modules, the modules' labels of each block of points in turn
 *                 (each block a sweep of the other inputs); empty for any other figure
 * @param lows     where inputs other than the swept ones are ranges, each value's lowest over their
 *                 box at each point ({@code [point][value]}; a roofline's, each step's intensity and
 *                 rate, {@code [step]{intensity, rate}}); null without ranges
 * @param highs    their highest, likewise
 * @param uncertain the checks that fail at no point but hold at only part of the ranges' box at some
 * @param corners  a roofline's steps at each corner of the ranges' box ({@link Program.Drawing}), else null
 * @param runs     a plot's measured runs and the chain at each ({@code observed "runs/" ...}), else null
 * @param writtenSteps a roofline's steps at the inputs the chain's file gives, where a {@code --set}
 *                 moved {@code steps} from them: the author's, which the roofline keeps marked beside
 *                 them (as a plot marks the author's point); null where {@code steps} are the file's
 */
public record Sweep(List<FigureSpec.Axis> axes, List<BindingInfo> shown, double[][] values, List<Failure> failures,
                    double[][] steps, List<Unevaluated> unevaluated, List<List<String>> modules, double[][] lows,
                    double[][] highs, List<Failure> uncertain, double[][][] corners, Runs runs, double[][] writtenSteps) {

    public Sweep(List<FigureSpec.Axis> axes, List<BindingInfo> shown, double[][] values, List<Failure> failures,
                 double[][] steps, List<Unevaluated> unevaluated, List<List<String>> modules, double[][] lows,
                 double[][] highs, List<Failure> uncertain, double[][][] corners) {
        this(axes, shown, values, failures, steps, unevaluated, modules, lows, highs, uncertain, corners, null, null);
    }

    /**
     * A plot's measured runs: each run's file (as written, relative to where chain runs), its point
     * of the plot's input and each value measured ({@code observed[run][value]}, the values of
     * {@link FigureSpec.Runs}), all in base units, sorted by point; and the plot's values at those
     * points ({@code expected}: {@code [run][shown]}, with their extremes where inputs are ranges).
     */
    public record Runs(List<String> files, double[] points, double[][] observed, Program.Drawing expected) {
        public Runs {
            files = List.copyOf(files);
        }
    }

    /**
     * A plot's values at other points of its input ({@code points}, base units): the expected side
     * of its measured runs, each value with its extremes where other inputs are ranges.
     *
     * @throws ChainException for a run-time error at some point
     */
    public static Program.Drawing at(CompiledProgram code, FigureSpec figure, double[] points, Inputs overrides) {
        try {
            return code.code().figureValuesAt(figure.index(), points, code.overrides(overrides), overrides.ranges(), null);
        } catch (Fault f) {
            throw code.fault(f);
        }
    }

    /** This sweep with its plot's measured runs. */
    public Sweep withRuns(Runs measured) {
        return new Sweep(axes, shown, values, failures, steps, unevaluated, modules, lows, highs, uncertain, corners, measured,
                writtenSteps);
    }

    /** This roofline's sweep with its steps at the inputs the chain's file gives ({@link #writtenSteps}). */
    public Sweep withWrittenSteps(double[][] written) {
        return new Sweep(axes, shown, values, failures, steps, unevaluated, modules, lows, highs, uncertain, corners, runs, written);
    }

    /**
     * A roofline's steps at these inputs, their nominal values: each step's FLOPs, bytes and time,
     * in base units.
     *
     * @throws ChainException for a run-time error, or a step with no place on a roofline
     */
    public static double[][] steps(CompiledProgram code, FigureSpec figure, Inputs inputs) {
        try {
            return code.code().steps(figure.index(), code.code().evaluate(code.overrides(inputs)).slots());
        } catch (Fault f) {
            throw code.fault(f);
        }
    }

    public Sweep(List<FigureSpec.Axis> axes, List<BindingInfo> shown, double[][] values, List<Failure> failures,
                 double[][] steps, List<Unevaluated> unevaluated) {
        this(axes, shown, values, failures, steps, unevaluated, List.of());
    }

    public Sweep(List<FigureSpec.Axis> axes, List<BindingInfo> shown, double[][] values, List<Failure> failures,
                 double[][] steps, List<Unevaluated> unevaluated, List<List<String>> modules) {
        this(axes, shown, values, failures, steps, unevaluated, modules, null, null, List.of(), null);
    }

    public Sweep(List<FigureSpec.Axis> axes, List<BindingInfo> shown, double[][] values, List<Failure> failures,
                 double[][] steps, List<Unevaluated> unevaluated, List<List<String>> modules, double[][] lows,
                 double[][] highs, List<Failure> uncertain) {
        this(axes, shown, values, failures, steps, unevaluated, modules, lows, highs, uncertain, null);
    }

    /** Whether its values are ranges, other inputs being ranges: a band along the swept axis. */
    public boolean ranged() {
        return lows != null;
    }

    /** What it draws: its values (a roofline's steps) and, over the inputs' ranges, their extremes. */
    public Program.Drawing drawing() {
        return new Program.Drawing(steps.length > 0 ? steps : values, lows, highs, corners);
    }

    /** A check that fails at some points: which, and what it found at the first of them. */
    public record Failure(CheckInfo check, int[] points, CheckResult first) {}

    /**
     * A value that cannot be evaluated at some points (a division by {@code batch - 4} at
     * batch = 4): the points, and the error at the first of them, located in the chain.
     */
    public record Unevaluated(int[] points, Diagnostic first) {}

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

    /** How many points the sweep has. */
    public int size() {
        return values.length;
    }

    /** The value of input {@code axis} at {@code point}, in base units. */
    public double input(int axis, int point) {
        int stride = 1;
        for (int a = axes.size() - 1; a > axis; a--) {
            stride *= axes.get(a).points().length;
        }
        double[] points = axes.get(axis).points();
        return points[(point / stride) % points.length];
    }

    /**
     * A roofline: its steps at the chain's inputs, its checks with them.
     *
     * @param overrides the inputs set from outside ({@code --set})
     * @throws ChainException for a run-time error, or a step with no place on a roofline
     */
    public static Sweep roofline(CompiledProgram code, FigureSpec.Roofline figure, Inputs overrides) {
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
        List<Failure> failures = new ArrayList<>();
        List<Failure> uncertain = new ArrayList<>();
        for (int i = 0; i < results.length; i++) {
            if (!results[i].passed()) {
                CheckResult r = CompiledProgram.result(figure.checks().get(i), results[i]);
                (results[i].status() == CheckStatus.UNCERTAIN ? uncertain : failures).add(new Failure(r.check(), new int[] {0}, r));
            }
        }
        return new Sweep(List.of(), List.of(), new double[0][], failures, drawn.values(), List.of(), List.of(),
                drawn.lows(), drawn.highs(), uncertain, drawn.corners());
    }

    /**
     * A solve's answer: the one point {@code at} of its input ({@code high} above it where the
     * answer is a range, over ranged inputs) with every slot of the chain there, which its title is
     * written with.
     */
    public static Sweep answer(FigureSpec.Axis input, double at, Program.Run there) {
        double[][] lows = there.extremes() == null ? null : new double[][] {slots(there, true)};
        double[][] highs = there.extremes() == null ? null : new double[][] {slots(there, false)};
        return new Sweep(List.of(new FigureSpec.Axis(input.input(), new double[] {at}, input.decl())), List.of(),
                new double[][] {there.slots()}, List.of(), new double[0][], List.of(), List.of(), lows, highs, List.of());
    }

    /** Each slot's lowest (or highest) value over the box. */
    private static double[] slots(Program.Run run, boolean low) {
        double[] out = new double[run.slots().length];
        for (int i = 0; i < out.length; i++) {
            out[i] = low ? run.band(i).low() : run.band(i).high();
        }
        return out;
    }

    /** The values at point {@code point}, as a template reads them: each slot's band there. */
    public Values valuesAt(int point) {
        return new Values() {
            @Override
            public Band band(int slot) {
                double nominal = values[point][slot];
                return ranged() ? new Band(nominal, lows[point][slot], highs[point][slot]) : Band.point(nominal);
            }

            @Override
            public CheckValues check(int index) {
                throw new UnsupportedOperationException("a template shows no check's outcome");
            }
        };
    }

    /**
     * A table over modules: each alternative's sweep in turn ({@code sweeps}, of the table's other
     * inputs), labelled by its modules' names ({@code labels}).
     */
    public static Sweep modules(FigureSpec table, List<Sweep> sweeps, List<List<String>> labels) {
        List<double[]> points = new ArrayList<>();
        List<double[]> lows = new ArrayList<>(); // each point's ends over the inputs' ranges (its value where there are none)
        List<double[]> highs = new ArrayList<>();
        boolean ranged = false;
        for (Sweep sweep : sweeps) {
            ranged |= sweep.ranged();
            for (int p = 0; p < sweep.size(); p++) {
                points.add(sweep.values()[p]);
                lows.add(sweep.ranged() ? sweep.lows()[p] : sweep.values()[p]);
                highs.add(sweep.ranged() ? sweep.highs()[p] : sweep.values()[p]);
            }
        }
        return new Sweep(table.axes(), table.shown(), points.toArray(new double[0][]), List.of(), new double[0][], List.of(),
                labels, ranged ? lows.toArray(new double[0][]) : null, ranged ? highs.toArray(new double[0][]) : null, List.of());
    }

    /**
     * Evaluates the chain at every point of a table's or plot's figure, keeping the values it shows.
     *
     * @param chainChecks whether the chain's own checks are kept too ({@code chain sweep}: what
     *                    holds for the chain's inputs may not hold at other points, and it says where)
     */
    public static Sweep run(CompiledProgram code, FigureSpec figure, Inputs overrides, boolean chainChecks) {
        Program.Grid grid;
        try {
            grid = code.code().sweep(figure.index(), code.overrides(overrides), overrides.ranges(), chainChecks);
        } catch (Fault f) { // only a cancellation stops a sweep
            throw Faults.of(f);
        }
        List<CheckInfo> checks = new ArrayList<>(chainChecks ? code.program().checks() : List.of());
        checks.addAll(figure.checks());
        return new Sweep(figure.axes(), figure.shown(), grid.values(), failures(grid.failures(), checks), new double[0][],
                unevaluated(grid.faults()), List.of(), grid.lows(), grid.highs(), failures(grid.uncertain(), checks));
    }

    private static List<Failure> failures(List<Program.Failing> failing, List<CheckInfo> checks) {
        List<Failure> out = new ArrayList<>();
        for (Program.Failing f : failing) {
            CheckResult first = CompiledProgram.result(checks.get(f.check()), f.first());
            out.add(new Failure(first.check(), f.points(), first));
        }
        return out;
    }

    /** Where a fault is met and what it is: the faults of one place are one error, met at some points. */
    private record Place(Fault.Kind kind, Site site, String message) {}

    /** The faults of a sweep, one per place in the chain (and kind of error), each with the points it was met at. */
    private static List<Unevaluated> unevaluated(List<Fault> faults) {
        Map<Place, List<Fault>> byPlace = new java.util.LinkedHashMap<>();
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

}
