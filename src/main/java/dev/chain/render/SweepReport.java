package dev.chain.render;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureSpec;
import dev.chain.eval.Sweep;
import dev.chain.units.QuantityFormatter;
import java.util.List;

/**
 * What {@code chain sweep} prints: the sweep's table as aligned text, Markdown (as a card shows
 * it), CSV (numbers with all their digits, no grouping) or JSON (every point's inputs and values
 * in the shape of {@code eval --json}, and the checks that fail at some points, with which).
 */
public final class SweepReport {
    private final CheckedProgram program;
    private final Values values;
    private final FigureSpec.Table figure;
    private final Sweep sweep;

    public SweepReport(CheckedProgram program, Values values, FigureSpec.Table figure, Sweep sweep) {
        this.program = program;
        this.values = values;
        this.figure = figure;
        this.sweep = sweep;
    }

    /** Columns padded to line up: labels and headings to the left, numbers to the right. */
    public String text() {
        return aligned(new FigureMarkdown(program, values).tableRows(figure, sweep), figure.labelled() ? 1 : 0);
    }

    /** Rows as aligned text: headings, and the first {@code labels} columns (labels, not numbers), to the left, numbers to the right. */
    public static String aligned(List<List<String>> rows, int labels) {
        int columns = rows.get(0).size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row.get(c).codePointCount(0, row.get(c).length()));
            }
        }
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < rows.size(); r++) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String cell = rows.get(r).get(c);
                String pad = " ".repeat(widths[c] - cell.codePointCount(0, cell.length()));
                boolean left = r == 0 || c < labels;
                line.append(c > 0 ? "  " : "").append(left ? cell + pad : pad + cell);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    public String markdown() {
        return FigureMarkdown.pipeTable(new FigureMarkdown(program, values).tableRows(figure, sweep), figure.labelled() ? 1 : 0);
    }

    /**
     * RFC 4180's quoting (a cell with a comma, a quote or a line break is quoted, its quotes
     * doubled), with lines ending in LF, as most tools write them: a carriage return is a
     * control character, which chain never prints raw (docs/diagnostics.md).
     */
    public String csv() {
        return csv(new FigureMarkdown(program, values).tableRows(figure, sweep, true));
    }

    /** Rows as CSV, quoted as {@link #csv()} says. */
    public static String csv(List<List<String>> rows) {
        StringBuilder out = new StringBuilder();
        for (List<String> row : rows) {
            for (int c = 0; c < row.size(); c++) {
                String cell = row.get(c);
                boolean quote = cell.indexOf(',') >= 0 || cell.indexOf('"') >= 0 || cell.indexOf('\n') >= 0 || cell.indexOf('\r') >= 0;
                out.append(c > 0 ? "," : "").append(quote ? '"' + cell.replace("\"", "\"\"") + '"' : cell);
            }
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * {@code {"file", "inputs": [...], "values": [...], "points": [{NAME: quantity, ...}, ...], "failed": [...], "errors": [...]}}:
     * each quantity as {@code eval --json} gives it (null at a point without a value), each failed
     * check with the points it fails at, each error met with the points it was met at.
     */
    public JsonObject json(String file) {
        JsonObject o = new JsonObject();
        o.addProperty("file", file);
        o.addProperty("title", program.title() == null ? null : program.title().value());
        JsonArray inputs = new JsonArray();
        for (FigureSpec.Axis a : figure.axes()) {
            inputs.add(a.input().name());
        }
        o.add("inputs", inputs);
        JsonArray shown = new JsonArray();
        for (BindingInfo b : figure.shown()) {
            shown.add(b.name());
        }
        o.add("values", shown);
        QuantityFormatter f = values.formatter();
        JsonArray points = new JsonArray();
        for (int p = 0; p < sweep.size(); p++) {
            JsonObject point = new JsonObject();
            for (int a = 0; a < figure.axes().size(); a++) {
                BindingInfo input = figure.axes().get(a).input();
                double si = sweep.input(a, p);
                point.add(input.name(), Json.quantity(f.format(si, input.dimension(), input.display(), input.format()), si,
                        input.dimension(), program.units()));
            }
            for (int v = 0; v < figure.shown().size(); v++) {
                BindingInfo b = figure.shown().get(v);
                double si = sweep.values()[p][v];
                if (Double.isNaN(si)) { // a point without a value: "errors" says why
                    point.add(b.name(), com.google.gson.JsonNull.INSTANCE);
                    continue;
                }
                JsonObject q = Json.quantity(f.format(si, b.dimension(), b.display(), b.format()), si, b.dimension(),
                        program.units());
                if (sweep.ranged() && sweep.lows()[p][v] < sweep.highs()[p][v]) { // a band: its ends, as run --json gives a range's
                    double low = sweep.lows()[p][v];
                    double high = sweep.highs()[p][v];
                    q.add("low", Json.quantity(f.format(low, b.dimension(), b.display(), b.format()), low, b.dimension(), program.units()));
                    q.add("high", Json.quantity(f.format(high, b.dimension(), b.display(), b.format()), high, b.dimension(),
                            program.units()));
                }
                point.add(b.name(), q);
            }
            points.add(point);
        }
        o.add("points", points);
        JsonArray failed = new JsonArray();
        CheckText text = new CheckText(program, values);
        for (Sweep.Failure fail : sweep.failures()) {
            JsonObject c = new JsonObject();
            c.addProperty("line", fail.check().decl().span().line());
            c.addProperty("text", CheckText.source(fail.first()));
            JsonArray at = new JsonArray();
            for (int p : fail.points()) {
                at.add(p);
            }
            c.add("points", at);
            c.addProperty("first", sweep.pointText(fail.points()[0], f) + ": " + text.outcome(fail.first()));
            failed.add(c);
        }
        o.add("failed", failed);
        JsonArray uncertain = new JsonArray(); // over other inputs' ranges: holds at part of them, at these points
        for (Sweep.Failure u : sweep.uncertain()) {
            JsonObject c = new JsonObject();
            c.addProperty("line", u.check().decl().span().line());
            c.addProperty("text", CheckText.source(u.first()));
            JsonArray at = new JsonArray();
            for (int p : u.points()) {
                at.add(p);
            }
            c.add("points", at);
            c.addProperty("first", sweep.pointText(u.points()[0], f) + ": " + text.outcome(u.first()));
            uncertain.add(c);
        }
        o.add("uncertain", uncertain);
        JsonArray errors = new JsonArray();
        for (Sweep.Unevaluated u : sweep.unevaluated()) {
            JsonObject e = new JsonObject();
            e.addProperty("line", u.first().span() == null ? null : u.first().span().line());
            e.addProperty("message", u.first().message());
            JsonArray at = new JsonArray();
            for (int p : u.points()) {
                at.add(p);
            }
            e.add("points", at);
            errors.add(e);
        }
        o.add("errors", errors);
        return o;
    }
}
