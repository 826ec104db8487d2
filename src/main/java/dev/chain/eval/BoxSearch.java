package dev.chain.eval;

import java.util.ArrayList;
import java.util.List;

/**
 * A chain evaluated over the box of its ranged inputs ({@code mfu = 40% .. 60%}): the one compiled
 * {@link Program}, run at the nominal inputs, at every corner of the box, along each ranged input's
 * axis, and at each turn it finds there. Every value the chain has (each binding, each value on its
 * own, each side of each check) gets the lowest and highest value it took, and each check holds
 * over the box, fails over it, or holds at some of its points and fails at others.
 *
 * <p>Why the corners: a formula made of sums, products and quotients of positive quantities (every
 * formula of the card) is monotone in each input, so its extremes over a box lie at corners, and
 * the corners give them exactly, with no second evaluator. Why not only the corners: a formula that
 * turns inside the box ({@code x * (1 - x)}, a difference of two values that grow at different
 * rates) takes its extreme between them. So each input's range is also sampled along its axis,
 * through the nominal point and through the box's lowest and highest corners, at
 * {@value #INTERVALS} intervals and just inside each end; a value whose differences change sign
 * there turns, and its turn is searched for (golden section), then set against the corners of the
 * other inputs and searched for again from the best of them. What can still escape: a value that
 * turns twice between two samples, or only along an edge of the box that no sampled line follows.
 * docs/language.md says so.
 */
public final class BoxSearch {
    /** The intervals each input's range is sampled at along its axis. */
    static final int INTERVALS = 8;
    /** How far inside each end a line is also sampled, as a fraction of the range: the slope there. */
    private static final double INSIDE = 1e-6;
    /** Golden-section steps of a turn's search: 0.618^60 of the bracket, below a double's resolution of it. */
    private static final int GOLDEN_STEPS = 60;
    private static final double GOLDEN = 0.6180339887498949;
    /**
     * Differences smaller than this fraction of a value's size are float noise, not a turn: a
     * monotone formula computed in doubles can step back by an ulp.
     */
    private static final double NOISE = 1e-9;
    /** Ranged inputs at most: 2^12 = 4,096 corners, each an evaluation of the whole chain. */
    public static final int MAX_RANGES = 12;

    /** The values a side of a check is tracked as: left, right, high, tolerance, and two margins. */
    private static final int PER_CHECK = 6;

    private final Program program;
    private final InputRange[] axes;
    /** The point evaluated: the inputs set from outside, and each ranged input at its value there. */
    private final double[] at;
    private final double[] nominal;
    private final int slots;
    private final int values;
    private final double[] min;
    private final double[] max;
    private final int[] holds;
    private final int[] fails;
    /** For each check, the sides it failed on: 1 below (or one-sided), 2 above. */
    private final int[] failedSides;
    /** For each check, the axes along which its outcome changes between two neighbouring corners. */
    private final int[] deciding;
    private Program.Run nominalRun;

    /**
     * @param overrides the inputs set from outside by slot (NaN for none); a ranged input's entry
     *                  is its nominal value
     * @param axes      the ranged inputs, each with {@code low < high}
     */
    private BoxSearch(Program program, double[] overrides, InputRange[] axes) {
        this.program = program;
        this.axes = axes;
        this.slots = program.bindings().length;
        this.at = new double[slots];
        java.util.Arrays.fill(at, Double.NaN);
        if (overrides != null) {
            System.arraycopy(overrides, 0, at, 0, slots);
        }
        this.nominal = new double[axes.length];
        this.values = slots + program.evaluations().length + PER_CHECK * program.checks().length;
        this.min = new double[values];
        this.max = new double[values];
        java.util.Arrays.fill(min, Double.POSITIVE_INFINITY);
        java.util.Arrays.fill(max, Double.NEGATIVE_INFINITY);
        int checks = program.checks().length;
        this.holds = new int[checks];
        this.fails = new int[checks];
        this.failedSides = new int[checks];
        this.deciding = new int[checks];
    }

