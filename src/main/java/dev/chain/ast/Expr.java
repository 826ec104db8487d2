package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/**
 * An arithmetic expression. Every node carries the span of the text it was parsed from, and an id
 * unique within its source ({@link dev.chain.source.SourceFile#newNodeId()}), by which the checker's
 * side tables index what they learn about it.
 */
public sealed interface Expr {
    Span span();

    int id();

    /** A number as written: {@code 3,000}, {@code 8.03e9}. The span's text is the written form. */
    record NumberLit(double value, Span span, int id) implements Expr {}

    /** A magnitude with the unit written after it: {@code 3.35 TB/s}, {@code 2^10 B}, {@code (a + b) GB}. */
    record Quantity(Expr magnitude, UnitRef unit, Span span, int id) implements Expr {}

    /** A name, possibly qualified by a module alias: {@code batch}, {@code gpu.hbm_bandwidth}. */
    record NameRef(QualifiedName name, Span span, int id) implements Expr {}

    record Negate(Expr operand, Span span, int id) implements Expr {}

    record Binary(BinaryOp op, Expr left, Expr right, Span span, int id) implements Expr {}

    record Power(Expr base, Expr exponent, Span span, int id) implements Expr {}

    record Call(NameRef callee, List<Expr> args, Span span, int id) implements Expr {
        public Call {
            args = List.copyOf(args);
        }
    }

    /** Parentheses the author wrote, kept so that a formula prints back as written. */
    record Paren(Expr inner, Span span, int id) implements Expr {}

    /** A conversion inside parentheses, {@code (x -> ms)}: checks the dimension, changes no value. */
    record Convert(Expr value, UnitRef target, Span span, int id) implements Expr {}
}
