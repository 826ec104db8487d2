package dev.chain.session.repl;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Stmt;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.CheckResult;
import dev.chain.eval.Evaluation;
import dev.chain.eval.InputRange;
import dev.chain.eval.Inputs;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import dev.chain.session.FigureRun;
import dev.chain.session.LoadedChain;
import dev.chain.session.ModuleChoice;
import dev.chain.source.Span;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code :set gpu=b200}: the session's {@code use ... as gpu} naming another module, as the
 * command line's {@code --set gpu=b200} does (issue 29). A module's values are constants the
 * program is checked and compiled with, so the session's statements are checked again with the
 * {@code use} changed; the inputs set with {@code :set} keep their values, and every value and check
 * that reads the module is shown with what it was before. The session keeps the module for what is
 * typed after, until another {@code :set} of the alias.
 */
final class ModuleSet {
    private final Engine engine;
    private final SessionState state;

    ModuleSet(Engine engine, SessionState state) {
        this.engine = engine;
        this.state = state;
    }

    /**
     * @param alias   the alias of a {@code use} of the session
     * @param written the module's name as typed, where it is
     */
    SetCommand.Outcome run(String alias, Span written) {
        String module = written.text().strip();
        CheckedProgram before = state.program().imports().get(alias);
        if (module.isEmpty()) {
            return failed(List.of(Diagnostic.error(written, ":set needs a module after `=`")
                    .withHint("such as :set " + alias + "=" + before.moduleName() + " (the module now)")));
        }
        ModuleChoice.Binding binding = new ModuleChoice.Binding(alias, module, written);
        Diagnostics problems = new Diagnostics();
        Rebound rebound = rebind(engine, state, List.of(binding), problems);
        if (rebound == null) {
            return failed(problems.all());
        }
        SessionState after = after(rebound.file().statements(), rebound.chain(), rebound.evaluation(), rebound.overrides());
        return new SetCommand.Outcome(reply(alias, before, after, binding), after);
    }

    /** The session's statements with modules bound, checked, and evaluated with its inputs set before. */
    record Rebound(ChainFile file, LoadedChain chain, Inputs overrides, Evaluation evaluation) {}

    /**
     * {@code state}'s statements with each binding's {@code use} naming its module, checked and
     * evaluated with the inputs set with {@code :set}; null after adding the diagnostics: a name that
     * is no module, a value the session reads that one lacks (both named), a value it has none for.
     */
    static Rebound rebind(Engine engine, SessionState state, List<ModuleChoice.Binding> bindings, Diagnostics problems) {
        return rebind(engine, state, state.program(), bindings, problems);
    }

    /** As above, for {@code program}: the session's, or the session with a {@code :sweep}'s figure. */
    private static Rebound rebind(Engine engine, SessionState state, CheckedProgram program, List<ModuleChoice.Binding> bindings,
                                  Diagnostics problems) {
        ChainFile rebound = ModuleChoice.rebound(engine, program, bindings, problems);
        if (rebound == null) {
            return null;
        }
        Diagnostics found = new Diagnostics();
        LoadedChain candidate = engine.loadSession(rebound, found);
        if (candidate == null) {
            problems.addAll(ModuleChoice.explained(found.all(), bindings, program));
            return null;
        }
        Inputs overrides = remap(state.overrides(), state.program(), candidate.program());
        try {
            return new Rebound(rebound, candidate, overrides, candidate.evaluate(overrides));
        } catch (ChainException e) {
            problems.addAll(e.diagnostics());
            return null;
        }
    }

    /**
     * How a {@code :sweep} over modules binds each: {@code program} (the session with the sweep's
     * figure) rebound as {@code :set gpu=...} rebinds the session, at its inputs; nothing of it
     * stays in the session.
     */
    static FigureRun.Rebinder rebinder(Engine engine, SessionState state, CheckedProgram program) {
        return bound -> {
            Diagnostics problems = new Diagnostics();
            Rebound r = rebind(engine, state, program, bound, problems);
            return r == null ? new ChainRun(program.file().source(), null, null, problems.all(), ChainRun.Status.ERRORS, program)
                    : new ChainRun(program.file().source(), r.chain(), r.evaluation(), List.of(), ChainRun.Status.OK,
                            r.chain().program(), List.of(), java.util.Map.of(), r.overrides());
        };
    }

    private static SetCommand.Outcome failed(List<Diagnostic> diagnostics) {
        return new SetCommand.Outcome(Reply.failure(diagnostics), null);
    }

    /** The session with its statements as rebound: the loaded chain's first, then those typed. */
    private SessionState after(List<Stmt> statements, LoadedChain loaded, Evaluation evaluation, Inputs overrides) {
        LoadedFile chain = state.chain();
        int own = chain == null ? 0 : chain.statements().size();
        LoadedFile rebound = chain == null ? null : LoadedFile.of(chain.source(), statements.subList(0, own));
        return new SessionState(rebound, statements.subList(own, statements.size()), loaded, evaluation, overrides,
                state.cursor());
    }

    /**
     * The inputs set with {@code :set}, by slot in the new program: a module's bindings have slots
     * among the session's, and another module may have more or fewer of them.
     */
    private static Inputs remap(Inputs overrides, CheckedProgram from, CheckedProgram to) {
        Inputs out = Inputs.NONE;
        for (BindingInfo b : from.bindings()) {
            Double value = overrides.values().get(b.slot());
            BindingInfo same = value == null || b.owner() != from ? null : to.binding(b.name());
            if (same == null) {
                continue;
            }
            InputRange range = overrides.range(b.slot());
            out = range == null ? out.with(same.slot(), value) : out.with(same.slot(), value, range.low(), range.high());
        }
        return out;
    }

    /** {@code gpu = B200 (b200)   (was H100 SXM)}, then each value and check that reads the module. */
    private Reply reply(String alias, CheckedProgram before, SessionState after, ModuleChoice.Binding binding) {
        Reply.Builder out = new Reply.Builder();
        String was = ModuleChoice.label(state.program(), new ModuleChoice.Binding(alias, before.moduleName(), binding.written()));
        String now = ModuleChoice.label(after.program(), binding);
        out.add(Reply.Style.RESULT, alias + " = " + now + " (" + binding.module() + ")"
                + (before.moduleName().equals(binding.module()) ? "" : "   (was " + was + ")"));
        CheckedProgram module = after.program().imports().get(alias);
        List<BindingInfo> dependents = Dependencies.dependents(after.program(), module);
        StepText text = new StepText(after);
        for (BindingInfo b : dependents) {
            if (after.visible(b)) {
                BindingInfo old = state.binding(b.name());
                String previous = old == null ? null : state.values().text(old);
                out.add(Reply.Style.STEP, text.step(b) + (previous == null || previous.equals(after.values().text(b)) ? ""
                        : "   (was " + previous + ")"));
            }
        }
        Set<BindingInfo> affected = Collections.newSetFromMap(new IdentityHashMap<>());
        affected.addAll(module.bindings());
        affected.addAll(dependents);
        Map<CheckInfo, CheckResult> results = new IdentityHashMap<>();
        for (CheckResult r : after.evaluation().checks()) {
            results.put(r.check(), r);
        }
        for (CheckInfo c : Dependencies.checksOn(after.program(), affected)) {
            out.add(text.check(results.get(c), ""));
        }
        if (dependents.isEmpty()) {
            out.add(Reply.Style.INFO, "nothing the session computes reads " + alias);
        }
        return out.build();
    }
}
