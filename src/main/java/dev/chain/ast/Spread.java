package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/**
 * The range an input is known to lie in, as written after its value's first expression (a
 * {@link Value.QuantityValue}'s {@code expr}). Which end that expression is depends on the kind:
 * the low end of {@code 40% .. 60%}, the nominal of {@code 50% (40% .. 60%)}, the centre of
 * {@code 50% ± 10%}. The checker proves what they mean ({@code check.RangeInfo}); this is only
 * what was written.
 */
public sealed interface Spread {
    Span span();

    <R> R accept(Visitor<R> visitor);

    /** The expressions written in it, in order. */
    List<Expr> operands();

    /** A pass over spreads: a new kind does not compile until each pass handles it. */
    interface Visitor<R> {
        R visitUpTo(UpTo upTo);

        R visitAround(Around around);

        R visitPlusMinus(PlusMinus plusMinus);
    }

    /** {@code .. 60%} after {@code 40%}: the value first written is the low end, and the nominal is the middle. */
    record UpTo(Expr high, Span span) implements Spread {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitUpTo(this);
        }

        @Override
        public List<Expr> operands() {
            return List.of(high);
        }
    }

    /** {@code (40% .. 60%)} after {@code 45%}: the value first written is the nominal, these the ends. */
    record Around(Expr low, Expr high, Span span) implements Spread {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitAround(this);
        }

        @Override
        public List<Expr> operands() {
            return List.of(low, high);
        }
    }

    /**
     * {@code ± 10%} after {@code 50%}: the value first written is the centre. A tolerance of the
     * centre's dimension is an amount ({@code 50% ± 10%} is 40% .. 60%); a percentage on a
     * quantity with a unit is a fraction of it ({@code 3.35 TB/s ± 5%}).
     */
    record PlusMinus(Expr tolerance, Span span) implements Spread {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitPlusMinus(this);
        }

        @Override
        public List<Expr> operands() {
            return List.of(tolerance);
        }
    }
}
