package dev.chain.check;

import dev.chain.ast.Clause;
import dev.chain.ast.Domain;
import dev.chain.ast.Expr;
import dev.chain.ast.FigureKind;
import dev.chain.ast.Keywords;
import dev.chain.ast.Stmt;
import dev.chain.ast.UnitRef;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.source.Span;
import dev.chain.units.BareNumber;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a figure ({@code table}, {@code plot}, {@code roofline}) once, statically: what it sweeps
 * is an input of the chain, each of its points is a constant of that input's dimension (so the
 * dimension is proven once, not per point), the range ends and is not too long, and what it shows
 * is a quantity of the chain. The points themselves are known after this, in base units.
 */
public final class FigureChecker {
    /** The word after {@code as} that each kind of figure takes, on its {@code for} and {@code show} lines. */
    private static final List<String> SCALES = List.of("linear", "log");
    private static final List<String> LAYOUTS = List.of("columns", "rows");

    private final CheckedProgram program;
    private final ExprTyper typer;
    private final List<Diagnostic> errors;
    private final Describe describe;
    private final QuantityFormatter formatter;

    FigureChecker(CheckedProgram program, ExprTyper typer, List<Diagnostic> errors) {
        this.program = program;
        this.typer = typer;
        this.errors = errors;
        this.describe = new Describe(program.units());
        this.formatter = new QuantityFormatter(program.units());
    }

    /** The clauses of a figure, sorted by kind (a visitor: a new kind of clause does not compile until it is sorted). */
    private static final class Sorted implements Clause.Visitor<Void> {
        final List<Clause.For> sweeps = new ArrayList<>();
        final List<Clause.Show> shows = new ArrayList<>();
        final List<Clause.Point> points = new ArrayList<>();
        final List<Clause.Observed> observed = new ArrayList<>();
        final List<Clause.Rows> rows = new ArrayList<>();

        @Override
        public Void visitFor(Clause.For sweep) {
            sweeps.add(sweep);
            return null;
        }

        @Override
        public Void visitShow(Clause.Show show) {
            shows.add(show);
            return null;
        }

        @Override
        public Void visitPoint(Clause.Point point) {
            points.add(point);
            return null;
        }

        @Override
        public Void visitObserved(Clause.Observed runs) {
            observed.add(runs);
            return null;
        }

        @Override
        public Void visitRows(Clause.Rows table) {
            rows.add(table);
            return null;
        }
    }

    /** The checked figure, or null after reporting what is wrong with it. */
    FigureSpec check(Stmt.Figure figure, List<CheckInfo> checks, int index) {
        int before = errorCount();
        Sorted clauses = new Sorted();
        for (Clause c : figure.clauses()) {
            c.accept(clauses);
        }
        FigureSpec spec = figure.kind().accept(new FigureKind.Visitor<FigureSpec>() {
            @Override
            public FigureSpec table() {
                return FigureChecker.this.table(figure, clauses, checks, index);
            }

            @Override
            public FigureSpec plot() {
                return FigureChecker.this.plot(figure, clauses, checks, index);
            }

            @Override
            public FigureSpec roofline() {
                return FigureChecker.this.roofline(figure, clauses, checks, index);
            }

            @Override
            public FigureSpec solve() {
                return FigureChecker.this.solve(figure, clauses, checks, index);
            }

            @Override
            public FigureSpec fit() {
                noSteps(clauses, "fit");
                noRows(clauses, "fit");
                return new FitClauses(FigureChecker.this, program, typer, errors).check(figure, clauses.sweeps, clauses.shows,
                        clauses.observed, index);
            }
        });
        if (spec == null || errorCount() > before || program.file().lostAny(figure)) {
            return null; // a figure with a line that did not parse is not drawn: its syntax error says why
        }
        List<FigureSpec.Axis> axes = spec.axes();
        if (spec.size() > FigureSpec.MAX_POINTS) {
            errors.add(Diagnostic.error(axes.get(1).decl().span(), "this grid has " + grouped(spec.size())
                            + " points; a figure holds at most " + grouped(FigureSpec.MAX_POINTS))
                    .withLabel(axes.get(0).decl().span(), grouped(axes.get(0).points().length) + " points")
                    .withHint("sweep fewer points of each input"));
            return null;
        }
        Diagnostic over = EvaluationBudget.overFigure(program, figure.span(), spec, EvaluationBudget.WRITTEN_RANGE);
        if (over != null) {
            errors.add(over);
            return null;
        }
        return spec;
    }

    /** The errors said so far: a warning (a range short of its end) leaves a figure drawn. */
    int errorCount() {
        int n = 0;
        for (Diagnostic d : errors) {
            n += d.isError() ? 1 : 0;
        }
        return n;
    }

    // ---- each kind --------------------------------------------------------------------------------

    /** A table: one input or two (a grid), or modules to compare; one {@code show} line, {@code as rows} or columns. */
    private FigureSpec table(Stmt.Figure figure, Sorted clauses, List<CheckInfo> checks, int index) {
        noSteps(clauses, "table");
        boolean together = !clauses.rows.isEmpty();
        List<Clause.For> sweeps = together ? List.of() : sweeps(figure, clauses, 2,
                "a table sweeps one input, or two as a grid; this is a third", "make a table for each");
        List<FigureSpec.Axis> axes = new ArrayList<>();
        List<FigureSpec.ModuleAxis> modules = new ArrayList<>();
        List<FigureSpec.Labels> labels = new ArrayList<>();
        if (together) {
            rows(clauses, axes, modules, labels);
        }
        for (Clause.For sweep : sweeps) {
            if (sweep.domain() != null && isModule(sweep.name())) {
                FigureSpec.ModuleAxis m = moduleAxis(sweep, modules);
                if (m != null) {
                    modules.add(m);
                }
                continue;
            }
            add(axes, axis(sweep, axes, false));
            noScale(sweep, "table");
        }
        Clause.Show show = oneShow(figure, clauses, "table");
        List<BindingInfo> shown = show == null ? List.of() : shown(show);
        noLimits(show, "a table");
        boolean rows = show != null && show.as() != null && word(show.as(), show.asSpan(), LAYOUTS, "a table's values")
                && show.as().equals("rows");
        if (rows && !modules.isEmpty() && !together) {
            errors.add(Diagnostic.error(show.asSpan(), "a table over modules has a row per module")
                    .withHint("remove `as rows`"));
        }
        if (rows && together) {
            errors.add(Diagnostic.error(show.asSpan(), "a table of rows of inputs keeps a row for each, as written")
                    .withHint("remove `as rows`"));
        } else if (rows && clauses.sweeps.size() > 1) {
            errors.add(Diagnostic.error(show.asSpan(), "a grid's table has its second input across")
                    .withHint("a grid shows one value as a matrix, or several with a row per point; remove `as rows`"));
        }
        noRuns(clauses);
        return new FigureSpec.Table(figure, axes, modules, labels, shown, rows, together, checks, index);
    }

