package dev.chain.session.repl;

import dev.chain.ast.GroupKind;
import dev.chain.ast.Steps;
import dev.chain.ast.Stmt;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.eval.CheckResult;
import dev.chain.render.CheckText;
import dev.chain.render.RunReport;
import dev.chain.render.TemplateRenderer;
import dev.chain.render.BindingValues;
import dev.chain.check.CheckedProgram;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Steps as {@code chain run} prints them: a group's label, then each binding as
 * {@code name = formula = formula with values = value} and each check with what it found.
 */
final class StepText {
    static final String INDENT = "  ";

    private final SessionState state;
    private final RunReport report;
    private final CheckText checkText;
    private final Map<CheckInfo, CheckResult> results = new IdentityHashMap<>();

    StepText(SessionState state) {
        this.state = state;
        this.report = new RunReport(state.program(), state.evaluation(), state.values());
        this.checkText = new CheckText(state.program(), state.values());
        for (CheckResult r : state.evaluation().checks()) {
            results.put(r.check(), r);
        }
    }

    /** A step of a loaded chain, after its group's label when it is the group's first. */
    List<Reply.Line> step(LoadedFile.Step step) {
        List<Reply.Line> lines = new ArrayList<>();
        if (step.first()) {
            lines.add(heading(step.group()));
        }
        lines.add(member(step.stmt(), step.group() == null ? "" : INDENT, step.width()));
        return lines;
    }

    /**
     * Statements typed at the REPL: a group shows like a chain's, a binding as {@code name = value},
     * a value typed on its own (now an {@code ans} binding, {@code bare}) as just its value.
     */
    List<Reply.Line> typed(Stmt stmt, boolean bare) {
        List<Reply.Line> lines = new ArrayList<>();
        Steps.walk(List.of(stmt), new Steps.Visitor() {
            @Override
            public void group(Stmt.Group g) {
                lines.add(heading(g));
                int width = Steps.nameWidth(g.members());
                for (Stmt m : g.members()) {
                    lines.add(member(m, INDENT, width));
                }
            }

            @Override
            public void binding(Stmt.Binding b) {
                BindingInfo info = info(b);
                if (info != null) {
                    lines.add(new Reply.Line(Reply.Style.RESULT, bare ? state.values().text(info) : b.name() + " = " + state.values().text(info)));
                }
            }

            @Override
            public void check(Stmt.Check c) {
                lines.add(member(c, "", 0));
            }
        });
        return lines;
    }

    Reply.Line heading(Stmt.Group g) {
        return new Reply.Line(Reply.Style.HEADING, label(g, state.program(), state.values()));
    }

    /** A group's label as {@code chain run} shows it: a label template ({@code "{small_chunk:#} chunk"}) filled in. */
    static String label(Stmt.Group g, CheckedProgram program, BindingValues values) {
        if (g.labelTemplate() != null) {
            return TemplateRenderer.plain(new TemplateRenderer(program, values).render(g.labelTemplate()));
        }
        return g.kind() == GroupKind.DERIVE ? g.label() : g.kind().keyword();
    }

    /** A group's member (a binding or a check), or a step on its own, as {@code chain run} shows it. */
    Reply.Line member(Stmt stmt, String indent, int width) {
        Reply.Line[] line = {null};
        Steps.walk(List.of(stmt), new Steps.Visitor() {
            @Override
            public void group(Stmt.Group g) {
                throw new IllegalArgumentException("a group is no group's member: " + g.span());
            }

            @Override
            public void binding(Stmt.Binding b) {
                BindingInfo info = info(b);
                String text = info == null ? "?" : report.step(info);
                line[0] = new Reply.Line(Reply.Style.STEP, indent + pad(b.name(), width) + " = " + text);
            }

            @Override
            public void check(Stmt.Check c) {
                CheckResult r = result(c);
                line[0] = r == null ? new Reply.Line(Reply.Style.STEP, indent + c.span().text()) : StepText.this.check(r, indent);
            }
        });
        return line[0];
    }

    Reply.Line check(CheckResult r, String indent) {
        return new Reply.Line(r.passed() ? Reply.Style.PASSED : Reply.Style.FAILED,
                indent + dev.chain.render.RunReport.mark(r.status()) + "check " + CheckText.source(r) + ": " + checkText.outcome(r));
    }

    /** {@code name = formula = formula with values = value}, for any binding of the session. */
    String step(BindingInfo info) {
        return info.name() + " = " + report.step(info);
    }

    BindingInfo info(Stmt.Binding b) {
        for (BindingInfo info : state.program().bindings()) {
            if (info.decl() == b) {
                return info;
            }
        }
        return null;
    }

    CheckResult result(Stmt.Check c) {
        for (CheckInfo info : state.program().checks()) {
            if (info.decl() == c) {
                return results.get(info);
            }
        }
        return null;
    }

    static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
