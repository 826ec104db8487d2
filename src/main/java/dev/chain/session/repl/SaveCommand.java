package dev.chain.session.repl;

import dev.chain.ast.Steps;
import dev.chain.ast.Stmt;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.Band;
import dev.chain.eval.Inputs;
import dev.chain.session.AtomicReplace;
import dev.chain.session.Engine;
import dev.chain.session.EvaluationValues;
import dev.chain.session.LoadedChain;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * {@code :save FILE}: the session's definitions as a chain file. After {@code :load} it is the
 * loaded file as written (its comments and layout kept) with each change made since: an input
 * {@code :set} takes the value typed for it, a {@code use} moved by {@code :set gpu=b200} names that
 * module, and the statements typed follow it; a value typed on its own ({@code ans}) is not a
 * definition and is left out. The text is checked and evaluated as a file before it is written,
 * and written only if it checks and gives every value the session has: a saved session loads back
 * as it was.
 */
final class SaveCommand {
    private SaveCommand() {}

    /** One replacement in a source's text. */
    private record Edit(int start, int end, String text) {}

    static Reply run(Engine engine, SessionState state, Map<String, String> setTexts, Path path) {
        String text = text(state, setTexts);
        Diagnostics problems = new Diagnostics();
        LoadedChain saved = engine.load(new SourceFile(path, text), problems);
        if (saved == null) {
            return Reply.failure(refused(path, problems.all()));
        }
        // `:set context=2 * 4,096 token` typed an expression, which in a file would make the input a
        // derived value: such an input is written as its value instead, as :env shows it.
        Map<String, String> asValues = new java.util.LinkedHashMap<>(setTexts);
        boolean rewritten = false;
        for (String name : setTexts.keySet()) {
            BindingInfo there = saved.program().binding(name);
            if (there != null && !there.input() && state.binding(name) != null) {
                asValues.put(name, state.values().text(state.binding(name)));
                rewritten = true;
            }
        }
        if (rewritten) {
            text = text(state, asValues);
            saved = engine.load(new SourceFile(path, text), problems);
            if (saved == null) {
                return Reply.failure(refused(path, problems.all()));
            }
        }
        String differs;
        int failing = 0;
        try {
            dev.chain.eval.Evaluation evaluation = saved.evaluate(Inputs.NONE);
            differs = differs(state, new EvaluationValues(saved, evaluation, Map.of()));
            for (dev.chain.eval.CheckResult r : evaluation.checks()) {
                failing += r.passed() ? 0 : 1;
            }
        } catch (ChainException e) {
            return Reply.failure(refused(path, e.diagnostics()));
        }
        if (differs != null) {
            return Reply.failure(Diagnostic.error(null, "nothing saved: as a file, the session would give " + differs)
                    .withNote("a value :set from other values is written as its expression, which a file reads as written"));
        }
        try {
            Path folder = path.toAbsolutePath().getParent();
            Path temporary = Files.createTempFile(folder, "." + path.getFileName(), ".tmp");
            try {
                Files.writeString(temporary, text, StandardCharsets.UTF_8);
                AtomicReplace.move(temporary, path);
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException e) {
            return Reply.failure(Diagnostic.error(null, "cannot write " + path + ": " + dev.chain.session.ChainSources.reason(e)));
        }
        long lines = text.lines().count();
        // A check that fails for the session's values is a finding of the file as of the session, not an error in it.
        return new Reply.Builder().add(Reply.Style.INFO, "saved " + path + ": " + lines + (lines == 1 ? " line" : " lines")
                + "; it checks and gives the session's values" + (failing == 0 ? ""
                : ", and the " + (failing == 1 ? "check that fails" : failing + " checks that fail") + " here")).build();
    }

    private static List<Diagnostic> refused(Path path, List<Diagnostic> diagnostics) {
        List<Diagnostic> out = new ArrayList<>();
        out.add(Diagnostic.error(null, "nothing saved: the session's definitions do not check as " + path)
                .withHint("a value typed on its own (ans) is not saved: bind it to a name to keep it"));
        out.addAll(diagnostics);
        return out;
    }

    /** The file's text: the loaded chain with its changes, then each statement typed since, as typed. */
    static String text(SessionState state, Map<String, String> setTexts) {
        StringBuilder out = new StringBuilder();
        if (state.chain() != null) {
            // The file as the engine read it, which its statements' spans point into.
            SourceFile source = state.chain().statements().isEmpty() ? state.chain().source()
                    : state.chain().statements().get(0).span().file();
            out.append(edited(source.text(), 0, edits(state.chain().statements(), source, state, setTexts)));
        }
        for (Stmt s : state.entries()) {
            if (s instanceof Stmt.Binding b && b.name().equals(ReplSession.LAST_VALUE)) {
                continue;
            }
            Span span = s.span();
            String typed = edited(span.file().text().substring(span.start(), span.end()), span.start(),
                    edits(List.of(s), span.file(), state, setTexts));
            if (out.length() > 0 && out.charAt(out.length() - 1) != '\n') {
                out.append('\n');
            }
            out.append(typed).append('\n');
        }
        return out.toString();
    }

    /** The replacements a file's statements need: each {@code use} moved by :set, each input :set. */
    private static List<Edit> edits(List<Stmt> statements, SourceFile source, SessionState state, Map<String, String> setTexts) {
        List<Edit> edits = new ArrayList<>();
        for (Stmt s : statements) {
            if (s instanceof Stmt.Use use && use.span() != null && use.span().file() == source && use.moduleSpan() != null
                    && use.moduleSpan().file() != source) {
                edits.add(new Edit(use.span().start(), use.span().end(),
                        "use " + use.module() + (use.alias() != null ? " as " + use.alias() : "")));
            }
        }
        Steps.walk(statements, new Steps.Visitor() {
            @Override
            public void group(Stmt.Group g) {
                for (Stmt member : g.members()) {
                    if (member instanceof Stmt.Binding b) {
                        binding(b);
                    }
                }
            }

            @Override
            public void binding(Stmt.Binding b) {
                String set = setTexts.get(b.name());
                BindingInfo now = state.binding(b.name());
                if (set == null || now == null || !now.input() || b.span().file() != source
                        || !(b.value() instanceof Value.QuantityValue q)) {
                    return;
                }
                int end = q.spread() != null ? q.spread().span().end() : q.expr().span().end();
                edits.add(new Edit(q.expr().span().start(), end, set));
            }

            @Override
            public void check(Stmt.Check c) {}
        });
        return edits;
    }

    /** {@code text} (which starts at {@code offset} in its source) with {@code edits} made. */
    private static String edited(String text, int offset, List<Edit> edits) {
        StringBuilder out = new StringBuilder(text);
        List<Edit> sorted = new ArrayList<>(edits);
        sorted.sort(Comparator.comparingInt(Edit::start).reversed());
        for (Edit e : sorted) {
            out.replace(e.start() - offset, e.end() - offset, e.text());
        }
        return out.toString();
    }

    /** The first value the saved file gives otherwise than the session, said; null when all agree. */
    private static String differs(SessionState state, EvaluationValues saved) {
        EvaluationValues session = state.values();
        for (BindingInfo b : state.program().bindings()) {
            if (!state.visible(b) || b.isText() || b.name().equals(ReplSession.LAST_VALUE)) {
                continue;
            }
            BindingInfo there = saved.program().binding(b.name());
            if (there == null) {
                return "no `" + b.name() + "`";
            }
            Band mine = session.band(b);
            Band theirs = saved.band(there);
            if (!close(mine.nominal(), theirs.nominal()) || !close(mine.low(), theirs.low()) || !close(mine.high(), theirs.high())) {
                return b.name() + " = " + saved.formatter().text(theirs.nominal(), there.dimension())
                        + " where the session has " + session.formatter().text(mine.nominal(), b.dimension());
            }
        }
        return null;
    }

    private static boolean close(double a, double b) {
        return a == b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
    }
}