    /**
     * A table's rows of several inputs ({@code for l, h in (24, 2304), (30, 3072)}): its one sweep,
     * each row a value of every input named, each input's values one of {@code axes}, swept together;
     * a module alias's, its modules ({@code for model, gpus in (opt_13b, 1 GPU), (opt_66b, 4 GPU)}),
     * one of {@code modules}, the row's module bound at the row's point; a text input's, its labels
     * ({@code for link, bw in ("NVLink", 300 GB/s), ...}), one of {@code labels}.
     */
    private void rows(Sorted clauses, List<FigureSpec.Axis> axes, List<FigureSpec.ModuleAxis> modules, List<FigureSpec.Labels> labels) {
        Clause.Rows table = clauses.rows.get(0);
        for (Clause.Rows more : clauses.rows.subList(1, clauses.rows.size())) {
            errors.add(Diagnostic.error(more.span(), "a table has one line of rows")
                    .withLabel(table.span(), "the first")
                    .withHint("write every row on the first, or make a table for each"));
        }
        for (Clause.For sweep : clauses.sweeps) {
            errors.add(Diagnostic.error(sweep.span(), "a table of rows sets its inputs by its rows; this sweeps another")
                    .withLabel(table.span(), "the rows")
                    .withHint("name " + sweep.name().name() + " on the rows' line too, with its value in each row"));
        }
        List<String> names = new ArrayList<>();
        table.names().forEach(n -> names.add(n.name().toString()));
        boolean whole = true;
        for (Clause.Rows.Row row : table.rows()) {
            if (row.values().size() != names.size()) {
                errors.add(Diagnostic.error(row.span(), "this row has " + row.values().size() + (row.values().size() == 1 ? " value" : " values")
                                + ", for " + names.size() + " inputs: " + String.join(", ", names))
                        .withHint("give each row a value of each input, in the order they are named"));
                whole = false;
            }
        }
        if (!whole) {
            return;
        }
        Span all = table.rows().get(0).span().to(table.rows().get(table.rows().size() - 1).span());
        for (int i = 0; i < table.names().size(); i++) {
            Expr.NameRef name = table.names().get(i);
            List<Value> cells = new ArrayList<>();
            for (Clause.Rows.Row row : table.rows()) {
                cells.add(row.values().get(i));
            }
            BindingInfo text = isModule(name) || name.name().isQualified() ? null : program.binding(name.name().last());
            if (text != null && text.isText() && text.input() && text.owner() == program) {
                if (labels.stream().anyMatch(l -> l.input() == text)) {
                    errors.add(Diagnostic.error(name.span(), "`" + text.name() + "` is named twice"));
                    continue;
                }
                add(labels, labels(text, cells));
                continue;
            }
            List<Expr> column = quantities(name, cells);
            if (column == null) {
                continue;
            }
            // Each input's values, as a `for` of its own would list them: the same rules, the same messages.
            Clause.For sweep = new Clause.For(name, new Domain.Points(column, all), null, null, table.span());
            if (isModule(sweep.name())) {
                add(modules, moduleAxis(sweep, modules));
            } else {
                add(axes, axis(sweep, axes, false));
            }
        }
        if (axes.isEmpty() && modules.isEmpty() && labels.size() == table.names().size()) {
            // Every row would be the chain at its own values: one row drawn, the others lost.
            BindingInfo quantity = null;
            for (BindingInfo b : program.bindings) {
                quantity = quantity == null && b.input() && !b.isText() ? b : quantity;
            }
            String example = quantity == null ? "" : ": for " + table.names().get(0).name() + ", " + quantity.name() + " in (\""
                    + labels.get(0).values().get(0) + "\", " + quantity.decl().value().span().text().strip() + "), ...";
            errors.add(Diagnostic.error(table.span(), "these rows set only labels: every row would show the chain's own values")
                    .withHint("name beside the labels an input or a module that each row changes" + example));
        }
    }

    /** A text input's values in a table's rows: each in quotes, its row's label; null after reporting. */
    private FigureSpec.Labels labels(BindingInfo input, List<Value> cells) {
        List<String> values = new ArrayList<>();
        for (Value cell : cells) {
            if (!(cell instanceof Value.TextValue label)) {
                errors.add(Diagnostic.error(cell.span(), "`" + input.name() + "` is text, and this is not in quotes")
                        .withLabel(input.decl().span(), "text here")
                        .withHint("give a row's label in quotes: (\"" + cell.span().text().strip() + "\", ...)"));
                return null;
            }
            values.add(label.text().value());
        }
        return new FigureSpec.Labels(input, values);
    }

    /** A quantity's values in a table's rows, or a module alias's; null after reporting one written as text. */
    private List<Expr> quantities(Expr.NameRef name, List<Value> cells) {
        List<Expr> column = new ArrayList<>();
        for (Value cell : cells) {
            if (cell.quantity() == null) {
                errors.add(isModule(name)
                        ? Diagnostic.error(cell.span(), "`" + name.name() + "` takes a module's name, and this is text")
                                .withHint("name the module without quotes, such as " + program.use(name.name().last()).module())
                        : Diagnostic.error(cell.span(), "`" + name.name() + "` takes a quantity, and this is text")
                                .withHint("only a text input takes a label in quotes, such as link = \"NVLink\" among the inputs"));
                return null;
            }
            column.add(cell.quantity().expr());
        }
        return column;
    }

    /** Rows of several inputs under a figure other than a table. */
    private void noRows(Sorted clauses, String word) {
        for (Clause.Rows rows : clauses.rows) {
            errors.add(Diagnostic.error(rows.span(), "only a table has rows of several inputs")
                    .withHint("make a table of them, with a show line: table \"...\"; a " + word + " sweeps one input with `for`"));
        }
    }

    /** A plot: one input along its x axis (linear, or log), the values on a y axis per dimension, its measured runs. */
    private FigureSpec plot(Stmt.Figure figure, Sorted clauses, List<CheckInfo> checks, int index) {
        noSteps(clauses, "plot");
        noRows(clauses, "plot");
        List<Clause.For> sweeps = sweeps(figure, clauses, 1, "a plot sweeps one input, its x axis",
                "sweep two inputs in a table, as a grid");
        FigureSpec.Axis x = null;
        boolean xLog = false;
        for (Clause.For sweep : sweeps) {
            if (noModules(sweep, "plot")) {
                x = axis(sweep, List.of(), false);
                if (sweep.scale() != null) {
                    xLog = word(sweep.scale(), sweep.scaleSpan(), SCALES, "an axis") && sweep.scale().equals("log");
                } else {
                    xLog = sweep.domain() != null && sweep.domain().geometric(); // points spaced by a factor are spaced evenly on a log axis
                }
                if (xLog && x != null && !allAboveZero(x.points())) {
                    // Such a point would be missing from the plot, without a word.
                    errors.add(Diagnostic.error(sweep.domain().span(), "a log axis has no place for points at zero or below")
                            .withHint("sweep values above zero, or make the axis linear: `as linear`"));
                }
            }
        }
        Clause.Show show = oneShow(figure, clauses, "plot");
        List<BindingInfo> shown = show == null ? List.of() : shown(show);
        boolean yLog = show != null && show.as() != null && word(show.as(), show.asSpan(), SCALES, "an axis")
                && show.as().equals("log");
        List<Dimension> axes = show == null ? List.of() : axesPerDimension(show, shown);
        double[][] limits = show == null ? new double[0][] : limits(show, axes, yLog);
        FigureSpec.Runs runs = runs(clauses.observed, x, show, shown);
        return x == null ? null : new FigureSpec.Plot(figure, x, shown, xLog, yLog, limits, runs, checks, index);
    }

