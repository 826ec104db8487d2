package dev.chain.check;

import dev.chain.ast.Clause;
import dev.chain.ast.FigureKind;
import dev.chain.ast.Stmt;
import java.util.List;

/**
 * A checked figure: every point it sweeps is known (in base units) and of its input's dimension,
 * and every value it shows is a quantity of the chain, all proven once before anything is
 * evaluated. Evaluating the figure is then the chain's compiled program run once per point.
 *
 * @param axes   what a table or plot sweeps: one input, or two for a table's grid; none for a roofline
 * @param shown  the values a table or plot shows, in order
 * @param rows   a table with a row per value and a column per point ({@code show ... as rows})
 * @param xLog   a plot's x axis is logarithmic
 * @param yLog   a plot's y axes are logarithmic
 * @param roof   a roofline's GPU: its peak and its memory bandwidth; null for a table or plot
 * @param points a roofline's steps
 * @param checks what must hold at every point, each indexed within this figure
 * @param index  the figure's place among the chain's figures, in file order
 * @param runs   a plot's measured runs ({@code observed "runs/" ...}), read when the chain runs; null for none
 */
public record FigureInfo(Stmt.Figure decl, FigureKind kind, List<Axis> axes, List<BindingInfo> shown, boolean rows,
                         boolean xLog, boolean yLog, Roof roof, List<Point> points, List<CheckInfo> checks, int index,
                         List<ModuleAxis> modules, Runs runs) {
    /** Points a figure may have, all its axes multiplied: a what-if, not a simulation. */
    public static final int MAX_POINTS = 10_000;

    public FigureInfo {
        axes = List.copyOf(axes);
        shown = List.copyOf(shown);
        points = List.copyOf(points);
        checks = List.copyOf(checks);
        modules = List.copyOf(modules);
    }

    public FigureInfo(Stmt.Figure decl, FigureKind kind, List<Axis> axes, List<BindingInfo> shown, boolean rows,
                      boolean xLog, boolean yLog, Roof roof, List<Point> points, List<CheckInfo> checks, int index) {
        this(decl, kind, axes, shown, rows, xLog, yLog, roof, points, checks, index, List.of(), null);
    }

    /**
     * A plot's measured side (issue 27 item 4): benchmark runs, a folder of result files or one
     * file ({@code path}, relative to the chain), each giving its point of the swept input by
     * {@code inputKey} and the measured counterpart of each of {@code values} (values the plot shows)
     * by its key. Only the form is checked here; the files are read when the chain runs
     * ({@code session.ObservedRuns}), as an input's {@code @observed} file is.
     */
    public record Runs(Clause.Observed decl, String path, Clause.Observed.Key input, List<BindingInfo> values,
                       List<Clause.Observed.Key> keys) {
        public Runs {
            values = List.copyOf(values);
            keys = List.copyOf(keys);
        }
    }

    /**
     * A table's {@code for gpu in h100_sxm, b200}: the alias of a {@code use} and the modules it
     * takes, each where it is written (issue 29 item 1). The figure is checked against the chain's
     * own module; each other is the chain checked again with the alias bound to it, when it runs.
     */
    public record ModuleAxis(String alias, List<String> modules, List<dev.chain.source.Span> spans, Clause.For decl) {}

    /**
     * An input and the values a sweep sets it to, in base units: for a table or plot, every point,
     * in order (as written, for a list); for a solve, the {@value #FIRST_SEARCHED} points (or
     * fewer) spread over its range that its search evaluates first. {@code grid} is every point
     * of the range, in increasing order, each made when asked for.
     */
    public record Axis(BindingInfo input, double[] points, Clause.For decl, Grid grid) {
        /** The points a solve's search evaluates first, spread evenly over its range: see {@code eval.Solve}. */
        public static final int FIRST_SEARCHED = 65;

        /** A sweep of these points, in this order: a point solved, a sweep over modules' own axes. */
        public Axis(BindingInfo input, double[] points, Clause.For decl) {
            this(input, points, decl, new Grid.Listed(points));
        }
    }

    /** The roofs of a roofline: the GPU's peak rate and memory bandwidth (bindings of its module). */
    public record Roof(String module, BindingInfo peak, BindingInfo bandwidth) {}

    /** A step on a roofline: its time (a binding of the chain), and the FLOPs it does and bytes it moves. */
    public record Point(Clause.Point decl, BindingInfo step) {}

    /** How many points the figure evaluates the chain at. */
    public int size() {
        int n = 1;
        for (Axis a : axes) {
            n *= a.points().length;
        }
        return n;
    }
}
