package dev.chain.eval;

import dev.chain.ast.CompareOp;
import java.util.ArrayList;
import java.util.List;

/**
 * A chain evaluated over the box of its ranged inputs ({@code mfu = 40% .. 60%}): the one compiled
 * {@link Program}, run at the nominal inputs and at every corner of the box, then each value
 * bounded over the whole box ({@link Enclosure}) and the box split where a value is not monotone,
 * the program run at each split's middle and at each monotone part's extreme corner. Every value
 * the chain has (each binding, each value on its own, each side of each check) gets the lowest and
 * highest value it took, or its bound where the splits ran out before the two met, and each check
 * holds over the box, fails over it, or holds at some of its points and fails at others.
 *
 * <p>Why the corners: a formula made of sums, products and quotients of positive quantities (every
 * formula of the card) is monotone in each input, so its extremes over a box lie at corners, and
 * the corners give them exactly, with the program the chain always runs. Why not only the corners:
 * a formula that turns inside the box ({@code x * (1 - x)}, {@code abs}, an even power, a
 * difference of two values that grow at different rates) takes its extreme between them, and only
 * a bound over the whole box says so. docs/language.md (Ranges) says how.
 */
public final class BoxSearch {
    /** The intervals each input's range is sampled at along its axis, to find where a check turns. */
    static final int INTERVALS = 8;
    /** How far inside each end a line is also sampled, as a fraction of the range: the slope there. */
    private static final double INSIDE = 1e-6;
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
    /** The inputs set from outside, as given (the search moves {@link #at}). */
    private final double[] given;
    /** Each value's bounds over the whole box: what it may take, which the values found only approach. */
    private final double[] outerMin;
    private final double[] outerMax;

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
        this.given = at.clone();
        this.outerMin = new double[values];
        this.outerMax = new double[values];
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
        bound();
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

