package dev.chain.render;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.plot.LinePlot;
import dev.chain.units.DisplayUnit;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Benchmark runs against the chain ({@code chain sweep --runs}) as JSON, or a plot of the expected
 * line with the observed points beside it: a run's input value, and for each value compared the
 * expected (the chain at that point), the observed (the run's file) and their ratio. Its table is
 * the card's ({@link FigureMarkdown#runsRows}).
 *
 * @param files    each run's file, in the order of the points
 * @param points   each run's input value, in base units
 * @param expected {@code [run][value]}, in base units, with each one's ends where a {@code --set} range
 *                 makes it a range (its {@code lows} null where none does)
 * @param observed {@code [run][value]}, in base units
 */
public record RunsReport(CheckedProgram program, QuantityFormatter formatter, BindingInfo input, String inputKey,
                         List<BindingInfo> values, List<String> keys, List<String> files, double[] points,
                         dev.chain.eval.Program.Drawing expected, double[][] observed) {


    public JsonObject json(String file) {
        JsonObject o = new JsonObject();
        o.addProperty("file", file);
        o.addProperty("input", input.name());
        o.addProperty("inputKey", inputKey);
        JsonArray runs = new JsonArray();
        for (int r = 0; r < points.length; r++) {
            JsonObject run = new JsonObject();
            run.addProperty("file", files.get(r));
            run.add(input.name(), Json.quantity(formatter.format(points[r], input.dimension(), input.display(), input.format()),
                    points[r], input.dimension(), program.units()));
            JsonArray compared = new JsonArray();
            for (int v = 0; v < values.size(); v++) {
                BindingInfo b = values.get(v);
                JsonObject c = new JsonObject();
                c.addProperty("name", b.name());
                c.addProperty("key", keys.get(v));
                double nominal = expected.values()[r][v];
                JsonObject e = quantity(b, nominal);
                double low = expected.ranged() ? expected.lows()[r][v] : nominal;
                double high = expected.ranged() ? expected.highs()[r][v] : nominal;
                if (low < high) { // a --set range: the expectation's ends, as run --json gives a range's (issue 40 item 13)
                    e.add("low", quantity(b, low));
                    e.add("high", quantity(b, high));
                }
                c.add("expected", e);
                c.add("observed", quantity(b, observed[r][v]));
                c.addProperty("ratio", observed[r][v] / nominal);
                if (low < high) { // over the range of expectations: from the highest's to the lowest's, as the table writes it
                    c.addProperty("ratio_low", observed[r][v] / high);
                    c.addProperty("ratio_high", observed[r][v] / low);
                }
                compared.add(c);
            }
            run.add("values", compared);
            runs.add(run);
        }
        o.add("runs", runs);
        return o;
    }

    private JsonObject quantity(BindingInfo b, double si) {
        return Json.quantity(formatter.format(si, b.dimension(), b.display(), b.format()), si, b.dimension(), program.units());
    }

    /**
     * The plot: each value's expected line through the runs' points, its observed points beside
     * it, on one axis when the values share a dimension (the unit of the first).
     */
    public String svg(String title) {
        List<LinePlot.Series> series = new ArrayList<>();
        BindingInfo first = values.get(0);
        double mid = expected.values()[expected.values().length / 2][0];
        DisplayUnit unit = first.display() != null ? first.display() : formatter.autoUnit(mid, first.dimension());
        for (int v = 0; v < values.size(); v++) {
            if (!values.get(v).dimension().equals(first.dimension())) {
                continue;
            }
            double[] e = new double[points.length];
            double[] m = new double[points.length];
            for (int r = 0; r < points.length; r++) {
                e[r] = expected.values()[r][v] / unit.factor();
                m[r] = observed[r][v] / unit.factor();
            }
            series.add(new LinePlot.Series(values.get(v).name() + " (expected)", e, 0, Double.NaN));
            series.add(LinePlot.Series.measured(values.get(v).name() + " observed (" + keys.get(v) + ")", m, 0));
        }
        DisplayUnit xUnit = input.display() != null ? input.display() : formatter.autoUnit(points[points.length - 1], input.dimension());
        double[] xs = new double[points.length];
        for (int r = 0; r < points.length; r++) {
            xs[r] = points[r] / xUnit.factor();
        }
        boolean log = xs[0] > 0 && xs[xs.length - 1] / xs[0] >= 16;
        String xLabel = input.name() + (xUnit.text().isEmpty() ? "" : " (" + xUnit.text() + ")");
        String yLabel = first.name() + (unit.text().isEmpty() ? "" : " (" + unit.text() + ")");
        String description = "expected against observed: " + first.name() + " at each run's " + input.name();
        return new LinePlot(title, description, new LinePlot.Axis(xLabel, log), xs, List.of(new LinePlot.Axis(yLabel, false)),
                series, Double.NaN, null, true).svg();
    }
}
