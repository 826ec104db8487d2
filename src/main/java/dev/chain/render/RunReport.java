package dev.chain.render;

import dev.chain.ast.Steps;
import dev.chain.ast.Stmt;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.eval.CheckResult;
import dev.chain.eval.Evaluation;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The text {@code chain run} prints: the chain's title, then each group with each step as
 * {@code name = formula = formula with values = value}, and each check with what it found.
 */
public final class RunReport {
    private final CheckedProgram program;
    private final Evaluation evaluation;
    private final BindingValues values;
    private final FormulaPrinter formulas;
    private final FormulaPrinter substituted;
    private final CheckText checkText;

    public RunReport(CheckedProgram program, Evaluation evaluation, BindingValues values) {
        this.program = program;
        this.evaluation = evaluation;
        this.values = values;
        this.formulas = new FormulaPrinter(program, null, " * ");
        this.substituted = new FormulaPrinter(program, values, " * ");
        this.checkText = new CheckText(program, values);
    }

    public String render() {
        StringBuilder out = new StringBuilder();
        if (program.title() != null) {
            out.append(program.title().value()).append('\n');
        }
        for (var drill : program.drills()) {
            out.append("drilled in: ").append(drill.value()).append('\n');
        }
        if (out.length() > 0) {
            out.append('\n');
        }
        Map<CheckInfo, CheckResult> results = new IdentityHashMap<>();
        for (CheckResult r : evaluation.checks()) {
            results.put(r.check(), r);
        }
        Steps.walk(program.file().statements(), new Steps.Visitor() {
            @Override
            public void group(Stmt.Group g) {
                String label = g.labelTemplate() != null
                        ? TemplateRenderer.plain(new TemplateRenderer(program, values).render(g.labelTemplate()))
                        : g.kind() == dev.chain.ast.GroupKind.DERIVE ? g.label() : g.kind().keyword();
                out.append(label).append('\n');
                members(g.members(), "  ", results, out);
            }

            @Override
            public void binding(Stmt.Binding b) {
                members(List.of(b), "", results, out);
            }

            @Override
            public void check(Stmt.Check c) {
                members(List.of(c), "", results, out);
            }
        });
        return out.toString();
    }

    /**
     * A line per solve of the chain, after its steps: the value found and the sentence the card
     * says ({@code solved batch = 94: the largest batch ... is 94}); none when the figures were not
     * evaluated.
     *
     * @param figures the chain's figures, evaluated (a solve's: its answer; any other may be null)
     */
    public String solves(List<dev.chain.eval.FigureValues> figures) {
        StringBuilder out = new StringBuilder();
        for (dev.chain.check.FigureSpec.Solve solve : dev.chain.check.FigureSpec.solves(program.figures())) {
            int f = solve.index();
            if (f < figures.size() && figures.get(f) instanceof dev.chain.eval.FigureValues.Answer solved) {
                dev.chain.check.BindingInfo input = solve.searched().input();
                double at = solved.at();
                // The value the answer was evaluated at, with the digits it takes to read back as it (a point of 0.27 .. 0.30 by 0.0001: 0.2867).
                AnswerText answer = new AnswerText(values.formatter(), input);
                String value = answer.exact(at, input.format()).text().text();
                if (solved.there().band(input.slot()).ranged()) {
                    // Over ranged inputs: from where it holds for all their values to where it holds for some.
                    value += " .. " + answer.exact(solved.there().band(input.slot()).high(), input.format()).text().text();
                }
                out.append("solved ").append(input.name()).append(" = ").append(value).append(": ")
                        .append(new FigureMarkdown(program, values).draw(solve, solved).title()).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * Each plot's measured runs ({@code observed "runs/" ...}) as the card's table under it, its
     * title then its columns aligned: expected, observed and their ratio, a row per run; each fit
     * as {@code chain fit} prints it.
     */
    public String runs(List<dev.chain.eval.FigureValues> figures) {
        StringBuilder out = new StringBuilder();
        FigureMarkdown markdown = new FigureMarkdown(program, values);
        for (int f = 0; f < figures.size() && f < program.figures().size(); f++) {
            dev.chain.eval.FigureValues sweep = figures.get(f);
            if (sweep instanceof dev.chain.eval.FittedValues fitted) { // a fit: what chain fit prints of it
                out.append('\n').append(new FitReport(program, values).text(fitted));
                continue;
            }
            if (!(sweep instanceof dev.chain.eval.FigureValues.Points points) || points.runs() == null) {
                continue;
            }
            List<FigureLayout.Drawn> parts = markdown.drawnParts(program.figures().get(f), sweep);
            FigureLayout.Drawn table = parts.get(parts.size() - 1);
            out.append('\n').append(table.title()).append('\n').append(FigureWriter.aligned(table.cells(), 1));
        }
        return out.toString();
    }

    private void members(List<Stmt> members, String indent, Map<CheckInfo, CheckResult> results, StringBuilder out) {
        int width = Steps.nameWidth(members);
        Steps.walk(members, new Steps.Visitor() {
            @Override
            public void group(Stmt.Group group) {}

            @Override
            public void binding(Stmt.Binding b) {
                BindingInfo info = program.binding(b.name());
                if (info != null && info.decl() == b) {
                    out.append(indent).append(pad(b.name(), width)).append(" = ").append(step(info)).append('\n');
                }
            }

            @Override
            public void check(Stmt.Check c) {
                for (CheckInfo info : program.checks()) {
                    if (info.decl() == c) {
                        CheckResult r = results.get(info);
                        out.append(indent).append(mark(r.status())).append("check ")
                                .append(CheckText.source(r)).append(": ").append(checkText.outcome(r)).append('\n');
                    }
                }
            }
        });
    }

    /** A check's mark before it: ✓ holds, ✗ fails, ? holds for some of its inputs' ranges and fails for others. */
    public static String mark(dev.chain.eval.CheckStatus status) {
        return switch (status) {
            case HOLDS -> "✓ ";
            case FAILS -> "✗ ";
            case UNCERTAIN -> "? ";
        };
    }

    /** {@code formula = formula with values = value}, leaving out the parts that would repeat. */
    public String step(BindingInfo info) {
        String value = values.text(info);
        if (info.isText()) {
            return "\"" + value + "\"";
        }
        dev.chain.eval.Origin origin = values.origin(info);
        if (origin.fixed()) {
            return origin.kind() + " " + value + " (" + origin.where() + ")"; // taken from outside: no formula to show
        }
        Value.QuantityValue q = (Value.QuantityValue) info.decl().value();
        String formula = formulas.print(q.expr());
        String withValues = substituted.print(q.expr());
        StringBuilder sb = new StringBuilder();
        if (!info.input()) {
            sb.append(formula).append(" = ");
            if (!withValues.equals(formula) && !withValues.equals(value)) {
                sb.append(withValues).append(" = ");
            }
        }
        return sb.append(value).toString();
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }
}
