package dev.chain.render;

import dev.chain.ast.Domain;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureSpec;
import dev.chain.check.FitSpec;
import dev.chain.eval.Program;
import dev.chain.eval.FigureValues;
import dev.chain.eval.FittedValues;
import dev.chain.plot.LinePlot;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
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
    private final BindingValues values;
    private final TemplateRenderer templates;

    public FigureMarkdown(CheckedProgram program, BindingValues values) {
        this.program = program;
        this.values = values;
        this.templates = new TemplateRenderer(program, values);
    }

    /**
     * The figure's Markdown, a part per layout ({@link #layouts}): a table, or an image line whose
     * SVG goes to {@code files}; a plot with measured runs, the table of them after its image.
     */
    public List<String> markdown(FigureSpec figure, FigureValues sweep, PageFigures files) {
        List<String> out = new ArrayList<>();
        for (FigureLayout.Drawn drawn : drawnParts(figure, sweep)) {
            out.add(drawn.markdown() != null ? drawn.markdown()
                    : "![" + Markdown.inline(drawn.alt()) + "](" + Markdown.destination(files.add(drawn.svg())) + ")\n");
        }
        return out;
    }

    /** Each part of a figure ({@link #layouts}) drawn with its values, for the chain's own values. */
    public List<FigureLayout.Drawn> drawnParts(FigureSpec figure, FigureValues sweep) {
        List<FigureLayout.Drawn> out = new ArrayList<>();
        for (FigureLayout layout : layouts(figure, sweep)) {
            out.add(draw(layout, sweep));
        }
        return out;
    }

    /** A figure drawn with its values (a roofline: its steps), for the chain's own values. */
    public FigureLayout.Drawn draw(FigureSpec figure, FigureValues sweep) {
        return draw(layout(figure, sweep), sweep);
    }

    /** A part of a figure drawn with its values: a plot's runs, with the chain at their points. */
    private FigureLayout.Drawn draw(FigureLayout layout, FigureValues sweep) {
        Program.Drawing drawing = !layout.followsInputs() ? null
                : layout.points() != null ? ((FigureValues.Points) sweep).runs().expected() : sweep.drawing();
        return layout.draw(drawing, values, LinePlot.WIDTH);
    }

    public String title(FigureSpec figure) {
        return FigureLayout.titleText(templates.compile(figure.decl().titleTemplate()), values);
    }

    /** A table over modules as it is drawn, for the chain's values: the page shows it as it is. */
    public FigureLayout.Fixed fixed(FigureSpec.Table figure, FigureValues.Points sweep) {
        List<List<String>> cells = sweep == null ? List.of() : rows(figure, sweep, false, true);
        // Its title too is as drawn: a title that followed the reader's batch over rows that do not would say what is false.
        return new FigureLayout.Fixed(figure.index(), new Piece.Literal(title(figure)), cells, labels(figure));
    }

    /**
     * A figure as its page has it, drawn with {@code sweep} (null: not evaluated) where the page
     * cannot draw it again (a table over modules, a solve: each needs the checked chain, which the
     * page does not hold), and a plot with its measured runs, a roofline with the chain's own steps.
     */
    public FigureLayout layout(FigureSpec figure, FigureValues values) {
        return figure.accept(new FigureSpec.Visitor<FigureLayout>() {
            @Override
            public FigureLayout visitTable(FigureSpec.Table table) {
                return table.modules().isEmpty() ? table(table) : fixed(table, (FigureValues.Points) values);
            }

            @Override
            public FigureLayout visitPlot(FigureSpec.Plot plot) {
                FigureLayout.Plot laid = plot(plot);
                return !(values instanceof FigureValues.Points points) || points.runs() == null ? laid
                        : new FigureLayout.Plot(laid.figure(), laid.title(), laid.spec().with(measured(plot, points.runs())),
                                laid.input(), laid.axis(), laid.shown(), laid.written());
            }

            @Override
            public FigureLayout visitRoofline(FigureSpec.Roofline roofline) {
                FigureValues.Steps steps = (FigureValues.Steps) values;
                return new FigureLayout.Roofline(roofline.index(), templates.compile(roofline.decl().titleTemplate()),
                        roofSpec(roofline), source(roofline.roof().peak()), source(roofline.roof().bandwidth()),
                        steps == null ? null : steps.written() != null ? steps.written() : steps.drawing().values());
            }

            @Override
            public FigureLayout visitSolve(FigureSpec.Solve solve) {
                return solved(solve, (FigureValues.Answer) values);
            }

            @Override
            public FigureLayout visitFit(FitSpec fit) {
                return layouts(fit, values).get(0);
            }
        });
    }

    /**
     * A figure's parts on the page, in order: the figure ({@link #layout(FigureSpec, FigureValues)}), and
     * for a plot with measured runs, their table under it.
     */
    public List<FigureLayout> layouts(FigureSpec figure, FigureValues values) {
        if (!figure.freed().isEmpty()) { // a fit: its parts, each drawn once
            return FitCard.layouts(this, program, this.values, templates.compile(figure.decl().titleTemplate()), (FitSpec) figure,
                    (FittedValues) values);
        }
        FigureLayout own = layout(figure, values);
        if (!(values instanceof FigureValues.Points points) || points.runs() == null) {
            return List.of(own);
        }
        FigureSpec.Plot plot = (FigureSpec.Plot) figure; // only a plot has runs
        FigureSpec.Runs runs = plot.runs();
        FigureValues.Runs measured = points.runs();
        List<String> keys = new ArrayList<>();
        for (int v = 0; v < runs.values().size(); v++) {
            keys.add(runs.values().get(v).label() + ": " + runs.keys().get(v).key().value());
        }
        BindingInfo input = figure.axes().get(0).input();
        RunsTable.Spec spec = runsSpec(plot, measured, true);
        String title = "Expected against observed, a row per run in " + runs.path() + " (" + String.join(", ", keys) + ")";
        return List.of(own, new FigureLayout.Runs(figure.index(), new Piece.Literal(title), spec,
                templates.quantityPiece(input, input.display(), input.format(), false), slots(runs.values())));
    }

    /** What a plot's runs table is: a column per value measured, headed by its label (a card's) or its name (the command line's). */
    private RunsTable.Spec runsSpec(FigureSpec.Plot plot, FigureValues.Runs runs, boolean labels) {
        List<FigureTables.Column> columns = new ArrayList<>();
        for (BindingInfo b : plot.runs().values()) {
            columns.add(column(b, null, labels));
        }
        BindingInfo input = plot.x().input();
        return new RunsTable.Spec(labels ? input.label() : input.name(), columns, shownIndexes(plot), runs.points(), runs.observed());
    }

    /**
     * {@code chain sweep --runs}' table: the card's table of a plot's runs ({@link RunsTable}), a
     * column of each run's file before it, headed by names as {@code chain sweep}'s tables are;
     * {@code plain} writes numbers for a machine (CSV), in the columns' units, as
     * {@code chain sweep --csv} does.
     */
    public List<List<String>> runsRows(FigureSpec.Plot plot, FigureValues.Runs runs, boolean plain) {
        List<List<String>> rows = RunsTable.rows(runsSpec(plot, runs, false), runs.expected(), own(plot.runs().values()),
                new Cells(plain, List.of(plot.x().input())));
        List<List<String>> out = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = new ArrayList<>();
            row.add(r == 0 ? "run" : java.nio.file.Path.of(runs.files().get(r - 1)).getFileName().toString());
            row.addAll(rows.get(r));
            out.add(row);
        }
        return out;
    }

    /** Where each value the runs measured is among those the plot shows. */
    private static int[] shownIndexes(FigureSpec.Plot figure) {
        List<BindingInfo> measured = figure.runs().values();
        int[] shown = new int[measured.size()];
        for (int v = 0; v < shown.length; v++) {
            shown[v] = figure.shown().indexOf(measured.get(v));
        }
        return shown;
    }

    /** A plot's runs as its points beside the lines: {@code floor observed (median_itl_ms)} in the legend. */
    private static FigurePlots.Measured measured(FigureSpec.Plot figure, FigureValues.Runs runs) {
        FigureSpec.Runs spec = figure.runs();
        int n = spec.values().size();
        double[][] values = new double[n][runs.points().length];
        List<String> names = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            for (int r = 0; r < runs.points().length; r++) {
                values[v][r] = runs.observed()[r][v];
            }
            names.add(spec.values().get(v).label() + " observed (" + spec.keys().get(v).key().value() + ")");
        }
        return new FigurePlots.Measured(runs.points(), values, shownIndexes(figure), names);
    }

    /**
     * A solve as the card says it: its title written with the chain's values at the value found
     * (its input's placeholder shows that value). The page shows it as it is: the search runs
     * the checked chain, which the page does not hold.
     */
    public FigureLayout.Fixed solved(FigureSpec.Solve figure, FigureValues.Answer answer) {
        Piece title = templates.compile(figure.decl().titleTemplate());
        String text = answer == null ? title(figure) : FigureLayout.titleText(title, answer.there()); // an answer over ranged inputs is a range, and so is each value with it
        return new FigureLayout.Fixed(figure.index(), new Piece.Literal(text), List.of(), 0);
    }

    /** What a table is, whatever the values: the renderer draws it now, the explorable page again. */
    private FigureLayout.Table table(FigureSpec.Table figure) {
        List<BindingInfo> inputs = inputs(figure);
        return new FigureLayout.Table(figure.index(), templates.compile(figure.decl().titleTemplate()), tableSpec(figure, true),
                pieces(inputs), labels(figure), slots(inputs), slots(figure.shown()));
    }

    /** The inputs a figure sweeps, in order. */
    private static List<BindingInfo> inputs(FigureSpec figure) {
        List<BindingInfo> inputs = new ArrayList<>();
        figure.axes().forEach(a -> inputs.add(a.input()));
        return inputs;
    }

    /** How each input's value is written where it is swept: {@code 1,024 tokens}. */
    private List<Piece.Quantity> pieces(List<BindingInfo> inputs) {
        List<Piece.Quantity> pieces = new ArrayList<>();
        for (BindingInfo input : inputs) {
            pieces.add(templates.quantityPiece(input, input.display(), input.format(), false));
        }
        return pieces;
    }

    /** What a plot is, whatever the values. */
    private FigureLayout.Plot plot(FigureSpec.Plot figure) {
        BindingInfo input = figure.x().input();
        return new FigureLayout.Plot(figure.index(), templates.compile(figure.decl().titleTemplate()), lineSpec(figure),
                pieces(List.of(input)).get(0), input.slot(), slots(figure.shown()),
                input.writtenValue() == null ? Double.NaN : input.writtenValue()); // the author's point, marked beside another
    }

    private static int[] slots(List<BindingInfo> bindings) {
        int[] slots = new int[bindings.size()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = bindings.get(i).slot();
        }
        return slots;
    }

    /** A roof's value: the GPU module's constant (or, for a roof the chain defines, its slot). */
    private Piece.Source source(BindingInfo b) {
        return b.owner() == program ? Piece.Source.slot(b.slot()) : Piece.Source.constant(values.valueOf(b));
    }

    // ---- how a value is written ------------------------------------------------------------------

    /** The unit a column or axis of this binding is in: its own, or the one chain picks for the chain's value. */
    private DisplayUnit unit(BindingInfo b) {
        if (b.display() != null) {
            return b.display();
        }
        return values.formatter().autoUnit(values.valueOf(b), b.dimension());
    }

    /** What a table shows where a point has no value (chain sweep's warning says why); a machine gets an empty cell. */
    public static final String NO_VALUE = "—";

    /**
     * A table's cells as this renderer writes them: in the columns' units and formats, or for a
     * machine ({@code plain}: CSV) every digit, no grouping, a range's ends apart.
     */
    private class Cells extends FigureTables.Written {
        private final boolean plain;
        /** The inputs of the table's axes, in order. */
        private final List<BindingInfo> inputs;

        Cells(boolean plain, List<BindingInfo> inputs) {
            super(pieces(inputs));
            this.plain = plain;
            this.inputs = inputs;
        }

        @Override
        public String number(double si, DisplayUnit unit, FormatSpec format) {
            if (Double.isNaN(si)) { // no evaluated value is NaN: a point that met an error
                return plain ? "" : NO_VALUE;
            }
            return plain ? dev.chain.units.NumberText.machine(si / unit.factor()) : super.number(si, unit, format);
        }

        @Override
        public String input(int axis, double si) {
            if (!plain) {
                return super.input(axis, si);
            }
            DisplayUnit unit = unit(inputs.get(axis));
            return number(si, unit, null) + (unit.isEmpty() ? "" : " " + unit.text());
        }

        @Override
        public String range(double low, double high, DisplayUnit unit, FormatSpec format) {
            return plain ? number(low, unit, format) + " .. " + number(high, unit, format)
                    : super.range(low, high, unit, format);
        }

        @Override
        public String ratio(double low, double high) {
            return !plain ? super.ratio(low, high) : low < high
                    ? dev.chain.units.NumberText.machine(low) + " .. " + dev.chain.units.NumberText.machine(high)
                    : dev.chain.units.NumberText.machine(low);
        }
    }

    // ---- a table -----------------------------------------------------------------------------------

    /**
     * A table's cells, its header first: a row per point (the inputs, then the values), or with
     * {@code as rows} a row per value, or for a grid of one value a matrix; a table over modules has
     * the modules' names first (under their aliases), a row per point of each in turn, or for two
     * aliases and one value a matrix, the first's modules down (issue 29 item 1). Each heading says
     * its unit, chosen by the chain's own values; each number is written in it, in its binding's
     * format; {@code plain} writes numbers for a machine (CSV): no grouping, all digits. Its
     * headings are the values' labels or their names, as {@link #tableSpec} says.
     */
    public List<List<String>> rows(FigureSpec.Table figure, FigureValues.Points sweep, boolean plain, boolean labels) {
        List<BindingInfo> inputs = inputs(figure);
        List<List<String>> rows = FigureTables.rows(tableSpec(figure, labels), sweep.drawing().bands(), own(inputs),
                own(figure.shown()), new Cells(plain, inputs));
        if (figure.modules().isEmpty()) {
            return rows;
        }
        List<List<String>> names = sweep.modules();
        if (moduleGrid(figure)) {
            return moduleGrid(rows, names);
        }
        List<String> aliases = aliases(figure);
        int each = sweep.size() / names.size();
        List<List<String>> out = new ArrayList<>(rows.size());
        for (int r = 0; r < rows.size(); r++) {
            List<String> row = new ArrayList<>(r == 0 ? aliases : names.get((r - 1) / each));
            row.addAll(rows.get(r));
            out.add(row);
        }
        return out;
    }

    private static List<String> aliases(FigureSpec.Table figure) {
        List<String> aliases = new ArrayList<>();
        for (FigureSpec.ModuleAxis m : figure.modules()) {
            aliases.add(m.alias());
        }
        return aliases;
    }

    /**
     * Whether a table over modules is a grid: two aliases and one value, the first's modules down
     * and the second's across (GPUs by models), as a grid of two inputs is.
     */
    private static boolean moduleGrid(FigureSpec.Table figure) {
        return figure.modules().size() == 2 && !figure.together() && figure.axes().isEmpty() && figure.shown().size() == 1;
    }

    /** The columns of a table's rows that hold labels, not numbers: a grid's first, a row per value's, or the modules'. */
    public static int labels(FigureSpec.Table figure) {
        return figure.modules().isEmpty() ? figure.labelled() ? 1 : figure.labels().size()
                : moduleGrid(figure) ? 1 : figure.modules().size() + figure.labels().size();
    }

    /** A row per pair's value ({@code rows}: its heading first) made a matrix: the first module down, the second across. */
    private static List<List<String>> moduleGrid(List<List<String>> rows, List<List<String>> labels) {
        List<String> header = new ArrayList<>(rows.get(0));
        List<List<String>> out = new ArrayList<>();
        out.add(header);
        for (int p = 0; p < labels.size(); p++) {
            String down = labels.get(p).get(0);
            if (p == 0 || !labels.get(p - 1).get(0).equals(down)) {
                List<String> row = new ArrayList<>();
                row.add(down);
                out.add(row);
            }
            if (out.size() == 2) {
                header.add(labels.get(p).get(1));
            }
            out.get(out.size() - 1).add(rows.get(p + 1).get(0));
        }
        return out;
    }

    /**
     * What a table is, whatever the values: see {@link FigureTables.TableSpec}. Its headings are
     * the values' labels on a page, as its plots' legends and axes are, and their names on the
     * command line, where the author typed them ({@code chain sweep}'s tables).
     */
    public FigureTables.TableSpec tableSpec(FigureSpec.Table figure, boolean labels) {
        List<FigureTables.Column> inputs = new ArrayList<>();
        for (FigureSpec.Axis a : figure.axes()) {
            inputs.add(column(a.input(), a.points(), labels));
        }
        List<FigureTables.Column> shown = new ArrayList<>();
        for (BindingInfo b : figure.shown()) {
            shown.add(column(b, null, labels));
        }
        List<FigureTables.Labels> texts = new ArrayList<>();
        for (FigureSpec.Labels l : figure.labels()) {
            texts.add(new FigureTables.Labels(labels ? l.input().label() : l.input().name(), l.values()));
        }
        return new FigureTables.TableSpec(!figure.together() && figure.axes().size() == 2 && figure.shown().size() == 1, figure.rows(),
                figure.together(), texts, inputs, shown);
    }

    private FigureTables.Column column(BindingInfo b, double[] points, boolean labels) {
        return new FigureTables.Column(labels ? b.label() : b.name(), values.formatter().choice(b.dimension(), b.display(), null),
                b.format(), points);
    }

    /**
     * A pipe table (GitHub's, and most site generators'), each cell escaped, numbers aligned right
     * and the first {@code labels} columns left: a grid's ({@code batch 1}), a row per value's
     * ({@code floor (ms)}), a table over modules' one per alias, a table of rows' one per text input.
     */
    public static String pipeTable(List<List<String>> rows, int labels) {
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
                    out.append(c < labels ? ":---|" : "---:|");
                }
                out.append('\n');
            }
        }
        return out.toString();
    }

    // ---- a plot ------------------------------------------------------------------------------------

    /** What a plot is, whatever the values: see {@link FigurePlots.LineSpec}. */
    public FigurePlots.LineSpec lineSpec(FigureSpec.Plot figure) {
        FigureSpec.Axis axis = figure.axes().get(0);
        BindingInfo input = axis.input();
        List<Dimension> dimensions = new ArrayList<>();
        List<QuantityFormatter.UnitChoice> axisUnits = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> axisWords = new ArrayList<>();
        int[] axisOf = new int[figure.shown().size()];
        for (int v = 0; v < axisOf.length; v++) {
            BindingInfo b = figure.shown().get(v);
            int a = dimensions.indexOf(b.dimension());
            if (a < 0) {
                a = dimensions.size();
                dimensions.add(b.dimension());
                axisUnits.add(values.formatter().choice(b.dimension(), b.display(), null));
                String dimension = program.units().dimensionName(b.dimension());
                axisWords.add(dimension == null ? null : dev.chain.units.UnitRegistry.humanName(dimension));
            }
            axisOf[v] = a;
            names.add(b.label()); // a line is named as a reader reads it: its @label, else its name in words
        }
        boolean ticksAtPoints = axis.points().length <= 12 && (figure.xLog() || axis.decl().domain().accept(new Domain.Visitor<Boolean>() {
            @Override
            public Boolean visitPoints(Domain.Points points) {
                return true; // points written out are where the ticks go
            }

            @Override
            public Boolean visitRange(Domain.Range range) {
                return false;
            }
        }));
        return new FigurePlots.LineSpec(input.label(), values.formatter().choice(input.dimension(), input.display(), null),
                axis.points(), figure.xLog(), figure.yLog(), figure.yLimits(), ticksAtPoints, names, axisOf, axisUnits, axisWords, null);
    }

    /** The chain's own value of each of {@code bindings}: it chooses their units. */
    private double[] own(List<BindingInfo> bindings) {
        double[] own = new double[bindings.size()];
        for (int v = 0; v < own.length; v++) {
            own[v] = values.valueOf(bindings.get(v));
        }
        return own;
    }

    // ---- a roofline --------------------------------------------------------------------------------

    /** What a roofline is, whatever the values: see {@link FigurePlots.RoofSpec}. */
    public FigurePlots.RoofSpec roofSpec(FigureSpec.Roofline figure) {
        FigureSpec.Roof roof = figure.roof();
        QuantityFormatter f = values.formatter();
        List<String> steps = new ArrayList<>();
        for (FigureSpec.Point point : figure.points()) {
            steps.add(point.step().label());
        }
        CheckedProgram module = program.imports().get(roof.module());
        BindingInfo name = module == null ? null : module.binding("name");
        String gpu = name != null && name.isText() ? "the " + name.text() : "`" + roof.module() + "`";
        return new FigurePlots.RoofSpec(f.choice(roof.peak().dimension(), null, null),
                roof.peak().label(), f.choice(roof.peak().dimension(), roof.peak().display(), roof.peak().format()), roof.peak().format(),
                roof.bandwidth().label(), f.choice(roof.bandwidth().dimension(), roof.bandwidth().display(), roof.bandwidth().format()),
                roof.bandwidth().format(), f.choice(program.units().dimension("ArithmeticIntensity"), null, null), steps, gpu);
    }
}
