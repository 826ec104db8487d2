package dev.chain.session;

import dev.chain.check.BindingInfo;
import dev.chain.check.FigureSpec;
import dev.chain.check.FitSpec;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.Inputs;
import dev.chain.eval.Program;
import dev.chain.eval.FigureValues;
import dev.chain.eval.FittedValues;
import dev.chain.fit.Fit;
import dev.chain.fit.LeastSquares;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code chain fit}: the inputs the runs say. The runs are a plot's {@code observed} line, as
 * {@code chain sweep --runs} makes it ({@link OptionsFigure#runs}), read as a card's are
 * ({@link ObservedRuns#read}), the chain is evaluated at each run's point ({@link FigureValues.Runs#expected}), and the free inputs are moved, within
 * their bounds, until the relative residuals' squares sum to the least ({@link Fit}).
 */
public final class RunsFit {
    private RunsFit() {}

    /** A chain's fits: each one's result by its figure's index, and the inputs they give the chain, each with its origin. */
    public record Fitting(java.util.Map<Integer, FigureRun.Result> results, Inputs inputs, java.util.Map<Integer, dev.chain.eval.Origin> origins) {}

    /**
     * The fits of {@code run}'s chain, each made at the inputs its file gives and its measurements,
     * not at {@code --set}'s: a fit is of the runs as they were measured, and the explorable page,
     * which cannot fit again, shows it so whatever a reader types.
     */
    public static Fitting figures(ChainRun run, FigureRun.Rebinder modules) {
        LoadedChain chain = run.chain();
        Inputs base = run.values().measured();
        java.util.Map<Integer, FigureRun.Result> results = new java.util.HashMap<>();
        Inputs inputs = Inputs.NONE;
        java.util.Map<Integer, dev.chain.eval.Origin> origins = new java.util.HashMap<>();
        EvaluationValues own;
        try {
            own = chain.values(chain.evaluate(base));
        } catch (ChainException e) {
            for (FigureSpec figure : chain.program().figures()) {
                if (!figure.freed().isEmpty()) {
                    results.put(figure.index(), FigureRun.Result.failed(e.diagnostics()));
                }
            }
            return new Fitting(results, inputs, origins);
        }
        FigureRun.Scene scene = new FigureRun.Scene(chain, own, base, null, modules, false);
        for (FigureSpec figure : chain.program().figures()) {
            if (figure.freed().isEmpty()) {
                continue;
            }
            FigureRun.Result result = FigureRun.run(scene, figure);
            results.put(figure.index(), result);
            if (result.drawn()) {
                FittedValues fitted = (FittedValues) result.values(); // a fit's values, as its runner makes them
                FigureSpec.Runs runs = ((FitSpec) figure).plot().runs();
                for (int j = 0; j < fitted.free().size(); j++) {
                    int slot = fitted.free().get(j).slot();
                    inputs = inputs.with(slot, fitted.values()[j], fitted.lows()[j], fitted.highs()[j]);
                    origins.put(slot, new dev.chain.eval.Origin.Fitted(runs.path(), runs.keys().get(0).key().value(), fitted.files().size()));
                }
            }
        }
        return new Fitting(results, inputs, origins);
    }

    /** The most inputs a fit frees: each more needs more runs, and four already need six. */
    public static final int MAX_FREE = FitSpec.MAX_FREE;

    /**
     * What the fit found.
     *
     * @param runs     the runs, sorted by point
     * @param free     the inputs fitted
     * @param fit      the values, intervals, residuals and what to warn of
     * @param fitted   each run's value at the fit, base units
     * @param plot     the chain with the plot of the value over the input, as {@code sweep --runs} makes it, drawn along the runs
     * @param drawn    the plot's values along the runs with each free input the range of its interval (the fitted line and its
     *                 band), and the runs beside them, the chain's values there those of the fit
     * @param warnings what a statistician would say of it, each located in the options
     */
    public record Result(ObservedRuns.Runs runs, List<FitSpec.Free> free, Fit fit, double[] fitted,
                         OptionsFigure.Prepared<FigureSpec.Plot> plot, FigureValues.Points drawn, List<Diagnostic> warnings) {
        /** {@code base} with each input fitted the range of its interval, its nominal value the one fitted: what the chain's values take. */
        public static Inputs at(Inputs base, List<FitSpec.Free> free, Fit fit) {
            Inputs ranged = base;
            for (int j = 0; j < free.size(); j++) {
                ranged = ranged.with(free.get(j).input().slot(), fit.values()[j], fit.lows()[j], fit.highs()[j]);
            }
            return ranged;
        }

        /** The value fitted, as --against names it. */
        public BindingInfo against() {
            return runs.against().get(0);
        }

        /** The numbers to report, the plot drawn with {@code own}'s values. */
        public FittedValues report(dev.chain.eval.Values own) {
            int n = runs.runs().size();
            double[] observed = new double[n];
            for (int i = 0; i < n; i++) {
                observed[i] = runs.runs().get(i).observed()[0];
            }
            // The model's residual, value / observed - 1, is the report's: the fit's error as a share of what was measured.
            return new FittedValues(runs.input(), against(), free.stream().map(FitSpec.Free::input).toList(),
                    fit.values(), fit.lows(), fit.highs(), runs.runs().stream().map(ObservedRuns.Run::file).toList(),
                    runs.points(), observed, fitted, fit.residuals(), fit.heldOut(), plot.figure(), drawn, own);
        }
    }

    /**
     * Fits {@code free} ({@code NAME} or {@code NAME=LO .. HI}) to the runs of {@code paths}, the
     * input read by {@code over}, the value by {@code against}; the chain's other inputs as
     * {@code base} sets them. Null after adding diagnostics ({@code usage[0]} set when the options
     * themselves are wrong).
     */
    public static Result fit(Engine engine, LoadedChain chain, Inputs base, List<String> paths, String over, String against,
                             List<String> free, Diagnostics diagnostics, boolean[] usage) {
        int before = diagnostics.size();
        List<FitSpec.Free> frees = frees(chain, free, diagnostics);
        if (diagnostics.size() > before) {
            usage[0] = true;
            return null;
        }
        OptionsFigure.Prepared<FigureSpec.Plot> plot = OptionsFigure.runs(engine, chain, String.join(",", paths), over, List.of(against),
                null, OptionsFigure.runsTitle(chain.program(), "fitted against observed"), diagnostics);
        if (plot == null) {
            usage[0] = true;
            return null;
        }
        for (FitSpec.Free f : frees) {
            if (f.input().slot() == plot.figure().x().input().slot()) { // the plot's chain is checked again: its bindings are others
                diagnostics.add(Diagnostic.error(f.at(), "`" + f.input().name() + "` is the runs' own input (--over): it cannot be fitted"));
                usage[0] = true;
                return null;
            }
        }
        ObservedRuns.Runs runs = ObservedRuns.read(plot.chain(), plot.figure(), diagnostics);
        if (runs == null) {
            return null;
        }
        return fitted(chain, plot, runs, frees, base, new Span(new SourceFile("--against", against), 0, against.length()), true, diagnostics);
    }

    /**
     * A chain's {@code fit}, made at {@code scene}'s inputs: its runs read beside the chain as a
     * plot's are, its warnings said; null after saying why not.
     */
    public static FittedValues figure(FigureRun.Scene scene, FitSpec spec, Diagnostics said) {
        LoadedChain chain = scene.chain();
        ObservedRuns.Runs runs = ObservedRuns.read(chain, spec.plot(), said);
        if (runs == null) {
            return null;
        }
        Result result = fitted(chain, new OptionsFigure.Prepared<>(chain, spec.plot()), runs, spec.freed(), scene.inputs(),
                spec.plot().runs().decl().span(), false, said);
        if (result == null) {
            return null;
        }
        said.addAll(result.warnings());
        dev.chain.eval.Evaluation at;
        try {
            at = chain.evaluate(Result.at(scene.inputs(), result.free(), result.fit()));
        } catch (ChainException e) {
            e.diagnostics().forEach(said::add);
            return null;
        }
        return result.report(chain.values(at));
    }

    /**
     * The fit of {@code frees} to {@code runs}, {@code plot} the value over the runs' input (the
     * model), the other inputs as {@code base} gives them; {@code option} where to say the chain
     * has no value at the runs. Null after adding diagnostics.
     */
    private static Result fitted(LoadedChain chain, OptionsFigure.Prepared<FigureSpec.Plot> plot, ObservedRuns.Runs runs,
                                 List<FitSpec.Free> frees, Inputs base, Span option, boolean options, Diagnostics diagnostics) {
        int before = diagnostics.size();
        int n = runs.runs().size();
        int k = frees.size();
        if (n < k + 2) {
            diagnostics.add(Diagnostic.error(frees.get(0).at(), n + " run" + (n == 1 ? "" : "s") + " cannot fit " + k + " free input"
                            + (k == 1 ? "" : "s") + ": a fit needs at least " + (k + 2) + " (the free inputs and 2 more, so that its error can be told)")
                    .withHint("add " + (k + 2 - n) + " run" + (k + 2 - n == 1 ? "" : "s") + ", or free fewer inputs"));
            return null;
        }
        double[] xs = runs.points();
        double[] observed = new double[n];
        for (int i = 0; i < n; i++) {
            observed[i] = runs.runs().get(i).observed()[0];
        }
        Model model = new Model(plot, base, frees, xs, observed);
        dev.chain.eval.Evaluation own;
        try {
            own = chain.evaluate(base);
        } catch (ChainException e) {
            e.diagnostics().forEach(diagnostics::add);
            return null;
        }
        double[] start = new double[k];
        double[] low = new double[k];
        double[] high = new double[k];
        for (int j = 0; j < k; j++) {
            FitSpec.Free f = frees.get(j);
            start[j] = own.value(f.input());
            low[j] = f.low();
            high[j] = f.high();
        }
        Fit fit = Fit.of(model, start, low, high);
        if (fit == null) {
            try {
                model.values(start); // says why, located in the chain
            } catch (ChainException e) {
                e.diagnostics().forEach(diagnostics::add);
            }
            if (diagnostics.size() == before) {
                diagnostics.add(Diagnostic.error(option, "the chain has no value at the runs' points"));
            }
            return null;
        }
        double[] fitted = model.values(fit.values());
        FigureSpec.Plot p = plot.figure();
        double[] line = line(xs);
        // Along the runs, on a log axis where they span 16x (as the line's points are spaced).
        FigureSpec.Plot along = new FigureSpec.Plot(p.decl(), new FigureSpec.Axis(p.x().input(), line, p.x().decl()), p.shown(),
                logAxis(xs), p.yLog(), p.yLimits(), p.runs(), p.checks(),
                p.index());
        Inputs at = base;
        for (int j = 0; j < k; j++) {
            at = at.with(frees.get(j).input().slot(), fit.values()[j]);
        }
        Inputs ranged = Result.at(base, frees, fit);
        FigureValues.Points drawn;
        try {
            dev.chain.eval.Program.Drawing band = FigureValues.Runs.expected(plot.chain().code(), along, along.x().points(), ranged);
            FigureValues.Runs measured = runs.measured(FigureValues.Runs.expected(plot.chain().code(), plot.figure(), xs, at));
            drawn = new FigureValues.Points(along.axes(), false, along.shown(), band, List.of(), List.of(), List.of(), List.of(), List.of(), measured);
        } catch (ChainException e) {
            e.diagnostics().forEach(diagnostics::add);
            return null;
        }
        List<Diagnostic> warnings = warnings(chain, runs, frees, fit, model, options);
        return new Result(runs, frees, fit, fitted, new OptionsFigure.Prepared<>(plot.chain(), along), drawn, warnings);
    }

    /** The points the fitted line is drawn at: 64 from the first run's to the last's, evenly on a log axis where the runs span 16x. */
    private static double[] line(double[] xs) {
        double first = xs[0];
        double last = xs[xs.length - 1];
        if (first == last) {
            return new double[] {first};
        }
        boolean log = logAxis(xs);
        double[] line = new double[64];
        for (int i = 0; i < line.length; i++) {
            double t = i / (double) (line.length - 1);
            line[i] = log ? first * Math.pow(last / first, t) : first + (last - first) * t;
        }
        line[0] = first;
        line[line.length - 1] = last;
        return line;
    }

    /** Whether the runs span 16x or more, from above zero: their line is spaced, and drawn, on a log axis. */
    private static boolean logAxis(double[] xs) {
        return xs[0] > 0 && xs[xs.length - 1] / xs[0] >= 16;
    }

    /** The chain's value at each run's point with the free inputs at {@code p}: the residual is its ratio to the observed, less 1. */
    private static final class Model implements LeastSquares.Residuals {
        private final OptionsFigure.Prepared<FigureSpec.Plot> plot;
        private final Inputs base;
        private final List<FitSpec.Free> frees;
        private final double[] xs;
        private final double[] observed;

        Model(OptionsFigure.Prepared<FigureSpec.Plot> plot, Inputs base, List<FitSpec.Free> frees, double[] xs, double[] observed) {
            this.plot = plot;
            this.base = base;
            this.frees = frees;
            this.xs = xs;
            this.observed = observed;
        }

        /** The value at each of {@code points} with the free inputs at {@code p}. */
        double[] values(double[] p, double[] points) {
            Inputs in = base;
            for (int j = 0; j < p.length; j++) {
                in = in.with(frees.get(j).input().slot(), p[j]);
            }
            Program.Drawing d = FigureValues.Runs.expected(plot.chain().code(), plot.figure(), points, in);
            double[] out = new double[points.length];
            int shown = plot.figure().shown().size() - 1; // the value fitted: the plot's last, or its only, value shown
            for (int i = 0; i < points.length; i++) {
                out[i] = d.values()[i][shown];
            }
            return out;
        }

        double[] values(double[] p) {
            return values(p, xs);
        }

        @Override
        public double[] at(double[] p) {
            double[] r = new double[xs.length];
            try {
                double[] v = values(p);
                for (int i = 0; i < r.length; i++) {
                    r[i] = v[i] / observed[i] - 1;
                }
            } catch (ChainException e) {
                java.util.Arrays.fill(r, Double.NaN);
            }
            return r;
        }
    }

    /** Each {@code --free NAME} or {@code --free 'NAME=LO .. HI'}: the input and its bounds (the range given, or else its own). */
    private static List<FitSpec.Free> frees(LoadedChain chain, List<String> free, Diagnostics diagnostics) {
        List<FitSpec.Free> out = new ArrayList<>();
        if (free.size() > MAX_FREE) {
            diagnostics.add(Diagnostic.error(null, "--free is given " + free.size() + " times: a fit frees at most " + MAX_FREE + " inputs"));
            return out;
        }
        for (String f : free) {
            int eq = f.indexOf('=');
            String name = (eq < 0 ? f : f.substring(0, eq)).trim();
            SourceFile source = new SourceFile("--free", f);
            int at = f.indexOf(name);
            Span span = new Span(source, Math.max(0, at), Math.max(0, at) + name.length());
            if (!chain.hasInput(name) || chain.program().binding(name) == null) {
                Inputs unused = chain.overrides("--free", List.of(name + "=0"), false, diagnostics); // says why, as --set does
                if (unused != null) {
                    diagnostics.add(Diagnostic.error(span, "`" + name + "` is no input of the chain's that can be fitted"));
                }
                continue;
            }
            BindingInfo input = chain.program().binding(name);
            for (FitSpec.Free seen : out) {
                if (seen.input() == input) {
                    diagnostics.add(Diagnostic.error(span, "`" + name + "` is freed twice"));
                }
            }
            double low;
            double high;
            if (eq >= 0) {
                Inputs given = chain.overrides("--free", List.of(f), false, diagnostics);
                if (given == null) {
                    continue;
                }
                dev.chain.eval.InputRange range = given.range(input.slot());
                if (range == null) {
                    diagnostics.add(Diagnostic.error(new Span(source, eq + 1, f.length()), "--free " + name + " takes a range to fit within, not one value")
                            .withHint("give its bounds, as --free '" + name + "=LO .. HI'"));
                    continue;
                }
                low = range.low();
                high = range.high();
            } else if (input.range() != null) {
                low = input.range().low();
                high = input.range().high();
            } else {
                diagnostics.add(Diagnostic.error(span, "`" + name + "` has no range to fit within: the chain gives it one value")
                        .withHint("give its bounds, as --free '" + name + "=LO .. HI', or write it as a range in the chain"));
                continue;
            }
            if (!(high > low)) {
                diagnostics.add(Diagnostic.error(span, "`" + name + "`'s range is one value: there is nothing to fit"));
                continue;
            }
            out.add(new FitSpec.Free(input, low, high, span));
        }
        return out;
    }

    /** Two inputs the runs cannot tell apart, an input no run depends on, a value on its bound: each a warning at its --free. */
    private static List<Diagnostic> warnings(LoadedChain chain, ObservedRuns.Runs runs, List<FitSpec.Free> frees, Fit fit, Model model,
                                             boolean options) {
        // What to change is said as the user wrote the fit: its options, or its lines in the chain.
        String fix = options ? "fix one of them with --set" : "give one of them a value in the chain";
        List<Diagnostic> warnings = new ArrayList<>();
        BindingInfo input = runs.input();
        for (int[] pair : fit.tangled()) {
            FitSpec.Free a = frees.get(pair[0]);
            FitSpec.Free b = frees.get(pair[1]);
            String separate = separatingRun(chain, input, fit, model, pair, fix);
            warnings.add(warning(b.at(), "the runs cannot tell `" + a.input().name() + "` from `" + b.input().name()
                            + "`: they move " + runs.against().get(0).name() + " alike at every run, so only a mix of the two is fitted")
                    .withLabel(a.at(), "the other")
                    .withHint(separate));
        }
        if (fit.singular() && fit.tangled().isEmpty() && fit.flat().isEmpty()) {
            // No two alike, yet together they are: three inputs where one is a mix of the others
            // along the runs (an efficiency over bytes linear in batch, an overhead and a context).
            List<String> names = frees.stream().map(f -> "`" + f.input().name() + "`").toList();
            warnings.add(warning(frees.get(0).at(), "the runs cannot tell " + String.join(", ", names.subList(0, names.size() - 1))
                            + " and " + names.get(names.size() - 1) + " apart together: a mix of them moves "
                            + runs.against().get(0).name() + " not at all at any run, so the values fitted are one choice among many"
                            + " and each interval is its bounds")
                    .withHint(fix + ", or free fewer"));
        }
        for (int p : fit.flat()) {
            FitSpec.Free f = frees.get(p);
            warnings.add(warning(f.at(), "no run depends on `" + f.input().name() + "`: "
                    + runs.against().get(0).name() + " is the same whatever its value").withHint((options ? "fix it with --set" : "give it a value in the chain, not freed") + ", or fit a value that depends on it"));
        }
        for (int p = 0; p < frees.size(); p++) {
            if (fit.onBound()[p]) {
                FitSpec.Free f = frees.get(p);
                boolean atLow = fit.values()[p] - f.low() <= f.high() - fit.values()[p];
                warnings.add(warning(f.at(), "`" + f.input().name() + "` is fitted to its " + (atLow ? "lower" : "upper")
                                + " bound, " + text(chain, f.input(), atLow ? f.low() : f.high())
                                + ": the runs would put it past it, and its interval is cut there")
                        .withHint("widen its range (" + (options ? "--free '" + f.input().name() + "=LO .. HI'" : "for " + f.input().name() + " in LO .. HI")
                                + ") if the value past it is possible, or look for what the chain leaves out"));
            }
        }
        return warnings;
    }

    /**
     * The run that would tell the pair apart: of a few points beyond the runs' (a quarter and half
     * the least, twice and four times the greatest, 1 for a count), the one whose derivatives are
     * least alike, if adding it makes them tell apart; else that no run along the input does.
     */
    private static String separatingRun(LoadedChain chain, BindingInfo input, Fit fit, Model model, int[] pair, String fix) {
        double least = model.xs[0];
        double most = model.xs[model.xs.length - 1];
        List<Double> candidates = new ArrayList<>();
        if (input.dimension().isNone() && least > 1) {
            candidates.add(1.0);
        }
        for (double c : new double[] {least / 4, least / 2, most * 2, most * 4}) {
            if (c > 0 && !candidates.contains(c)) {
                candidates.add(c);
            }
        }
        double bestCosine = Fit.TANGLED;
        double best = Double.NaN;
        for (double c : candidates) {
            double[] row = derivatives(model, fit.values(), pair, c);
            if (row == null) {
                continue;
            }
            double[][] more = java.util.Arrays.copyOf(fit.jacobian(), fit.jacobian().length + 1);
            double[] full = new double[fit.values().length];
            full[pair[0]] = row[0];
            full[pair[1]] = row[1];
            more[more.length - 1] = full;
            double cos = Math.abs(Fit.cosine(more, pair[0], pair[1]));
            if (c == 1.0 && cos < Fit.TANGLED) { // a run at batch 1, the cheapest to make and the least alike, whenever it tells them apart
                best = c;
                break;
            }
            if (cos < bestCosine - 1e-9) {
                bestCosine = cos;
                best = c;
            }
        }
        if (Double.isNaN(best)) {
            return "no run along " + input.name() + " tells them apart: the chain uses them only together (as a product or a sum);"
                    + " " + fix.replace("one of them", "one") + ", or free one of them";
        }
        return "add a run at " + input.name() + " " + text(chain, input, best);
    }

    /** The relative derivatives of the value at {@code x} by the pair's inputs, at the fit; null where it has no value. */
    private static double[] derivatives(Model model, double[] p, int[] pair, double x) {
        try {
            double v = model.values(p, new double[] {x})[0];
            double[] out = new double[2];
            for (int i = 0; i < 2; i++) {
                double[] moved = p.clone();
                double h = Math.max(Math.abs(p[pair[i]]) * 1e-6, 1e-12);
                moved[pair[i]] += h;
                out[i] = (model.values(moved, new double[] {x})[0] - v) / v / h;
            }
            return Double.isFinite(out[0]) && Double.isFinite(out[1]) ? out : null;
        } catch (ChainException e) {
            return null;
        }
    }

    private static Diagnostic warning(Span at, String message) {
        return Diagnostic.error(at, message).asWarning();
    }

    private static String text(LoadedChain chain, BindingInfo b, double si) {
        return chain.formatter().format(si, b.dimension(), b.display(), b.format()).text();
    }
}
