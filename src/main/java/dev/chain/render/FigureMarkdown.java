package dev.chain.render;

import dev.chain.ast.Domain;
import dev.chain.ast.FigureKind;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureInfo;
import dev.chain.eval.Sweep;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.NumberFormatter;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * A chain's figure on its page: a table as a Markdown table (its title a paragraph above it), a
 * plot or roofline as an SVG file beside the page and an image line with alt text that says what
 * it shows. Every number is written as the chain writes it: in the value's own unit (its
 * {@code ->} unit, or the one chain picks for the chain's own value) with its own format.
 */
public final class FigureMarkdown {
    private final CheckedProgram program;
    private final Values values;
    private final TemplateRenderer templates;

    public FigureMarkdown(CheckedProgram program, Values values) {
        this.program = program;
        this.values = values;
        this.templates = new TemplateRenderer(program, values);
    }

    /** The figure's Markdown; a plot's SVG goes to {@code files}. */
    public String markdown(FigureInfo figure, Sweep sweep, PageFigures files) {
        String title = title(figure);
        if (figure.kind() == FigureKind.TABLE) {
            return Markdown.inline(title) + "\n\n" + table(figure, sweep);
        }
        String alt = figure.kind() == FigureKind.PLOT ? plotAlt(title, figure, sweep) : rooflineAlt(title, figure, sweep);
        String svg = figure.kind() == FigureKind.PLOT ? plot(title, alt, figure, sweep) : roofline(title, alt, figure, sweep);
        return "![" + Markdown.inline(alt) + "](" + Markdown.destination(files.add(svg)) + ")\n";
    }

    public String title(FigureInfo figure) {
        return TemplateRenderer.plain(templates.render(figure.decl().titleTemplate())).replace('\n', ' ');
    }

    // ---- how a value is written ------------------------------------------------------------------

    /** The unit a column or axis of this binding is in: its own, or the one chain picks for the chain's value. */
    private DisplayUnit unit(BindingInfo b) {
        if (b.display() != null) {
            return b.display();
        }
        return values.formatter().autoUnit(values.valueOf(b), b.dimension());
    }

    /** {@code floor (ms)}, or {@code batch} for a plain number. */
    private static String heading(String name, DisplayUnit unit) {
        return unit.isEmpty() ? name : name + " (" + unit.text() + ")";
    }

    /** Numbers for a machine: see {@link #tableRows(FigureInfo, Sweep, boolean)}. */
    private boolean plain;

    /** A number in a column's unit, in the binding's format (or for a machine, its digits alone). */
    private String number(double si, DisplayUnit unit, FormatSpec format) {
        double v = si / unit.factor();
        if (plain) {
            return new java.math.BigDecimal(v).round(new java.math.MathContext(15)).stripTrailingZeros().toPlainString();
        }
        return NumberFormatter.format(v, format);
    }

    private String inputText(BindingInfo input, double si) {
        if (plain) {
            DisplayUnit unit = unit(input);
            return number(si, unit, null) + (unit.isEmpty() ? "" : " " + unit.text());
        }
        return TemplateRenderer.plain(templates.quantity(input, si, input.display(), input.format(), false));
    }

    // ---- a table -----------------------------------------------------------------------------------

    private String table(FigureInfo figure, Sweep sweep) {
        return pipeTable(tableRows(figure, sweep), labelled(figure));
    }

    /** Whether a table's first column holds labels (a grid's rows, a row per value), not numbers. */
    public static boolean labelled(FigureInfo figure) {
        return figure.rows() || (figure.axes().size() == 2 && figure.shown().size() == 1);
    }

    /**
     * A table's cells, its header first: a row per point (the inputs, then the values), or with
     * {@code as rows} a row per value, or for a grid of one value a matrix. Each heading says its
     * unit; each number is written in it, in its binding's format.
     */
    public List<List<String>> tableRows(FigureInfo figure, Sweep sweep) {
        return tableRows(figure, sweep, false);
    }

