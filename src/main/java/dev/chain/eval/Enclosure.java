package dev.chain.eval;

import dev.chain.ast.BinaryOp;
import dev.chain.check.Builtin;

/**
 * A chain evaluated over a box of its ranged inputs at once, in interval arithmetic: each value an
 * interval that holds every value it takes in the box, and an interval of its derivative along
 * each ranged input. Where no derivative holds zero inside, the value is monotone in each input
 * over the box and its extremes are at the corner their signs name, which one point evaluation
 * gives exactly; where one does ({@code abs}, an even power, {@code min}/{@code max}, a turn), the
 * interval, narrowed by the mean value theorem around the box's centre, still bounds it, and
 * {@link BoxSearch} splits the box until the bound meets the values found. A divisor whose
 * interval holds zero makes its quotient unbounded, and says where ({@link #pole}).
 *
 * <p>An interval is an array: its low and high ends, then the low and high ends of its derivative
 * along each ranged input j at {@code 2 + 2j} and {@code 3 + 2j}. Every operation is one of two
 * rules over those pairs, the chain rule for a function of one value ({@link #unary}: f(x)' =
 * f'(x) x') and of two ({@link #binary}: f(x, y)' = f_x x' + f_y y'), so each operation says only
 * its ends and its slopes. A value this class cannot bound (a fractional power of a base that may be
 * negative, a logarithm of a range that reaches zero, more than {@value #MAX_CALLS} calls, a node kind it does not know) has NaN ends, which
 * every operation carries on to what is computed from it; the box search leaves such a value to
 * its samples. Nodes are told apart with instanceof, not a method of {@link Node}: the explorable
 * page compiles every method of the node records into its script. Rounding is not directed:
 * bounds are as exact as the doubles, and the search compares them with the tolerance of float
 * noise.
 */
final class Enclosure {
    /** A derivative's signs: none (it is zero), negative, positive, or either. */
    static final int ZERO = 0;
    static final int NEG = 1;
    static final int POS = 2;
    static final int ANY = 3;

    private static final double INF = Double.POSITIVE_INFINITY;
    /** Calls made in one evaluation past which a value is left to its samples. */
    private static final int MAX_CALLS = 100_000;
    private static final double[] ONE = {1, 1};
    private static final double[] MINUS_ONE = {-1, -1};

    private final Program program;
    private final InputRange[] axes;
    private final double[] overrides;
    /** An interval's length: its ends and a pair per ranged input. */
    private final int length;
    /** Where a divisor's interval held zero, in the last evaluation of a box: its site, or null. */
    Site pole;
    /** The ranged inputs that divisor moves with (a bit each). */
    int poleAxes;
    private int calls;

    Enclosure(Program program, InputRange[] axes, double[] overrides) {
        this.program = program;
        this.axes = axes;
        this.overrides = overrides;
        this.length = 2 + 2 * axes.length;
    }

    /** The signs the derivative along input {@code j} may take. */
    static int sign(double[] iv, int j) {
        double lo = iv[2 + 2 * j];
        double hi = iv[3 + 2 * j];
        if (Double.isNaN(lo) || Double.isNaN(hi)) {
            return ANY;
        }
        return (lo < 0 ? NEG : 0) | (hi > 0 ? POS : 0);
    }

    /**
     * Every tracked value's interval over the box {@code lo}..{@code hi} (by axis), in the order
     * {@link BoxSearch} tracks them: slots, evaluations, then per check left, right, high,
     * tolerance, left - right, high - left (NaN where a check has no such side). Each is narrowed
     * by the mean value theorem: f(x) is within f(c) + f'(box) (x - c) for the box's centre c,
     * which closes in on a turn as the square of the box's width, where the interval does as the
     * width.
     */
    double[][] evaluate(double[] lo, double[] hi, int perCheck) {
        double[] centre = new double[lo.length];
        for (int j = 0; j < lo.length; j++) {
            centre[j] = lo[j] + (hi[j] - lo[j]) / 2;
        }
        double[][] atCentre = intervals(centre, centre, perCheck);
        double[][] out = intervals(lo, hi, perCheck);
        for (int v = 0; v < out.length; v++) {
            double[] iv = out[v].clone(); // a slot's interval may be another's: each is narrowed once
            double c = atCentre[v][0];
            if (c == atCentre[v][1] && Double.isFinite(c)) {
                double low = c;
                double high = c;
                for (int j = 0; j < lo.length; j++) {
                    double[] t = times(iv[2 + 2 * j], iv[3 + 2 * j], lo[j] - centre[j], hi[j] - centre[j]);
                    low += t[0];
                    high += t[1];
                }
                iv[0] = low > iv[0] ? low : iv[0];
                iv[1] = high < iv[1] ? high : iv[1];
            }
            out[v] = iv;
        }
        return out;
    }

