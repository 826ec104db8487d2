package dev.chain.ast;

import dev.chain.source.Span;

/** What a {@code check} statement asserts. */
public sealed interface Condition {
    Span span();

    <R> R accept(Visitor<R> visitor);

    /** The expressions compared, in the order they are written. */
    java.util.List<Expr> operands();

    /** A pass over conditions: a new kind does not compile until each pass handles it. */
    interface Visitor<R> {
        R visitCompare(Compare compare);

        R visitInRange(InRange range);
    }

    /** {@code a > b}, {@code a == b}, {@code a ≈ b within 1%} ({@code tolerance} null unless ≈). */
    record Compare(CompareOp op, Expr left, Expr right, Expr tolerance, Span span) implements Condition {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitCompare(this);
        }

        @Override
        public java.util.List<Expr> operands() {
            return tolerance == null ? java.util.List.of(left, right) : java.util.List.of(left, right, tolerance);
        }
    }

    /** {@code a in lo .. hi}, both ends inclusive. */
    record InRange(Expr value, Expr low, Expr high, Span span) implements Condition {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitInRange(this);
        }

        @Override
        public java.util.List<Expr> operands() {
            return java.util.List.of(value, low, high);
        }
    }
}
