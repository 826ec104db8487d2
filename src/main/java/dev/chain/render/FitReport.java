package dev.chain.render;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.chain.check.BindingInfo;
import dev.chain.eval.FittedValues;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code chain fit} found, as text or JSON: each fitted input with its 95% interval, each run
 * with its residual in the fit and held out of it, and the errors of both. Every quantity is written
 * as its binding shows it (its unit and digits chosen by the chain's own values), in JSON in the shape
 * of {@code eval --json}; residuals are plain fractions there and percentages in the text.
 */
public final class FitReport {

    private final BindingValues values;
    private final FigureJson json;

    /** @param values the chain's own values: they choose each quantity's unit */
    public FitReport(dev.chain.check.CheckedProgram program, BindingValues values) {
        this.values = values;
        this.json = new FigureJson(program, values);
    }

    /** The fitted inputs, the table of runs and the errors, as aligned text. */
    public String text(FittedValues d) {
        StringBuilder out = new StringBuilder();
        out.append(d.against().name()).append(" fitted to ").append(d.files().size()).append(" runs (least squares of relative residuals;"
                + " 95% intervals from the Jacobian):\n");
        List<List<String>> fitted = new ArrayList<>();
        for (int p = 0; p < d.free().size(); p++) {
            BindingInfo b = d.free().get(p);
            fitted.add(List.of(b.name(), "= " + shown(b, d.values()[p]), "(" + shown(b, d.lows()[p]) + " .. " + shown(b, d.highs()[p]) + ")"));
        }
        for (String line : FigureWriter.aligned(withBlankHeader(fitted), 3).split("\n")) {
            if (!line.isBlank()) {
                out.append("  ").append(line).append('\n');
            }
        }
        out.append('\n');
        out.append(FigureWriter.aligned(rows(d), 1));
        out.append('\n');
        out.append(summary(d)).append('\n');
        return out.toString();
    }

    /** The errors: the median absolute residual in the fit and held out, and the worst run. */
    public String summary(FittedValues d) {
        int worst = d.worst();
        return "median |residual| " + percent(d.medianAbs(), false) + " in the fit, " + percent(d.heldOutMedianAbs(), false)
                + " held out; worst " + percent(d.residuals()[worst], true) + " (" + name(d.files().get(worst)) + ")";
    }

    /** Each input fitted: its label, its value, and its 95% interval; the header first. */
    public List<List<String>> fitted(FittedValues d) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("fitted", "value", "95% interval"));
        for (int p = 0; p < d.free().size(); p++) {
            BindingInfo b = d.free().get(p);
            rows.add(List.of(b.label(), shown(b, d.values()[p]), shown(b, d.lows()[p]) + " .. " + shown(b, d.highs()[p])));
        }
        return rows;
    }

    /** The table of runs: each run's file, point, measurement, fitted value and residuals, the header first. */
    public List<List<String>> rows(FittedValues d) {
        List<List<String>> rows = new ArrayList<>();
        String value = d.against().name();
        rows.add(List.of("run", d.over().name(), value + " observed", value + " fitted", "residual", "held out"));
        for (int r = 0; r < d.files().size(); r++) {
            rows.add(List.of(name(d.files().get(r)), shown(d.over(), d.points()[r]), shown(d.against(), d.observed()[r]),
                    shown(d.against(), d.fitted()[r]), percent(d.residuals()[r], true), percent(d.heldOut()[r], true)));
        }
        return rows;
    }

    /**
     * {@code {"fitted": {NAME: quantity with low and high}, "runs": [{"file", "over", "observed",
     * "fitted", "residual", "loo_residual"}], "error": {"median_abs", "loo_median_abs", "worst"}}}.
     */
    public JsonObject json(FittedValues d) {
        JsonObject o = new JsonObject();
        JsonObject fitted = new JsonObject();
        for (int p = 0; p < d.free().size(); p++) {
            BindingInfo b = d.free().get(p);
            JsonObject q = json.quantity(b, dev.chain.eval.Band.point(d.values()[p]));
            q.add("low", json.quantity(b, dev.chain.eval.Band.point(d.lows()[p])));
            q.add("high", json.quantity(b, dev.chain.eval.Band.point(d.highs()[p])));
            fitted.add(b.name(), q);
        }
        o.add("fitted", fitted);
        JsonArray runs = new JsonArray();
        for (int r = 0; r < d.files().size(); r++) {
            JsonObject run = new JsonObject();
            run.addProperty("file", d.files().get(r));
            run.add("over", json.quantity(d.over(), dev.chain.eval.Band.point(d.points()[r])));
            run.add("observed", json.quantity(d.against(), dev.chain.eval.Band.point(d.observed()[r])));
            run.add("fitted", json.quantity(d.against(), dev.chain.eval.Band.point(d.fitted()[r])));
            run.addProperty("residual", d.residuals()[r]);
            if (Double.isFinite(d.heldOut()[r])) {
                run.addProperty("loo_residual", d.heldOut()[r]);
            } else {
                run.add("loo_residual", com.google.gson.JsonNull.INSTANCE);
            }
            runs.add(run);
        }
        o.add("runs", runs);
        JsonObject error = new JsonObject();
        error.addProperty("median_abs", d.medianAbs());
        error.addProperty("loo_median_abs", d.heldOutMedianAbs());
        error.addProperty("worst", Math.abs(d.residuals()[d.worst()]));
        error.addProperty("worst_run", d.files().get(d.worst()));
        o.add("error", error);
        return o;
    }

    private String shown(BindingInfo b, double si) {
        return values.formatter().format(si, b.dimension(), b.display(), b.format()).text();
    }

    /** A residual as a percentage of one decimal: signed in the table, as a size in the summary. */
    private static String percent(double fraction, boolean signed) {
        if (!Double.isFinite(fraction)) {
            return "—";
        }
        String digits = String.format(Locale.ROOT, "%.1f%%", Math.abs(fraction) * 100);
        return !signed || digits.equals("0.0%") ? digits : (fraction < 0 ? "-" : "+") + digits;
    }

    private static String name(String file) {
        return Path.of(file.replaceFirst(":\\d+$", "")).getFileName() + (file.matches(".*:\\d+$") ? file.substring(file.lastIndexOf(':')) : "");
    }

    private static List<List<String>> withBlankHeader(List<List<String>> rows) {
        List<List<String>> all = new ArrayList<>();
        all.add(List.of("", "", ""));
        all.addAll(rows);
        return all;
    }
}