    /**
     * Evaluates the chain over the box: its nominal run, with each value's extremes and each check's
     * outcome over the box.
     *
     * @throws Fault for a point of the box where the chain has no value, with the point
     */
    static Program.Run run(Program program, double[] overrides, InputRange[] axes) {
        BoxSearch search = new BoxSearch(program, overrides, axes);
        search.search();
        return search.result();
    }

    private void search() {
        nominalRun = program.evaluate(at);
        for (int j = 0; j < axes.length; j++) {
            nominal[j] = nominalRun.slots()[axes[j].slot()];
        }
        record(nominalRun);
        corners();
        for (int j = 0; j < axes.length; j++) {
            line(j, nominal);
            if (axes.length > 1) {
                line(j, ends(false));
                line(j, ends(true));
            }
        }
    }

    // ---- the corners ------------------------------------------------------------------------------

    private void corners() {
        int corners = 1 << axes.length;
        int checks = program.checks().length;
        boolean[][] held = new boolean[corners][];
        for (int corner = 0; corner < corners; corner++) {
            for (int j = 0; j < axes.length; j++) {
                at[axes[j].slot()] = (corner & (1 << j)) != 0 ? axes[j].high() : axes[j].low();
            }
            Program.Run run = visit();
            record(run);
            held[corner] = new boolean[checks];
            for (int c = 0; c < checks; c++) {
                held[corner][c] = run.checks()[c].passed();
            }
        }
        for (int corner = 0; corner < corners; corner++) {
            for (int j = 0; j < axes.length; j++) {
                int other = corner | (1 << j);
                if (other != corner) {
                    for (int c = 0; c < checks; c++) {
                        if (held[corner][c] != held[other][c]) {
                            deciding[c] |= 1 << j;
                        }
                    }
                }
            }
        }
    }

    /** Every ranged input at its low end, or at its high end. */
    private double[] ends(boolean high) {
        double[] point = new double[axes.length];
        for (int j = 0; j < axes.length; j++) {
            point[j] = high ? axes[j].high() : axes[j].low();
        }
        return point;
    }

    // ---- along an axis -----------------------------------------------------------------------------

    /**
     * Samples axis {@code j} with the other ranged inputs at {@code others}, and searches each turn
     * of each value along it.
     */
    private void line(int j, double[] others) {
        double[] xs = samples(axes[j]);
        double[][] found = new double[xs.length][];
        for (int i = 0; i < xs.length; i++) {
            found[i] = valuesAt(j, xs[i], others);
        }
        for (int v = 0; v < values; v++) {
            int previous = -1; // the start of the last segment along which the value moved
            int direction = 0;
            double sampled = 0; // the largest magnitude it took along the line
            for (double[] f : found) {
                sampled = Double.isNaN(f[v]) ? sampled : Math.max(sampled, Math.abs(f[v]));
            }
            for (int i = 0; i + 1 < xs.length; i++) {
                int sign = direction(found[i][v], found[i + 1][v], v);
                if (sign == 0) {
                    continue;
                }
                if (direction != 0 && sign != direction) {
                    double x = turn(v, j, others, xs[previous], xs[i + 1], direction > 0);
                    double peak = Math.abs(valuesAt(j, x, others)[v]);
                    if (peak > POLE * Math.max(sampled, Double.MIN_NORMAL)) {
                        throw pole(v, j, x, others);
                    }
                }
                direction = sign;
                previous = i;
            }
        }
    }

    /**
     * How much larger than anywhere else on its line a value may be at a turn before it is a pole:
     * {@code 1 / (batch - 4)} with batch in 1 .. 8 has no highest or lowest value, only ever larger
     * ones as batch nears 4, and a range of ±10^8 would be a number the chain cannot stand behind.
     */
    private static final double POLE = 1e6;

    /** A value without a bound near {@code x} on axis {@code j}: an error there, as a division by zero is. */
    private Fault pole(int v, int j, double x, double[] others) {
        for (int k = 0; k < axes.length; k++) {
            at[axes[k].slot()] = k == j ? x : others[k];
        }
        String what;
        Site site;
        if (v < slots) {
            what = "the value of `" + program.names()[v] + "`";
            site = program.sites()[v];
        } else if (v < slots + program.evaluations().length) {
            what = "the value";
            site = program.evaluationSites()[v - slots];
        } else {
            what = "a side of this check";
            site = program.checks()[(v - slots - program.evaluations().length) / PER_CHECK].site();
        }
        return new Fault(Fault.Kind.POLE, site, Double.NaN, what).within(slotsOf(axes), valuesOf());
    }

