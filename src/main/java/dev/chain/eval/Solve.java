package dev.chain.eval;

import dev.chain.ast.Domain;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureInfo;
import dev.chain.diag.Diagnostic;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a condition turns between holding and failing over an input's range ({@code chain solve}):
 * the chain's compiled program, run at the range's own points first (as a sweep would, so that no
 * change between two of them is missed), then, between each two points where the condition's
 * outcome differs, at as few more as a bisection needs. The condition is a figure's check, proven
 * by the checker with the chain; nothing is checked again here.
 *
 * <p>A count (a dimension counted in whole base units: batch, tokens) is solved to the whole number,
 * exactly. A quantity is solved to its range's step when it has one ({@code by}): the answer is then
 * two of the range's points; otherwise to {@link #RELATIVE_RESOLUTION} of the value.
 */
public final class Solve {
    /** A quantity's resolution without a step: a millionth of the value, finer than any figure a card shows. */
    public static final double RELATIVE_RESOLUTION = 1e-6;

    /** Bisections of one interval at most: a float has 52 bits, and a boundary at zero never gets relatively close. */
    private static final int MAX_BISECTIONS = 200;

    /** How the range is searched between its points. */
    public enum Resolution {
        /** Whole numbers: a count. */
        WHOLE,
        /** The range's own points: a quantity with a step. */
        POINTS,
        /** A millionth of the value: a quantity without a step. */
        RELATIVE
    }

    /**
     * A place where the condition turns: {@code last} is the last value on the side below (where it
     * {@code holdsBelow} or fails), {@code first} the first above, each with what the condition found.
     */
    public record Boundary(double last, double first, boolean holdsBelow, CheckResult atLast, CheckResult atFirst) {}

    /** A value the chain has none at (a division by zero there): where, and the located error. */
    public record Unvalued(double at, Diagnostic error) {}

    /**
     * What the search found: every boundary in order, what the condition found at the range's
     * ends (null where the chain has no value), the points without a value, how many points were
     * evaluated in all, and how many of the range's own points had a value.
     */
    public record Result(List<Boundary> boundaries, double low, CheckResult atLow, double high, CheckResult atHigh,
                         List<Unvalued> unvalued, int evaluations, int valued) {
        /** Whether no point of the range had a value: there is nothing to search. */
        public boolean noneEvaluated() {
            return valued == 0;
        }
    }

    private final Program code;
    private final double[] at;
    private final int slot;
    private final int figure;
    private final CheckInfo check;
    private final List<Unvalued> unvalued = new ArrayList<>();
    private int evaluations;

    private Solve(CompiledProgram compiled, FigureInfo figure, Inputs overrides) {
        this.code = compiled.code();
        this.figure = figure.index();
        this.check = figure.checks().get(0);
        this.slot = figure.axes().get(0).input().slot();
        double[] given = compiled.overrides(overrides);
        this.at = new double[compiled.program().bindings().size()];
        Arrays.fill(at, Double.NaN);
        if (given != null) {
            System.arraycopy(given, 0, at, 0, at.length);
        }
    }

    /** How finely a figure's range is searched: whole numbers for a count, else its step if written, else relatively. */
    public static Resolution resolution(CheckedProgram program, FigureInfo figure) {
        if (program.units().countedInWholeUnits(figure.axes().get(0).input().dimension())) {
            return Resolution.WHOLE;
        }
        Domain domain = figure.axes().get(0).decl().domain();
        boolean stepped = domain.accept(new Domain.Visitor<Boolean>() {
            @Override
            public Boolean visitPoints(Domain.Points points) {
                return false; // a list's points are where it was asked to look; between them, as finely as without a step
            }

            @Override
            public Boolean visitRange(Domain.Range range) {
                return range.step() != null;
            }
        });
        return stepped ? Resolution.POINTS : Resolution.RELATIVE;
    }