    /** Axis limits on the {@code show} line of a figure without y axes. */
    private void noLimits(Clause.Show show, String what) {
        if (show != null && !show.limits().isEmpty()) {
            errors.add(Diagnostic.error(show.limits().get(0).span(), what + " has no axes to give ends")
                    .withHint("`in LOW .. HIGH` after a plot's values gives its y axis its ends: show loss in 1.9 .. 2.1"));
        }
    }

    /**
     * The ends of each y axis the {@code show} line gives ({@code in 1.9 .. 2.1}, a range per axis,
     * each in its axis's dimension), in base units, or null for an axis chain ranges by its values.
     */
    private double[][] limits(Clause.Show show, List<Dimension> axes, boolean log) {
        double[][] limits = new double[axes.size()][];
        for (Clause.Show.Limits range : show.limits()) {
            Dimension d = typer.type(range.low());
            Dimension dh = typer.type(range.high());
            if (d == null || dh == null) {
                continue;
            }
            int axis = axes.indexOf(d);
            if (!d.equals(dh) && axis >= 0) {
                errors.add(Diagnostic.error(range.high().span(), "an axis's ends are of one dimension, and this is " + describe.of(dh))
                        .withLabel(range.low().span(), "this is " + describe.of(d))
                        .withHint("write the high end in " + describe.of(d) + ", as the low end is"));
                continue;
            }
            if (axis < 0) {
                List<String> shown = new ArrayList<>();
                for (Dimension a : axes) {
                    shown.add(describe.of(a));
                }
                errors.add(Diagnostic.error(range.low().span(), "this plot has no y axis of " + describe.of(d))
                        .withHint("give the ends of an axis in its dimension: " + String.join(", ", shown)));
                continue;
            }
            if (axis >= limits.length || limits[axis] != null) {
                errors.add(Diagnostic.error(range.span(), "this axis's ends are already given")
                        .withHint("give each y axis one range, in its dimension"));
                continue;
            }
            Double low = program.constantValue(range.low());
            Double high = program.constantValue(range.high());
            if (low == null || high == null || !Double.isFinite(low) || !Double.isFinite(high)) {
                errors.add(Diagnostic.error(range.span(), "an axis's ends are numbers with units, known before the chain is evaluated")
                        .withHint("write the values themselves, such as 0 ms .. 30 ms"));
                continue;
            }
            if (!(low < high)) {
                errors.add(Diagnostic.error(range.span(), "an axis's low end must be below its high end")
                        .withHint("write the lower value first: " + range.high().span().text() + " .. " + range.low().span().text()));
                continue;
            }
            if (log && low <= 0) {
                errors.add(Diagnostic.error(range.low().span(), "a log axis has no place for zero or below")
                        .withHint("start the axis above zero, or make it linear: `as linear`"));
                continue;
            }
            limits[axis] = new double[] {low, high};
        }
        return limits;
    }

    /** A solve: one input's range to search, one check whose turn it finds, no {@code show} line. */
    private FigureSpec solve(Stmt.Figure figure, Sorted clauses, List<CheckInfo> checks, int index) {
        noSteps(clauses, "solve");
        noRows(clauses, "solve");
        List<Clause.For> sweeps = sweeps(figure, clauses, 1, "a solve searches one input's range",
                "the other inputs keep the chain's values: make a solve for each");
        FigureSpec.Axis searched = null;
        for (Clause.For sweep : sweeps) {
            searched = axis(sweep, List.of(), true); // a module's alias is no input: axis says so
            noScale(sweep, "solve");
        }
        solveClauses(figure, clauses.shows);
        noRuns(clauses);
        return searched == null ? null : new FigureSpec.Solve(figure, searched, checks, index);
    }

    /** A roofline: a GPU's roofs ({@code for gpu}) and the chain's steps, each on a line of its own. */
    private FigureSpec roofline(Stmt.Figure figure, Sorted clauses, List<CheckInfo> checks, int index) {
        noRows(clauses, "roofline");
        for (Clause.Show s : clauses.shows) {
            errors.add(Diagnostic.error(s.span(), "a roofline places steps, each on a line of its own")
                    .withHint("name the step by its time, then its FLOPs and bytes: show mixed = flops, weights + kv"));
        }
        FigureSpec.Roof roof = roof(figure, clauses.sweeps);
        if (clauses.points.isEmpty() && !lost(figure, Keywords.SHOW)) {
            errors.add(Diagnostic.error(figure.span(), "this roofline places no step of the chain")
                    .withHint("add a line under it: show mixed = flops, weights + kv (the step's time, FLOPs, bytes)"));
        }
        List<FigureSpec.Point> points = new ArrayList<>();
        for (Clause.Point p : clauses.points) {
            add(points, point(p));
        }
        noRuns(clauses);
        return roof == null ? null : new FigureSpec.Roofline(figure, roof, points, checks, index);
    }

    private static <T> void add(List<T> list, T item) {
        if (item != null) {
            list.add(item);
        }
    }

    /** A step placed by its FLOPs and bytes, under any figure but a roofline. */
    private void noSteps(Sorted clauses, String word) {
        for (Clause.Point p : clauses.points) {
            errors.add(Diagnostic.error(p.span(), "only a roofline places steps by their FLOPs and bytes")
                    .withHint("a " + word + " shows values of the chain: show floor, mixed"));
        }
    }

    /** The {@code for} lines a figure takes, at most {@code most}; the others are reported. */
    private List<Clause.For> sweeps(Stmt.Figure figure, Sorted clauses, int most, String extra, String hint) {
        String word = figure.kind().keyword();
        if (clauses.sweeps.isEmpty() && clauses.rows.isEmpty()) { // rows under any but a table are reported as such
            if (lost(figure, Keywords.FOR)) {
                return List.of();
            }
            errors.add(Diagnostic.error(figure.span(), "this " + word + " sweeps nothing")
                    .withHint("add a line under it with an input and its points: for batch in 1, 8, 16, 64"));
        } else if (clauses.sweeps.size() > most) {
            errors.add(Diagnostic.error(clauses.sweeps.get(most).span(), extra)
                    .withLabel(clauses.sweeps.get(0).span(), "the first")
                    .withHint(hint));
        }
        return clauses.sweeps.subList(0, Math.min(most, clauses.sweeps.size()));
    }

