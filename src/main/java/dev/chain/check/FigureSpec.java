package dev.chain.check;

import dev.chain.ast.Clause;
import dev.chain.ast.Stmt;
import dev.chain.source.Span;
import java.util.List;

/**
 * A checked figure, one record per kind: every point it sweeps is known (in base units) and of its
 * input's dimension, and every value it shows is a quantity of the chain, all proven once before
 * anything is evaluated. Evaluating the figure is then the chain's compiled program run once per
 * point. A pass that treats the kinds apart implements {@link Visitor}: a new kind does not compile
 * until every such pass says what it does with it.
 *
 * <p>What every kind answers: its statement, its checks (what must hold at every point, each
 * indexed within this figure) and its place among the chain's figures, in file order; and, as empty
 * lists for a kind that has none, the inputs it sweeps ({@link #axes}), the values it shows and a
 * roofline's steps, which the compiler and the page read alike for every kind.
 */
public sealed interface FigureSpec permits FigureSpec.Table, FigureSpec.Plot, FigureSpec.Roofline, FigureSpec.Solve, FitSpec {
    /** Points a figure may have, all its axes multiplied: a what-if, not a simulation. */
    int MAX_POINTS = 10_000;

    Stmt.Figure decl();

    List<CheckInfo> checks();

    int index();

    /**
     * The checks held at its every point (a run says where one fails); a solve's one check is the
     * condition it solves for, which is meant to fail over part of its range, and is none of them.
     */
    default List<CheckInfo> held() {
        return checks();
    }

    /** The numeric inputs it sweeps: a table's one or two, a plot's x axis, a solve's searched input; none for a roofline. */
    default List<Axis> axes() {
        return List.of();
    }

    /** The values a table or plot shows, in order. */
    default List<BindingInfo> shown() {
        return List.of();
    }

    /** The modules a table compares ({@code for gpu in h100_sxm, b200}). */
    default List<ModuleAxis> modules() {
        return List.of();
    }

    /** A table's rows' labels, a text input's each ({@code for link, bw in ("NVLink", 300 GB/s), ...}). */
    default List<Labels> labels() {
        return List.of();
    }

    /** A roofline's steps. */
    default List<Point> points() {
        return List.of();
    }

    /** A solve, itself: its answer is said after the chain's steps ({@link #solves}). */
    default List<Solve> solved() {
        return List.of();
    }

    /** The inputs a fit frees, each with its bounds: the chain's values take them from the fit. */
    default List<FitSpec.Free> freed() {
        return List.of();
    }

    <R> R accept(Visitor<R> visitor);

    interface Visitor<R> {
        R visitTable(Table table);

        R visitPlot(Plot plot);

        R visitRoofline(Roofline roofline);

        R visitSolve(Solve solve);

        R visitFit(FitSpec fit);
    }

    /**
     * Whether its inputs are swept together, the i-th point of each at its i-th point (a table's rows
     * of several inputs, {@code for l, h in (24, 2304), (30, 3072)}), not as a grid of every pair.
     */
    default boolean together() {
        return false;
    }

    /** How many points the figure evaluates the chain at (a table over modules: at each module). */
    default int size() {
        int n = 1;
        for (Axis a : axes()) {
            n *= a.points().length;
        }
        return n;
    }

    /** The solves among {@code figures}, in order: what a run says after a chain's steps. */
    static List<Solve> solves(List<FigureSpec> figures) {
        List<Solve> solves = new java.util.ArrayList<>();
        for (FigureSpec f : figures) {
            solves.addAll(f.solved());
        }
        return solves;
    }

    /**
     * A table: its inputs (one, two as a grid, or several swept {@code together} by rows) and the modules it compares ({@code for gpu in
     * h100_sxm, b200}: each module is the chain checked again with the alias bound to it, when it
     * runs), the values it shows, and whether it has a row per value ({@code show ... as rows}).
     */
    record Table(Stmt.Figure decl, List<Axis> axes, List<ModuleAxis> modules, List<Labels> labels, List<BindingInfo> shown, boolean rows,
                 boolean together, List<CheckInfo> checks, int index) implements FigureSpec {
        public Table {
            axes = List.copyOf(axes);
            modules = List.copyOf(modules);
            labels = List.copyOf(labels);
            shown = List.copyOf(shown);
            checks = List.copyOf(checks);
        }

        /** Whether its first column holds labels (a grid's rows, a row per value), not numbers. */
        public boolean labelled() {
            return rows || (!together && axes.size() == 2 && shown.size() == 1);
        }

        @Override
        public boolean together() {
            return together;
        }

        /** Its row {@code r} alone, of a table of rows: each input at its value there (the row's modules are bound by who evaluates it). */
        public Table row(int r) {
            List<Axis> one = new java.util.ArrayList<>();
            for (Axis a : axes) {
                one.add(new Axis(a.input(), new double[] {a.points()[r]}, a.decl()));
            }
            List<Labels> label = new java.util.ArrayList<>();
            for (Labels l : labels) {
                label.add(new Labels(l.input(), List.of(l.values().get(r))));
            }
            return new Table(decl, one, modules, label, shown, rows, together, checks, index);
        }

        @Override
        public int size() {
            return together && !axes.isEmpty() ? axes.get(0).points().length : FigureSpec.super.size();
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitTable(this);
        }
    }

