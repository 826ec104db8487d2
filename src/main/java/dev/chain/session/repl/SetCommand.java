package dev.chain.session.repl;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.diag.Suggestions;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.CheckResult;
import dev.chain.eval.Evaluation;
import dev.chain.eval.Inputs;
import dev.chain.session.InputFit;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code :set NAME=VALUE}: a what-if. The value may be any expression of the input's dimension,
 * checked and evaluated against the session; the program is evaluated again with it, and every
 * value and check that depends on the input is shown with what it was before. {@code :set gpu=b200}
 * of a module's alias is {@link ModuleSet}'s.
 */
final class SetCommand {
    /** The answer, and the session after it (null when nothing changed). */
    record Outcome(Reply reply, SessionState next) {}

    private final ReplSession session;
    private final SessionState state;

    SetCommand(ReplSession session, SessionState state) {
        this.session = session;
        this.state = state;
    }

    private static Outcome failed(Diagnostic d) {
        return new Outcome(Reply.failure(d), null);
    }

    private static Outcome failed(List<Diagnostic> diagnostics) {
        return new Outcome(Reply.failure(diagnostics), null);
    }

    Outcome run(String arg, Span argSpan) {
        int eq = arg.indexOf('=');
        if (eq < 0) {
            return failed(Diagnostic.error(argSpan, ":set takes NAME=VALUE")
                    .withHint("such as :set batch=32 or :set context=8,192 token" + inputsNote()));
        }
        String name = arg.substring(0, eq).strip();
        int nameStart = argSpan.start() + arg.indexOf(name.isEmpty() ? "=" : name);
        Span nameSpan = new Span(argSpan.file(), nameStart, nameStart + Math.max(1, name.length()));
        BindingInfo target = name.isEmpty() ? null : state.binding(name);
        dev.chain.check.CheckedProgram module = target == null ? state.program().imports().get(name) : null;
        if (module != null) { // :set gpu=b200: the session on another module, as --set gpu=b200 runs a file on it
            // A source of its own, as :sweep's and the command line's options have: `:set gpu:1:1: error: ...`.
            String other = arg.substring(eq + 1).strip();
            Span written = new Span(new dev.chain.source.SourceFile(":set " + name, other), 0, other.length());
            return new ModuleSet(session.engine(), state).run(name, written);
        }
        if (target == null) {
            Diagnostic d = Diagnostic.error(nameSpan, name.isEmpty() ? ":set needs a name before `=`" : "no value named `" + name + "`");
            List<String> close = Suggestions.closest(name, inputNames(), 3);
            if (!close.isEmpty()) {
                d = d.withHint("did you mean " + Suggestions.orList(close) + "?");
            }
            return failed(d.withNote(inputsNote().isEmpty() ? "the session has no inputs" : inputsNote().substring(2)));
        }
        if (target.isText()) {
            return failed(Diagnostic.error(nameSpan, "`" + name + "` is text; :set changes quantities"));
        }
        if (!target.input()) {
            List<String> inputs = new ArrayList<>();
            for (BindingInfo b : Dependencies.inputsOf(target)) {
                inputs.add(b.name());
            }
            Diagnostic d = Diagnostic.error(nameSpan, "`" + name + "` is derived, not an input")
                    .withNote("it is " + new StepText(state).step(target));
            return failed(inputs.isEmpty() ? d
                    : d.withHint("set what it comes from instead: " + Suggestions.orList(inputs)));
        }
        if (arg.substring(eq + 1).isBlank()) {
            int at = argSpan.start() + eq;
            return failed(Diagnostic.error(new Span(argSpan.file(), at, at + 1), ":set needs a value after `=`")
                    .withHint("such as :set " + name + "=" + state.values().text(target) + " (its value now)"));
        }
        Diagnostics problems = new Diagnostics();
        ReplSession.Aside value = session.aside(argSpan.file().text(), argSpan.start() + eq + 1, true, problems);
        if (value == null) {
            return failed(problems.all());
        }
        InputFit fit = new InputFit(target, text -> ":set " + name + "=" + text, state.program().units(), state.values().formatter());
        Span at = value.info().value().span();
        Diagnostic wrong = fit.wrongDimension(value.dimension(), at, at.text().strip(),
                ":set " + name + "=" + state.values().text(target) + " (its value now)");
        if (wrong != null) {
            return failed(wrong);
        }
        Diagnostic outside = value.range() == null ? fit.outside(value.info().value(), value.value(), value.value())
                : fit.outside(value.info().value(), value.range().low(), value.range().high());
        if (outside != null) {
            return failed(outside);
        }
        Inputs overrides = value.range() == null ? state.overrides().with(target.slot(), value.value())
                : state.overrides().with(target.slot(), value.range().nominal(), value.range().low(), value.range().high());
        Evaluation evaluation;
        try {
            evaluation = state.loaded().evaluate(overrides);
        } catch (ChainException e) {
            return failed(e.diagnostics());
        }
        SessionState before = state;
        SessionState after = state.withOverrides(overrides, evaluation);
        StepText text = new StepText(after);
        Reply.Builder out = new Reply.Builder();
        out.add(Reply.Style.RESULT, name + " = " + after.values().text(target) + was(before, after, target));
        List<BindingInfo> dependents = Dependencies.dependents(after.program(), target);
        Set<BindingInfo> affected = Collections.newSetFromMap(new IdentityHashMap<>());
        affected.add(target);
        affected.addAll(dependents);
        for (BindingInfo b : dependents) {
            if (after.visible(b)) {
                out.add(Reply.Style.STEP, text.step(b) + was(before, after, b));
            }
        }
        Map<CheckInfo, CheckResult> results = new IdentityHashMap<>();
        for (CheckResult r : evaluation.checks()) {
            results.put(r.check(), r);
        }
        for (CheckInfo c : Dependencies.checksOn(after.program(), affected)) {
            out.add(text.check(results.get(c), ""));
        }
        if (dependents.isEmpty()) {
            out.add(Reply.Style.INFO, "nothing depends on " + name);
        }
        return new Outcome(out.build(), after);
    }

    private static String was(SessionState before, SessionState after, BindingInfo b) {
        String old = before.values().text(b);
        return old.equals(after.values().text(b)) ? "" : "   (was " + old + ")";
    }

    private List<String> inputNames() {
        List<String> names = new ArrayList<>();
        for (BindingInfo b : state.program().inputs()) {
            if (!b.isText() && state.visible(b)) {
                names.add(b.name());
            }
        }
        return names;
    }

    private String inputsNote() {
        List<String> names = inputNames();
        return names.isEmpty() ? "" : "; the inputs are " + String.join(", ", names);
    }
}
