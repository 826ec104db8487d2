package dev.chain.eval;

import dev.chain.ast.CompareOp;

/**
 * A compiled {@code check}: a comparison ({@code op}, with the ≈ tolerance as a fraction when
 * {@code relative}), or with {@code op} null a range, {@code left in right .. high}.
 */
public record Check(CompareOp op, boolean relative, Node left, Node right, Node high, Node tolerance, Site site) {
    /** Whether it holds for these values, and the values it compared. */
    public CheckValues test(double[] slots) {
        double l = operand(left, slots);
        double r = operand(right, slots);
        if (op == null) {
            double h = operand(high, slots);
            return new CheckValues(Ops.in(l, r, h), l, r, h, Double.NaN);
        }
        double t = tolerance == null ? Double.NaN : operand(tolerance, slots);
        return new CheckValues(Ops.holds(op, relative, l, r, t), l, r, Double.NaN, t);
    }

    /** A side of a check that overflowed would make the check hold or fail by accident. */
    private double operand(Node node, double[] slots) {
        double v = node.run(slots, Program.NO_FRAME);
        if (!Double.isFinite(v)) {
            throw new Fault(Fault.Kind.NOT_FINITE, site, v, "a side of this check");
        }
        return v;
    }
}