    /**
     * A line plot: its x axis (linear, or logarithmic), the values it shows (on a y axis per
     * dimension, linear or logarithmic), each y axis's ends where the author gave them
     * ({@code yLimits[axis]}, {low, high} in base units; null: ranged by the values), and its
     * measured runs ({@code observed "runs/" ...}, read when the chain runs; null for none).
     */
    record Plot(Stmt.Figure decl, Axis x, List<BindingInfo> shown, boolean xLog, boolean yLog, double[][] yLimits, Runs runs,
                List<CheckInfo> checks, int index) implements FigureSpec {
        public Plot {
            shown = List.copyOf(shown);
            checks = List.copyOf(checks);
        }

        @Override
        public List<Axis> axes() {
            return List.of(x);
        }

        /** This plot drawn at other points of its input (base units): {@code chain sweep --runs}', at its runs'. */
        public Plot at(double[] points) {
            return new Plot(decl, new Axis(x.input(), points, x.decl()), shown, xLog, yLog, yLimits, runs, checks, index);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitPlot(this);
        }
    }

    /** A roofline: its GPU's roofs and the chain's steps it places. */
    record Roofline(Stmt.Figure decl, Roof roof, List<Point> points, List<CheckInfo> checks, int index) implements FigureSpec {
        public Roofline {
            points = List.copyOf(points);
            checks = List.copyOf(checks);
        }

        @Override
        public int size() {
            return 1; // the chain's own inputs
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitRoofline(this);
        }
    }

    /**
     * A solve: the input whose range is searched for where its one check, {@link #condition},
     * turns; its answer is said in its title.
     */
    record Solve(Stmt.Figure decl, Axis searched, List<CheckInfo> checks, int index) implements FigureSpec {
        public Solve {
            checks = List.copyOf(checks);
        }

        public CheckInfo condition() {
            return checks.get(0);
        }

        @Override
        public List<Solve> solved() {
            return List.of(this);
        }

        @Override
        public List<CheckInfo> held() {
            return List.of();
        }

        @Override
        public List<Axis> axes() {
            return List.of(searched);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitSolve(this);
        }
    }

    /**
     * A plot's measured side (issue 27 item 4): benchmark runs, a folder of result files or one
     * file ({@code path}, relative to the chain), each giving its point of the swept input by
     * {@code inputKey} and the measured counterpart of each of {@code values} (values the plot shows)
     * by its key. Only the form is checked here; the files are read when the chain runs
     * ({@code session.ObservedRuns}), as an input's {@code @observed} file is.
     */
    record Runs(Clause.Observed decl, String path, Clause.Observed.Key input, List<BindingInfo> values,
                List<Clause.Observed.Key> keys) {
        public Runs {
            values = List.copyOf(values);
            keys = List.copyOf(keys);
        }
    }

    /**
     * A table's {@code for gpu in h100_sxm, b200}: the alias of a {@code use} and the modules it
     * takes, each where it is written (issue 29 item 1).
     */
    record ModuleAxis(String alias, List<String> modules, List<Span> spans, Clause.For decl) {}

    /**
     * A table's rows' values of a text input, {@code for link, bw in ("NVLink", 300 GB/s), ...}: a
     * label a row, shown as the table's first columns; the chain's numbers do not read them.
     */
    record Labels(BindingInfo input, List<String> values) {
        public Labels {
            values = List.copyOf(values);
        }
    }

    /**
     * An input and the values a sweep sets it to, in base units: for a table or plot, every point,
     * in order (as written, for a list); for a solve, the {@value #FIRST_SEARCHED} points (or
     * fewer) spread over its range that its search evaluates first. {@code grid} is every point
     * of the range, in increasing order, each made when asked for.
     */
    record Axis(BindingInfo input, double[] points, Clause.For decl, Grid grid) {
        /** The points a solve's search evaluates first, spread evenly over its range: see {@code eval.Solve}. */
        public static final int FIRST_SEARCHED = 65;

        /** A sweep of these points, in this order: a point solved, a sweep over modules' own axes. */
        public Axis(BindingInfo input, double[] points, Clause.For decl) {
            this(input, points, decl, new Grid.Listed(points));
        }
    }

    /** The roofs of a roofline: the GPU's peak rate and memory bandwidth (bindings of its module). */
    record Roof(String module, BindingInfo peak, BindingInfo bandwidth) {}

    /** A step on a roofline: its time (a binding of the chain), and the FLOPs it does and bytes it moves. */
    record Point(Clause.Point decl, BindingInfo step) {}
}
