package dev.chain.eval;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.Expr;
import dev.chain.source.Span;
import dev.chain.units.Dimension;
import dev.chain.units.QuantityFormatter;

/**
 * The compiled expressions that are not constants, one small class each. Classes and not lambdas:
 * a lambda is linked through method handles the first time it runs, some 0.5 ms apiece in a cold
 * start, and every run of {@code check} meets most of these (docs/performance.md).
 */
final class Nodes {
    private Nodes() {}

    /** A binding of the program being evaluated. */
    record Slot(int slot) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return slots[slot];
        }
    }

    /** A parameter of the function being called. */
    record Param(int index) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return frame[index];
        }
    }

    record Negated(Node operand) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return -operand.run(slots, frame);
        }
    }

    /** A magnitude times its unit's factor: {@code batch GB}. */
    record Scaled(Node magnitude, double factor, Span span) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return Compiler.result(BinaryOp.MUL, magnitude.run(slots, frame), factor, span);
        }
    }

    /** An operator on both sides; a right side with no value (a division by zero) is an error there. */
    record Arithmetic(BinaryOp op, Node left, Node right, Span whole, Span rightSpan) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            double x = left.run(slots, frame);
            double y = right.run(slots, frame);
            if (op.undefinedFor(y)) {
                throw Faults.divisionByZero(rightSpan);
            }
            return Compiler.result(op, x, y, whole);
        }
    }

    /** As {@link Arithmetic}, divided by a difference: a zero one says which two values were equal. */
    record ByDifference(BinaryOp op, Node left, Node right, Span whole, Span rightSpan, Expr.Binary difference,
                        Node minuend, QuantityFormatter formatter, Dimension dimension) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            double x = left.run(slots, frame);
            double y = right.run(slots, frame);
            if (op.undefinedFor(y)) {
                throw Faults.zeroDifference(rightSpan, difference, formatter.text(minuend.run(slots, frame), dimension));
            }
            return Compiler.result(op, x, y, whole);
        }
    }

    record Raised(Node base, Node exponent, Span span) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return Compiler.power(base.run(slots, frame), exponent.run(slots, frame), span);
        }
    }

    /** A call of a user function: its arguments evaluated into a new frame. */
    record Called(CompiledFunction function, Node[] args) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            double[] callee = new double[args.length];
            for (int i = 0; i < args.length; i++) {
                callee[i] = args[i].run(slots, frame);
            }
            return function.call(slots, callee);
        }
    }

    /** A function's body run over the bindings of the program that defines it, whoever calls it. */
    record Bound(Node body, double[] ownerSlots) implements Node {
        @Override
        public double run(double[] callerSlots, double[] args) {
            return body.run(ownerSlots, args);
        }
    }
}
