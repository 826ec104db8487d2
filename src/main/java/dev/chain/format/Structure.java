package dev.chain.format;

import dev.chain.ast.Annotation;
import dev.chain.ast.Clause;
import dev.chain.ast.DimRef;
import dev.chain.ast.Domain;
import dev.chain.ast.Expr;
import dev.chain.ast.ExprWalker;
import dev.chain.ast.Stmt;
import dev.chain.ast.UnitRef;
import dev.chain.ast.Value;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the formatter needs to know of a file's statements, read off the AST: where each statement
 * (and each annotation) is, whether it is a group's member (indented) or a binding whose `=` is
 * aligned, and where white space between two tokens is not the formatter's to choose (inside a
 * unit, which is written glued; between a number and its unit, which keeps the author's choice).
 * A full {@link Stmt.Visitor}: a new kind of statement does not compile until its layout is said here.
 */
final class Structure implements Stmt.Visitor<Void> {
    /** One statement or annotation: [start, end) in the text; {@code alignedName} for a member binding. */
    record Item(int start, int end, boolean member, String alignedName) {}

    /** How a token is separated from the one before it, where the default rules do not decide. */
    enum Sep {
        /** No space: the parts of a unit ({@code TB/s}), a format after a conversion ({@code -> ms:.2f}). */
        GLUE,
        /** As written, with runs of blanks made one space: a number and its unit, a dimension's parts. */
        AS_WRITTEN,
        /** One space: a range's parentheses after its nominal value ({@code 45% (40% .. 60%)}), which are no call. */
        SPACE
    }

    final List<Item> items = new ArrayList<>();
    /** By the start offset of the token they apply to: a unit after its number, a format after its conversion. */
    final Map<Integer, Sep> rules = new HashMap<>();
    /** Units: a token that starts inside one (not at its start) is glued to the one before. */
    final Spans glued = new Spans();
    /** Dimensions ({@code Bytes/Time}): a token inside one is separated as written. */
    final Spans asWritten = new Spans();
    private boolean member;
    private final Units units = new Units();

    void statements(List<Stmt> statements) {
        for (Stmt s : statements) {
            s.accept(this);
        }
        items.sort((a, b) -> Integer.compare(a.start(), b.start()));
    }

    private void item(Span span) {
        items.add(new Item(span.start(), span.end(), member, null));
    }

    private void annotations(List<Annotation> annotations) {
        for (Annotation a : annotations) {
            item(a.span());
            for (Expr value : a.values()) {
                if (value != null) {
                    expr(value); // @tolerance(0.5%), @mistake("...", model.params * 1 B/param): spaced as a binding's value
                }
            }
        }
    }

    // ---- statements --------------------------------------------------------------------------

    @Override
    public Void visitChainHeader(Stmt.ChainHeader chainHeader) {
        item(chainHeader.span());
        return null;
    }

    @Override
    public Void visitDrill(Stmt.Drill drill) {
        item(drill.span());
        return null;
    }

    @Override
    public Void visitUse(Stmt.Use use) {
        item(use.span());
        return null;
    }

    @Override
    public Void visitGroup(Stmt.Group group) {
        item(group.span());
        member = true;
        for (Stmt m : group.members()) {
            m.accept(this);
        }
        member = false;
        return null;
    }

    @Override
    public Void visitNote(Stmt.Note note) {
        item(note.span());
        return null;
    }

    @Override
    public Void visitCardHeader(Stmt.CardHeader cardHeader) {
        item(cardHeader.span());
        return null;
    }

    @Override
    public Void visitIntro(Stmt.Intro intro) {
        item(intro.span());
        return null;
    }

    @Override
    public Void visitInclude(Stmt.Include include) {
        item(include.span());
        return null;
    }

    @Override
    public Void visitNextCard(Stmt.NextCard nextCard) {
        item(nextCard.span());
        return null;
    }

    @Override
    public Void visitLinks(Stmt.Links links) {
        item(links.span());
        return null;
    }

    @Override
    public Void visitDimension(Stmt.DimensionDecl dimension) {
        annotations(dimension.annotations());
        item(dimension.span());
        dim(dimension.definition());
        return null;
    }

    @Override
    public Void visitUnit(Stmt.UnitDecl unit) {
        annotations(unit.annotations());
        item(unit.span());
        dim(unit.baseOf());
        expr(unit.definition());
        return null;
    }

    @Override
    public Void visitFunction(Stmt.FnDecl function) {
        annotations(function.annotations());
        item(function.span());
        for (Stmt.Param p : function.params()) {
            dim(p.type());
        }
        dim(function.returns());
        expr(function.body());
        return null;
    }

    @Override
    public Void visitBinding(Stmt.Binding binding) {
        annotations(binding.annotations());
        items.add(new Item(binding.span().start(), binding.span().end(), member, member ? binding.name() : null));
        value(binding.value());
        return null;
    }

    @Override
    public Void visitCheck(Stmt.Check check) {
        item(check.span());
        for (Expr e : check.condition().operands()) {
            expr(e);
        }
        return null;
    }