    private double[][] intervals(double[] lo, double[] hi, int perCheck) {
        pole = null;
        poleAxes = 0;
        calls = 0;
        Node[] bindings = program.bindings();
        double[][] slots = new double[bindings.length][];
        for (int i = 0; i < bindings.length; i++) {
            slots[i] = constant(0);
            int axis = axisOf(i);
            if (axis >= 0) {
                slots[i][0] = lo[axis];
                slots[i][1] = hi[axis];
                slots[i][2 + 2 * axis] = 1;
                slots[i][3 + 2 * axis] = 1;
            } else if (overrides != null && !Double.isNaN(overrides[i])) {
                slots[i] = constant(overrides[i]);
            } else if (bindings[i] != null) {
                slots[i] = of(bindings[i], slots, null);
            }
        }
        Node[] evaluations = program.evaluations();
        Check[] checks = program.checks();
        double[][] out = new double[bindings.length + evaluations.length + perCheck * checks.length][];
        System.arraycopy(slots, 0, out, 0, slots.length);
        for (int e = 0; e < evaluations.length; e++) {
            out[slots.length + e] = of(evaluations[e], slots, null);
        }
        int base = slots.length + evaluations.length;
        double[] nothing = constant(Double.NaN);
        for (int c = 0; c < checks.length; c++) {
            Check check = checks[c];
            int i = base + perCheck * c;
            double[] left = of(check.left(), slots, null);
            double[] high = check.high() == null ? nothing : of(check.high(), slots, null);
            out[i] = left;
            out[i + 1] = of(check.right(), slots, null);
            out[i + 2] = high;
            out[i + 3] = check.tolerance() == null ? nothing : of(check.tolerance(), slots, null);
            out[i + 4] = arithmetic(BinaryOp.SUB, left, out[i + 1], null);
            out[i + 5] = check.op() == null ? arithmetic(BinaryOp.SUB, high, left, null) : nothing;
        }
        return out;
    }

    private int axisOf(int slot) {
        for (int j = 0; j < axes.length; j++) {
            if (axes[j].slot() == slot) {
                return j;
            }
        }
        return -1;
    }

    private double[] constant(double v) {
        double[] iv = new double[length];
        iv[0] = v;
        iv[1] = v;
        return iv;
    }

    private double[] of(Node node, double[][] slots, double[][] frame) {
        if (node instanceof Nodes.Const c) {
            return constant(c.value());
        }
        if (node instanceof Nodes.Slot s) {
            return slots[s.slot()];
        }
        if (node instanceof Nodes.Param p) {
            return frame[p.index()];
        }
        if (node instanceof Nodes.Negated neg) {
            double[] x = of(neg.operand(), slots, frame);
            return unary(x, -x[1], -x[0], MINUS_ONE);
        }
        if (node instanceof Nodes.Scaled s) {
            double[] x = of(s.magnitude(), slots, frame);
            double[] f = {s.factor(), s.factor()};
            return unary(x, times(x, f), f);
        }
        if (node instanceof Nodes.Arithmetic a) {
            return arithmetic(a.op(), of(a.left(), slots, frame), of(a.right(), slots, frame), a.divisor());
        }
        if (node instanceof Nodes.Raised r) {
            return power(of(r.base(), slots, frame), of(r.exponent(), slots, frame), r.site());
        }
        if (node instanceof Nodes.BuiltinCall b) {
            return builtin(b, slots, frame);
        }
        if (node instanceof Nodes.Call call && ++calls <= MAX_CALLS) {
            double[][] args = new double[call.args().length][];
            for (int i = 0; i < args.length; i++) {
                args[i] = of(call.args()[i], slots, frame);
            }
            double[] owner = call.function().ownerSlots(); // a module's function reads the module's values
            double[][] read = slots;
            if (owner != null) {
                read = new double[owner.length][];
                for (int i = 0; i < owner.length; i++) {
                    read[i] = constant(owner[i]);
                }
            }
            return of(call.function().body(), read, args);
        }
        return constant(Double.NaN);
    }