    /** A value without a bound near {@code point}: an error there, as a division by zero is. */
    private Fault pole(int v, double[] point) {
        for (int k = 0; k < axes.length; k++) {
            at[axes[k].slot()] = point[k];
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

    // ---- bounds --------------------------------------------------------------------------------------

    /** Boxes split, at most, to bound one side of one value: past it, the bound is the interval's. */
    private static final int MAX_BOXES = 256;
    /** A box narrower than this fraction of its input's range, where a divisor still holds zero, is at a pole. */
    private static final double POLE_WIDTH = 1e-9;

    /** A part of the box, with each value's interval over it ({@link Enclosure}) and the divisor that may be zero in it. */
    private record Part(double[] lo, double[] hi, double[][] ivs, int poleAxes, Site pole) {}

    /**
     * Bounds each value over the whole box ({@link Enclosure}): where the values found at the
     * corners meet the interval's bound (a formula monotone in each input), they are its extremes;
     * where they do not (a turn, {@code abs}, an even power), the box is split where the value is
     * not monotone, the program run at each split's middle and at each part's extreme corner where
     * it is monotone, until they meet or {@value #MAX_BOXES} parts were split, and the bound is
     * then the interval's. A value that grows without limit at a point of the box is a pole.
     */
    private void bound() {
        System.arraycopy(min, 0, outerMin, 0, values);
        System.arraycopy(max, 0, outerMax, 0, values);
        Enclosure enclosure = new Enclosure(program, axes, given);
        Part whole = part(enclosure, ends(false), ends(true));
        for (int v = 0; v < values; v++) {
            double[] iv = whole.ivs()[v];
            if (!Double.isNaN(iv[0]) && !Double.isNaN(iv[1]) && !Double.isNaN(min[v])) {
                side(enclosure, whole, v, true);
                side(enclosure, whole, v, false);
            }
        }
    }

    private Part part(Enclosure enclosure, double[] lo, double[] hi) {
        double[][] ivs = enclosure.evaluate(lo, hi, PER_CHECK);
        return new Part(lo, hi, ivs, enclosure.poleAxes, enclosure.pole);
    }

    /**
     * The highest (or lowest) value {@code v} takes over the box, bounded: {@link #bound}. The parts
     * are few (at most twice {@value #MAX_BOXES}), so the one whose bound goes furthest is found by
     * looking at each.
     */
    private void side(Enclosure enclosure, Part whole, int v, boolean high) {
        List<Part> parts = new ArrayList<>();
        parts.add(whole);
        int split = 0;
        while (!parts.isEmpty()) {
            int best = 0;
            for (int i = 1; i < parts.size(); i++) {
                best = key(parts.get(i), v, high) > key(parts.get(best), v, high) ? i : best;
            }
            Part part = parts.get(best);
            double found = high ? max[v] : -min[v];
            double scale = Math.max(Math.abs(min[v]), Math.abs(max[v]));
            double key = key(part, v, high);
            if (key <= found + NOISE * (Double.isFinite(scale) ? scale : 0)) {
                break; // no part may go past what was found
            }
            parts.remove(best);
            double[] iv = part.ivs()[v];
            boolean unbounded = !Double.isFinite(key);
            if (unbounded && part.pole() == null) {
                parts.clear();
                break; // no bound for want of arithmetic (an overflow), not a pole: the values found stand
            }
            double[] lo = part.lo().clone();
            double[] hi = part.hi().clone();
            int open = Double.isFinite(iv[1] - iv[0]) ? face(iv, lo, hi, high) : -1;
            if (open >= 0) {
                if (open == 0) {
                    valuesAt(lo); // monotone in every input over the part: its extreme is at this corner, exactly
                } else {
                    parts.add(part(enclosure, lo, hi));
                }
                continue;
            }
            int j = splitAxis(part, iv);
            if (unbounded && (narrow(part, j) || split >= MAX_BOXES)) {
                throw pole(v, middle(part.lo(), part.hi())); // a divisor zero at a point of the box
            }
            if (split++ >= MAX_BOXES) {
                parts.add(part);
                break;
            }
            double[] centre = middle(part.lo(), part.hi());
            valuesAt(centre);
            hi[j] = centre[j];
            parts.add(part(enclosure, lo, hi));
            lo = part.lo().clone();
            lo[j] = centre[j];
            parts.add(part(enclosure, lo, part.hi()));
        }
        double bound = high ? max[v] : -min[v];
        for (Part p : parts) {
            bound = Math.max(bound, key(p, v, high));
        }
        if (high) {
            outerMax[v] = bound;
        } else {
            outerMin[v] = -bound;
        }
        double scale = Math.max(Math.abs(min[v]), Math.abs(max[v]));
        double found = high ? max[v] : -min[v];
        if (bound > found + NOISE * scale) {
            // not met within the parts allowed: the bound, not a value found, is the extreme
            if (high) {
                max[v] = bound;
            } else {
                min[v] = -bound;
            }
        } else if (!high && outerMin[v] <= 0 && min[v] > 0 && min[v] <= NOISE * scale) {
            min[v] = 0; // a minimum at zero (a square's) approached but never sampled
        } else if (high && outerMax[v] >= 0 && max[v] < 0 && -max[v] <= NOISE * scale) {
            max[v] = 0;
        }
    }

    /** The bound of {@code v} over a part, as the side sought: its high end, or its low end negated. */
    private static double key(Part part, int v, boolean high) {
        double k = high ? part.ivs()[v][1] : -part.ivs()[v][0];
        return Double.isNaN(k) ? Double.POSITIVE_INFINITY : k;
    }

    /**
     * Narrows {@code lo .. hi} to the face where a value monotone along some inputs over it is
     * highest (or lowest), the end each derivative's sign names: how many inputs it still spans
     * (0 at a corner), or -1 where there was none to narrow.
     */
    private static int face(double[] iv, double[] lo, double[] hi, boolean high) {
        boolean narrowed = false;
        int open = 0;
        for (int j = 0; j < lo.length; j++) {
            int sign = Enclosure.sign(iv, j);
            if (sign != Enclosure.ANY && lo[j] < hi[j]) {
                if (sign != Enclosure.ZERO && (sign == Enclosure.POS) == high) {
                    lo[j] = hi[j];
                } else {
                    hi[j] = lo[j];
                }
                narrowed = true;
            }
            open += lo[j] < hi[j] ? 1 : 0;
        }
        return narrowed ? open : -1;
    }

    /** The input to split a part along: of those a divisor that may be zero moves with, else those the value turns along, the widest for its range. */
    private int splitAxis(Part part, double[] iv) {
        int best = -1;
        double widest = -1;
        for (int pass = 0; pass < 3 && best < 0; pass++) {
            for (int j = 0; j < axes.length; j++) {
                boolean wanted = pass == 0 ? !Double.isFinite(iv[1] - iv[0]) && (part.poleAxes() & (1 << j)) != 0
                        : pass == 1 ? Enclosure.sign(iv, j) == Enclosure.ANY : true;
                double width = (part.hi()[j] - part.lo()[j]) / (axes[j].high() - axes[j].low());
                if (wanted && width > widest) {
                    widest = width;
                    best = j;
                }
            }
        }
        return best;
    }

    /** Whether a part is too narrow along {@code j} to split further: a divisor still zero in it is at a pole. */
    private boolean narrow(Part part, int j) {
        return part.hi()[j] - part.lo()[j] <= POLE_WIDTH * (axes[j].high() - axes[j].low());
    }

    /** The middle of a part of the box. */
    private static double[] middle(double[] lo, double[] hi) {
        double[] centre = new double[lo.length];
        for (int k = 0; k < lo.length; k++) {
            centre[k] = lo[k] + (hi[k] - lo[k]) / 2;
        }
        return centre;
    }

    /** Every tracked value at a point of the box. */
    private double[] valuesAt(double[] point) {
        for (int k = 0; k < axes.length; k++) {
            at[axes[k].slot()] = point[k];
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
        if (fails[c] == 0 && !(notEqual && crosses) && proven(c, i)) {
            return CheckStatus.HOLDS;
        }
        if (holds[c] == 0 && failedSides[c] != 3) {
            return CheckStatus.FAILS;
        }
        return CheckStatus.UNCERTAIN;
    }

    /**
     * Whether check {@code c} holds over the whole box by its sides' bounds, not only at the points
     * evaluated: {@code abs(u) > 0} held at every point sampled of {@code -1 .. 2}, and fails at 0.
     * Equality and ≈ are left to the points, where they rarely hold over a range at all.
     */
    private boolean proven(int c, int i) {
        Check check = program.checks()[c];
        double tolerance = Ops.EQUAL_TOLERANCE * Math.max(Math.max(Math.abs(outerMin[i]), Math.abs(outerMax[i])),
                Math.max(Math.abs(outerMin[i + 1]), Math.abs(outerMax[i + 1])));
        double low = outerMin[i + 4];
        double high = outerMax[i + 4];
        CompareOp op = check.op();
        if (op == null) {
            return low >= -tolerance && outerMin[i + 5] >= -tolerance;
        }
        return op == CompareOp.GT ? low > 0
                : op == CompareOp.GE ? low >= -tolerance
                : op == CompareOp.LT ? high < 0
                : op == CompareOp.LE ? high <= tolerance
                : op == CompareOp.NE ? low > 0 || high < 0
                : true; // == and ≈ rarely hold over a range at all: the points decide
    }

    // ---- where an uncertain check turns -----------------------------------------------------------

    /**
     * Where check {@code c} turns along each ranged input, the others at their nominal values: for
     * the input {@code j} of {@code axes}, its turns in order, each found between two of its samples
     * and narrowed as {@code chain solve} narrows one ({@link Solve#bisect}: to the whole number where
     * {@code whole[j]}, else to a millionth of the value). Only the command line asks: an uncertain
     * check's warning says where it is decided.
     */
    public static List<List<Solve.Boundary>> boundaries(Program program, double[] overrides, InputRange[] axes,
                                                        boolean[] whole, int c) {
        BoxSearch search = new BoxSearch(program, overrides, axes);
        Program.Run nominalRun = program.evaluate(search.at);
        for (int j = 0; j < axes.length; j++) {
            search.nominal[j] = nominalRun.slots()[axes[j].slot()];
        }
        List<List<Solve.Boundary>> found = new ArrayList<>();
        for (int j = 0; j < axes.length; j++) {
            Along along = search.new Along(c, j);
            double[] xs = samples(axes[j], whole[j]);
            List<Solve.Boundary> turns = new ArrayList<>();
            CheckStatus before = along.at(xs[0]);
            for (int i = 1; i < xs.length; i++) {
                CheckStatus now = along.at(xs[i]);
                if (now != before) {
                    Solve.bisect(along, xs[i - 1], before, xs[i], now, whole[j], axes[j].high() - axes[j].low(), turns);
                }
                before = now;
            }
            found.add(turns);
        }
        return found;
    }

    /**
     * The points along an input's range: its ends, just inside them, and {@value #INTERVALS} intervals
     * between; each the whole number nearest it where the input is counted in whole numbers.
     */
    private static double[] samples(InputRange axis, boolean whole) {
        double width = axis.high() - axis.low();
        double[] xs = new double[INTERVALS + 3];
        xs[0] = axis.low();
        xs[1] = axis.low() + INSIDE * width;
        for (int i = 1; i < INTERVALS; i++) {
            xs[i + 1] = axis.low() + width * i / INTERVALS;
        }
        xs[INTERVALS + 1] = axis.high() - INSIDE * width;
        xs[INTERVALS + 2] = axis.high();
        for (int i = 0; whole && i < xs.length; i++) {
            xs[i] = Math.rint(xs[i]);
        }
        return xs;
    }

    /** Check {@code c} along input {@code j}, the others at their nominal values: it holds or fails at each point. */
    private final class Along implements Solve.Condition {
        private final int c;
        private final int j;

        Along(int c, int j) {
            this.c = c;
            this.j = j;
        }

        @Override
        public CheckStatus at(double x) {
            for (int k = 0; k < axes.length; k++) {
                at[axes[k].slot()] = k == j ? x : nominal[k];
            }
            return visit().checks()[c].status();
        }
    }
}
