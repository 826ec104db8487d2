package dev.chain.render;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureSpec;
import dev.chain.diag.Diagnostic;
import dev.chain.eval.Band;
import dev.chain.eval.FigureValues;
import java.util.List;

/**
 * A figure's results as JSON ({@code chain sweep --json}): every quantity in the shape of
 * {@code eval --json}, written as its binding shows it, with {@code low} and {@code high} where it is
 * a range; a table of numbers with the checks that fail at some of its points and the errors met, a
 * table over modules with each point's modules and the warnings, each with the modules it was met with.
 */
public final class FigureJson {
    private final CheckedProgram program;
    private final BindingValues values;

    /** @param values the chain's own values: they choose each value's unit */
    public FigureJson(CheckedProgram program, BindingValues values) {
        this.program = program;
        this.values = values;
    }

    /** A value as its binding shows it; a range's ends where it is one. */
    JsonObject quantity(BindingInfo b, Band value) {
        double si = value.nominal();
        JsonObject q = quantity(b, values.formatter().format(si, b.dimension(), b.display(), b.format()), si);
        if (value.ranged()) {
            q.add("low", quantity(b, Band.point(value.low())));
            q.add("high", quantity(b, Band.point(value.high())));
        }
        return q;
    }

    /**
     * {@code {"file", "title", "modules"?, "labels"?, "inputs", "values", "points": [{NAME: quantity, ...}, ...], ...}}:
     * null at a point without a value; for a table of numbers, {@code "failed"}, {@code "uncertain"}
     * and {@code "errors"}, each with the points it was met at; for a table over modules, each
     * point's module under its alias ({@code "gpu": {"module": "b200", "name": "B200"}}) and
     * {@code "warnings"}, each with its line, message and the modules it was met with ({@code with}:
     * each diagnostic's, by alias, as {@link dev.chain.session.FigureRun.Result} has them).
     */
    public JsonObject table(String file, FigureSpec.Table table, FigureValues.Points sweep, List<Diagnostic> said, List<List<String>> with) {
        JsonObject o = new JsonObject();
        o.addProperty("file", file);
        o.addProperty("title", program.title() == null ? null : program.title().value());
        JsonArray aliases = new JsonArray();
        table.modules().forEach(m -> aliases.add(m.alias()));
        if (!table.modules().isEmpty()) {
            o.add("modules", aliases);
        }
        JsonArray labels = new JsonArray();
        table.labels().forEach(l -> labels.add(l.input().name()));
        if (!table.labels().isEmpty()) {
            o.add("labels", labels);
        }
        JsonArray inputs = new JsonArray();
        table.axes().forEach(a -> inputs.add(a.input().name()));
        o.add("inputs", inputs);
        JsonArray shown = new JsonArray();
        table.shown().forEach(b -> shown.add(b.name()));
        o.add("values", shown);
        int each = sweep.size() / Math.max(1, sweep.modules().size());
        JsonArray points = new JsonArray();
        for (int p = 0; p < sweep.size(); p++) {
            JsonObject point = new JsonObject();
            for (int m = 0; m < table.modules().size(); m++) {
                FigureSpec.ModuleAxis axis = table.modules().get(m);
                JsonObject module = new JsonObject();
                int alternative = p / each;
                module.addProperty("module", moduleOf(table, alternative, m));
                module.addProperty("name", sweep.modules().get(alternative).get(m));
                point.add(axis.alias(), module);
            }
            for (FigureSpec.Labels l : table.labels()) {
                point.addProperty(l.input().name(), l.values().get(p)); // a table of rows: a point a row
            }
            for (int a = 0; a < table.axes().size(); a++) {
                BindingInfo input = table.axes().get(a).input();
                point.add(input.name(), quantity(input, Band.point(sweep.input(a, p % each))));
            }
            for (int v = 0; v < table.shown().size(); v++) {
                BindingInfo b = table.shown().get(v);
                Band value = sweep.drawing().bands()[p][v];
                point.add(b.name(), Double.isNaN(value.nominal()) ? JsonNull.INSTANCE // a point without a value: "errors" says why
                        : quantity(b, value));
            }
            points.add(point);
        }
        o.add("points", points);
        if (table.modules().isEmpty()) {
            CheckText text = new CheckText(program, values);
            o.add("failed", failures(sweep.failures(), sweep, text));
            o.add("uncertain", failures(sweep.uncertain(), sweep, text)); // over other inputs' ranges: holds at part of them
            JsonArray errors = new JsonArray();
            for (FigureValues.Unevaluated u : sweep.unevaluated()) {
                JsonObject e = said(u.first());
                e.add("points", indexes(u.points()));
                errors.add(e);
            }
            o.add("errors", errors);
            return o;
        }
        JsonArray warned = new JsonArray();
        for (int w = 0; w < said.size(); w++) {
            JsonObject warning = said(said.get(w));
            JsonObject modules = new JsonObject();
            for (int m = 0; m < with.get(w).size(); m++) {
                modules.addProperty(table.modules().get(m).alias(), with.get(w).get(m));
            }
            warning.add("with", modules);
            warned.add(warning);
        }
        o.add("warnings", warned);
        return o;
    }