    // ---- the two rules ----------------------------------------------------------------------------

    /** f(x) with ends {@code ends} and slope f'(x) within {@code slope}: each derivative the slope times x's. */
    private double[] unary(double[] x, double[] ends, double[] slope) {
        return unary(x, ends[0], ends[1], slope);
    }

    private double[] unary(double[] x, double lo, double hi, double[] slope) {
        return binary(x, x, new double[] {lo, hi}, slope, new double[2]);
    }

    /** f(x, y) with ends {@code ends} and partial derivatives within {@code fx} and {@code fy}: each derivative fx x' + fy y'. */
    private double[] binary(double[] x, double[] y, double[] ends, double[] fx, double[] fy) {
        double[] iv = new double[length];
        iv[0] = ends[0];
        iv[1] = ends[1];
        for (int k = 2; k < length; k += 2) {
            double[] a = times(fx[0], fx[1], x[k], x[k + 1]);
            double[] b = times(fy[0], fy[1], y[k], y[k + 1]);
            iv[k] = a[0] + b[0];
            iv[k + 1] = a[1] + b[1];
        }
        return iv;
    }

    /** The product of two intervals; 0 times an infinite end is 0. */
    static double[] times(double alo, double ahi, double blo, double bhi) {
        double lo = INF;
        double hi = -INF;
        for (double a : new double[] {alo, ahi}) {
            for (double b : new double[] {blo, bhi}) {
                double p = a == 0 || b == 0 ? 0 : a * b;
                lo = Math.min(lo, p);
                hi = Math.max(hi, p);
            }
        }
        return new double[] {lo, hi};
    }

    private static double[] times(double[] a, double[] b) {
        return times(a[0], a[1], b[0], b[1]);
    }

    /** 1 / y, y not holding zero. */
    private static double[] reciprocal(double[] y) {
        return new double[] {1 / y[1], 1 / y[0]};
    }

    // ---- operations ------------------------------------------------------------------------------

    /** An operator on two intervals; one this class does not know leaves its value to the samples. */
    private double[] arithmetic(BinaryOp op, double[] x, double[] y, Site divisor) {
        if (op == BinaryOp.ADD) {
            return binary(x, y, new double[] {x[0] + y[0], x[1] + y[1]}, ONE, ONE);
        }
        if (op == BinaryOp.SUB) {
            return binary(x, y, new double[] {x[0] - y[1], x[1] - y[0]}, ONE, MINUS_ONE);
        }
        if (op == BinaryOp.MUL) {
            return binary(x, y, times(x, y), y, x);
        }
        if (op != BinaryOp.DIV) {
            return constant(Double.NaN);
        }
        if (y[0] <= 0 && y[1] >= 0) {
            return pole(divisor, y);
        }
        double[] r = reciprocal(y);
        double[] q = times(x, r);
        return binary(x, y, q, r, times(q[0], q[1], -r[1], -r[0])); // (x/y)' = x'/y - (x/y) y'/y
    }

    /** A quotient whose divisor {@code y} may be zero in the box: unbounded, the divisor's site kept. */
    private double[] pole(Site site, double[] y) {
        if (pole == null) {
            pole = site;
            for (int j = 0; j < axes.length; j++) {
                poleAxes |= y[2 + 2 * j] != 0 || y[3 + 2 * j] != 0 ? 1 << j : 0;
            }
        }
        double[] iv = new double[length];
        for (int k = 0; k < length; k++) {
            iv[k] = k % 2 == 0 ? -INF : INF;
        }
        return iv;
    }

    /** {@code [lo, hi] ^ k} for a whole k, {@code k} not negative where the interval holds zero. */
    private static double[] power(double lo, double hi, int k) {
        double a = Powers.pow(lo, k);
        double b = Powers.pow(hi, k);
        // an even power turns at zero
        return new double[] {k != 0 && k % 2 == 0 && lo < 0 && hi > 0 ? 0 : Math.min(a, b), Math.max(a, b)};
    }

