package dev.chain.eval;

import dev.chain.ast.Domain;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureSpec;
import dev.chain.diag.Diagnostic;
import dev.chain.check.Grid;
import dev.chain.units.UnitRegistry;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a condition turns between holding and failing over an input's range ({@code chain solve}):
 * the chain's compiled program, run at as few of the range's points as the search needs. The
 * condition is a figure's check, proven by the checker with the chain; nothing is checked again here.
 *
 * <p>The search: the range's first and last points and {@value FigureSpec.Axis#FIRST_SEARCHED} in
 * all spread evenly between them, each with the point after it (every point of a range of fewer
 * than twice as many); then each interval between two
 * of them where the outcome differs, or where a side's order does (the left side below the right at
 * one end and above it at the other: a condition that holds only near equality, {@code t ≈ 20 ms
 * within 5%}, may hold in between), is halved until its ends are neighbours in the range. That finds
 * every turn of a condition whose sides' difference is monotone over the range, as the formulas of
 * a chain are (sums, products and quotients of positive quantities). Where the difference is seen to
 * rise and fall over the first points (from one to the next, or at one of them to the point after
 * it: a turn between two of them shows as a slope that changes sign), the search first
 * evaluates every point of the range, or {@value FigureSpec#MAX_POINTS} spread over a longer one
 * (the result says so: {@link Result#sampled}).
 *
 * <p>A count over whole points ({@link #countedInWholeNumbers}) is solved to the whole number,
 * exactly. Any other value is solved to its range's step when it has one ({@code by}): the answer
 * is then two of the range's points; otherwise to {@link #RELATIVE_RESOLUTION} of the value.
 *
 * <p>The bisection ({@link #bisect}) and its {@link Boundary} are also where an uncertain check's
 * warning finds its turns along each ranged input ({@link BoxSearch#boundaries}): one rule of
 * whole numbers and one resolution for what {@code chain check} and {@code chain solve} print.
 */
public final class Solve {
    /** A quantity's resolution without a step: a millionth of the value, finer than any figure a card shows. */
    public static final double RELATIVE_RESOLUTION = 1e-6;

    /**
     * The finest resolution, as a fraction of the width of the range searched: a millionth of a value
     * near zero is no resolution, and it shows the checks' equality rule (a billionth of the larger
     * side, Ops.EQUAL_TOLERANCE), which moves a turn at zero by about that much: {@code total >= step}
     * with {@code total = step + slack} turns at slack = -2e-8 ms where step is 20 ms. Ten times
     * that noise for a range as wide as the sides, this keeps such a turn at zero.
     */
    static final double RANGE_RESOLUTION = 1e-8;

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
     * A place where the condition turns: {@code last} is the last value on the side below,
     * {@code first} the first above, each with what the condition found there: it holds, fails, or,
     * over the box of the chain's ranged inputs, holds for some of their values. {@code exact} where
     * both are values of the range (its points, or whole numbers of a count), to be shown as they
     * are; else they were bisected to {@link #RELATIVE_RESOLUTION}, and a value shown in fewer digits
     * is rounded away from the turn, on its side of it.
     */
    public record Boundary(double last, double first, CheckStatus below, CheckStatus above, boolean exact) {}

    /** A condition along one input: what it finds at a value, or null where the chain has no value there. */
    interface Condition {
        CheckStatus at(double value);
    }

    /** A value the chain has none at (a division by zero there): where, and the located error. */
    public record Unvalued(double at, Diagnostic error) {}

    /**
     * What the search found: every boundary in order, what the condition found at the range's
     * ends (null where the chain has no value), the points without a value, how many points were
     * evaluated in all, how many of the range's own points had a value, how many points the range
     * has, and whether the condition rose and fell over a range too long to evaluate whole, so that
     * only {@link FigureSpec#MAX_POINTS} of its points were (a turn between two of them may be missed).
     */
    public record Result(List<Boundary> boundaries, double low, CheckResult atLow, double high, CheckResult atHigh,
                         List<Unvalued> unvalued, int evaluations, int valued, long points, boolean sampled) {
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
    /** The ranges set from outside ({@code --set mfu='40% .. 60%'}), but the searched input's. */
    private final InputRange[] set;
    private int evaluations;

    private Solve(CompiledProgram compiled, FigureSpec figure, Inputs overrides) {
        this.code = compiled.code();
        this.figure = figure.index();
        this.check = figure.checks().get(0);
        this.slot = figure.axes().get(0).input().slot();
        List<InputRange> ranges = new ArrayList<>();
        for (InputRange r : overrides.ranges()) {
            if (r.slot() != slot) {
                ranges.add(r);
            }
        }
        this.set = ranges.toArray(new InputRange[0]);
        double[] given = compiled.overrides(overrides);
        this.at = new double[compiled.program().bindings().size()];
        Arrays.fill(at, Double.NaN);
        if (given != null) {
            System.arraycopy(given, 0, at, 0, at.length);
        }
    }

    /**
     * How finely a figure's range is searched: whole numbers for a count whose range has whole
     * points, else its step if written ({@code k in 0.27 .. 0.30 by 0.0001}, a plain number too),
     * else relatively.
     */
    public static Resolution resolution(CheckedProgram program, FigureSpec figure) {
        Grid grid = figure.axes().get(0).grid();
        double second = grid.point(Math.min(1, grid.count() - 1));
        if (countedInWholeNumbers(program.units(), figure.axes().get(0).input(), grid.point(0), second)) {
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

    /**
     * Whether an input is searched in whole numbers, a turn lying between two of them: a count (a
     * dimension counted in whole base units: a plain number, tokens, pages) shown in a unit of its
     * own size (not a percentage, whose whole numbers are 0% and 100%), whose points are whole:
     * {@code from} and {@code to}, the two values that fix them (a range's ends; a grid's first two
     * points, its start and its step). {@code chain check}'s notes and {@code chain solve} both ask here.
     */
    public static boolean countedInWholeNumbers(UnitRegistry units, BindingInfo input, double from, double to) {
        return units.countedInWholeUnits(input.dimension()) && (input.display() == null || input.display().factor() == 1)
                && from == Math.rint(from) && to == Math.rint(to);
    }

    /**
     * The chain's every value with the figure's input at {@code low} .. {@code high}: what a solve's
     * title shows. An answer is a range where the chain has ranged inputs (the last value where the
     * condition holds for all their values, and the last where it holds for some), and every value
     * of the title is then its extremes over them and the answer's range together.
     */
    public static Program.Run at(CompiledProgram compiled, FigureSpec figure, Inputs overrides, double low, double high) {
        Solve solve = new Solve(compiled, figure, overrides);
        solve.at[solve.slot] = low;
        InputRange[] set = solve.set;
        if (low < high) {
            set = Arrays.copyOf(set, set.length + 1);
            set[set.length - 1] = new InputRange(solve.slot, low, high);
        }
        try {
            return solve.code.evaluate(solve.at, solve.code.box(solve.at, set));
        } catch (Fault f) {
            throw Faults.of(f);
        }
    }

    /**
     * Searches the range of {@code figure}'s one axis for where its one check turns.
     *
     * @param overrides the inputs set from outside ({@code --set}), the same at every point
     */
    public static Result run(CompiledProgram compiled, FigureSpec figure, Inputs overrides, Resolution resolution) {
        return new Solve(compiled, figure, overrides).search(figure.axes().get(0).grid(), resolution);
    }

    private Result search(Grid grid, Resolution resolution) {
        long n = grid.count();
        TreeMap<Long, CheckResult> found = new TreeMap<>(); // by index: the points with a value
        long[] first = firstSearched(grid);
        testAll(grid, first, found);
        boolean sampled = false;
        if (n > first.length && !monotone(found.values())) {
            testAll(grid, grid.spread(FigureSpec.MAX_POINTS), found);
            sampled = n > FigureSpec.MAX_POINTS;
        }
        narrow(grid, found);
        List<Boundary> boundaries = new ArrayList<>();
        Map.Entry<Long, CheckResult> before = null;
        for (Map.Entry<Long, CheckResult> e : found.entrySet()) {
            if (before != null && e.getValue().status() != before.getValue().status()) {
                double a = grid.point(before.getKey());
                double b = grid.point(e.getKey());
                CheckStatus atA = before.getValue().status();
                CheckStatus atB = e.getValue().status();
                if (e.getKey() != before.getKey() + 1 || resolution == Resolution.POINTS) {
                    boundaries.add(new Boundary(a, b, atA, atB, true)); // two of the range's points
                } else {
                    bisect(tested, a, atA, b, atB, resolution == Resolution.WHOLE, grid.point(n - 1) - grid.point(0), boundaries);
                }
            }
            before = e;
        }
        return new Result(List.copyOf(boundaries), grid.point(0), found.get(0L), grid.point(n - 1), found.get(n - 1),
                List.copyOf(unvalued), evaluations, found.size(), n, sampled);
    }

    /**
     * The points spread evenly over the range, each with the point after it: the differences
     * between neighbours are the condition's slope at each, which shows a turn between two of the
     * spread points (step falls from batch = 1 to 2, and rises from 48 on, where the spread points
     * alone only rise). Every point of a range with fewer.
     */
    private static long[] firstSearched(Grid grid) {
        long[] spread = grid.spread(FigureSpec.Axis.FIRST_SEARCHED);
        if (grid.count() <= 2L * spread.length) {
            return grid.spread(2 * spread.length);
        }
        long[] out = new long[2 * spread.length - 1];
        for (int k = 0; k < spread.length; k++) {
            out[2 * k] = spread[k];
            if (k + 1 < spread.length) {
                out[2 * k + 1] = spread[k] + 1;
            }
        }
        return out;
    }

    private void testAll(Grid grid, long[] indices, TreeMap<Long, CheckResult> found) {
        for (long i : indices) {
            if (!found.containsKey(i)) {
                CheckResult r = test(grid.point(i));
                if (r != null) {
                    found.put(i, r);
                }
            }
        }
    }

    /**
     * Halves each interval between two neighbouring points found where a turn may lie, until its
     * ends are neighbours in the range (or the chain has no value at its middle: the turn is then
     * known to the interval, and the error is reported).
     */
    private void narrow(Grid grid, TreeMap<Long, CheckResult> found) {
        ArrayDeque<long[]> open = new ArrayDeque<>();
        Map.Entry<Long, CheckResult> before = null;
        for (Map.Entry<Long, CheckResult> e : found.entrySet()) {
            if (before != null) {
                offer(open, before.getKey(), before.getValue(), e.getKey(), e.getValue());
            }
            before = e;
        }
        while (!open.isEmpty()) {
            long[] interval = open.pop();
            long a = interval[0];
            long b = interval[1];
            long mid = a + (b - a) / 2;
            CheckResult r = test(grid.point(mid));
            if (r != null) {
                found.put(mid, r);
                offer(open, a, found.get(a), mid, r);
                offer(open, mid, r, b, found.get(b));
            }
        }
    }

    private static void offer(ArrayDeque<long[]> open, long a, CheckResult atA, long b, CheckResult atB) {
        if (b > a + 1 && mayTurnBetween(atA, atB)) {
            open.push(new long[] {a, b});
        }
    }

    /** Whether the outcome differs at the two points, or the order of a check's two sides does. */
    private static boolean mayTurnBetween(CheckResult a, CheckResult b) {
        return a.status() != b.status()
                || Math.signum(a.left() - a.right()) != Math.signum(b.left() - b.right())
                || (!Double.isNaN(a.high()) && Math.signum(a.high() - a.left()) != Math.signum(b.high() - b.left()));
    }

    /**
     * Whether the difference of the check's sides (each, for a range check) only rises or only falls
     * over these points, in order: float noise, a billionth of the values, aside.
     */
    private static boolean monotone(Collection<CheckResult> inOrder) {
        int below = direction(inOrder, false);
        int above = direction(inOrder, true);
        return below != 0 && above != 0;
    }

    /** 1 or -1 where the difference only rises or only falls (or stays), 0 where it does both. */
    private static int direction(Collection<CheckResult> inOrder, boolean highSide) {
        boolean rises = false;
        boolean falls = false;
        double before = Double.NaN;
        for (CheckResult r : inOrder) {
            double d = highSide ? r.high() - r.left() : r.left() - r.right();
            if (Double.isNaN(d)) {
                return 1; // a check with no high side
            }
            if (!Double.isNaN(before) && Math.abs(d - before) > NOISE * Math.max(Math.abs(d), Math.abs(before))) {
                rises |= d > before;
                falls |= d < before;
            }
            before = d;
        }
        return rises && falls ? 0 : 1;
    }

    /** Differences smaller than this fraction of a value are float noise, not a change of direction. */
    private static final double NOISE = 1e-9;

    /**
     * Narrows a turn of {@code condition} between {@code a} and {@code b} (it differs at them) into
     * {@code out}: to the whole number where {@code whole} and both are whole, else to
     * {@link #RELATIVE_RESOLUTION} of the value, or {@link #RANGE_RESOLUTION} of the range's
     * {@code width} near zero. Where a value between them is neither (over ranges:
     * uncertain between where it holds and where it fails), there are two turns, each narrowed.
     */
    static void bisect(Condition condition, double a, CheckStatus atA, double b, CheckStatus atB, boolean whole,
                       double width, List<Boundary> out) {
        whole &= a == Math.rint(a) && b == Math.rint(b);
        for (int n = 0; n < MAX_BISECTIONS && !fine(a, b, whole, width); n++) {
            double mid = whole ? Math.floor(a / 2 + b / 2) : a / 2 + b / 2;
            if (mid <= a || mid >= b) {
                break; // no float between them
            }
            CheckStatus at = condition.at(mid);
            if (at == null) {
                break; // the chain has no value there: the turn is known to this interval, and the error is reported
            }
            if (at == atA) {
                a = mid;
            } else if (at == atB) {
                b = mid;
            } else {
                bisect(condition, a, atA, mid, at, whole, width, out);
                bisect(condition, mid, at, b, atB, whole, width, out);
                return;
            }
        }
        if (a < 0 && 0 < b) { // a turn at zero, moved off it by the equality rule: zero is one end, as it is on its side
            CheckStatus at = condition.at(0);
            if (at == atA) {
                a = 0;
            } else if (at == atB) {
                b = 0;
            }
        }
        out.add(new Boundary(a, b, atA, atB, whole));
    }

    /**
     * Whether a turn is narrowed enough: to the whole number, to a millionth of its value, or, while
     * zero is between its two values (where a millionth of the value is no resolution), to
     * {@link #RANGE_RESOLUTION} of the range's width. Only there: a hundred-millionth of a wide
     * range (1 us .. 1000 s x10) is 10 us, far coarser than a millionth of a turn at 18.8 ms.
     */
    private static boolean fine(double a, double b, boolean whole, double width) {
        if (whole) {
            return b - a <= 1;
        }
        return b - a <= RELATIVE_RESOLUTION * Math.max(Math.abs(a), Math.abs(b)) || (a <= 0 && 0 <= b && b - a <= RANGE_RESOLUTION * width);
    }

    /** The condition at one value of the input, as {@link #bisect} asks: null where the chain has no value there. */
    private final Condition tested = new Condition() {
        @Override
        public CheckStatus at(double value) {
            CheckResult r = test(value);
            return r == null ? null : r.status();
        }
    };

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
            // Over the box of the chain's ranged inputs, where it has any: holds, fails, or uncertain.
            return CompiledProgram.result(check, code.figureChecks(figure, at, set, run.slots())[0]);
        } catch (Fault f) {
            if (f.kind() == Fault.Kind.CANCELLED) {
                throw Faults.of(f);
            }
            unvalued.add(new Unvalued(value, Faults.of(f).diagnostics().get(0)));
            return null;
        }
    }
}