    /**
     * {@code chain sweep --runs --json}: {@code {"file", "input", "inputKey", "runs": [{"file", INPUT:
     * quantity, "values": [{"name", "key", "expected", "observed", "ratio"}, ...]}, ...]}}, the
     * expected side a range's ends where a {@code --set} range makes it one ({@code low} and
     * {@code high}, as {@code run --json} gives a range's), and then the ratio's ({@code ratio_low},
     * {@code ratio_high}: from the highest expectation's to the lowest's, as the table writes it).
     */
    public JsonObject runs(String file, FigureSpec.Plot plot, FigureValues.Runs runs) {
        FigureSpec.Runs spec = plot.runs();
        BindingInfo input = plot.x().input();
        JsonObject o = new JsonObject();
        o.addProperty("file", file);
        o.addProperty("input", input.name());
        o.addProperty("inputKey", spec.input().key().value());
        dev.chain.eval.Program.Drawing expected = runs.expected();
        JsonArray all = new JsonArray();
        for (int r = 0; r < runs.points().length; r++) {
            JsonObject run = new JsonObject();
            run.addProperty("file", runs.files().get(r));
            run.add(input.name(), quantity(input, Band.point(runs.points()[r])));
            JsonArray compared = new JsonArray();
            for (int v = 0; v < spec.values().size(); v++) {
                BindingInfo b = spec.values().get(v);
                int s = plot.shown().indexOf(b);
                Band at = expected.bands()[r][s];
                double observed = runs.observed()[r][v];
                JsonObject c = new JsonObject();
                c.addProperty("name", b.name());
                c.addProperty("key", spec.keys().get(v).key().value());
                c.add("expected", quantity(b, at));
                c.add("observed", quantity(b, Band.point(observed)));
                c.addProperty("ratio", observed / at.nominal());
                if (at.ranged()) {
                    c.addProperty("ratio_low", observed / at.high());
                    c.addProperty("ratio_high", observed / at.low());
                }
                compared.add(c);
            }
            run.add("values", compared);
            all.add(run);
        }
        o.add("runs", all);
        return o;
    }

    /**
     * {@code chain solve --json}: {@code {"file", "for", "where", "holds_up_to", "fails_from",
     * "evaluations", "errors"}}, or {@code fails_up_to} and {@code holds_from} where it holds above
     * the turn ({@code uncertain_...} where, over ranged inputs, it holds for some of their values);
     * several turns are each such a pair in {@code "boundaries"}. Each value is written as the
     * report's line writes it, with the digits that tell a turn's two sides apart.
     */
    public JsonObject solve(String file, FigureSpec.Solve solve, FigureValues.Turns turns) {
        BindingInfo input = solve.searched().input();
        dev.chain.eval.Solve.Result result = turns.result();
        SolveReport report = new SolveReport(program, values, solve, result);
        JsonObject o = new JsonObject();
        o.addProperty("file", file);
        o.addProperty("for", input.name());
        o.addProperty("where", report.condition());
        JsonArray all = new JsonArray();
        for (dev.chain.eval.Solve.Boundary b : result.boundaries()) {
            AnswerText.Shown[] shown = report.apart(b);
            JsonObject pair = result.boundaries().size() == 1 ? o : new JsonObject();
            pair.add(b.below().word() + "_up_to", quantity(input, shown[0].text(), shown[0].si()));
            pair.add(b.above().word() + "_from", quantity(input, shown[1].text(), shown[1].si()));
            all.add(pair);
        }
        if (result.boundaries().size() > 1) {
            o.add("boundaries", all);
        }
        o.addProperty("evaluations", result.evaluations());
        JsonArray errors = new JsonArray();
        for (List<dev.chain.eval.Solve.Unvalued> same : report.unvaluedByError().values()) {
            JsonObject error = said(same.get(0).error());
            JsonArray at = new JsonArray();
            same.forEach(u -> at.add(quantity(input, Band.point(u.at()))));
            error.add("at", at);
            errors.add(error);
        }
        o.add("errors", errors);
        return o;
    }

    /** What was said, as a figure's JSON lists it: {@code {"line", "message"}}, the line null for a diagnostic of no line. */
    private static JsonObject said(Diagnostic d) {
        JsonObject o = new JsonObject();
        o.addProperty("line", d.span() == null ? null : d.span().line());
        o.addProperty("message", d.message());
        return o;
    }

    private JsonObject quantity(BindingInfo b, dev.chain.units.QuantityFormatter.Formatted shown, double si) {
        return Json.quantity(shown, si, b.dimension(), program.units());
    }

    /** The module of alias {@code m} in alternative {@code alternative}: the aliases' modules, the first slowest. */
    private static String moduleOf(FigureSpec.Table table, int alternative, int m) {
        int stride = 1;
        for (int a = table.modules().size() - 1; a > m; a--) {
            stride *= table.modules().get(a).modules().size();
        }
        List<String> modules = table.modules().get(m).modules();
        return modules.get((alternative / stride) % modules.size());
    }

    private JsonArray failures(List<FigureValues.Failure> failures, FigureValues.Points sweep, CheckText text) {
        JsonArray out = new JsonArray();
        for (FigureValues.Failure fail : failures) {
            JsonObject c = new JsonObject();
            c.addProperty("line", fail.check().decl().span().line());
            c.addProperty("text", CheckText.source(fail.first()));
            c.add("points", indexes(fail.points()));
            c.addProperty("first", text.point(sweep, fail.points()[0]) + ": " + text.outcome(fail.first()));
            out.add(c);
        }
        return out;
    }

    private static JsonArray indexes(int[] points) {
        JsonArray at = new JsonArray();
        for (int p : points) {
            at.add(p);
        }
        return at;
    }
}