    /** {@code x ^ e}: a whole power of any base, any power of a base above zero. */
    private double[] power(double[] x, double[] e, Site site) {
        if (e[0] == e[1] && e[0] == Math.rint(e[0]) && Math.abs(e[0]) <= 1000) {
            int k = (int) e[0];
            if (k == 0) {
                return constant(1);
            }
            if (k < 0 && x[0] <= 0 && x[1] >= 0) {
                return pole(site, x);
            }
            double[] p = power(x[0], x[1], k - 1);
            return unary(x, power(x[0], x[1], k), times(k, k, p[0], p[1])); // (x^k)' = k x^(k-1) x'
        }
        if (!(x[0] > 0 || x[0] == 0 && e[0] > 0)) {
            return constant(Double.NaN); // a fractional power of a base that may be negative, or zero to a power that may not be positive
        }
        double lo = INF;
        double hi = -INF;
        for (double b : new double[] {x[0], x[1]}) {
            for (double p : new double[] {e[0], e[1]}) {
                lo = Math.min(lo, Powers.pow(b, p));
                hi = Math.max(hi, Powers.pow(b, p));
            }
        }
        double[] v = {lo, hi};
        // (x^e)' = x^e (e/x x' + ln(x) e')
        return binary(x, e, v, times(v, times(e, reciprocal(x))), times(v, new double[] {StrictMath.log(x[0]), StrictMath.log(x[1])}));
    }

    /**
     * A built-in over an interval: each is monotone but {@code abs}, whose slope changes sign at
     * zero, and {@code min}/{@code max}, whose derivative is either argument's. One this class
     * does not know leaves its value to the samples.
     */
    private double[] builtin(Nodes.BuiltinCall call, double[][] slots, double[][] frame) {
        Builtin f = call.builtin();
        Node[] args = call.args();
        double[] x = of(args[0], slots, frame);
        if (f == Builtin.ABS) {
            return x[0] >= 0 ? x
                    : x[1] <= 0 ? unary(x, -x[1], -x[0], MINUS_ONE)
                    : unary(x, 0, Math.max(-x[0], x[1]), new double[] {-1, 1});
        }
        if (f == Builtin.MIN || f == Builtin.MAX) {
            double[] m = x;
            for (int i = 1; i < args.length; i++) {
                double[] y = of(args[i], slots, frame);
                double[] next = new double[length];
                for (int k = 0; k < length; k++) {
                    // each end the smaller (or larger) of the two; each derivative either one's
                    boolean lower = k < 2 ? f == Builtin.MIN : k % 2 == 0;
                    next[k] = lower ? Math.min(m[k], y[k]) : Math.max(m[k], y[k]);
                }
                m = next;
            }
            return m;
        }
        if (f == Builtin.FLOOR || f == Builtin.CEIL || f == Builtin.ROUND) {
            double step = 1;
            if (args.length > 1) {
                double[] s = of(args[1], slots, frame);
                step = s[0] == s[1] && s[0] > 0 ? s[0] : Double.NaN;
            }
            // nondecreasing, in steps: its ends are its ends' roundings, its slope only a sign
            return unary(x, Builtins.whole(f, x[0] / step) * step, Builtins.whole(f, x[1] / step) * step, new double[] {0, INF});
        }
        if (f == Builtin.SQRT) {
            return x[0] < 0 ? constant(Double.NaN) // points there are faults, which the samples report
                    : unary(x, Math.sqrt(x[0]), Math.sqrt(x[1]), new double[] {0.5 / Math.sqrt(x[1]), 0.5 / Math.sqrt(x[0])});
        }
        if (f == Builtin.EXP) {
            return unary(x, StrictMath.exp(x[0]), StrictMath.exp(x[1]), new double[] {StrictMath.exp(x[0]), StrictMath.exp(x[1])});
        }
        double per = f == Builtin.LN ? 1 : f == Builtin.LOG2 ? StrictMath.log(2) : f == Builtin.LOG10 ? StrictMath.log(10) : Double.NaN;
        if (f == Builtin.LOG) {
            return arithmetic(BinaryOp.DIV, logarithm(x, 1), logarithm(of(args[1], slots, frame), 1), call.sites()[1]);
        }
        return logarithm(x, per);
    }

    /** {@code ln(x) / per}, its slope 1 / (x per); NaN where x may be zero or less (points there are faults, which the samples report). */
    private double[] logarithm(double[] x, double per) {
        if (!(x[0] > 0)) {
            return constant(Double.NaN);
        }
        return unary(x, StrictMath.log(x[0]) / per, StrictMath.log(x[1]) / per, new double[] {1 / (x[1] * per), 1 / (x[0] * per)});
    }
}