    /** An {@code as} on a {@code for} line of a figure with no axes to scale. */
    void noScale(Clause.For sweep, String word) {
        if (sweep.scale() != null) {
            errors.add(Diagnostic.error(sweep.scaleSpan(), "a " + word + " has no axes to scale")
                    .withHint("`as log` on a plot's `for` line makes its x axis logarithmic"));
        }
    }

    /** The one {@code show} line of a table or plot; null after reporting none. */
    private Clause.Show oneShow(Stmt.Figure figure, Sorted clauses, String word) {
        if (clauses.shows.isEmpty()) {
            if (lost(figure, Keywords.SHOW)) {
                return null;
            }
            errors.add(Diagnostic.error(figure.span(), "this " + word + " shows no values")
                    .withHint("add a line under it with the values to show: show floor, mixed"));
            return null;
        }
        if (clauses.shows.size() > 1) {
            errors.add(Diagnostic.error(clauses.shows.get(1).span(), "a " + word + " has one `show` line")
                    .withLabel(clauses.shows.get(0).span(), "the first")
                    .withHint("list every value on the first: show floor, mixed"));
        }
        return clauses.shows.get(0);
    }

    /**
     * Whether the figure's {@code word} line was written but did not parse: the syntax error was
     * reported at it, and saying the figure lacks what it gives would only repeat it elsewhere.
     */
    boolean lost(Stmt.Figure figure, String word) {
        return program.file().lost(figure, word);
    }

    /** Measured runs under any figure but a plot. */
    private void noRuns(Sorted clauses) {
        if (!clauses.observed.isEmpty()) {
            errors.add(Diagnostic.error(clauses.observed.get(0).span(), "only a plot draws measured runs")
                    .withHint("put the line under a plot of the same values: its points go beside the expected line,"
                            + " and a table of expected, observed and their ratio under it"));
        }
    }

    private boolean word(String written, Span span, List<String> allowed, String what) {
        if (allowed.contains(written)) {
            return true;
        }
        errors.add(Diagnostic.error(span, "`" + written + "` is not a way to show " + what)
                .withHint("write " + String.join(" or ", allowed)));
        return false;
    }

    // ---- what was measured ---------------------------------------------------------------------

    /**
     * A plot's {@code observed "runs/" batch = "max_concurrency", floor = "median_itl_ms"}: one key
     * for the swept input (each run's point), one for each value measured (values the plot shows).
     * Null for none, or after reporting.
     */
    private FigureSpec.Runs runs(List<Clause.Observed> observed, FigureSpec.Axis x, Clause.Show show, List<BindingInfo> shown) {
        Clause.Observed runs = observed.isEmpty() ? null : oneObserved(observed, "plot");
        if (runs == null || x == null) {
            return null; // none, or reported (a missing `for` too)
        }
        BindingInfo input = x.input();
        Clause.Observed.Key inputKey = null;
        List<BindingInfo> values = new ArrayList<>();
        List<Clause.Observed.Key> keys = new ArrayList<>();
        int before = errors.size();
        boolean unnamed = false;
        for (Clause.Observed.Key key : runs.keys()) {
            String name = key.name().name().last();
            if (key.key().value().isBlank()) {
                errors.add(Diagnostic.error(key.key().span(), "no key named")
                        .withHint("give the key of each run's file that holds its " + name));
                continue;
            }
            boolean again = name.equals(input.name()) ? inputKey != null : values.stream().anyMatch(b -> b.name().equals(name));
            if (again) {
                errors.add(Diagnostic.error(key.name().span(), "`" + name + "` is given a key twice")
                        .withHint("each name takes one key"));
                continue;
            }
            if (name.equals(input.name())) {
                inputKey = key;
                continue;
            }
            BindingInfo value = null;
            for (BindingInfo b : shown) {
                if (b.name().equals(name)) {
                    value = b;
                }
            }
            if (value == null && show != null && show.names().stream().anyMatch(n -> n.name().equals(key.name().name()))) {
                unnamed = true; // shown, but no value of the chain: the show line's error says why
                continue;
            }
            if (value == null) {
                errors.add(Diagnostic.error(key.name().span(), "`" + name + "` is neither the plot's input nor a value it shows")
                        .withHint("the keys say where each run is (" + input.name() + " = \"...\") and what it measured of "
                                + shownNames(shown)));
                continue;
            }
            values.add(value);
            keys.add(key);
        }
        if (errors.size() > before || unnamed) {
            return null;
        }
        if (inputKey == null) {
            errors.add(Diagnostic.error(runs.span(), "the runs do not say where each is on the x axis")
                    .withHint("add the key of each run's " + input.name() + ": " + input.name() + " = \"max_concurrency\""));
            return null;
        }
        if (values.isEmpty()) {
            errors.add(Diagnostic.error(runs.span(), "the runs measure nothing the plot shows")
                    .withHint("add the key of a value measured: " + shown.get(0).name() + " = \"median_itl_ms\""));
            return null;
        }
        return new FigureSpec.Runs(runs, runs.runs().value(), inputKey, values, keys);
    }

    /**
     * The {@code observed} line of a plot or a fit ({@code word}), the first of {@code observed};
     * null after reporting a second, or a line that names no runs.
     */
    Clause.Observed oneObserved(List<Clause.Observed> observed, String word) {
        Clause.Observed runs = observed.get(0);
        if (observed.size() > 1) {
            errors.add(Diagnostic.error(observed.get(1).span(), "a " + word + " has one `observed` line")
                    .withLabel(runs.span(), "the first")
                    .withHint("put the runs in one folder, or make a " + word + " for each"));
            return null;
        }
        if (runs.runs().value().isBlank()) {
            errors.add(Diagnostic.error(runs.runs().span(), "no runs named")
                    .withHint("name a folder of result files, or one file, beside the chain: observed \"runs/\" ..."));
            return null;
        }
        return runs;
    }

    private static String shownNames(List<BindingInfo> shown) {
        List<String> names = new ArrayList<>();
        for (BindingInfo b : shown) {
            names.add(b.name());
        }
        return String.join(", ", names);
    }

    // ---- what is swept -------------------------------------------------------------------------