    /** The chain's every value with the figure's input at {@code value}: what a solve's title shows. */
    public static Program.Run at(CompiledProgram compiled, FigureInfo figure, Inputs overrides, double value) {
        Solve solve = new Solve(compiled, figure, overrides);
        solve.at[solve.slot] = value;
        try {
            return solve.code.evaluate(solve.at);
        } catch (Fault f) {
            throw Faults.of(f);
        }
    }

    /**
     * Searches the range of {@code figure}'s one axis for where its one check turns.
     *
     * @param overrides the inputs set from outside ({@code --set}), the same at every point
     */
    public static Result run(CompiledProgram compiled, FigureInfo figure, Inputs overrides, Resolution resolution) {
        return new Solve(compiled, figure, overrides).search(figure.axes().get(0).points(), resolution);
    }

    private Result search(double[] written, Resolution resolution) {
        double[] points = written.clone();
        Arrays.sort(points); // a list may be written in any order; a range counts up
        List<Double> scanned = new ArrayList<>();
        List<CheckResult> outcomes = new ArrayList<>();
        for (int i = 0; i < points.length; i++) {
            if (i > 0 && points[i] == points[i - 1]) {
                continue;
            }
            CheckResult r = test(points[i]);
            if (r != null) {
                scanned.add(points[i]);
                outcomes.add(r);
            }
        }
        List<Boundary> boundaries = new ArrayList<>();
        for (int i = 1; i < scanned.size(); i++) {
            if (outcomes.get(i).passed() != outcomes.get(i - 1).passed()) {
                boundaries.add(bisect(scanned.get(i - 1), outcomes.get(i - 1), scanned.get(i), outcomes.get(i), resolution));
            }
        }
        CheckResult atLow = outcomes.isEmpty() || scanned.get(0) != points[0] ? null : outcomes.get(0);
        CheckResult atHigh = outcomes.isEmpty() || scanned.get(scanned.size() - 1) != points[points.length - 1] ? null
                : outcomes.get(outcomes.size() - 1);
        return new Result(List.copyOf(boundaries), points[0], atLow, points[points.length - 1], atHigh, List.copyOf(unvalued),
                evaluations, scanned.size());
    }

    /** Narrows a turn between {@code a} and {@code b} (the condition differs at them) to the resolution. */
    private Boundary bisect(double a, CheckResult atA, double b, CheckResult atB, Resolution resolution) {
        boolean whole = resolution == Resolution.WHOLE && a == Math.rint(a) && b == Math.rint(b);
        for (int n = 0; n < MAX_BISECTIONS && resolution != Resolution.POINTS && !fine(a, b, whole); n++) {
            double mid = whole ? Math.floor(a / 2 + b / 2) : a / 2 + b / 2;
            if (mid <= a || mid >= b) {
                break; // no float between them
            }
            CheckResult r = test(mid);
            if (r == null) {
                break; // the chain has no value there: the turn is known to this interval, and the error is reported
            }
            if (r.passed() == atA.passed()) {
                a = mid;
                atA = r;
            } else {
                b = mid;
                atB = r;
            }
        }
        return new Boundary(a, b, atA.passed(), atA, atB);
    }

    private static boolean fine(double a, double b, boolean whole) {
        return whole ? b - a <= 1 : b - a <= RELATIVE_RESOLUTION * Math.max(Math.abs(a), Math.abs(b));
    }

    /** The condition at one value of the input; null when the chain has no value there (kept, with the error). */
    private CheckResult test(double value) {
        for (Unvalued u : unvalued) {
            if (u.at() == value) {
                return null; // known already: a bisection between its neighbours asks of it again
            }
        }
        at[slot] = value;
        evaluations++;
        try {
            Program.Run run = code.evaluate(at);
            return CompiledProgram.result(check, code.figureChecks(figure, run.slots())[0]);
        } catch (Fault f) {
            if (f.kind() == Fault.Kind.CANCELLED) {
                throw Faults.of(f);
            }
            unvalued.add(new Unvalued(value, Faults.of(f).diagnostics().get(0)));
            return null;
        }
    }
}
