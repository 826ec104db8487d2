package dev.chain.eval;

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
    /**
     * This program with the input at {@code slot} fixed to {@code value}, its range (if it had one)
     * gone: an input measured in a file, which the explorable page keeps as measured.
     */
    /** As {@link #withInput(int, double)}, a range of {@code band}'s ends where it is one (a fitted input's interval). */
    public Program withInput(int slot, Band band) {
        Program fixed = withInput(slot, band.nominal());
        if (!band.ranged()) {
            return fixed;
        }
        InputRange[] ranges = java.util.Arrays.copyOf(fixed.ranges, fixed.ranges.length + 1);
        ranges[ranges.length - 1] = new InputRange(slot, band.low(), band.high());
        return new Program(fixed.bindings, sites, names, checks, evaluations, evaluationSites, figures, ranges);
    }

    public Program withInput(int slot, double value) {
        Node[] fixed = bindings.clone();
        fixed[slot] = new Nodes.Const(value);
        java.util.List<InputRange> kept = new java.util.ArrayList<>();
        for (InputRange r : ranges) {
            if (r.slot() != slot) {
                kept.add(r);
            }
        }
        return new Program(fixed, sites, names, checks, evaluations, evaluationSites, figures, kept.toArray(new InputRange[0]));
    }

    /** The frame outside any function. */
    static final double[] NO_FRAME = new double[0];

    /**
     * One evaluation: every binding's value by slot, each check's outcome, each value on its own,
     * at the nominal inputs; and with ranged inputs, each value's extremes over their box (else null).
     */
    public record Run(double[] slots, CheckValues[] checks, double[] evaluated, Extremes extremes) implements Values {
        public Run(double[] slots, CheckValues[] checks, double[] evaluated) {
            this(slots, checks, evaluated, null);
        }

        @Override
        public Band band(int slot) {
            return extremes == null ? Band.point(slots[slot]) : extremes.band(slot, slots[slot]);
        }

        @Override
        public CheckValues check(int index) {
            return checks[index];
        }
    }

    /**
     * The extremes of an evaluation over the box of its ranged inputs ({@code box}): of each slot,
     * of each value on its own, and for each check the box's inputs (a bit per input of {@code box})
     * along which its outcome changes between two neighbouring corners.
     */
    public record Extremes(InputRange[] box, double[] lows, double[] highs, double[] evaluatedLows,
                           double[] evaluatedHighs, int[] deciding) {
        /** Slot {@code slot}'s band over the box, around its nominal value {@code nominal}. */
        public Band band(int slot, double nominal) {
            return lows[slot] < highs[slot] ? new Band(nominal, lows[slot], highs[slot]) : Band.point(nominal);
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
        if (Cancellation.requested()) {
            throw new Fault(Fault.Kind.CANCELLED, null); // a figure's points, a box's corners: thousands of runs without a call
        }
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
     * A table's or plot's values at every point, and the checks that fail at some of them; where
     * inputs other than the swept ones are ranges, each value's extremes at each point too (a band
     * along the swept axis), and each check's outcome over their box.
     *
     * @param figure      the figure's index: its axes, the values it shows, its checks
     * @param points      each axis's points, as the checked figure has them ({@code [axis][point]}, base units):
     *                    its own, or for a table's row of modules, that row's alone
     * @param overrides   as for {@link #evaluate}: the inputs set from outside, which hold at every
     *                    point but a swept input's
     * @param set         the ranges set from outside ({@link #box}), or null
     * @param chainChecks whether the chain's own checks are kept too ({@code chain sweep}: what holds
     *                    for the chain's inputs may not hold at other points); they come first
     * A point that cannot be evaluated (a division by zero there) does not stop the others: its
     * values are NaN, which no evaluated value is, and its fault is kept, with the point.
     */
    public Grid sweep(int figure, double[][] points, double[] overrides, InputRange[] set, boolean chainChecks) {
        Figure f = figures[figure].at(points);
        int size = f.size();
        double[] at = new double[bindings.length];
        java.util.Arrays.fill(at, Double.NaN);
        if (overrides != null) {
            System.arraycopy(overrides, 0, at, 0, at.length);
        }
        int own = chainChecks ? checks.length : 0;
        InputRange[] box = boxBeside(f, at, set);
        // Over a box, the figure's checks are the view's own, so that the search finds each one's outcome over it.
        Program view = box.length == 0 ? null : withChecks(f, own);
        List<List<Integer>> failing = new ArrayList<>();
        List<List<Integer>> unsure = new ArrayList<>();
        CheckValues[] first = new CheckValues[own + f.checks().length];
        CheckValues[] firstUnsure = new CheckValues[first.length];
        for (int c = 0; c < first.length; c++) {
            failing.add(new ArrayList<>());
            unsure.add(new ArrayList<>());
        }
        Band[][] values = new Band[size][];
        List<Fault> faults = new ArrayList<>();
        for (int p = 0; p < size; p++) {
            for (int a = 0; a < f.axes().length; a++) {
                at[f.axes()[a]] = f.input(a, p);
            }
            CheckValues[] results = new CheckValues[first.length];
            try {
                Run run;
                if (view == null) {
                    run = evaluate(at);
                    System.arraycopy(run.checks(), 0, results, 0, own);
                    for (int c = 0; c < f.checks().length; c++) {
                        results[own + c] = f.checks()[c].test(run.slots());
                    }
                } else {
                    run = view.evaluate(at, box);
                    System.arraycopy(run.checks(), 0, results, 0, results.length);
                }
                int[] shown = f.shown();
                values[p] = new Band[shown.length];
                for (int v = 0; v < shown.length; v++) {
                    values[p][v] = run.band(shown[v]);
                }
            } catch (Fault e) {
                if (e.kind() == Fault.Kind.CANCELLED) {
                    throw e;
                }
                faults.add(e.atPoint(p));
                values[p] = new Band[f.shown().length];
                java.util.Arrays.fill(values[p], Band.point(Double.NaN)); // no value there, not a range
                continue;
            }
            for (int c = 0; c < results.length; c++) {
                if (results[c].status() == CheckStatus.FAILS) {
                    failing.get(c).add(p);
                    first[c] = first[c] == null ? results[c] : first[c];
                } else if (results[c].status() == CheckStatus.UNCERTAIN) {
                    unsure.get(c).add(p);
                    firstUnsure[c] = firstUnsure[c] == null ? results[c] : firstUnsure[c];
                }
            }
        }
        return new Grid(values, failings(first, failing), failings(firstUnsure, unsure), faults);
    }

    private static List<Failing> failings(CheckValues[] first, List<List<Integer>> points) {
        List<Failing> out = new ArrayList<>();
        for (int c = 0; c < first.length; c++) {
            if (first[c] != null) {
                int[] at = new int[points.get(c).size()];
                for (int i = 0; i < at.length; i++) {
                    at[i] = points.get(c).get(i);
                }
                out.add(new Failing(c, at, first[c]));
            }
        }
        return out;
    }

    /**
     * The ranged inputs of a figure's points ({@code at}, its swept inputs not yet set): those of
     * {@link #box}, but the swept ones, which take each point's value.
     */
    private InputRange[] boxBeside(Figure f, double[] at, InputRange[] set) {
        List<InputRange> out = new ArrayList<>();
        for (InputRange r : box(at, set)) {
            boolean swept = false;
            for (int axis : f.axes()) {
                swept |= axis == r.slot();
            }
            if (!swept) {
                out.add(r);
            }
        }
        return out.toArray(new InputRange[0]);
    }

    /** This program with the checks a figure's points are held to: the chain's first {@code own}, then the figure's. */
    private Program withChecks(Figure f, int own) {
        Check[] all = new Check[own + f.checks().length];
        System.arraycopy(checks, 0, all, 0, own);
        System.arraycopy(f.checks(), 0, all, own, f.checks().length);
        return new Program(bindings, sites, names, all, evaluations, evaluationSites, figures, ranges);
    }

    /**
     * A sweep's values, {@code values[point][shown]} in base units, each with its extremes over the
     * box where other inputs are ranges (a point's band where they are not); the checks
     * that fail at some points, those uncertain at some (and failing at none of those), and the
     * run-time errors met, each at its point, in order (a point's values are then NaN).
     */
    public record Grid(Band[][] values, List<Failing> failures,
                       List<Failing> uncertain, List<Fault> faults) {}

    /**
     * A check that fails (or is uncertain) at some points of a sweep: which ({@code check}: the
     * chain's checks first when they were kept, then the figure's), at which points, and what it
     * found at the first.
     */
    public record Failing(int check, int[] points, CheckValues first) {}

    /**
     * What a figure draws, at the inputs {@code overrides} (and the ranges {@code set}, or null): a
     * roofline's steps at the chain's values {@code slots} (its checks evaluated with them), each
     * step's intensity and rate over the inputs' box where they are ranges; or else a table's or
     * plot's values at every point, with their extremes where other inputs are ranges.
     */
    /**
     * As {@link #figureValues}, a plot's or table's values at other points of its first input
     * ({@code points}, base units; null for its own): where a plot's measured runs were made, each
     * run's expected side.
     */
    public Drawing figureValuesAt(int figure, double[] points, double[] overrides, InputRange[] set, double[] slots) {
        if (points == null) {
            return figureValues(figure, overrides, set, slots);
        }
        Figure[] moved = figures.clone();
        moved[figure] = figures[figure].at(points);
        return new Program(bindings, sites, names, checks, evaluations, evaluationSites, moved, ranges)
                .figureValues(figure, overrides, set, slots);
    }

    public Drawing figureValues(int figure, double[] overrides, InputRange[] set, double[] slots) {
        if (figures[figure].roofline()) {
            figureChecks(figure, slots);
            double[][] steps = steps(figure, slots);
            InputRange[] box = box(overrides, set);
            return box.length == 0 ? new Drawing(Drawing.steps(steps, null, null), null) : stepRanges(figure, overrides, box, steps);
        }
        Grid grid = sweep(figure, figures[figure].points(), overrides, set, false);
        if (!grid.faults().isEmpty()) { // a figure with a point that has no value is not drawn: the page says why
            throw grid.faults().get(0);
        }
        return new Drawing(grid.values(), null);
    }

    /**
     * A figure's values as drawn, in base units, each a band over the box of the ranged inputs (a
     * point's where there are none): a table's or plot's {@code [point][shown]}, or a roofline's
     * {@code [step]} (FLOPs, bytes, time, then its intensity and rate, the two that take ranges);
     * and a roofline's steps at each corner of the inputs' box ({@code corners},
     * {@code [step][corner]{intensity, rate}}), where they move together (a batch's range moves a
     * decode step along the memory roof, not across it), else null.
     */
    public record Drawing(Band[][] bands, double[][][] corners) {
        /** A roofline's step's intensity and rate, after its FLOPs, bytes and time. */
        public static final int INTENSITY = 3;
        public static final int RATE = 4;

        /** Each value's nominal value: {@code values()[point][value]}. */
        public double[][] values() {
            double[][] out = new double[bands.length][];
            for (int p = 0; p < out.length; p++) {
                out[p] = new double[bands[p].length];
                for (int v = 0; v < out[p].length; v++) {
                    out[p][v] = bands[p][v].nominal();
                }
            }
            return out;
        }

        /** A roofline's steps ({@code [step]{FLOPs, bytes, time}}) with each one's intensity and rate, their extremes {@code lows} and {@code highs} ({@code [step]{intensity, rate}}) or null where no input is a range. */
        static Band[][] steps(double[][] steps, double[][] lows, double[][] highs) {
            Band[][] out = new Band[steps.length][];
            for (int i = 0; i < steps.length; i++) {
                double[] s = steps[i];
                double intensity = s[0] / s[1];
                double rate = s[0] / s[2];
                out[i] = new Band[] {Band.point(s[0]), Band.point(s[1]), Band.point(s[2]),
                        lows == null ? Band.point(intensity) : new Band(intensity, lows[i][0], highs[i][0]),
                        lows == null ? Band.point(rate) : new Band(rate, lows[i][1], highs[i][1])};
            }
            return out;
        }
    }

    /**
     * A roofline's steps with each one's intensity (FLOPs / bytes) and rate (FLOPs / time) over the
     * box: the chain evaluated over it with each step's two ratios as values of its own.
     */
    private Drawing stepRanges(int figure, double[] overrides, InputRange[] box, double[][] steps) {
        Figure.Step[] code = figures[figure].steps();
        Node[] ratios = new Node[2 * code.length];
        Site[] at = new Site[ratios.length];
        for (int i = 0; i < code.length; i++) {
            Figure.Step s = code[i];
            ratios[2 * i] = new Nodes.Arithmetic(dev.chain.ast.BinaryOp.DIV, s.flops(), s.bytes(), s.site(), s.site(), null);
            ratios[2 * i + 1] = new Nodes.Arithmetic(dev.chain.ast.BinaryOp.DIV, s.flops(), s.time(), s.site(), s.site(), null);
            at[2 * i] = s.site();
            at[2 * i + 1] = s.site();
        }
        Program view = new Program(bindings, sites, names, new Check[0], ratios, at, figures, ranges);
        Run run = view.evaluate(overrides, box);
        double[][] lows = new double[code.length][];
        double[][] highs = new double[code.length][];
        for (int i = 0; i < code.length; i++) {
            lows[i] = new double[] {run.extremes().evaluatedLows()[2 * i], run.extremes().evaluatedLows()[2 * i + 1]};
            highs[i] = new double[] {run.extremes().evaluatedHighs()[2 * i], run.extremes().evaluatedHighs()[2 * i + 1]};
        }
        // Each step at each corner of the box: where it lies as the inputs move together, which its
        // extremes alone do not say (its lowest intensity and highest rate may be no point of the box).
        int count = 1 << box.length;
        double[][][] corners = new double[code.length][count][];
        double[] point = overrides == null ? new double[bindings.length] : overrides.clone();
        if (overrides == null) {
            java.util.Arrays.fill(point, Double.NaN);
        }
        for (int corner = 0; corner < count; corner++) {
            for (int j = 0; j < box.length; j++) {
                point[box[j].slot()] = (corner & (1 << j)) != 0 ? box[j].high() : box[j].low();
            }
            double[] evaluated = view.evaluate(point).evaluated();
            for (int i = 0; i < code.length; i++) {
                corners[i][corner] = new double[] {evaluated[2 * i], evaluated[2 * i + 1]};
            }
        }
        return new Drawing(Drawing.steps(steps, lows, highs), corners);
    }

    /**
     * The outcomes of a roofline's checks at the inputs {@code overrides}: over the box of the
     * ranged inputs (those of {@link #box} with {@code set}) where there are any.
     */
    public CheckValues[] figureChecks(int figure, double[] overrides, InputRange[] set, double[] slots) {
        InputRange[] box = box(overrides, set);
        if (box.length == 0) {
            return figureChecks(figure, slots);
        }
        return withChecks(figures[figure], 0).evaluate(overrides, box).checks();
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