    /**
     * An input of the chain and its points; null after reporting. A table or plot evaluates every
     * point; a solve, the first points of its search (see {@link FigureSpec.Axis}).
     */
    private FigureSpec.Axis axis(Clause.For sweep, List<FigureSpec.Axis> before, boolean solve) {
        if (sweep.domain() == null) {
            errors.add(Diagnostic.error(sweep.span(), "`for " + sweep.name().name() + "` needs the points to sweep")
                    .withHint("give them after `in`: for " + sweep.name().name() + " in 1, 8, 16, 64, or a range, 1 .. 256 x2"));
            return null;
        }
        BindingInfo input = input(sweep.name());
        Dimension dimension = input == null ? null : input.dimension();
        for (FigureSpec.Axis other : before) {
            if (input != null && other.input() == input) {
                errors.add(Diagnostic.error(sweep.name().span(), "`" + input.name() + "` is swept twice")
                        .withLabel(other.decl().name().span(), "first swept here"));
                return null;
            }
        }
        double[][] written = new double[1][];
        Grid grid = sweep.domain().accept(new Domain.Visitor<Grid>() {
            @Override
            public Grid visitPoints(Domain.Points list) {
                Diagnostic grouped = list.points().size() == 1 ? onePointInDoubt(list.points().get(0)) : null;
                if (grouped != null) {
                    errors.add(grouped);
                    return null;
                }
                double[] values = new double[list.points().size()];
                for (int i = 0; i < values.length; i++) {
                    Double v = constant(list.points().get(i), dimension, input);
                    if (v == null || outside(input, v, list.points().get(i).span())) {
                        return null;
                    }
                    values[i] = v;
                }
                if (values.length > FigureSpec.MAX_POINTS) {
                    errors.add(tooMany(list.span(), values.length, FigureSpec.MAX_POINTS));
                    return null;
                }
                written[0] = values; // a table's rows and a plot's points keep the order written
                return new Grid.Listed(values);
            }

            @Override
            public Grid visitRange(Domain.Range range) {
                Grid grid = range(range, dimension, input, solve ? MAX_SEARCHED : FigureSpec.MAX_POINTS);
                return grid == null || outside(input, grid.point(0), range.low().span())
                        || outside(input, grid.point(grid.count() - 1), range.high().span()) ? null : grid;
            }
        });
        if (input == null || grid == null) {
            return null;
        }
        double[] points = solve ? grid.points(grid.spread(FigureSpec.Axis.FIRST_SEARCHED))
                : written[0] != null ? written[0] : grid.all();
        return new FigureSpec.Axis(input, points, sweep, grid);
    }

    /** Whether a point is outside the values the input may take ({@link Bounds}); reported at {@code at}. */
    boolean outside(BindingInfo input, double point, Span at) {
        Diagnostic d = input == null ? null : Bounds.of(input).outside(input, point, at, formatter);
        if (d != null) {
            errors.add(d);
        }
        return d != null;
    }

    /**
     * {@code for batch in 64,128,256}: a list of one point written with digit groups, which could
     * as well be the points 64, 128 and 256 written without the space a list's commas take. A
     * group that starts with 0 ({@code 1,024}) is no point of its own. Null when nothing is in doubt.
     */
    private static Diagnostic onePointInDoubt(Expr point) {
        Expr.NumberLit literal = point.literal();
        if (literal == null) {
            return null;
        }
        String written = literal.span().text();
        boolean inDoubt = false;
        for (int i = 0; i + 1 < written.length(); i++) {
            inDoubt |= written.charAt(i) == ',' && written.charAt(i + 1) >= '1' && written.charAt(i + 1) <= '9';
        }
        if (!inDoubt) {
            return null;
        }
        String[] parts = written.split(",");
        String points = String.join(", ", parts);
        int and = points.lastIndexOf(", ");
        return Diagnostic.error(literal.span(), "`" + written + "` is one point, the number " + written + ", and could be "
                        + parts.length + " points, " + points.substring(0, and) + " and " + points.substring(and + 2))
                .withNote("a comma followed by three digits groups digits, as in 4,096; a list's points are separated"
                        + " by a comma and a space")
                .withHint("for the points, write `" + points + "`; for the one number, write it without commas: "
                        + written.replace(",", ""));
    }

    /**
     * A solve's own rules: its answer is its title (the swept input's placeholder shows the value
     * found), so it has no {@code show} line, and it has the one check whose turn it finds.
     */
    private void solveClauses(Stmt.Figure figure, List<Clause.Show> shows) {
        for (Clause.Show s : shows) {
            errors.add(Diagnostic.error(s.span(), "a solve shows no values: its title says the value it finds")
                    .withHint("name the input in the title, as in solve \"the largest batch under 20 ms is {batch}\", and remove this line"));
        }
        if (figure.checks().isEmpty()) {
            if (lost(figure, Keywords.CHECK)) {
                return;
            }
            errors.add(Diagnostic.error(figure.span(), "this solve has no condition to solve for")
                    .withHint("add a line under it with the check whose turn it finds: check floor <= 20 ms"));
        } else if (figure.checks().size() > 1) {
            errors.add(Diagnostic.error(figure.checks().get(1).span(), "a solve finds where one check turns; this is a second")
                    .withLabel(figure.checks().get(0).span(), "the first")
                    .withHint("join the conditions into one, or make a solve for each"));
        }
    }

    /**
     * Whether a {@code for} of a plot or solve sweeps numbers: modules are compared in a table, as a
     * plot's curves or a solve's search would each be another chain. False after reporting.
     */
    private boolean noModules(Clause.For sweep, String word) {
        if (sweep.domain() == null || !isModule(sweep.name())) {
            return true;
        }
        String alias = sweep.name().name().last();
        errors.add(Diagnostic.error(sweep.span(), "a " + word + " cannot sweep `" + alias
                        + "`: its points are modules, not numbers along an axis")
                .withHint("compare modules in a table: table \"...\" with for " + alias + " in "
                        + sweep.domain().span().text() + " and the same show line"));
        return false;
    }

    /** Whether a {@code for} names the alias of a {@code use}: its points are modules (issue 29 item 1). */
    private boolean isModule(Expr.NameRef name) {
        return name.name().parts().size() == 1 && (program.imports.containsKey(name.name().last())
                || program.failedImports.contains(name.name().last()));
    }

    /**
     * {@code for gpu in h100_sxm, h200_sxm, b200} in a table: the modules, each a bare name (whether
     * it is a module is asked when the figure runs, where the engine finds modules); null after
     * reporting. A plot or a roofline over modules is refused: its curves would each be another chain.
     */
    private FigureSpec.ModuleAxis moduleAxis(Clause.For sweep, List<FigureSpec.ModuleAxis> before) {
        String alias = sweep.name().name().last();
        for (FigureSpec.ModuleAxis other : before) {
            if (other.alias().equals(alias)) {
                errors.add(Diagnostic.error(sweep.name().span(), "`" + alias + "` is swept twice")
                        .withLabel(other.decl().name().span(), "first swept here"));
                return null;
            }
        }
        List<String> names = new ArrayList<>();
        List<Span> spans = new ArrayList<>();
        Boolean ok = sweep.domain().accept(new Domain.Visitor<Boolean>() {
            @Override
            public Boolean visitPoints(Domain.Points list) {
                for (Expr point : list.points()) {
                    Expr.NameRef name = point.asName();
                    if (name == null || name.name().isQualified()) {
                        errors.add(Diagnostic.error(point.span(), "`" + point.span().text() + "` is not a module's name")
                                .withNote("`" + alias + "` is a module this chain uses: " + program.use(alias).span().text().strip())
                                .withHint("give a module's name, such as " + program.use(alias).module()));
                        return false;
                    }
                    names.add(name.name().last());
                    spans.add(name.span());
                }
                return true;
            }

            @Override
            public Boolean visitRange(Domain.Range range) {
                errors.add(Diagnostic.error(range.span(), "`" + alias + "` takes modules, not a range")
                        .withHint("list them by name: for " + alias + " in " + program.use(alias).module() + ", ..."));
                return false;
            }
        });
        return ok ? new FigureSpec.ModuleAxis(alias, names, spans, sweep) : null;
    }

