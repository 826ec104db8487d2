package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.CheckResult;
import dev.chain.eval.Evaluation;
import dev.chain.eval.Inputs;
import dev.chain.eval.Sweep;
import dev.chain.render.CheckText;
import dev.chain.render.Values;
import dev.chain.source.SourceFile;
import dev.chain.units.QuantityFormatter;
import java.util.List;

/**
 * One chain taken through the whole pipeline, with {@code --set} overrides: what {@code check},
 * {@code run} and {@code render} all start from. Failed checks become diagnostics like any error.
 * {@code program} is the checked program even when the chain has errors (and {@code chain} is
 * null): its names and dimensions as far as they checked, which an editor answers from;
 * {@code figures}, each of its figures evaluated at its points.
 */
public record ChainRun(SourceFile source, LoadedChain chain, Evaluation evaluation, List<Diagnostic> diagnostics,
                       Status status, CheckedProgram program, List<Sweep> figures,
                       java.util.Map<Integer, dev.chain.observe.Observation> observations) implements Values {

    public ChainRun(SourceFile source, LoadedChain chain, Evaluation evaluation, List<Diagnostic> diagnostics, Status status,
                    CheckedProgram program) {
        this(source, chain, evaluation, diagnostics, status, program, List.of(), java.util.Map.of());
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
        return execute(engine, Parsed.of(source), overrides, skipUnknownOverrides);
    }

    /** As above, for a file parsed already. */
    public static ChainRun execute(Engine engine, Parsed parsed, List<String> overrides, boolean skipUnknownOverrides) {
        return execute(engine, parsed, overrides, skipUnknownOverrides, List.of());
    }

    /** As above, with {@code bound} as well as the modules --set binds: one alternative of a sweep over modules. */
    public static ChainRun execute(Engine engine, Parsed parsed, List<String> overrides, boolean skipUnknownOverrides,
                                   List<ModuleChoice.Binding> bound) {
        return execute(engine, parsed, overrides, skipUnknownOverrides, bound, true);
    }

    /**
     * As above; without {@code figures}, the chain's figures are not evaluated: one module of a
     * figure over modules, whose own figure the caller sweeps.
     */
    static ChainRun execute(Engine engine, Parsed parsed, List<String> overrides, boolean skipUnknownOverrides,
                            List<ModuleChoice.Binding> bound, boolean figures) {
        return execute(engine, parsed, overrides, List.of(), skipUnknownOverrides, bound, figures);
    }

    /** As above, for one file parsed already, with {@code --observe NAME=FILE#KEY} options. */
    public static ChainRun execute(Engine engine, Parsed parsed, List<String> overrides, List<String> observe,
                                   boolean skipUnknownOverrides) {
        return execute(engine, parsed, overrides, observe, skipUnknownOverrides, List.of(), true);
    }

    /**
     * As above, with the values measured in benchmark files: the chain's own {@code @observed}
     * sources and {@code observe}'s, which replace them ({@link Observations}).
     */
    public static ChainRun execute(Engine engine, Parsed parsed, List<String> overrides, List<String> observe,
                                   boolean skipUnknownOverrides, List<ModuleChoice.Binding> bound, boolean figures) {
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
            return new ChainRun(source, null, null, diagnostics.all(), Status.ERRORS, program);
        }
        if (!modules.isEmpty()) {
            ChainFile rebound = ModuleChoice.rebound(engine, program, modules, diagnostics);
            if (rebound == null) {
                return new ChainRun(source, chain, null, diagnostics.all(), Status.BAD_OVERRIDE, program);
            }
            Diagnostics found = new Diagnostics();
            checked = engine.check(new Parsed(rebound, new Diagnostics()), found);
            ModuleChoice.explained(found.all(), modules, program).forEach(diagnostics::add);
            program = checked.program();
            chain = checked.chain();
            if (chain == null) {
                return new ChainRun(source, null, null, diagnostics.all(), Status.ERRORS, program);
            }
        }
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
        Inputs set = values;
        values = values.with(observed.inputs());
        java.util.Map<Integer, dev.chain.observe.Observation> observations = observed.bySlot();
        Evaluation evaluation;
        try {
            evaluation = chain.evaluate(values);
        } catch (ChainException e) {
            e.diagnostics().forEach(diagnostics::add);
            return new ChainRun(source, chain, null, diagnostics.all(), Status.ERRORS, program);
        }
        ChainRun partial = new ChainRun(source, chain, evaluation, List.of(), Status.OK, program, List.of(), observations);
        CheckText text = new CheckText(chain.program(), partial);
        for (CheckResult r : evaluation.checks()) {
            if (r.status() == dev.chain.eval.CheckStatus.FAILS) {
                diagnostics.add(text.failure(r));
            } else if (r.status() == dev.chain.eval.CheckStatus.UNCERTAIN) {
                // Holds for some of the ranges' values: a warning that says which inputs decide it, and where.
                dev.chain.eval.Program.Extremes extremes = evaluation.extremes();
                try {
                    diagnostics.add(text.uncertain(r, chain.code(), extremes.box(), extremes.deciding()[r.check().index()],
                            chain.code().boundaries(values, r.check())));
                } catch (ChainException e) {
                    e.diagnostics().forEach(diagnostics::add);
                }
            }
        }
        // The chain's figures: each evaluated at its every point, its checks with it (a check that
        // fails at some points says at which). Nothing here for a chain without one.
        List<Sweep> drawn = new java.util.ArrayList<>();
        boolean failed = false;
        for (dev.chain.check.FigureInfo figure : figures ? chain.program().figures() : List.<dev.chain.check.FigureInfo>of()) {
            Sweep sweep;
            try {
                if (figure.kind() == dev.chain.ast.FigureKind.SOLVE) {
                    // A solve: its one answer, or an error when the range has none.
                    sweep = FigureSolve.run(chain, figure, values, partial, diagnostics);
                    if (sweep == null) {
                        failed = true;
                        continue;
                    }
                    drawn.add(sweep);
                    continue;
                }
                // A table over modules (for gpu in h100_sxm, b200): each module the chain run again with gpu bound to it.
                sweep = figure.modules().isEmpty() ? Sweep.figure(chain.code(), figure, values)
                        : ModuleFigure.run(engine, parsed, overrides, skipUnknownOverrides, figure, diagnostics);
            } catch (ChainException e) {
                e.diagnostics().forEach(diagnostics::add); // and the next figure is still evaluated
                failed = true;
                continue;
            }
            // A figure on the card is drawn at every point or not at all: a point without a value is an error.
            for (Sweep.Unevaluated u : sweep.unevaluated()) {
                diagnostics.add(sweep.unevaluatedDiagnostic(u, chain.formatter()));
            }
            if (!sweep.complete()) {
                failed = true;
                continue;
            }
            for (Sweep.Failure f : sweep.failures()) {
                diagnostics.add(text.sweepFailure(f, sweep));
            }
            for (Sweep.Failure f : sweep.uncertain()) {
                diagnostics.add(text.sweepUncertain(f, sweep));
            }
            dev.chain.diag.Diagnostic offAxis = sweep.offLogAxis(figure, chain.formatter());
            if (offAxis != null) {
                diagnostics.add(offAxis);
                failed = true;
                continue;
            }
            if (figure.kind() == dev.chain.ast.FigureKind.ROOFLINE && !set.isEmpty()) {
                // The steps where the file puts them too, which the roofline keeps marked beside the --set's.
                try {
                    sweep = sweep.withWrittenSteps(Sweep.steps(chain.code(), figure, observed.inputs()));
                } catch (ChainException e) {
                    // At the file's own inputs a step has no place on a roofline (no work): none of the author's to mark.
                }
            }
            if (figure.runs() != null) { // a plot's measured runs: read now, as an input's @observed file is
                Sweep.Runs runs = ObservedRuns.ofFigure(chain, figure, values, source, diagnostics);
                if (runs == null) {
                    failed = true;
                    continue;
                }
                sweep = sweep.withRuns(runs);
            }
            drawn.add(sweep);
        }
        if (failed) {
            return new ChainRun(source, chain, evaluation, diagnostics.all(), Status.ERRORS, program, List.of(), observations);
        }
        Status status = diagnostics.hasErrors() ? Status.CHECK_FAILED : Status.OK;
        return new ChainRun(source, chain, evaluation, diagnostics.all(), status, program, List.copyOf(drawn), observations);
    }

    @Override
    public double valueOf(BindingInfo binding) {
        return chain.valueOf(binding, evaluation);
    }

    @Override
    public double lowOf(BindingInfo binding) {
        return chain.lowOf(binding, evaluation);
    }

    @Override
    public double highOf(BindingInfo binding) {
        return chain.highOf(binding, evaluation);
    }

    @Override
    public QuantityFormatter formatter() {
        return chain.formatter();
    }

    /** The inputs measured, as a sweep sets them at each of its points. */
    public Inputs observedInputs() {
        Inputs inputs = Inputs.NONE;
        for (java.util.Map.Entry<Integer, dev.chain.observe.Observation> e : observations.entrySet()) {
            inputs = inputs.with(e.getKey(), e.getValue().si());
        }
        return inputs;
    }

    @Override
    public dev.chain.observe.Observation observed(BindingInfo binding) {
        return observations.isEmpty() || binding.owner() != chain.program() ? null : observations.get(binding.slot());
    }
}
