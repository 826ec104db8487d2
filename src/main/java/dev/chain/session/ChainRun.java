package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.CheckResult;
import dev.chain.eval.Evaluation;
import dev.chain.eval.Origin;
import dev.chain.eval.Inputs;
import dev.chain.eval.FigureValues;
import dev.chain.render.CheckText;
import dev.chain.render.BindingValues;
import dev.chain.source.SourceFile;
import dev.chain.units.QuantityFormatter;
import java.util.List;

/**
 * One chain taken through the whole pipeline, with {@code --set} overrides: what {@code check},
 * {@code run} and {@code render} all start from. Failed checks become diagnostics like any error.
 * {@code program} is the checked program even when the chain has errors (and {@code chain} is
 * null): its names and dimensions as far as they checked, which an editor answers from;
 * {@code figures}, each of its figures evaluated ({@link FigureRun}); {@code inputs}, the inputs
 * it was evaluated at (set and measured; null where it was not).
 */
public record ChainRun(SourceFile source, LoadedChain chain, Evaluation evaluation, List<Diagnostic> diagnostics,
                       Status status, CheckedProgram program, List<FigureValues> figures,
                       java.util.Map<Integer, Origin> origins, Inputs inputs) {

    public ChainRun(SourceFile source, LoadedChain chain, Evaluation evaluation, List<Diagnostic> diagnostics, Status status,
                    CheckedProgram program) {
        this(source, chain, evaluation, diagnostics, status, program, List.of(), java.util.Map.of(), null);
    }

    public enum Status {
        /** Everything checked and every check holds. */
        OK,
        /** The file has errors (syntax, dimensions, a run-time error); nothing was evaluated, or not all. */
        ERRORS,
        /** The file is fine but a check does not hold. */
        CHECK_FAILED,
        /** A --set option names no input or gives a value that does not fit it. */
        BAD_OVERRIDE
    }

    public static ChainRun execute(Engine engine, SourceFile source, List<String> overrides) {
        return execute(engine, source, overrides, false);
    }

    /** As above; with {@code skipUnknownOverrides}, --set names this chain lacks are ignored (a card of many chains). */
    public static ChainRun execute(Engine engine, SourceFile source, List<String> overrides, boolean skipUnknownOverrides) {
        return execute(engine, Parsed.of(source), overrides, List.of(), skipUnknownOverrides);
    }

    /** As above, for one file parsed already, with {@code --observe NAME=FILE#KEY} options. */
    public static ChainRun execute(Engine engine, Parsed parsed, List<String> overrides, List<String> observe,
                                   boolean skipUnknownOverrides) {
        return execute(engine, parsed, overrides, observe, skipUnknownOverrides, List.of());
    }

    /**
     * As above, with {@code bound} as well as the modules --set binds (one alternative of the
     * modules an explorable page offers), and with the values measured in benchmark files: the
     * chain's own {@code @observed} sources and {@code observe}'s, which replace them
     * ({@link Observations}). Then each of its figures, evaluated ({@link FigureRun}).
     */
    public static ChainRun execute(Engine engine, Parsed parsed, List<String> overrides, List<String> observe,
                                   boolean skipUnknownOverrides, List<ModuleChoice.Binding> bound) {
        Checked checked = checked(engine, parsed, overrides, bound);
        if (checked.failed() != null) {
            return checked.failed();
        }
        ChainRun run = checked.evaluated(engine, overrides, observe, skipUnknownOverrides, Inputs.NONE, java.util.Map.of());
        if (run.evaluation() == null || run.chain().program().figures().isEmpty()) {
            return run;
        }
        java.util.Map<Integer, FigureRun.Result> fits = java.util.Map.of();
        if (fits(run.chain().program())) {
            // Its fits first, at the inputs its file gives: every value of the chain then takes each input fitted (RunsFit).
            RunsFit.Fitting fitting = RunsFit.figures(run, rebinder(engine, parsed, overrides, List.of(), skipUnknownOverrides));
            fits = fitting.results();
            if (!fitting.origins().isEmpty()) {
                run = checked.evaluated(engine, overrides, observe, skipUnknownOverrides, fitting.inputs(), fitting.origins());
                if (run.evaluation() == null) {
                    return run;
                }
            }
        }
        Diagnostics diagnostics = new Diagnostics();
        diagnostics.addAll(run.diagnostics());
        // The inputs the file gives, where --set moved them: a roofline keeps the chain's own steps marked there.
        boolean set = run.origins().containsValue(Origin.SET);
        EvaluationValues values = run.values();
        FigureRun.Scene scene = new FigureRun.Scene(run.chain(), values, run.inputs(), set ? values.measured() : null,
                rebinder(engine, parsed, overrides, List.of(), skipUnknownOverrides), false);
        List<FigureValues> drawn = new java.util.ArrayList<>();
        boolean failed = false;
        for (dev.chain.check.FigureSpec figure : run.chain().program().figures()) {
            FigureRun.Result result = fits.containsKey(figure.index()) ? fits.get(figure.index()) : FigureRun.run(scene, figure);
            diagnostics.addAll(result.diagnostics()); // and the next figure is still evaluated
            if (result.drawn()) {
                drawn.add(result.values());
            } else {
                failed = true;
            }
        }
        Status status = failed ? Status.ERRORS : diagnostics.hasErrors() ? Status.CHECK_FAILED : Status.OK;
        return new ChainRun(run.source(), run.chain(), run.evaluation(), diagnostics.all(), status, run.program(),
                failed ? List.of() : List.copyOf(drawn), run.origins(), run.inputs());
    }

    /** Whether a figure of the chain is a fit: only then are the fit's classes loaded. */
    private static boolean fits(CheckedProgram program) {
        for (dev.chain.check.FigureSpec figure : program.figures()) {
            if (!figure.freed().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * How a table over modules of this chain binds each ({@link FigureRun.Rebinder}): the chain run
     * again with its aliases bound to them, its figures not evaluated.
     */
    public static FigureRun.Rebinder rebinder(Engine engine, Parsed parsed, List<String> overrides, List<String> observe,
                                              boolean skipUnknownOverrides) {
        return new Rebinding(engine, parsed, overrides, observe, skipUnknownOverrides);
    }

    /** A class, not a lambda: check's path links no lambda (StartupClassesTest). */
    private record Rebinding(Engine engine, Parsed parsed, List<String> overrides, List<String> observe, boolean skip)
            implements FigureRun.Rebinder {
        @Override
        public ChainRun bind(List<ModuleChoice.Binding> modules) {
            return evaluated(engine, parsed, overrides, observe, skip, modules, Inputs.NONE, java.util.Map.of());
        }
    }

    /**
     * The chain checked and evaluated, and its checks' outcomes said; its figures not yet evaluated.
     * {@code fitted}: the inputs its fits gave, each with its origin, where {@code --set} does not set it.
     */
    private static ChainRun evaluated(Engine engine, Parsed parsed, List<String> overrides, List<String> observe,
                                      boolean skipUnknownOverrides, List<ModuleChoice.Binding> bound, Inputs fitted,
                                      java.util.Map<Integer, Origin> fittedOrigins) {
        Checked checked = checked(engine, parsed, overrides, bound);
        return checked.failed() != null ? checked.failed() : checked.evaluated(engine, overrides, observe, skipUnknownOverrides, fitted,
                fittedOrigins);
    }

    /** The chain checked (bound to modules), and what checking it said; or the run that stops there ({@code failed}). */
    private record Checked(ChainRun failed, SourceFile source, LoadedChain chain, CheckedProgram program, List<Diagnostic> said) {
        /** Evaluated, with {@code fitted} inputs, and its checks' outcomes said. */
        ChainRun evaluated(Engine engine, List<String> overrides, List<String> observe, boolean skipUnknownOverrides, Inputs fitted,
                           java.util.Map<Integer, Origin> fittedOrigins) {
            Diagnostics diagnostics = new Diagnostics();
            diagnostics.addAll(said);
            return ChainRun.evaluated(engine, source, chain, program, diagnostics, overrides, observe, skipUnknownOverrides, fitted,
                    fittedOrigins);
        }
    }

    private static Checked checked(Engine engine, Parsed parsed, List<String> overrides, List<ModuleChoice.Binding> bound) {
        SourceFile source = parsed.source();
        Diagnostics diagnostics = new Diagnostics();
        Diagnostics checking = new Diagnostics();
        Engine.Checked checked = engine.check(parsed, checking);
        CheckedProgram program = checked.program();
        LoadedChain chain = checked.chain();
        // --set gpu=b200: the chain checked and compiled again with its `use ... as gpu` naming b200,
        // whose diagnostics (a warning the first check gave too) stand for the first check's.
        List<ModuleChoice.Binding> modules = chain == null ? List.of() : ModuleChoice.of(program, overrides, "--set");
        if (chain != null && !bound.isEmpty()) {
            modules = new java.util.ArrayList<>(modules);
            modules.addAll(bound);
        }
        if (modules.isEmpty()) {
            diagnostics.addAll(checking);
        }
        if (chain == null) {
            return new Checked(new ChainRun(source, null, null, diagnostics.all(), Status.ERRORS, program), source, null, program, null);
        }
        if (!modules.isEmpty()) {
            ChainFile rebound = ModuleChoice.rebound(engine, program, modules, diagnostics);
            if (rebound == null) {
                return new Checked(new ChainRun(source, chain, null, diagnostics.all(), Status.BAD_OVERRIDE, program), source, chain,
                        program, null);
            }
            Diagnostics found = new Diagnostics();
            checked = engine.check(new Parsed(rebound, new Diagnostics()), found);
            diagnostics.addAll(ModuleChoice.explained(found.all(), modules, program));
            program = checked.program();
            chain = checked.chain();
            if (chain == null) {
                return new Checked(new ChainRun(source, null, null, diagnostics.all(), Status.ERRORS, program), source, null, program, null);
            }
        }
        return new Checked(null, source, chain, program, diagnostics.all());
    }

    private static ChainRun evaluated(Engine engine, SourceFile source, LoadedChain chain, CheckedProgram program, Diagnostics diagnostics,
                                      List<String> overrides, List<String> observe, boolean skipUnknownOverrides, Inputs fitted,
                                      java.util.Map<Integer, Origin> fittedOrigins) {
        Inputs values = chain.overrides(overrides, skipUnknownOverrides, diagnostics);
        if (values == null) {
            return new ChainRun(source, chain, null, diagnostics.all(), Status.BAD_OVERRIDE, program);
        }
        // Measured inputs: with many chains, an --observe is for the chains that have its input.
        List<String> observing = observe;
        if (skipUnknownOverrides && !observe.isEmpty()) {
            LoadedChain loaded = chain;
            observing = observe.stream().filter(o -> Observations.name(o) == null || loaded.hasInput(Observations.name(o))).toList();
        }
        Observations.Bound observed = Observations.bind(chain, source, observing, overrides, diagnostics);
        if (observed.bySlot() == null) {
            return new ChainRun(source, chain, null, diagnostics.all(), observed.usage() ? Status.BAD_OVERRIDE : Status.ERRORS, program);
        }
        values = values.with(observed.inputs());
        java.util.Map<Integer, Origin> origins = new java.util.HashMap<>(observed.bySlot());
        for (java.util.Map.Entry<Integer, Origin> f : fittedOrigins.entrySet()) {
            int slot = f.getKey();
            if (!values.values().containsKey(slot)) { // a --set of a fitted input wins, as over a measured one
                dev.chain.eval.InputRange range = fitted.range(slot);
                values = values.with(slot, fitted.values().get(slot), range.low(), range.high());
                origins.put(slot, f.getValue());
            }
        }
        for (Integer slot : values.values().keySet()) {
            origins.putIfAbsent(slot, Origin.SET); // set from outside, where not measured
        }
        Evaluation evaluation;
        try {
            evaluation = chain.evaluate(values);
        } catch (ChainException e) {
            diagnostics.addAll(e.diagnostics());
            return new ChainRun(source, chain, null, diagnostics.all(), Status.ERRORS, program);
        }
        ChainRun partial = new ChainRun(source, chain, evaluation, List.of(), Status.OK, program, List.of(), origins, values);
        CheckText text = new CheckText(chain.program(), partial.values());
        for (CheckResult r : evaluation.checks()) {
            if (r.status() == dev.chain.eval.CheckStatus.FAILS) {
                diagnostics.add(text.failure(r));
            } else if (r.status() == dev.chain.eval.CheckStatus.UNCERTAIN) {
                // Holds for some of the ranges' values: a warning that says which inputs decide it, and where.
                dev.chain.eval.Program.Extremes extremes = evaluation.extremes();
                try {
                    diagnostics.add(text.uncertain(r, extremes.box(), extremes.deciding()[r.check().index()],
                            chain.code().boundaries(values, r.check())));
                } catch (ChainException e) {
                    diagnostics.addAll(e.diagnostics());
                }
            }
        }
        if (declaresMistakes(chain.program())) {
            mistakes(engine, chain, diagnostics);
        }
        Status status = diagnostics.hasErrors() ? Status.CHECK_FAILED : Status.OK;
        return new ChainRun(source, chain, evaluation, diagnostics.all(), status, program, List.of(), origins, values);
    }

    /** Whether a binding of the chain has a {@code @mistake}: only then are the drill's classes loaded. */
    private static boolean declaresMistakes(CheckedProgram program) {
        for (BindingInfo b : program.bindings()) {
            for (dev.chain.ast.Annotation a : b.decl().annotations()) {
                if (a.name().equals("mistake")) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A declared mistake whose value the step's tolerance cannot tell from the right one, at the
     * chain's own inputs, is an error at the mistake: a drill would grade it right.
     */
    private static void mistakes(Engine engine, LoadedChain chain, Diagnostics diagnostics) {
        dev.chain.drill.Drill drill = dev.chain.drill.Drill.of(chain.code(), engine);
        QuantityFormatter formatter = chain.formatter();
        for (dev.chain.drill.Drill.Indistinct i : drill.indistinct()) {
            BindingInfo b = i.step();
            dev.chain.drill.Tolerance t = drill.tolerance(b);
            String tolerance = t.relative() ? formatter.format(t.amount(), dev.chain.units.Dimension.NONE,
                    CheckText.percent(), null).text() : formatter.text(t.amount(), b.dimension());
            diagnostics.add(Diagnostic.error(i.written().span(), "this mistake gives " + formatter.format(i.mistaken(), b.dimension(),
                            b.display(), null).text() + ", within `" + b.name() + "`'s tolerance (" + tolerance + ") of the right "
                            + formatter.format(i.right(), b.dimension(), b.display(), null).text()
                            + ": a drill could not tell it from the right answer")
                    .withHint("declare a mistake whose value differs by more, or give `" + b.name() + "` a tighter @tolerance(...)"));
        }
    }

    /** Its values as every front end shows them: by slot and by binding, with each input's origin; null where nothing was evaluated. */
    public EvaluationValues values() {
        return evaluation == null ? null : new EvaluationValues(chain, evaluation, origins);
    }
}