    /** What a sweep sets: an input of this chain (a quantity); null after reporting. */
    BindingInfo input(Expr.NameRef name) {
        if (name.name().parts().size() == 1 && program.imports.containsKey(name.name().last())) {
            // A template's "is a module, not a value" would suggest showing {gpu.name}; a sweep sets an input.
            errors.add(Diagnostic.error(name.span(), "`" + name.name() + "` is a module this chain uses, not an input")
                    .withHint("sweep one of the chain's inputs: " + inputsList())
                    .withNote("`" + name.name() + "`'s values are modules, not numbers: a table compares them, for "
                            + name.name() + " in " + program.use(name.name().last()).module() + ", ..."));
            return null;
        }
        BindingInfo b = typer.shownBinding(name);
        if (b == null) {
            return null;
        }
        String written = name.name().toString();
        if (b.owner() != program) {
            errors.add(Diagnostic.error(name.span(), "`" + written + "` is a value of module `" + name.name().parts().get(0)
                            + "`, not an input of this chain")
                    .withHint("a sweep sets one of the chain's inputs; bind the module's value to one first: "
                            + name.name().last() + " = ... (a number with its unit)"));
            return null;
        }
        if (b.isPoisoned()) {
            return null; // its own error was reported
        }
        if (b.isText()) {
            errors.add(Diagnostic.error(name.span(), "`" + written + "` is text; a sweep sets a quantity")
                    .withLabel(b.decl().span(), "defined here"));
            return null;
        }
        if (!b.input()) {
            errors.add(Diagnostic.error(name.span(), "`" + written + "` is derived, not an input")
                    .withLabel(b.decl().span(), "it is computed here")
                    .withHint("sweep one of the inputs it is computed from: " + inputsList())
                    .withNote("an input is a binding to one literal quantity, such as `batch = 64`"));
            return null;
        }
        return b;
    }

    private String inputsList() {
        List<String> names = new ArrayList<>();
        for (BindingInfo b : program.bindings) {
            if (b.input() && !b.isText()) {
                names.add(b.name());
            }
        }
        return names.isEmpty() ? "this chain has none" : String.join(", ", names);
    }

    /**
     * A point, a range's end or its step: a quantity of numbers and units alone, of the input's
     * dimension. Null after reporting (or when the input is unknown, with its points still typed).
     */
    Double constant(Expr e, Dimension dimension, BindingInfo input) {
        Dimension d = typer.type(e);
        if (d == null || dimension == null) {
            return null;
        }
        if (!d.equals(dimension)) {
            String example = input.display() != null ? input.display().text() // the unit it is written in
                    : formatter.text(1, dimension).replaceFirst("^1 ?", "");
            errors.add(Diagnostic.error(e.span(), "`" + input.name() + "` is " + describe.of(dimension)
                            + ", but this is " + describe.of(d))
                    .withHint(example.isEmpty() ? "write a plain number" : BareNumber.lacksUnit(d, dimension)
                            ? BareNumber.hint(e.span().text() + " " + example)
                            : "give a value in " + example + ", like `" + input.decl().value().span().text() + "`"));
            return null;
        }
        Double v = program.constantValue(e);
        if (v == null || !Double.isFinite(v)) {
            errors.add(Diagnostic.error(e.span(), "a sweep's points are numbers with units, known before the chain is evaluated")
                    .withHint("write the value itself, such as " + input.decl().value().span().text()));
            return null;
        }
        Diagnostic bare = BarePercent.problem(input, e, v, program.units());
        if (bare != null) {
            errors.add(bare);
            return null;
        }
        return v;
    }

    /**
     * The points of {@code low .. high [by step | xF]}; null after reporting. A figure that
     * evaluates every point takes at most {@link FigureSpec#MAX_POINTS}; a solve, which evaluates
     * only what its search needs, any range whose points a double tells apart ({@link #MAX_SEARCHED}).
     */
    private Grid range(Domain.Range range, Dimension dimension, BindingInfo input, double most) {
        Double low = constant(range.low(), dimension, input);
        Double high = constant(range.high(), dimension, input);
        Double step = range.step() == null ? null : constant(range.step(), dimension, input);
        if (low == null || high == null || (range.step() != null && step == null)) {
            return null;
        }
        String lowText = formatter.text(low, dimension);
        String highText = formatter.text(high, dimension);
        if (range.geometric()) {
            double factor = range.factor();
            if (!(factor > 1) || !Double.isFinite(factor)) {
                errors.add(Diagnostic.error(range.factorSpan(), "this range never ends: each point would be "
                                + (factor == 1 ? "the same as" : "smaller than") + " the one before")
                        .withHint("a factor is more than 1: x2 doubles each point, x1.5 adds half"));
                return null;
            }
            if (!(low > 0) || !(high > 0)) {
                errors.add(Diagnostic.error(!(low > 0) ? range.low().span() : range.high().span(),
                                "a range by a factor runs between positive values; this one is " + (!(low > 0) ? lowText : highText))
                        .withHint(low == 0 ? "0 times any factor is 0, so the range would never end: start at 1" : "start above zero")
                        .withLabel(range.factorSpan(), "each point " + range.factorSpan().text().substring(1) + " times the one before"));
                return null;
            }
            if (low > high) {
                errors.add(empty(range, lowText, highText));
                return null;
            }
            if (isWhole(low) && isWhole(factor) && high < EXACT) {
                return new Grid.Listed(wholePowers((long) (double) low, (long) factor, (long) Math.floor(high))); // at most 53 points: factor 2 or more
            }
            // StrictMath: the same points, so the same figure, on every machine.
            // The logs' difference, not the log of the ends' ratio, which overflows for 1e-300 ms .. 1e300 ms.
            double steps = (StrictMath.log(high) - StrictMath.log(low)) / StrictMath.log(factor);
            double count = Math.floor(steps + NOISE) + 1;
            if (count > most) {
                errors.add(tooMany(range.span(), count, most));
                return null;
            }
            // A billionth of the last step below the end: the distance a point may lie from the end and be it.
            double tolerance = high * (1 - 1 / factor) * NOISE + 4 * Math.ulp(high);
            Grid.Geometric grid = new Grid.Geometric(low, factor, high, tolerance, (long) count);
            // The count's slack in log space (a billionth of a step of the log) is a little more
            // than the tolerance: a last point past it is past the end, and not one of the range.
            if (grid.count() > 1 && grid.point(grid.count() - 1) > high) {
                return new Grid.Geometric(low, factor, high, tolerance, grid.count() - 1);
            }
            return grid;
        }
        double by = step != null ? step : writtenUnit(range.low());
        if (!(by > 0) || !Double.isFinite(by)) {
            errors.add(Diagnostic.error(range.step() != null ? range.step().span() : range.low().span(),
                            by == 0 ? "this range never ends: its step is 0" : "this range never ends: its step "
                                    + formatter.text(by, dimension) + " goes down from " + lowText + ", away from " + highText)
                    .withHint("a range counts up from its low end by a positive step: " + lowText + " .. " + highText + " by ..."));
            return null;
        }
        if (low > high) {
            errors.add(empty(range, lowText, highText));
            return null;
        }
        if (isWhole(low) && isWhole(by) && Math.abs(low) < EXACT && Math.abs(high) < EXACT) {
            // Whole numbers below 2^53 are exact doubles, and so is each point: count them as integers.
            long count = Math.floorDiv((long) Math.floor(high) - (long) (double) low, (long) by) + 1;
            if (count > most) {
                errors.add(tooMany(range.span(), count, most));
                return null;
            }
            return shortOfItsEnd(range, new Grid.Linear(low, by, high, 0, count), high, dimension);
        }
        // Float noise in low + i * by is a few ulps of the values; a billionth of a step is far more, and far less than a step.
        double tolerance = Math.min(by / 2, by * NOISE + 4 * Math.ulp(Math.max(Math.abs(low), Math.abs(high))));
        double count = Math.floor((high - low + tolerance) / by) + 1;
        if (count > most || !Double.isFinite(count)) {
            errors.add(tooMany(range.span(), count, most));
            return null;
        }
        return shortOfItsEnd(range, new Grid.Linear(low, by, high, tolerance, (long) count), high, dimension);
    }