    /** A figure's header, then its lines, indented as a group's members are (none has a `=` to align). */
    @Override
    public Void visitFigure(Stmt.Figure figure) {
        item(figure.span());
        member = true;
        for (Clause clause : figure.clauses()) {
            item(clause.span());
            clause.accept(clauses);
        }
        for (Stmt.Check check : figure.checks()) {
            check.accept(this);
        }
        member = false;
        return null;
    }

    /** The expressions in a figure's lines, for their units. */
    private final Clause.Visitor<Void> clauses = new Clause.Visitor<>() {
        @Override
        public Void visitFor(Clause.For sweep) {
            if (sweep.domain() != null) {
                sweep.domain().accept(new Domain.Visitor<Void>() {
                    @Override
                    public Void visitPoints(Domain.Points points) {
                        points.points().forEach(Structure.this::expr);
                        return null;
                    }

                    @Override
                    public Void visitRange(Domain.Range range) {
                        expr(range.low());
                        expr(range.high());
                        expr(range.step());
                        return null;
                    }
                });
            }
            return null;
        }

        @Override
        public Void visitShow(Clause.Show show) {
            for (Clause.Show.Limits limits : show.limits()) {
                expr(limits.low());
                expr(limits.high());
            }
            return null;
        }

        @Override
        public Void visitPoint(Clause.Point point) {
            expr(point.flops());
            expr(point.bytes());
            return null;
        }

        @Override
        public Void visitObserved(Clause.Observed observed) {
            return null;
        }

        @Override
        public Void visitRows(Clause.Rows rows) {
            for (Clause.Rows.Row row : rows.rows()) {
                row.values().forEach(Structure.this::value);
            }
            return null;
        }
    };

    @Override
    public Void visitEvaluate(Stmt.Evaluate evaluate) {
        item(evaluate.span());
        value(evaluate.value());
        return null;
    }

    // ---- inside statements -------------------------------------------------------------------

    private void value(Value value) {
        value.accept(new Value.Visitor<Void>() {
            @Override
            public Void visitText(Value.TextValue text) {
                return null;
            }

            @Override
            public Void visitQuantity(Value.QuantityValue quantity) {
                expr(quantity.expr());
                if (quantity.spread() != null) {
                    rules.put(quantity.spread().span().start(), Sep.SPACE);
                    for (Expr end : quantity.spread().operands()) {
                        expr(end);
                    }
                }
                if (quantity.target() != null) {
                    unit(quantity.target());
                    if (quantity.formatSpan() != null) {
                        rules.put(quantity.formatSpan().start(), Sep.GLUE); // -> GB:,.2f
                    }
                }
                return null;
            }
        });
    }

    private void expr(Expr e) {
        if (e != null) {
            units.walk(e);
        }
    }

    /** Every token of a unit after its first is glued to the one before. */
    private void unit(UnitRef unit) {
        glued.add(unit.span());
    }

    private void dim(DimRef dim) {
        if (dim != null) {
            asWritten.add(dim.span());
        }
    }

    /** The separator rule for the token that starts at {@code offset}, or null for the default rules. */
    Sep rule(int offset) {
        if (glued.inside(offset)) {
            return Sep.GLUE;
        }
        if (asWritten.inside(offset)) {
            return Sep.AS_WRITTEN;
        }
        return rules.get(offset);
    }

    /** Spans that do not overlap, asked whether an offset falls strictly inside one. */
    static final class Spans {
        private int[] starts = new int[16];
        private int[] ends = new int[16];
        private int size;
        private boolean sorted = true;

        void add(Span span) {
            if (size == starts.length) {
                starts = java.util.Arrays.copyOf(starts, size * 2);
                ends = java.util.Arrays.copyOf(ends, size * 2);
            }
            sorted &= size == 0 || starts[size - 1] <= span.start();
            starts[size] = span.start();
            ends[size] = span.end();
            size++;
        }

        /** Whether some span has start < offset < end. */
        boolean inside(int offset) {
            if (!sorted) {
                sort();
            }
            int lo = 0;
            int hi = size - 1;
            int found = -1;
            while (lo <= hi) { // the last span that starts before offset
                int mid = (lo + hi) >>> 1;
                if (starts[mid] < offset) {
                    found = mid;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            return found >= 0 && offset < ends[found];
        }

        private void sort() {
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            java.util.Arrays.sort(order, (a, b) -> Integer.compare(starts[a], starts[b]));
            int[] s = new int[size];
            int[] e = new int[size];
            for (int i = 0; i < size; i++) {
                s[i] = starts[order[i]];
                e[i] = ends[order[i]];
            }
            starts = s;
            ends = e;
            sorted = true;
        }
    }

    /** The units written in an expression. */
    private final class Units extends ExprWalker {
        @Override
        public Void visitQuantity(Expr.Quantity quantity) {
            rules.put(quantity.unit().span().start(), Sep.AS_WRITTEN); // 95% or 3.35 TB/s, as written
            unit(quantity.unit());
            return super.visitQuantity(quantity);
        }

        @Override
        public Void visitConvert(Expr.Convert convert) {
            unit(convert.target());
            return super.visitConvert(convert);
        }
    }
}