    /** As {@link #tableRows(FigureInfo, Sweep)}; {@code plain} writes numbers for a machine (CSV): no grouping, all digits. */
    public List<List<String>> tableRows(FigureInfo figure, Sweep sweep, boolean plain) {
        this.plain = plain;
        List<List<String>> rows = new ArrayList<>();
        List<BindingInfo> shown = figure.shown();
        List<FigureInfo.Axis> axes = figure.axes();
        if (axes.size() == 2 && shown.size() == 1) {
            // A grid of one value: a matrix, the first input down, the second across.
            BindingInfo value = shown.get(0);
            DisplayUnit unit = unit(value);
            FigureInfo.Axis down = axes.get(0);
            FigureInfo.Axis across = axes.get(1);
            List<String> header = new ArrayList<>();
            header.add(heading(value.name(), unit));
            for (double b : across.points()) {
                header.add(across.input().name() + " " + inputText(across.input(), b));
            }
            rows.add(header);
            for (int i = 0; i < down.points().length; i++) {
                List<String> row = new ArrayList<>();
                row.add(down.input().name() + " " + inputText(down.input(), down.points()[i]));
                for (int j = 0; j < across.points().length; j++) {
                    row.add(number(sweep.values()[i * across.points().length + j][0], unit, value.format()));
                }
                rows.add(row);
            }
            return rows;
        }
        List<DisplayUnit> units = new ArrayList<>();
        for (BindingInfo b : shown) {
            units.add(unit(b));
        }
        List<DisplayUnit> inputUnits = new ArrayList<>();
        for (FigureInfo.Axis a : axes) {
            inputUnits.add(unit(a.input()));
        }
        if (figure.rows()) {
            // A row per value, a column per point: the scaling book's tables.
            FigureInfo.Axis axis = axes.get(0);
            List<String> header = new ArrayList<>();
            header.add(heading(axis.input().name(), inputUnits.get(0)));
            for (double p : axis.points()) {
                header.add(number(p, inputUnits.get(0), axis.input().format()));
            }
            rows.add(header);
            for (int v = 0; v < shown.size(); v++) {
                List<String> row = new ArrayList<>();
                row.add(heading(shown.get(v).name(), units.get(v)));
                for (int p = 0; p < sweep.size(); p++) {
                    row.add(number(sweep.values()[p][v], units.get(v), shown.get(v).format()));
                }
                rows.add(row);
            }
            return rows;
        }
        List<String> header = new ArrayList<>();
        for (int a = 0; a < axes.size(); a++) {
            header.add(heading(axes.get(a).input().name(), inputUnits.get(a)));
        }
        for (int v = 0; v < shown.size(); v++) {
            header.add(heading(shown.get(v).name(), units.get(v)));
        }
        rows.add(header);
        for (int p = 0; p < sweep.size(); p++) {
            List<String> row = new ArrayList<>();
            for (int a = 0; a < axes.size(); a++) {
                row.add(number(sweep.input(a, p), inputUnits.get(a), axes.get(a).input().format()));
            }
            for (int v = 0; v < shown.size(); v++) {
                row.add(number(sweep.values()[p][v], units.get(v), shown.get(v).format()));
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * A pipe table (GitHub's, and most site generators'), each cell escaped, numbers aligned right
     * and the first column left when it holds labels ({@code batch 1}, {@code floor (ms)}).
     */
    public static String pipeTable(List<List<String>> rows, boolean labels) {
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < rows.size(); r++) {
            out.append('|');
            for (String cell : rows.get(r)) {
                out.append(' ').append(Markdown.cell(cell)).append(" |");
            }
            out.append('\n');
            if (r == 0) {
                out.append('|');
                for (int c = 0; c < rows.get(0).size(); c++) {
                    out.append(c == 0 && labels ? ":---|" : "---:|");
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    // ---- a plot ------------------------------------------------------------------------------------

    private String plot(String title, String alt, FigureInfo figure, Sweep sweep) {
        return linePlot(title, alt, figure, sweep).svg();
    }

    private dev.chain.plot.LinePlot linePlot(String title, String alt, FigureInfo figure, Sweep sweep) {
        FigureInfo.Axis axis = figure.axes().get(0);
        BindingInfo input = axis.input();
        DisplayUnit xUnit = unit(input);
        double[] xs = new double[axis.points().length];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = axis.points()[i] / xUnit.factor();
        }
        List<Dimension> dimensions = new ArrayList<>();
        List<DisplayUnit> axisUnits = new ArrayList<>();
        List<List<String>> axisNames = new ArrayList<>();
        List<dev.chain.plot.LinePlot.Series> series = new ArrayList<>();
        for (int v = 0; v < figure.shown().size(); v++) {
            BindingInfo b = figure.shown().get(v);
            int a = dimensions.indexOf(b.dimension());
            if (a < 0) {
                a = dimensions.size();
                dimensions.add(b.dimension());
                axisUnits.add(b.display() != null ? b.display() : autoUnit(sweep, v, b.dimension()));
                axisNames.add(new ArrayList<>());
            }
            axisNames.get(a).add(b.name());
            DisplayUnit unit = axisUnits.get(a);
            double[] ys = new double[sweep.size()];
            for (int p = 0; p < ys.length; p++) {
                ys[p] = sweep.values()[p][v] / unit.factor();
            }
            series.add(new dev.chain.plot.LinePlot.Series(b.name(), ys, a, values.valueOf(b) / unit.factor()));
        }
        List<dev.chain.plot.LinePlot.Axis> yAxes = new ArrayList<>();
        for (int a = 0; a < dimensions.size(); a++) {
            yAxes.add(new dev.chain.plot.LinePlot.Axis(heading(String.join(", ", axisNames.get(a)), axisUnits.get(a)), figure.yLog()));
        }
        boolean ticksAtPoints = xs.length <= 12 && (axis.decl().domain() instanceof Domain.Points || figure.xLog());
        return new dev.chain.plot.LinePlot(title, alt, new dev.chain.plot.LinePlot.Axis(heading(input.name(), xUnit), figure.xLog()),
                xs, yAxes, series, values.valueOf(input) / xUnit.factor(), operatingLabel(input), ticksAtPoints);
    }

    /** The unit chain picks for the largest of a line's values: an axis of 2 to 300 ms reads in ms. */
    private DisplayUnit autoUnit(Sweep sweep, int value, Dimension dimension) {
        double largest = 0;
        for (double[] row : sweep.values()) {
            if (Double.isFinite(row[value])) {
                largest = Math.max(largest, Math.abs(row[value]));
            }
        }
        return values.formatter().autoUnit(largest, dimension);
    }

    private String operatingLabel(BindingInfo input) {
        return input.name() + " = " + inputText(input, values.valueOf(input));
    }

    private String plotAlt(String title, FigureInfo figure, Sweep sweep) {
        FigureInfo.Axis axis = figure.axes().get(0);
        BindingInfo input = axis.input();
        double[] points = axis.points();
        List<String> names = new ArrayList<>();
        for (dev.chain.plot.LinePlot.Axis y : linePlot(title, "", figure, sweep).yAxes()) {
            names.add(y.label());
        }
        String of = String.join(" and, on a second axis, ", names);
        return title + ": a plot of " + of + " against " + input.name() + " from " + inputText(input, points[0]) + " to "
                + inputText(input, points[points.length - 1]) + (figure.xLog() ? " (log scale)" : "")
                + ", with the chain's own " + operatingLabel(input) + " marked";
    }

    // ---- a roofline --------------------------------------------------------------------------------

    private String roofline(String title, String alt, FigureInfo figure, Sweep sweep) {
        FigureInfo.Roof roof = figure.roof();
        double peak = values.valueOf(roof.peak());
        double bandwidth = values.valueOf(roof.bandwidth());
        DisplayUnit rate = values.formatter().autoUnit(peak, roof.peak().dimension());
        List<dev.chain.plot.RooflinePlot.Step> steps = new ArrayList<>();
        for (int i = 0; i < figure.points().size(); i++) {
            double[] s = sweep.steps()[i];
            steps.add(new dev.chain.plot.RooflinePlot.Step(figure.points().get(i).step().name(), s[0] / s[1],
                    s[0] / s[2] / rate.factor()));
        }
        return new dev.chain.plot.RooflinePlot(title, alt, "attainable rate (" + rate.text() + ")", peak / rate.factor(),
                roof.peak().name() + " " + values.text(roof.peak()), bandwidth / rate.factor(),
                roof.bandwidth().name() + " " + values.text(roof.bandwidth()), "ridge " + ridgeText(peak, bandwidth),
                steps).svg();
    }

    private String ridgeText(double peak, double bandwidth) {
        Dimension intensity = program.units().dimension("ArithmeticIntensity");
        return values.formatter().text(peak / bandwidth, intensity);
    }

    private String rooflineAlt(String title, FigureInfo figure, Sweep sweep) {
        FigureInfo.Roof roof = figure.roof();
        double peak = values.valueOf(roof.peak());
        double bandwidth = values.valueOf(roof.bandwidth());
        QuantityFormatter f = values.formatter();
        List<String> steps = new ArrayList<>();
        for (int i = 0; i < figure.points().size(); i++) {
            double[] s = sweep.steps()[i];
            steps.add(figure.points().get(i).step().name() + " at " + f.text(s[0] / s[1], program.units().dimension("ArithmeticIntensity"))
                    + ", " + f.text(s[0] / s[2], roof.peak().dimension()));
        }
        CheckedProgram module = program.imports().get(roof.module());
        BindingInfo name = module == null ? null : module.binding("name");
        String gpu = name != null && name.isText() ? "the " + name.text() : "`" + roof.module() + "`";
        return title + ": a roofline of " + gpu + ", its memory roof " + values.text(roof.bandwidth())
                + " up to the ridge at " + ridgeText(peak, bandwidth) + ", its compute roof " + values.text(roof.peak())
                + "; the chain's steps: " + String.join("; ", steps);
    }
}
