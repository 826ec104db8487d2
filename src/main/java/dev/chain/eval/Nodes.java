package dev.chain.eval;

import dev.chain.ast.BinaryOp;
import dev.chain.check.Builtin;

/**
 * The kinds of compiled expression. A {@code site} is where in the text an error there is reported
 * ({@link Site}).
 */
public final class Nodes {
    private Nodes() {}

    /** A value known when the chain is compiled: a number, a unit, a module's constant. */
    public record Const(double value) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return value;
        }
    }

    /** A binding of the program being evaluated. */
    public record Slot(int slot) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return slots[slot];
        }
    }

    /** A parameter of the function being called. */
    public record Param(int index) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return frame[index];
        }
    }

    public record Negated(Node operand) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return -operand.run(slots, frame);
        }
    }

    /** A magnitude times its unit's factor: {@code batch GB}. */
    public record Scaled(Node magnitude, double factor, Site site) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return result(BinaryOp.MUL, magnitude.run(slots, frame), factor, site);
        }
    }

    /**
     * An operator on both sides. A right side with no value for it (a division by zero) is an
     * error at {@code divisor}; when the divisor is a difference, {@code minuend} is its left side,
     * so that the error can say which two values were equal (null otherwise).
     */
    public record Arithmetic(BinaryOp op, Node left, Node right, Site site, Site divisor, Node minuend) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            double x = left.run(slots, frame);
            double y = right.run(slots, frame);
            if (op.undefinedFor(y)) {
                throw minuend == null ? new Fault(Fault.Kind.DIVISION_BY_ZERO, divisor)
                        : new Fault(Fault.Kind.ZERO_DIFFERENCE, divisor, minuend.run(slots, frame), null);
            }
            return result(op, x, y, site);
        }
    }

    public record Raised(Node base, Node exponent, Site site) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return power(base.run(slots, frame), exponent.run(slots, frame), site);
        }
    }

    /** A call of a built-in; {@code sites}, each argument's, for an argument outside its domain. */
    public record BuiltinCall(Builtin builtin, Node[] args, Site[] sites) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return Builtins.apply(this, slots, frame);
        }
    }

    /** A call of a user function: its arguments evaluated into a new frame. */
    public record Call(CompiledFunction function, Node[] args) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            double[] callee = new double[args.length];
            for (int i = 0; i < args.length; i++) {
                callee[i] = args[i].run(slots, frame);
            }
            return function.call(slots, callee);
        }
    }

    /** An operation's value, or an underflow at {@code site}: 0 from nonzero operands is a value too small for a double. */
    static double result(BinaryOp op, double x, double y, Site site) {
        double v = op.apply(x, y);
        if (v == 0 && op.underflowed(x, y, v)) {
            throw new Fault(Fault.Kind.UNDERFLOW, site);
        }
        return v;
    }

    static double power(double base, double exponent, Site site) {
        double v = Powers.pow(base, exponent);
        if (Powers.noRealValue(v)) {
            throw new Fault(Fault.Kind.NO_REAL_POWER, site);
        }
        if (Powers.underflowed(base, exponent, v)) {
            throw new Fault(Fault.Kind.UNDERFLOW, site);
        }
        return v;
    }
}
