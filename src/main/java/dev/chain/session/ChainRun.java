package dev.chain.session;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.CheckResult;
import dev.chain.eval.Evaluation;
import dev.chain.render.CheckText;
import dev.chain.render.Values;
import dev.chain.source.SourceFile;
import dev.chain.units.QuantityFormatter;
import java.util.List;
import java.util.Map;

/**
 * One chain taken through the whole pipeline, with {@code --set} overrides: what {@code check},
 * {@code run} and {@code render} all start from. Failed checks become diagnostics like any error.
 * {@code program} is the checked program even when the chain has errors (and {@code chain} is
 * null): its names and dimensions as far as they checked, which an editor answers from.
 */
public record ChainRun(SourceFile source, LoadedChain chain, Evaluation evaluation, List<Diagnostic> diagnostics,
                       Status status, CheckedProgram program) implements Values {

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
        Diagnostics diagnostics = new Diagnostics();
        Engine.Checked checked = engine.check(source, diagnostics);
        CheckedProgram program = checked.program();
        LoadedChain chain = checked.chain();
        if (chain == null) {
            return new ChainRun(source, null, null, diagnostics.all(), Status.ERRORS, program);
        }
        Map<Integer, Double> values = chain.overrides(overrides, skipUnknownOverrides, diagnostics);
        if (values == null) {
            return new ChainRun(source, chain, null, diagnostics.all(), Status.BAD_OVERRIDE, program);
        }
        Evaluation evaluation;
        try {
            evaluation = chain.evaluate(values);
        } catch (ChainException e) {
            e.diagnostics().forEach(diagnostics::add);
            return new ChainRun(source, chain, null, diagnostics.all(), Status.ERRORS, program);
        }
        ChainRun partial = new ChainRun(source, chain, evaluation, List.of(), Status.OK, program);
        CheckText text = new CheckText(chain.program(), partial);
        for (CheckResult r : evaluation.checks()) {
            if (!r.passed()) {
                diagnostics.add(text.failure(r));
            }
        }
        Status status = diagnostics.hasErrors() ? Status.CHECK_FAILED : Status.OK;
        return new ChainRun(source, chain, evaluation, diagnostics.all(), status, program);
    }

    @Override
    public double valueOf(BindingInfo binding) {
        return chain.valueOf(binding, evaluation);
    }

    @Override
    public QuantityFormatter formatter() {
        return chain.formatter();
    }
}
