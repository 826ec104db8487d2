package dev.chain.ast;

import dev.chain.source.Span;

/** What a {@code check} statement asserts. */
public sealed interface Condition {
    Span span();

    /** {@code a > b}, {@code a == b}, {@code a ≈ b within 1%} ({@code tolerance} null unless ≈). */
    record Compare(CompareOp op, Expr left, Expr right, Expr tolerance, Span span) implements Condition {}

    /** {@code a in lo .. hi}, both ends inclusive. */
    record InRange(Expr value, Expr low, Expr high, Span span) implements Condition {}
}
