package dev.chain.lsp;

import dev.chain.check.BindingInfo;
import dev.chain.check.Builtin;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FunctionInfo;
import dev.chain.check.PlaceholderInfo;
import dev.chain.check.Ref;
import dev.chain.eval.CheckResult;
import dev.chain.render.CheckText;
import dev.chain.session.Analysis;
import dev.chain.session.ChainRun;
import dev.chain.session.repl.Browse;
import dev.chain.session.repl.Reply;
import dev.chain.source.Span;
import java.util.List;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;

/**
 * What the pointer rests on, as the REPL's {@code :info} tells it ({@link Browse}): a binding's
 * formula, the formula with values and the value, its dimension, where it is defined and its
 * {@code @source}; a module's values; a function's signature; a unit's definition; what a check found.
 */
final class Hovers {
    private Hovers() {}

    /** What is at {@code offset}: in a Markdown code block, or as plain text; null if nothing is. */
    static Hover at(Analysis analysis, int offset, boolean markdown) {
        CheckedProgram program = analysis.program();
        At.Target target = At.find(program.file().statements(), offset);
        if (target == null) {
            return null;
        }
        Shown shown = target.accept(new Describe(analysis, new EditorScope(analysis, offset)));
        Span span = shown.span();
        List<Reply.Line> lines = shown.lines();
        if (lines.isEmpty()) {
            return null;
        }
        StringBuilder text = new StringBuilder(markdown ? "```\n" : "");
        for (Reply.Line line : lines) {
            text.append(line.text()).append('\n');
        }
        if (markdown) {
            text.append("```");
        } else {
            text.setLength(text.length() - 1);
        }
        return new Hover(new MarkupContent(markdown ? MarkupKind.MARKDOWN : MarkupKind.PLAINTEXT, text.toString()),
                LspDiagnostics.range(span, analysis.source()));
    }

    /** The lines a hover shows, and the text they are about. */
    private record Shown(Span span, List<Reply.Line> lines) {}

    /** What each kind of target shows: the REPL's {@code :info} of it. */
    private static final class Describe implements At.Visitor<Shown> {
        private final Analysis analysis;
        private final CheckedProgram program;
        private final EditorScope scope;

        Describe(Analysis analysis, EditorScope scope) {
            this.analysis = analysis;
            this.program = analysis.program();
            this.scope = scope;
        }

        @Override
        public Shown visitName(At.Name n) {
            Ref ref = program.ref(n.ref());
            String written = n.ref().name().toString();
            List<Reply.Line> lines = List.of();
            if (ref instanceof Ref.Binding b) {
                lines = Browse.describe(scope, written, b.binding());
            } else if (ref instanceof Ref.Param p) {
                lines = List.of(new Reply.Line(Reply.Style.RESULT, written + ": parameter, " + program.units().describe(p.dimension())));
            } else if (ref instanceof Ref.UnitValue) {
                lines = Browse.describeUnit(scope, written);
            }
            return new Shown(n.ref().span(), lines);
        }

        @Override
        public Shown visitBound(At.Bound b) {
            BindingInfo info = bindingOf(program, b.binding());
            return new Shown(b.binding().nameSpan(), info == null ? List.of() : Browse.describe(scope, info.name(), info));
        }

        @Override
        public Shown visitDeclared(At.Declared f) {
            FunctionInfo info = program.function(f.function().name());
            return new Shown(f.function().nameSpan(), info == null ? List.of() : Browse.describe(info));
        }

        @Override
        public Shown visitCall(At.Call c) {
            Object callee = program.callTarget(c.call());
            List<Reply.Line> lines = List.of();
            if (callee instanceof FunctionInfo f) {
                lines = Browse.describe(f);
            } else if (callee instanceof Builtin builtin) {
                lines = List.of(new Reply.Line(Reply.Style.RESULT, builtin.usage() + ": built-in function"),
                        new Reply.Line(Reply.Style.INFO, "  " + builtin.help()));
            }
            return new Shown(c.call().callee().span(), lines);
        }

        @Override
        public Shown visitUnit(At.Unit u) {
            return new Shown(u.factor().span(), Browse.describeUnit(scope, u.factor().name()));
        }

        @Override
        public Shown visitUse(At.Use u) {
            String alias = u.use().boundName();
            return new Shown(u.use().span(), program.imports().containsKey(alias) ? Browse.describe(scope, alias) : List.of());
        }

        @Override
        public Shown visitPlaceholder(At.Placeholder p) {
            PlaceholderInfo info = program.placeholder(p.placeholder());
            return new Shown(p.placeholder().span(), info == null ? List.of()
                    : Browse.describe(scope, p.placeholder().name().name().toString(), info.binding()));
        }

        /** A card's include: nothing to tell beyond its path, which the text shows. */
        @Override
        public Shown visitInclude(At.Include include) {
            return new Shown(include.include().span(), List.of());
        }

        @Override
        public Shown visitCheck(At.Check c) {
            String outcome = outcome(analysis, c.check().span().start());
            return new Shown(c.check().span(), outcome == null ? List.of() : List.of(new Reply.Line(Reply.Style.RESULT, outcome)));
        }
    }

    /** The checked binding a declaration is (none for one the checker refused, such as a second definition). */
    static BindingInfo bindingOf(CheckedProgram program, dev.chain.ast.Stmt.Binding decl) {
        BindingInfo b = program.binding(decl.name());
        return b != null && b.decl() == decl ? b : null;
    }

    /** What the check that starts at {@code start} found; null if it was not evaluated. */
    static String outcome(Analysis analysis, int start) {
        ChainRun run = analysis.values();
        if (run == null) {
            return null;
        }
        for (CheckResult r : run.evaluation().checks()) {
            if (r.check().decl().span().start() == start) {
                return outcome(new CheckText(run.program(), run.values()), r);
            }
        }
        return null;
    }

    /** What a check found, as its hover, inlay hint and outline show it: {@code ✓ 63% is in 50% .. 80%}. */
    static String outcome(CheckText text, CheckResult r) {
        return dev.chain.render.RunReport.mark(r.status()) + text.outcome(r);
    }
}
