package dev.chain.eval;

import dev.chain.ast.FigureKind;
import java.util.ArrayList;
import java.util.List;

/**
 * A chain compiled, as data: the code of each binding by slot (null for a text binding), its
 * checks, its values evaluated on their own (a REPL line, {@code chain eval}) and its figures. This
 * is the one evaluator: the command line runs it ({@link CompiledProgram} around it), and so does
 * the explorable page, which the renderer gives the same records and TeaVM the same code.
 *
 * @param sites where each binding's value is written, for an error there
 * @param names each binding's name, for an error's message
 */
public record Program(Node[] bindings, Site[] sites, String[] names, Check[] checks, Node[] evaluations,
                      Site[] evaluationSites, Figure[] figures, InputRange[] ranges) {
    /** The frame outside any function. */
    static final double[] NO_FRAME = new double[0];

    /**
     * One evaluation: every binding's value by slot, each check's outcome, each value on its own,
     * at the nominal inputs; and with ranged inputs, each value's extremes over their box (else null).
     */
    public record Run(double[] slots, CheckValues[] checks, double[] evaluated, Extremes extremes) {
        public Run(double[] slots, CheckValues[] checks, double[] evaluated) {
            this(slots, checks, evaluated, null);
        }

        /** The lowest value of slot {@code slot} over the box; NaN where the slot is no range. */
        public double low(int slot) {
            return extremes == null || !extremes.ranged(slot) ? Double.NaN : extremes.lows()[slot];
        }

        /** The highest value of slot {@code slot} over the box; NaN where the slot is no range. */
        public double high(int slot) {
            return extremes == null || !extremes.ranged(slot) ? Double.NaN : extremes.highs()[slot];
        }
    }

    /**
     * The extremes of an evaluation over the box of its ranged inputs ({@code box}): of each slot,
     * of each value on its own, and for each check the box's inputs (a bit per input of {@code box})
     * along which its outcome changes between two neighbouring corners.
     */
    public record Extremes(InputRange[] box, double[] lows, double[] highs, double[] evaluatedLows,
                           double[] evaluatedHighs, int[] deciding) {
        /** Whether slot {@code slot} takes more than one value over the box. */
        public boolean ranged(int slot) {
            return lows[slot] < highs[slot];
        }
    }

    /**
     * The ranged inputs of an evaluation: the chain's own ranges, but those of inputs set from
     * outside ({@code overrides}, NaN for none), and the ranges set ({@code set}, or null); only
     * those whose ends differ. A set range's nominal value is its entry in {@code overrides}.
     */
    public InputRange[] box(double[] overrides, InputRange[] set) {
        List<InputRange> box = new ArrayList<>();
        for (InputRange r : ranges) {
            if ((overrides == null || Double.isNaN(overrides[r.slot()])) && r.low() < r.high()) {
                box.add(r);
            }
        }
        if (set != null) {
            for (InputRange r : set) {
                if (r.low() < r.high()) {
                    box.add(r);
                }
            }
        }
        return box.toArray(new InputRange[0]);
    }

    /**
     * Evaluates the chain at its nominal inputs and, where {@code box} has ranged inputs, over their
     * box ({@link BoxSearch}): each value's extremes, and each check's outcome over the box. Without
     * a range this is {@link #evaluate(double[])}, and costs nothing more.
     *
     * @param overrides as for {@link #evaluate(double[])}; a ranged input set from outside has its
     *                  nominal value here
     * @param box       the ranged inputs ({@link #box}), at most {@link BoxSearch#MAX_RANGES}
     */
    public Run evaluate(double[] overrides, InputRange[] box) {
        if (box.length == 0) {
            return evaluate(overrides);
        }
        return BoxSearch.run(this, overrides, box);
    }

    /**
     * Evaluates every binding in order, then every check and value on its own.
     *
     * @param overrides by slot, a value (base units) that replaces that input's own, or NaN for none;
     *                  null for no overrides at all
     * @throws Fault for a run-time error: a division by zero, an overflow
     */
    public Run evaluate(double[] overrides) {
        double[] slots = new double[bindings.length];
        for (int i = 0; i < bindings.length; i++) {
            if (overrides != null && !Double.isNaN(overrides[i])) {
                slots[i] = overrides[i];
            } else if (bindings[i] != null) {
                slots[i] = finite(bindings[i].run(slots, NO_FRAME), i);
            }
        }
        CheckValues[] outcomes = new CheckValues[checks.length];
        for (int i = 0; i < checks.length; i++) {
            outcomes[i] = checks[i].test(slots);
        }
        double[] evaluated = new double[evaluations.length];
        for (int i = 0; i < evaluations.length; i++) {
            double v = evaluations[i].run(slots, NO_FRAME);
            if (!Double.isFinite(v)) {
                throw new Fault(Fault.Kind.NOT_FINITE, evaluationSites[i], v, "the result");
            }
            evaluated[i] = v;
        }
        return new Run(slots, outcomes, evaluated);
    }

    /** One binding given the values of those above it: the REPL's {@code :step}. NaN for one with no code. */
    public double evaluateBinding(int slot, double[] slots) {
        return bindings[slot] == null ? Double.NaN : finite(bindings[slot].run(slots, NO_FRAME), slot);
    }

    private double finite(double v, int slot) {
        if (!Double.isFinite(v)) {
            throw new Fault(Fault.Kind.NOT_FINITE, sites[slot], v, "the value of `" + names[slot] + "`");
        }
        return v;
    }

    /**
     * A table's or plot's values at every point, and the checks that fail at some of them.
     *
     * @param figure      the figure's index: its axes, the values it shows, its checks
     * @param overrides   as for {@link #evaluate}: the inputs set from outside, which hold at every
     *                    point but a swept input's
     * @param chainChecks whether the chain's own checks are kept too ({@code chain sweep}: what holds
     *                    for the chain's inputs may not hold at other points); they come first
     * A point that cannot be evaluated (a division by zero there) does not stop the others: its
     * values are NaN, which no evaluated value is, and its fault is kept, with the point.
     */
    public Grid sweep(int figure, double[] overrides, boolean chainChecks) {
        Figure f = figures[figure];
        int size = f.size();
        double[] at = new double[bindings.length];
        java.util.Arrays.fill(at, Double.NaN);
        if (overrides != null) {
            System.arraycopy(overrides, 0, at, 0, at.length);
        }
        int own = chainChecks ? checks.length : 0;
        List<List<Integer>> failing = new ArrayList<>();
        CheckValues[] first = new CheckValues[own + f.checks().length];
        for (int c = 0; c < first.length; c++) {
            failing.add(new ArrayList<>());
        }
        double[][] values = new double[size][];
        List<Fault> faults = new ArrayList<>();
        for (int p = 0; p < size; p++) {
            for (int a = 0; a < f.axes().length; a++) {
                at[f.axes()[a]] = f.input(a, p);
            }
            CheckValues[] results = new CheckValues[first.length];
            try {
                Run run = evaluate(at);
                System.arraycopy(run.checks(), 0, results, 0, own);
                for (int c = 0; c < f.checks().length; c++) {
                    results[own + c] = f.checks()[c].test(run.slots());
                }
                double[] row = new double[f.shown().length];
                for (int v = 0; v < row.length; v++) {
                    row[v] = run.slots()[f.shown()[v]];
                }
                values[p] = row;
            } catch (Fault e) {
                if (e.kind() == Fault.Kind.CANCELLED) {
                    throw e;
                }
                faults.add(e.atPoint(p));
                values[p] = new double[f.shown().length];
                java.util.Arrays.fill(values[p], Double.NaN);
                continue;
            }
            for (int c = 0; c < results.length; c++) {
                if (!results[c].passed()) {
                    failing.get(c).add(p);
                    if (first[c] == null) {
                        first[c] = results[c];
                    }
                }
            }
        }
        List<Failing> failures = new ArrayList<>();
        for (int c = 0; c < first.length; c++) {
            if (first[c] != null) {
                int[] points = new int[failing.get(c).size()];
                for (int i = 0; i < points.length; i++) {
                    points[i] = failing.get(c).get(i);
                }
                failures.add(new Failing(c, points, first[c]));
            }
        }
        return new Grid(values, failures, faults);
    }

    /**
     * A sweep's values, {@code values[point][shown]} in base units, the checks that fail at some
     * points, and the run-time errors met, each at its point, in order (a point's values are then NaN).
     */
    public record Grid(double[][] values, List<Failing> failures, List<Fault> faults) {}

    /**
     * A check that fails at some points of a sweep: which ({@code check}: the chain's checks first
     * when they were kept, then the figure's), at which points, and what it found at the first.
     */
    public record Failing(int check, int[] points, CheckValues first) {}

    /**
     * What a figure draws: a roofline's steps at the chain's values {@code slots} (its checks
     * evaluated with them), or else a table's or plot's values at every point.
     */
    public double[][] figureValues(int figure, double[] overrides, double[] slots) {
        if (figures[figure].kind() == FigureKind.ROOFLINE) {
            figureChecks(figure, slots);
            return steps(figure, slots);
        }
        Grid grid = sweep(figure, overrides, false);
        if (!grid.faults().isEmpty()) { // a figure with a point that has no value is not drawn: the page says why
            throw grid.faults().get(0);
        }
        return grid.values();
    }

    /** The outcomes of a figure's checks at one point, given its values. */
    public CheckValues[] figureChecks(int figure, double[] slots) {
        Check[] code = figures[figure].checks();
        CheckValues[] results = new CheckValues[code.length];
        for (int i = 0; i < code.length; i++) {
            results[i] = code[i].test(slots);
        }
        return results;
    }

    /**
     * A roofline's steps at these values: each one's FLOPs, bytes and time, in base units. A
     * roofline's axes are logarithmic: a step sits on it only with work, traffic and time.
     */
    public double[][] steps(int figure, double[] slots) {
        Figure.Step[] steps = figures[figure].steps();
        double[][] out = new double[steps.length][];
        for (int i = 0; i < steps.length; i++) {
            Figure.Step step = steps[i];
            double flops = step.flops().run(slots, NO_FRAME);
            double bytes = step.bytes().run(slots, NO_FRAME);
            if (!Double.isFinite(flops) || !Double.isFinite(bytes)) {
                throw new Fault(Fault.Kind.NOT_FINITE, step.site(), Double.isFinite(flops) ? bytes : flops, "a side of this step");
            }
            double time = step.time().run(slots, NO_FRAME);
            if (!(flops > 0) || !(bytes > 0) || !(time > 0)) {
                String what = !(flops > 0) ? "does no work (its FLOPs are not above zero)"
                        : !(bytes > 0) ? "moves no bytes (its traffic is not above zero)" : "takes no time";
                throw new Fault(Fault.Kind.OFF_ROOFLINE, step.site(), Double.NaN,
                        "the step `" + step.name() + "` " + what + ", so it has no place on a roofline");
            }
            out[i] = new double[] {flops, bytes, time};
        }
        return out;
    }
}