    /**
     * A range with no step counts by the unit its low end is written in, from its low end: {@code
     * 0.1 request/s .. 5 request/s} is 0.1, 1.1, ... 4.1, and a plot's axis ends at 4.1, a solve
     * misses a turn at 4.3, without a word. A warning where its last point is not its written end;
     * a range with its step written ({@code 1 .. 10 by 2}) ends where the author counted it to.
     */
    private Grid shortOfItsEnd(Domain.Range range, Grid grid, double high, Dimension dimension) {
        double last = grid.point(grid.count() - 1);
        if (range.step() == null && high - last > NOISE * Math.abs(high)) { // float noise is far below a billionth
            String unit = range.low().withoutMinus().writtenUnit() == null ? "1" : "1 " + range.low().withoutMinus().writtenUnit().text();
            errors.add(Diagnostic.error(range.high().span(), "this range counts by " + unit + " from its low end and ends at "
                            + formatter.text(last, dimension) + ", short of " + range.high().span().text().strip())
                    .withHint("give its step, as in " + range.low().span().text().strip() + " .. " + range.high().span().text().strip()
                            + " by ..., or start it where counting by " + unit + " reaches the end")
                    .asWarning());
        }
        return grid;
    }

    /** Below this, every whole number is a double, and so is the sum or product of two that stays below it. */
    private static final double EXACT = 0x1p53;
    /**
     * The points a solve's range may have: 2^53, as many as a double counts exactly. Its search
     * evaluates a few dozen of them, and a few more for each turn (see {@code eval.Solve}).
     */
    static final double MAX_SEARCHED = EXACT;
    /** How far from a whole step, as a fraction of the step, float noise puts a point: 0.1 .. 0.3 by 0.1 makes 0.30000000000000004. */
    private static final double NOISE = 1e-9;

    private static boolean isWhole(double v) {
        return v == Math.rint(v) && Math.abs(v) < EXACT;
    }

    /** low, low x factor, ... up to high, in whole numbers, exactly. */
    private static double[] wholePowers(long low, long factor, long high) {
        List<Double> points = new ArrayList<>();
        for (long p = low; p <= high; p *= factor) {
            points.add((double) p);
            if (p > high / factor) {
                break; // the next would pass the end (or overflow)
            }
        }
        double[] out = new double[points.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = points.get(i);
        }
        return out;
    }

    /** The size of the unit a range's low end is written in: its step when none is given (1 ms .. 10 ms counts by 1 ms). */
    private double writtenUnit(Expr low) {
        UnitRef written = low.withoutMinus().writtenUnit();
        DisplayUnit unit = written == null ? null : program.unit(written);
        return unit == null ? 1 : unit.factor();
    }

    private Diagnostic empty(Domain.Range range, String low, String high) {
        return Diagnostic.error(range.span(), "this range is empty: it starts at " + low + ", above its end, " + high)
                .withHint("a range counts up from its low end: " + range.high().span().text() + " .. " + range.low().span().text());
    }

    private Diagnostic tooMany(Span span, double count, double most) {
        if (most > FigureSpec.MAX_POINTS) {
            return Diagnostic.error(span, "this range has more points than a search can tell apart: more than "
                            + grouped((long) most))
                    .withHint("take a larger step (by ...) or a factor (x2)");
        }
        String n = count >= 1e15 || !Double.isFinite(count) ? "more than " + grouped(1_000_000_000) : grouped((long) count);
        return Diagnostic.error(span, "this sweep has " + n + " points; a figure holds at most " + grouped(FigureSpec.MAX_POINTS))
                .withHint("take a larger step (by ...) or a factor (x2), which spreads a few points over a wide range;"
                        + " a solve, which evaluates only the points its search needs, takes a range of any size");
    }

    private static String grouped(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }

    // ---- what is shown ---------------------------------------------------------------------------

    /** The values of a {@code show} line: quantities of this chain, each once. */
    private List<BindingInfo> shown(Clause.Show show) {
        List<BindingInfo> values = new ArrayList<>();
        for (Expr.NameRef name : show.names()) {
            BindingInfo b = typer.shownBinding(name);
            if (b == null || b.isPoisoned()) {
                continue;
            }
            String written = name.name().toString();
            if (b.isText()) {
                errors.add(Diagnostic.error(name.span(), "`" + written + "` is text; a figure shows quantities")
                        .withLabel(b.decl().span(), "defined here"));
            } else if (b.owner() != program) {
                errors.add(Diagnostic.error(name.span(), "`" + written + "` is a value of a module: it is the same at every point")
                        .withHint("show the chain's own values, the ones a sweep changes"));
            } else if (isAmong(b, values)) {
                errors.add(Diagnostic.error(name.span(), "`" + written + "` is shown twice"));
            } else {
                values.add(b);
            }
        }
        return values;
    }

