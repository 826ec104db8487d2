package dev.chain.render;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.chain.eval.Band;
import dev.chain.eval.Origin;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.Diagnostic;
import dev.chain.eval.CheckResult;
import dev.chain.eval.Evaluation;
import dev.chain.units.Dimension;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.UnitRegistry;
import java.util.List;

/** The machine-readable output of {@code --json}: the shapes docs/cli.md documents. */
public final class Json {
    private Json() {}

    public static String write(JsonElement element) {
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(element) + "\n";
    }

    /** {@code {"text": "4.794 ms", "value": 4.794..., "unit": "ms", "si": 0.004794..., "dimension": "s"}} */
    public static JsonObject quantity(QuantityFormatter.Formatted shown, double si, Dimension dimension, UnitRegistry units) {
        JsonObject o = new JsonObject();
        o.addProperty("text", shown.text());
        o.addProperty("value", shown.value());
        o.addProperty("unit", shown.unit().text());
        o.addProperty("si", si);
        o.addProperty("dimension", units.baseUnits(dimension));
        return o;
    }

    /** A chain's title, drills, every binding and every check, for {@code run --json}. */
    public static JsonObject run(String path, CheckedProgram program, Evaluation evaluation, BindingValues values) {
        JsonObject o = new JsonObject();
        o.addProperty("file", path);
        o.addProperty("title", program.title() == null ? null : program.title().value());
        JsonArray drills = new JsonArray();
        program.drills().forEach(d -> drills.add(d.value()));
        o.add("drills", drills);
        JsonArray bindings = new JsonArray();
        RunReport steps = new RunReport(program, evaluation, values);
        FormulaPrinter formula = new FormulaPrinter(program, null, " * ");
        for (BindingInfo b : program.bindings()) {
            JsonObject j;
            if (b.isText()) {
                j = new JsonObject();
                j.addProperty("text", b.text());
            } else {
                double si = evaluation.value(b);
                j = quantity(values.formatted(b), si, b.dimension(), program.units());
                Band band = evaluation.band(b);
                if (band.ranged()) { // a range: its ends beside its nominal value, each in its unit
                    j.addProperty("text", values.text(b)); // both ends, as chain run shows it: 15.05 ms (12.6 .. 18.1 ms)
                    j.add("low", extreme(values, b, band.low(), program.units()));
                    j.add("high", extreme(values, b, band.high(), program.units()));
                }
                j.addProperty("formula", written((Value.QuantityValue) b.decl().value(), formula));
                j.addProperty("step", steps.step(b));
            }
            JsonObject named = new JsonObject();
            named.addProperty("name", b.name());
            Origin origin = values.origin(b);
            named.addProperty("kind", b.isText() ? "text" : origin.fixed() || b.input() ? origin.kind() : "derived");
            named.addProperty("group", b.group() == null ? null : b.group().label());
            named.addProperty("line", b.decl().span().line());
            j.entrySet().forEach(e -> named.add(e.getKey(), e.getValue()));
            if (origin.fixed()) { // where the number was taken from
                JsonObject source = new JsonObject();
                origin.fields().forEach(source::addProperty);
                named.add("source", source);
            }
            bindings.add(named);
        }
        o.add("bindings", bindings);
        o.add("checks", checks(evaluation.checks(), program, values));
        return o;
    }

    /** An end of a binding's range, as {@code eval --json} gives a quantity, in the binding's unit and format. */
    private static JsonObject extreme(BindingValues values, BindingInfo b, double si, UnitRegistry units) {
        return quantity(values.formatter().format(si, b.dimension(), b.display(), b.format()), si, b.dimension(), units);
    }

    public static JsonArray checks(List<CheckResult> results, CheckedProgram program, BindingValues values) {
        CheckText text = new CheckText(program, values);
        JsonArray checks = new JsonArray();
        for (CheckResult r : results) {
            JsonObject c = new JsonObject();
            c.addProperty("line", r.check().decl().span().line());
            c.addProperty("text", CheckText.source(r));
            c.addProperty("passed", r.passed());
            c.addProperty("status", r.status().word());
            c.addProperty("outcome", text.outcome(r));
            checks.add(c);
        }
        return checks;
    }

    public static JsonArray diagnostics(List<Diagnostic> diagnostics) {
        JsonArray out = new JsonArray();
        for (Diagnostic d : diagnostics) {
            JsonObject o = new JsonObject();
            o.addProperty("severity", d.severity().label());
            if (d.span() != null) {
                o.addProperty("file", d.span().file().name());
                o.addProperty("line", d.span().line());
                o.addProperty("column", d.span().column());
                o.addProperty("endLine", d.span().file().lineOf(d.span().end()));
                o.addProperty("endColumn", d.span().file().columnOf(d.span().end()));
            }
            o.addProperty("message", d.message());
            JsonArray labels = new JsonArray();
            for (Diagnostic.Label label : d.labels()) {
                if (label.span() == null) {
                    continue;
                }
                JsonObject l = new JsonObject();
                l.addProperty("file", label.span().file().name());
                l.addProperty("line", label.span().line());
                l.addProperty("column", label.span().column());
                l.addProperty("endLine", label.span().file().lineOf(label.span().end()));
                l.addProperty("endColumn", label.span().file().columnOf(label.span().end()));
                l.addProperty("message", label.message());
                labels.add(l);
            }
            o.add("labels", labels);
            JsonArray notes = new JsonArray();
            d.notes().forEach(notes::add);
            o.add("notes", notes);
            out.add(o);
        }
        return out;
    }

    /** A value's formula as written, a ranged input's whole range with it: {@code 40% .. 60%}, not its first literal. */
    private static String written(Value.QuantityValue value, FormulaPrinter formula) {
        String first = formula.print(value.expr());
        if (value.spread() == null) {
            return first;
        }
        return value.spread().accept(new dev.chain.ast.Spread.Visitor<String>() {
            @Override
            public String visitUpTo(dev.chain.ast.Spread.UpTo upTo) {
                return first + " .. " + formula.print(upTo.high());
            }

            @Override
            public String visitAround(dev.chain.ast.Spread.Around around) {
                return first + " (" + formula.print(around.low()) + " .. " + formula.print(around.high()) + ")";
            }

            @Override
            public String visitPlusMinus(dev.chain.ast.Spread.PlusMinus plusMinus) {
                return first + " ± " + formula.print(plusMinus.tolerance());
            }
        });
    }
}
