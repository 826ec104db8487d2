package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/** The points a sweep sets its input to: a list, or a range with a step or a factor. */
public sealed interface Domain {
    Span span();

    <R> R accept(Visitor<R> visitor);

    /** Whether each point is the one before times a factor ({@code 1 .. 256 x2}): spaced evenly on a log axis. */
    boolean geometric();

    /** A pass over domains: a new kind does not compile until each pass handles it. */
    interface Visitor<R> {
        R visitPoints(Points points);

        R visitRange(Range range);
    }

    /** {@code 1, 8, 16, 64}: the points as written, in order. */
    record Points(List<Expr> points, Span span) implements Domain {
        public Points {
            points = List.copyOf(points);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitPoints(this);
        }

        @Override
        public boolean geometric() {
            return false;
        }
    }

    /**
     * {@code 1 .. 256} (a step of one of the low end's unit), {@code 1 .. 256 by 8}, or
     * {@code 1 .. 256 x2} (each point twice the one before). Both ends are included when a point
     * lands on them. {@code step} is null unless {@code by} is written; {@code factor} is NaN
     * unless a factor is written, and {@code factorSpan} then null.
     */
    record Range(Expr low, Expr high, Expr step, double factor, Span factorSpan, Span span) implements Domain {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitRange(this);
        }

        @Override
        public boolean geometric() {
            return !Double.isNaN(factor);
        }
    }
}
