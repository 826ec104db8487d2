package dev.chain.render;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureSpec;
import dev.chain.diag.Diagnostic;
import dev.chain.units.QuantityFormatter;
import java.util.List;

/**
 * {@code chain sweep --over gpu=h100_sxm,b200 --json}: the shape of a sweep's JSON, with the
 * aliases swept as {@code "modules"} and each point's module under its alias
 * ({@code "gpu": {"module": "b200", "name": "B200"}}); each warning (a check that fails with some
 * module, a point without a value) with its line, message and the modules it was met with.
 */
public final class ModuleSweepJson {
    private ModuleSweepJson() {}

    /**
     * @param modules    each alternative's modules by name, in the order of {@code aliases}
     * @param labels     the same, as the rows show them (each module's {@code name})
     * @param points     every alternative's points in turn, {@code [point][value]}
     * @param lows       where inputs are ranges, each value's lowest at each point ({@code highs} its
     *                   highest), given as {@code low} and {@code high} where they differ; null without ranges
     * @param warnedWith the modules of each warning's alternative
     */
    public static JsonObject json(String file, CheckedProgram program, Values values, List<String> aliases,
                                  List<List<String>> modules, List<List<String>> labels, List<FigureSpec.Axis> axes,
                                  List<BindingInfo> shown, double[][] points, double[][] lows, double[][] highs,
                                  List<Diagnostic> warnings, List<List<String>> warnedWith) {
        JsonObject o = new JsonObject();
        o.addProperty("file", file);
        o.addProperty("title", program.title() == null ? null : program.title().value());
        JsonArray aliasList = new JsonArray();
        aliases.forEach(aliasList::add);
        o.add("modules", aliasList);
        JsonArray inputs = new JsonArray();
        for (FigureSpec.Axis a : axes) {
            inputs.add(a.input().name());
        }
        o.add("inputs", inputs);
        JsonArray names = new JsonArray();
        for (BindingInfo b : shown) {
            names.add(b.name());
        }
        o.add("values", names);
        QuantityFormatter f = values.formatter();
        List<FigureTables.Column> columns = new java.util.ArrayList<>();
        for (FigureSpec.Axis a : axes) {
            columns.add(new FigureTables.Column(a.input().name(), null, null, a.points()));
        }
        int each = points.length / modules.size();
        JsonArray all = new JsonArray();
        for (int p = 0; p < points.length; p++) {
            JsonObject point = new JsonObject();
            for (int m = 0; m < aliases.size(); m++) {
                JsonObject module = new JsonObject();
                module.addProperty("module", modules.get(p / each).get(m));
                module.addProperty("name", labels.get(p / each).get(m));
                point.add(aliases.get(m), module);
            }
            for (int a = 0; a < axes.size(); a++) {
                BindingInfo input = axes.get(a).input();
                double si = FigureTables.input(columns, a, p % each);
                point.add(input.name(), Json.quantity(f.format(si, input.dimension(), input.display(), input.format()), si,
                        input.dimension(), program.units()));
            }
            for (int v = 0; v < shown.size(); v++) {
                BindingInfo b = shown.get(v);
                double si = points[p][v];
                if (Double.isNaN(si)) {
                    point.add(b.name(), JsonNull.INSTANCE);
                    continue;
                }
                JsonObject q = Json.quantity(f.format(si, b.dimension(), b.display(), b.format()), si, b.dimension(), program.units());
                if (lows != null && lows[p][v] < highs[p][v]) { // a range: its ends, as run --json gives them
                    q.add("low", Json.quantity(f.format(lows[p][v], b.dimension(), b.display(), b.format()), lows[p][v],
                            b.dimension(), program.units()));
                    q.add("high", Json.quantity(f.format(highs[p][v], b.dimension(), b.display(), b.format()), highs[p][v],
                            b.dimension(), program.units()));
                }
                point.add(b.name(), q);
            }
            all.add(point);
        }
        o.add("points", all);
        JsonArray warned = new JsonArray();
        for (int w = 0; w < warnings.size(); w++) {
            Diagnostic d = warnings.get(w);
            JsonObject warning = new JsonObject();
            warning.addProperty("line", d.span() == null ? null : d.span().line());
            warning.addProperty("message", d.message());
            JsonObject with = new JsonObject();
            for (int m = 0; m < aliases.size(); m++) {
                with.addProperty(aliases.get(m), warnedWith.get(w).get(m));
            }
            warning.add("with", with);
            warned.add(warning);
        }
        o.add("warnings", warned);
        return o;
    }
}
