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
        EditorScope scope = new EditorScope(analysis, offset);
        List<Reply.Line> lines = List.of();
        Span span = null;
        if (target instanceof At.Name n) {
            span = n.ref().span();
            Ref ref = program.ref(n.ref());
            String written = n.ref().name().toString();
            if (ref instanceof Ref.Binding b) {
                lines = Browse.describe(scope, written, b.binding());
            } else if (ref instanceof Ref.Param p) {
                lines = List.of(new Reply.Line(Reply.Style.RESULT, written + ": parameter, " + program.units().describe(p.dimension())));
            } else if (ref instanceof Ref.UnitValue) {
                lines = Browse.describeUnit(scope, written);
            }
        } else if (target instanceof At.Bound b) {
            span = b.binding().nameSpan();
            BindingInfo info = bindingOf(program, b.binding());
            lines = info == null ? List.of() : Browse.describe(scope, info.name(), info);
        } else if (target instanceof At.Declared f) {
            span = f.function().nameSpan();
            FunctionInfo info = program.function(f.function().name());
            lines = info == null ? List.of() : Browse.describe(info);
        } else if (target instanceof At.Call c) {
            span = c.call().callee().span();
            Object callee = program.callTarget(c.call());
            if (callee instanceof FunctionInfo f) {
                lines = Browse.describe(f);
            } else if (callee instanceof Builtin builtin) {
                lines = List.of(new Reply.Line(Reply.Style.RESULT, builtin.usage() + ": built-in function"),
                        new Reply.Line(Reply.Style.INFO, "  " + builtin.help()));
            }
        } else if (target instanceof At.Unit u) {
            span = u.factor().span();
            lines = Browse.describeUnit(scope, u.factor().name());
        } else if (target instanceof At.Use u) {
            span = u.use().span();
            lines = program.imports().containsKey(u.use().boundName()) ? Browse.describe(scope, u.use().boundName()) : List.of();
        } else if (target instanceof At.Placeholder p) {
            span = p.placeholder().span();
            PlaceholderInfo info = program.placeholder(p.placeholder());
            lines = info == null ? List.of() : Browse.describe(scope, p.placeholder().name().name().toString(), info.binding());
        } else if (target instanceof At.Check c) {
            span = c.check().span();
            String outcome = outcome(analysis, c.check().span().start());
            lines = outcome == null ? List.of() : List.of(new Reply.Line(Reply.Style.RESULT, outcome));
        }
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

    /** The checked binding a declaration is (none for one the checker refused, such as a second definition). */
    static BindingInfo bindingOf(CheckedProgram program, dev.chain.ast.Stmt.Binding decl) {
        BindingInfo b = program.binding(decl.name());
        return b != null && b.decl() == decl ? b : null;
    }

    /** What the check that starts at {@code start} found; null if it was not evaluated. */
    static String outcome(Analysis analysis, int start) {
        ChainRun values = analysis.values();
        if (values == null) {
            return null;
        }
        for (CheckResult r : values.evaluation().checks()) {
            if (r.check().decl().span().start() == start) {
                return outcome(new CheckText(values.program(), values), r);
            }
        }
        return null;
    }

    /** What a check found, as its hover, inlay hint and outline show it: {@code ✓ 63% is in 50% .. 80%}. */
    static String outcome(CheckText text, CheckResult r) {
        return (r.passed() ? "✓ " : "✗ ") + text.outcome(r);
    }
}