    /** The points along an input's range: its ends, just inside them, and {@value #INTERVALS} intervals between. */
    private static double[] samples(InputRange axis) {
        double width = axis.high() - axis.low();
        double[] xs = new double[INTERVALS + 3];
        xs[0] = axis.low();
        xs[1] = axis.low() + INSIDE * width;
        for (int i = 1; i < INTERVALS; i++) {
            xs[i + 1] = axis.low() + width * i / INTERVALS;
        }
        xs[INTERVALS + 1] = axis.high() - INSIDE * width;
        xs[INTERVALS + 2] = axis.high();
        return xs;
    }

    /** +1 if a value rose from {@code a} to {@code b}, -1 if it fell, 0 if it did not move beyond float noise. */
    private int direction(double a, double b, int value) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return 0;
        }
        double scale = Math.max(Math.abs(min[value]), Math.abs(max[value]));
        double noise = NOISE * (Double.isFinite(scale) ? scale : Math.max(Math.abs(a), Math.abs(b)));
        return b - a > noise ? 1 : a - b > noise ? -1 : 0;
    }

    /**
     * Value {@code v} turns along axis {@code j} between {@code a} and {@code b} (a highest point
     * when {@code peak}, else a lowest): its turn is searched for along the line, then set against
     * the corners of the other inputs, and searched for again from the best of them. Returns where
     * it turns on the line.
     */
    private double turn(int v, int j, double[] others, double a, double b, boolean peak) {
        double x = golden(v, j, others, a, b, peak);
        if (axes.length == 1) {
            return x;
        }
        double[] best = others;
        double bestValue = Double.NaN;
        int corners = 1 << (axes.length - 1);
        for (int corner = 0; corner < corners; corner++) {
            double[] point = new double[axes.length];
            for (int k = 0, bit = 0; k < axes.length; k++) {
                if (k != j) {
                    point[k] = (corner & (1 << bit)) != 0 ? axes[k].high() : axes[k].low();
                    bit++;
                }
            }
            double value = valuesAt(j, x, point)[v];
            if (Double.isNaN(bestValue) || (peak ? value > bestValue : value < bestValue)) {
                bestValue = value;
                best = point;
            }
        }
        double width = b - a;
        golden(v, j, best, Math.max(axes[j].low(), x - 2 * width), Math.min(axes[j].high(), x + 2 * width), peak);
        return x;
    }

    /** The golden-section search for the highest (or lowest) value {@code v} along axis {@code j} in [a, b]: where it is. */
    private double golden(int v, int j, double[] others, double a, double b, boolean peak) {
        double sign = peak ? 1 : -1;
        double c = b - GOLDEN * (b - a);
        double d = a + GOLDEN * (b - a);
        double fc = sign * valuesAt(j, c, others)[v];
        double fd = sign * valuesAt(j, d, others)[v];
        for (int step = 0; step < GOLDEN_STEPS && d > c; step++) {
            if (fc >= fd) {
                b = d;
                d = c;
                fd = fc;
                c = b - GOLDEN * (b - a);
                fc = sign * valuesAt(j, c, others)[v];
            } else {
                a = c;
                c = d;
                fc = fd;
                d = a + GOLDEN * (b - a);
                fd = sign * valuesAt(j, d, others)[v];
            }
        }
        return fc >= fd ? c : d;
    }

    /** Every tracked value with axis {@code j} at {@code x} and the other ranged inputs at {@code others}. */
    private double[] valuesAt(int j, double x, double[] others) {
        for (int k = 0; k < axes.length; k++) {
            at[axes[k].slot()] = k == j ? x : others[k];
        }
        return record(visit());
    }

    // ---- one point -------------------------------------------------------------------------------

    /** The chain at {@link #at}; a point without a value is the fault, with the point. */
    private Program.Run visit() {
        try {
            return program.evaluate(at);
        } catch (Fault f) {
            throw f.kind() == Fault.Kind.CANCELLED ? f : f.within(slotsOf(axes), valuesOf());
        }
    }

    private double[] valuesOf() {
        double[] out = new double[axes.length];
        for (int j = 0; j < axes.length; j++) {
            out[j] = at[axes[j].slot()];
        }
        return out;
    }

    private static int[] slotsOf(InputRange[] axes) {
        int[] out = new int[axes.length];
        for (int j = 0; j < axes.length; j++) {
            out[j] = axes[j].slot();
        }
        return out;
    }

    /** Every tracked value of a run, each kept as a new extreme where it is one, and its checks' outcomes counted. */
    private double[] record(Program.Run run) {
        double[] v = new double[values];
        System.arraycopy(run.slots(), 0, v, 0, slots);
        System.arraycopy(run.evaluated(), 0, v, slots, run.evaluated().length);
        int base = slots + run.evaluated().length;
        CheckValues[] checks = run.checks();
        for (int c = 0; c < checks.length; c++) {
            CheckValues cv = checks[c];
            int i = base + PER_CHECK * c;
            v[i] = cv.left();
            v[i + 1] = cv.right();
            v[i + 2] = cv.high();
            v[i + 3] = cv.tolerance();
            boolean range = program.checks()[c].op() == null;
            v[i + 4] = cv.left() - cv.right();
            v[i + 5] = range ? cv.high() - cv.left() : Double.NaN;
            if (cv.passed()) {
                holds[c]++;
            } else {
                fails[c]++;
                failedSides[c] |= side(c, cv);
            }
        }
        for (int i = 0; i < values; i++) {
            double x = v[i];
            if (x < min[i]) {
                min[i] = x;
            }
            if (x > max[i]) {
                max[i] = x;
            }
        }
        return v;
    }

    /** The side a check failed on: 1 below (or a check with one side), 2 above. */
    private int side(int c, CheckValues cv) {
        Check check = program.checks()[c];
        boolean twoSided = check.op() == null || check.op() == dev.chain.ast.CompareOp.EQ
                || check.op() == dev.chain.ast.CompareOp.APPROX;
        if (!twoSided) {
            return 1;
        }
        return cv.left() < cv.right() ? 1 : 2; // below the range's low end, or below the value compared with
    }

    // ---- the result ------------------------------------------------------------------------------

    private Program.Run result() {
        int evaluations = program.evaluations().length;
        double[] lows = new double[slots];
        double[] highs = new double[slots];
        System.arraycopy(min, 0, lows, 0, slots);
        System.arraycopy(max, 0, highs, 0, slots);
        double[] evaluatedLows = new double[evaluations];
        double[] evaluatedHighs = new double[evaluations];
        System.arraycopy(min, slots, evaluatedLows, 0, evaluations);
        System.arraycopy(max, slots, evaluatedHighs, 0, evaluations);
        CheckValues[] nominalChecks = nominalRun.checks();
        CheckValues[] checks = new CheckValues[nominalChecks.length];
        int base = slots + evaluations;
        for (int c = 0; c < checks.length; c++) {
            CheckValues n = nominalChecks[c];
            int i = base + PER_CHECK * c;
            double[] sideLows = {min[i], min[i + 1], min[i + 2], min[i + 3]};
            double[] sideHighs = {max[i], max[i + 1], max[i + 2], max[i + 3]};
            checks[c] = new CheckValues(status(c, i), n.left(), n.right(), n.high(), n.tolerance(), sideLows, sideHighs);
        }
        return new Program.Run(nominalRun.slots(), checks, nominalRun.evaluated(),
                new Program.Extremes(axes, lows, highs, evaluatedLows, evaluatedHighs, deciding.clone()));
    }

    /**
     * Holds where it held at every point evaluated (exactly, where its sides' difference is monotone
     * in each input, and at each turn found where it is not); fails where it failed at every point,
     * always on the same side (a value below a range at one corner and above it at another passes
     * through it in between); else uncertain. {@code !=} holds only if the difference of its sides
     * keeps one sign: where it changes sign, the sides are equal somewhere between.
     */
    private CheckStatus status(int c, int i) {
        boolean notEqual = program.checks()[c].op() == dev.chain.ast.CompareOp.NE;
        boolean crosses = min[i + 4] < 0 && max[i + 4] > 0;
        if (fails[c] == 0 && !(notEqual && crosses)) {
            return CheckStatus.HOLDS;
        }
        if (holds[c] == 0 && failedSides[c] != 3) {
            return CheckStatus.FAILS;
        }
        return CheckStatus.UNCERTAIN;
    }

    // ---- where an uncertain check turns -----------------------------------------------------------

    /**
     * Where check {@code c} turns along each ranged input, the others at their nominal values: for
     * each input along which it does, the value it turns at (to a billionth of the range) and
     * whether it holds below it. Only the command line asks: an uncertain check's warning says where
     * it is decided.
     */
    public static List<Boundary> boundaries(Program program, double[] overrides, InputRange[] axes, boolean[] whole, int c) {
        BoxSearch search = new BoxSearch(program, overrides, axes);
        search.nominalRun = program.evaluate(search.at);
        for (int j = 0; j < axes.length; j++) {
            search.nominal[j] = search.nominalRun.slots()[axes[j].slot()];
        }
        List<Boundary> found = new ArrayList<>();
        for (int j = 0; j < axes.length; j++) {
            double[] xs = samples(axes[j]);
            Boolean before = null;
            for (int i = 0; i < xs.length; i++) {
                boolean held = search.holdsAt(c, j, xs[i]);
                if (before != null && held != before) {
                    double at = whole[j] ? search.lastWhole(c, j, xs[i - 1], xs[i], before) : search.bisect(c, j, xs[i - 1], xs[i], before);
                    if (!Double.isNaN(at)) {
                        found.add(new Boundary(axes[j].slot(), at, before));
                    }
                }
                before = held;
            }
        }
        return found;
    }

    /**
     * For an input counted in whole numbers: the last whole number from {@code a} (where the check
     * has outcome {@code first}) before {@code b} where it still has it; NaN when the turn lies
     * between two whole numbers, which then have the same outcome.
     */
    private double lastWhole(int c, int j, double a, double b, boolean first) {
        double lo = Math.ceil(a);
        double hi = Math.floor(b);
        if (lo > hi) {
            return Double.NaN;
        }
        if (holdsAt(c, j, lo) != first) { // it turns between a and the first whole number past it
            double before = Math.floor(a);
            return before >= axes[j].low() && (before == a || holdsAt(c, j, before) == first) ? before : Double.NaN;
        }
        if (holdsAt(c, j, hi) == first) {
            return hi; // the next whole number past b has the other outcome
        }
        while (hi - lo > 1) {
            double m = Math.floor(lo + (hi - lo) / 2);
            if (holdsAt(c, j, m) == first) {
                lo = m;
            } else {
                hi = m;
            }
        }
        return lo;
    }

    /**
     * A value where a check turns along input {@code slot}: it holds just below {@code at} when
     * {@code holdsBelow}, and fails there otherwise. An input may have several, in order ({@code in}
     * fails below its range, holds in it, and fails above).
     */
    public record Boundary(int slot, double at, boolean holdsBelow) {}

    private boolean holdsAt(int c, int j, double x) {
        for (int k = 0; k < axes.length; k++) {
            at[axes[k].slot()] = k == j ? x : nominal[k];
        }
        return visit().checks()[c].passed();
    }

    /** The last value (from {@code a}) where check {@code c} has outcome {@code first}, to a billionth of the range. */
    private double bisect(int c, int j, double a, double b, boolean first) {
        double resolution = 1e-9 * (axes[j].high() - axes[j].low());
        while (b - a > resolution) {
            double m = a + (b - a) / 2;
            if (m <= a || m >= b) {
                break;
            }
            if (holdsAt(c, j, m) == first) {
                a = m;
            } else {
                b = m;
            }
        }
        return first ? a : b;
    }
}
