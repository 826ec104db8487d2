package dev.chain.eval;

/**
 * A compiled figure: what must hold at each of its points ({@code checks}), and what it sweeps and
 * shows. A table or plot sets the slots {@code axes} to their {@code points} (base units; a grid's
 * first input slowest, or with {@code together} the i-th point of each at once, a table's rows of
 * several inputs) and keeps the slots {@code shown}; a roofline places its {@code steps}.
 */
public record Figure(Check[] checks, int[] axes, double[][] points, boolean together, int[] shown, Step[] steps) {
    /** A roofline's step: its name, the FLOPs it does, the bytes it moves and the time it takes. */
    public record Step(String name, Node flops, Node bytes, Node time, Site site) {}

    /** This plot's or table's sweep at other points of its first input (base units): a plot's measured runs. */
    public Figure at(double[] first) {
        double[][] moved = points.clone();
        moved[0] = first.clone();
        return at(moved);
    }

    /** This table's or plot's sweep at other points of each input (base units, {@code [axis][point]}). */
    public Figure at(double[][] moved) {
        return new Figure(checks, axes, moved, together, shown, steps);
    }

    /** Whether it is a roofline: it places the chain's steps, at the chain's own inputs. */
    public boolean roofline() {
        return steps.length > 0;
    }

    /** How many points it evaluates the chain at. */
    public int size() {
        if (together) {
            return points.length == 0 ? 1 : points[0].length;
        }
        int n = 1;
        for (double[] p : points) {
            n *= p.length;
        }
        return n;
    }

    /** The value of axis {@code axis} at {@code point}: the first axis slowest, or each at once swept together. */
    public double input(int axis, int point) {
        return input(points, together, axis, point);
    }

    /** The value of axis {@code axis} at {@code point} of a sweep of {@code points} (each axis's): as a figure's. */
    public static double input(double[][] points, boolean together, int axis, int point) {
        if (together) {
            return points[axis][point];
        }
        int stride = 1;
        for (int a = points.length - 1; a > axis; a--) {
            stride *= points[a].length;
        }
        double[] p = points[axis];
        return p[(point / stride) % p.length];
    }
}
