package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/**
 * A line under a figure's header: what it sweeps ({@code for}), what it shows ({@code show}),
 * and, for a roofline, the steps it places ({@code show step = flops, bytes}); for a plot, its
 * measured side ({@code observed "runs/" ...}). The figure's
 * checks are {@link Stmt.Check}s of their own.
 */
public sealed interface Clause {
    Span span();

    <R> R accept(Visitor<R> visitor);

    /** A pass over clauses: a new kind does not compile until each pass handles it. */
    interface Visitor<R> {
        R visitFor(For sweep);

        R visitShow(Show show);

        R visitPoint(Point point);

        R visitObserved(Observed observed);

        R visitRows(Rows rows);
    }

    /**
     * {@code for l, h, n in (24, 2304, 32), (30, 3072, 64)}: a table's rows of several inputs, as
     * papers' tables vary them, each row a value of every input named, in order.
     */
    record Rows(List<Expr.NameRef> names, List<Row> rows, Span span) implements Clause {
        public Rows {
            names = List.copyOf(names);
            rows = List.copyOf(rows);
        }

        /**
         * {@code (24, 2304, 32)}: a value of each input, a quantity, or text for a text input
         * ({@code ("NVLink", 300 GB/s)}: the row's label).
         */
        public record Row(List<Value> values, Span span) {
            public Row {
                values = List.copyOf(values);
            }
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitRows(this);
        }
    }

    /**
     * {@code for batch in 1 .. 256 x2 [as log]}: an input and its points; or {@code for gpu}
     * ({@code domain} null): the GPU module a roofline is drawn for. {@code scale} is the word after
     * {@code as} (an axis: log or linear), or null.
     */
    record For(Expr.NameRef name, Domain domain, String scale, Span scaleSpan, Span span) implements Clause {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitFor(this);
        }
    }

    /**
     * {@code show floor, mixed [in 0 ms .. 30 ms] [as rows]}: the values a table or plot shows;
     * {@code limits}, the ends a plot's y axes are drawn between (a range per axis, empty for
     * none); {@code as} is the word after {@code as} (a table's rows or columns, a plot's y scale),
     * or null.
     */
    record Show(List<Expr.NameRef> names, List<Limits> limits, String as, Span asSpan, Span span) implements Clause {
        public Show {
            names = List.copyOf(names);
            limits = List.copyOf(limits);
        }

        /** {@code 1.9 .. 2.1}: where an axis starts and ends. */
        public record Limits(Expr low, Expr high, Span span) {}

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitShow(this);
        }
    }

    /**
     * {@code show mixed = flops, weights + kv}: a step of the chain on a roofline, named by its
     * time, with the FLOPs it does and the bytes it moves.
     */
    record Point(Expr.NameRef step, Expr flops, Expr bytes, Span span) implements Clause {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitPoint(this);
        }
    }

    /**
     * {@code observed "runs/" batch = "max_concurrency", floor = "median_itl_ms"}: a plot's measured
     * side, many benchmark runs (a folder of result files, or one file, relative to the chain),
     * each giving a point of the swept input by one key and the measured counterpart of values the
     * plot shows by the others. The word is checked by the translator, not reserved.
     */
    record Observed(Text runs, List<Key> keys, Span span) implements Clause {
        public Observed {
            keys = List.copyOf(keys);
        }

        /** {@code floor = "median_itl_ms"}: a name of the chain and the key each run's file gives it by. */
        public record Key(Expr.NameRef name, Text key) {}

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitObserved(this);
        }
    }
}