    private static boolean allAboveZero(double[] points) {
        for (double p : points) {
            if (!(p > 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * By identity: a record's {@code equals} would compare the bindings' whole statements, spans
     * and all, and its first call links the record's generated {@code equals}, which took 13 ms of
     * every cold {@code check chains/}.
     */
    private static boolean isAmong(BindingInfo b, List<BindingInfo> values) {
        for (BindingInfo v : values) {
            if (v == b) {
                return true;
            }
        }
        return false;
    }

    /** A plot has a y axis on each side: its values may have two dimensions, not three. */
    private List<Dimension> axesPerDimension(Clause.Show show, List<BindingInfo> shown) {
        List<Dimension> dimensions = new ArrayList<>();
        for (int i = 0; i < shown.size(); i++) {
            Dimension d = shown.get(i).dimension();
            if (!dimensions.contains(d)) {
                dimensions.add(d);
                if (dimensions.size() == 3) {
                    errors.add(Diagnostic.error(show.names().get(i).span(), "a plot has two y axes, one a side, and this is a third dimension: "
                                    + describe.of(d))
                            .withHint("plot it apart, or convert it to a dimension already shown")
                            .withNote("the other two are " + describe.of(dimensions.get(0)) + " and " + describe.of(dimensions.get(1))));
                }
            }
        }
        return dimensions;
    }

    // ---- a roofline -------------------------------------------------------------------------------

    /**
     * The GPU of {@code for gpu}: a module with {@code bf16_peak} and {@code hbm_bandwidth}; or
     * {@code for gpu.fp8_peak}, another peak of the module. Null after reporting.
     */
    private FigureSpec.Roof roof(Stmt.Figure figure, List<Clause.For> sweeps) {
        if (sweeps.isEmpty()) {
            if (lost(figure, Keywords.FOR)) {
                return null;
            }
            errors.add(Diagnostic.error(figure.span(), "a roofline is drawn for a GPU")
                    .withHint("name its module under the header: for gpu (with use h100_sxm as gpu above)"));
            return null;
        }
        for (int i = 1; i < sweeps.size(); i++) {
            errors.add(Diagnostic.error(sweeps.get(i).span(), "a roofline is drawn for one GPU")
                    .withLabel(sweeps.get(0).span(), "this one"));
        }
        Clause.For sweep = sweeps.get(0);
        if (sweep.domain() != null) {
            String alias = sweep.name().name().toString();
            errors.add(Diagnostic.error(sweep.domain().span(), "a roofline sweeps nothing: it places the chain's own steps")
                    .withHint(isModule(sweep.name())
                            // for gpu in h100_sxm, b200: GPUs are compared in a table (issue 29 item 1)
                            ? "a roofline is drawn for one GPU, named alone: for " + alias + "; to compare GPUs, make a table: for "
                                    + alias + " in " + program.use(alias).module() + ", ..."
                            : "sweep an input in a plot; here, name the GPU alone: for gpu"));
            return null;
        }
        if (sweep.scale() != null) {
            errors.add(Diagnostic.error(sweep.scaleSpan(), "a roofline's axes are always logarithmic"));
            return null;
        }
        Expr.NameRef name = sweep.name();
        String alias = name.name().parts().get(0);
        CheckedProgram module = program.imports.get(alias);
        if (module == null) {
            if (program.failedImports.contains(alias)) {
                return null;
            }
            errors.add(Diagnostic.error(name.span(), "`" + alias + "` is not a module this chain uses")
                    .withHint("a roofline is drawn for a GPU module: use h100_sxm as gpu, then for gpu"));
            return null;
        }
        if (name.name().parts().size() > 2) {
            errors.add(Diagnostic.error(name.span(), "`" + name.name() + "` is not a module or one of its values"));
            return null;
        }
        BindingInfo peak;
        if (name.name().isQualified()) {
            peak = typer.shownBinding(name);
            if (peak == null) {
                return null;
            }
            if (peak.isText() || !peak.dimension().equals(computeRate())) {
                errors.add(Diagnostic.error(name.span(), "`" + name.name() + "` is " + (peak.isText() ? "text" : describe.of(peak.dimension()))
                                + ", not a peak rate")
                        .withHint("a roofline's flat roof is a rate of compute, such as " + alias + ".fp8_peak"));
                return null;
            }
        } else {
            peak = member(module, "bf16_peak", computeRate(), name.span(), alias, "its peak rate (FLOP/s)");
        }
        BindingInfo bandwidth = member(module, "hbm_bandwidth", bandwidth(), name.span(), alias, "its memory bandwidth (B/s)");
        return peak == null || bandwidth == null ? null : new FigureSpec.Roof(alias, peak, bandwidth);
    }

    private BindingInfo member(CheckedProgram module, String member, Dimension dimension, Span span, String alias, String what) {
        BindingInfo b = module.binding(member);
        if (b == null || b.isText() || b.isPoisoned() || !b.dimension().equals(dimension)) {
            errors.add(Diagnostic.error(span, "module `" + alias + "` has no `" + member + "`, " + what)
                    .withHint("a roofline is drawn for a GPU module, such as h100_sxm"));
            return null;
        }
        return b;
    }

    private Dimension computeRate() {
        return program.units().dimension("ComputeRate");
    }

    private Dimension bandwidth() {
        return program.units().dimension("Bandwidth");
    }

    /** {@code show mixed = flops, weights + kv}: a step's time, FLOPs and bytes; null after reporting. */
    private FigureSpec.Point point(Clause.Point p) {
        BindingInfo step = typer.shownBinding(p.step());
        Dimension flops = typer.type(p.flops());
        Dimension bytes = typer.type(p.bytes());
        if (step == null || step.isPoisoned() || flops == null || bytes == null) {
            return null;
        }
        Dimension time = program.units().dimension("Time");
        Dimension compute = program.units().dimension("Compute");
        Dimension information = program.units().dimension("Information");
        int before = errors.size();
        if (step.isText() || !step.dimension().equals(time)) {
            errors.add(Diagnostic.error(p.step().span(), "`" + p.step().name() + "` is "
                            + (step.isText() ? "text" : describe.of(step.dimension())) + "; a step on a roofline is named by its time")
                    .withHint("name a step of the chain, a time: show mixed = flops, weights + kv"));
        }
        if (!flops.equals(compute)) {
            errors.add(Diagnostic.error(p.flops().span(), "a step's work is " + describe.of(compute) + "; this is " + describe.of(flops))
                    .withHint("give the FLOPs the step does, then the bytes it moves"));
        }
        if (!bytes.equals(information)) {
            errors.add(Diagnostic.error(p.bytes().span(), "a step's traffic is " + describe.of(information) + "; this is " + describe.of(bytes))
                    .withHint("give the bytes the step reads and writes, such as weights + kv"));
        }
        return errors.size() > before ? null : new FigureSpec.Point(p, step);
    }
}
