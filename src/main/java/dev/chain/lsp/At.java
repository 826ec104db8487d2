package dev.chain.lsp;

import dev.chain.ast.Clause;
import dev.chain.ast.Domain;
import dev.chain.ast.Expr;
import dev.chain.ast.ExprWalker;
import dev.chain.ast.Stmt;
import dev.chain.ast.Template;
import dev.chain.ast.UnitRef;
import dev.chain.ast.Value;
import dev.chain.source.Span;
import java.util.List;

/**
 * What is written at an offset of a file, the innermost thing a hover or a definition is about:
 * a name used, a binding or function where it is declared, a call, a unit, a {@code use}, a
 * template's placeholder, a card's include, a check. A full {@link Stmt.Visitor}: a new kind of
 * statement does not compile until it says what can be pointed at in it.
 */
final class At implements Stmt.Visitor<At.Target> {
    /** What can be pointed at; its visitor is what a hover or a definition does with each kind. */
    sealed interface Target {
        <R> R accept(Visitor<R> visitor);
    }

    /** What a request does with each kind of target: a new kind does not compile until each says. */
    interface Visitor<R> {
        R visitName(Name name);

        R visitBound(Bound bound);

        R visitDeclared(Declared declared);

        R visitCall(Call call);

        R visitUnit(Unit unit);

        R visitUse(Use use);

        R visitPlaceholder(Placeholder placeholder);

        R visitInclude(Include include);

        R visitCheck(Check check);
    }

    /** A name in an expression: {@code kv}, {@code gpu.hbm_bandwidth}. */
    record Name(Expr.NameRef ref) implements Target {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitName(this);
        }
    }

    /** A binding's name where it is bound. */
    record Bound(Stmt.Binding binding) implements Target {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitBound(this);
        }
    }

    /** A function's name where it is declared. */
    record Declared(Stmt.FnDecl function) implements Target {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitDeclared(this);
        }
    }

    /** A function's name where it is called. */
    record Call(Expr.Call call) implements Target {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitCall(this);
        }
    }

    /** One part of a unit as written: {@code TB} in {@code TB/s}. */
    record Unit(UnitRef.Factor factor) implements Target {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitUnit(this);
        }
    }

    record Use(Stmt.Use use) implements Target {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitUse(this);
        }
    }

    /** {@code {floor}} in a template. */
    record Placeholder(Template.Placeholder placeholder) implements Target {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitPlaceholder(this);
        }
    }

    record Include(Stmt.Include include) implements Target {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitInclude(this);
        }
    }

    record Check(Stmt.Check check) implements Target {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitCheck(this);
        }
    }

    private final int offset;

    private At(int offset) {
        this.offset = offset;
    }

    /**
     * The innermost target at {@code offset} among {@code statements}; null if there is none.
     * Each statement says whether the offset is in it: a group's or a figure's members lie
     * outside its header's span.
     */
    static Target find(List<? extends Stmt> statements, int offset) {
        At at = new At(offset);
        for (Stmt s : statements) {
            Target t = s.accept(at);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    private boolean here(Span span) {
        return Positions.contains(span, offset);
    }

    private Target template(Template template) {
        if (template == null) {
            return null;
        }
        for (Template.Placeholder p : template.placeholders()) {
            if (here(p.span())) {
                return new Placeholder(p);
            }
        }
        return null;
    }

    private Target expr(Expr e) {
        if (e == null || !here(e.span())) {
            return null;
        }
        Finder finder = new Finder();
        finder.walk(e);
        return finder.found;
    }

    private Target unit(UnitRef unit) {
        if (unit != null && here(unit.span())) {
            for (UnitRef.Factor f : unit.factors()) {
                if (here(f.span())) {
                    return new Unit(f);
                }
            }
        }
        return null;
    }

    private Target value(Value value) {
        return value.accept(new Value.Visitor<Target>() {
            @Override
            public Target visitText(Value.TextValue text) {
                return null;
            }

            @Override
            public Target visitQuantity(Value.QuantityValue quantity) {
                Target t = expr(quantity.expr());
                if (t == null && quantity.spread() != null) {
                    for (Expr end : quantity.spread().operands()) {
                        t = t != null ? t : expr(end);
                    }
                }
                return t != null ? t : unit(quantity.target());
            }
        });
    }

    /** The innermost name, call or unit of an expression at the offset. */
    private final class Finder extends ExprWalker {
        Target found;

        @Override
        public Void visitName(Expr.NameRef name) {
            if (found == null && here(name.span())) {
                found = new Name(name);
            }
            return null;
        }

        @Override
        public Void visitCall(Expr.Call call) {
            if (found == null && here(call.callee().span())) {
                found = new Call(call);
                return null;
            }
            return super.visitCall(call);
        }

        @Override
        public Void visitQuantity(Expr.Quantity quantity) {
            if (found == null) {
                found = unit(quantity.unit());
            }
            return super.visitQuantity(quantity);
        }

        @Override
        public Void visitConvert(Expr.Convert convert) {
            if (found == null) {
                found = unit(convert.target());
            }
            return super.visitConvert(convert);
        }
    }

    // ---- statements ------------------------------------------------------------------------------

    @Override
    public Target visitChainHeader(Stmt.ChainHeader chainHeader) {
        return null;
    }

    @Override
    public Target visitDrill(Stmt.Drill drill) {
        return null;
    }

    @Override
    public Target visitUse(Stmt.Use use) {
        return here(use.span()) ? new Use(use) : null;
    }

    @Override
    public Target visitGroup(Stmt.Group group) {
        if (here(group.span())) {
            Target t = template(group.labelTemplate());
            return t != null ? t : template(group.template());
        }
        return find(group.members(), offset);
    }

    @Override
    public Target visitNote(Stmt.Note note) {
        return template(note.template());
    }

    @Override
    public Target visitCardHeader(Stmt.CardHeader cardHeader) {
        return null;
    }

    @Override
    public Target visitIntro(Stmt.Intro intro) {
        return template(intro.template());
    }

    @Override
    public Target visitInclude(Stmt.Include include) {
        return here(include.span()) ? new Include(include) : null;
    }

    @Override
    public Target visitNextCard(Stmt.NextCard nextCard) {
        return null;
    }

    @Override
    public Target visitLinks(Stmt.Links links) {
        return null;
    }

    @Override
    public Target visitDimension(Stmt.DimensionDecl dimension) {
        return null;
    }

    @Override
    public Target visitUnit(Stmt.UnitDecl unit) {
        return expr(unit.definition());
    }

    @Override
    public Target visitFunction(Stmt.FnDecl function) {
        if (here(function.nameSpan())) {
            return new Declared(function);
        }
        return expr(function.body());
    }

    @Override
    public Target visitBinding(Stmt.Binding binding) {
        if (here(binding.nameSpan())) {
            return new Bound(binding);
        }
        return value(binding.value());
    }

    @Override
    public Target visitCheck(Stmt.Check check) {
        if (!here(check.span())) {
            return null;
        }
        for (Expr e : check.condition().operands()) {
            Target t = expr(e);
            if (t != null) {
                return t;
            }
        }
        return new Check(check);
    }

    @Override
    public Target visitEvaluate(Stmt.Evaluate evaluate) {
        return value(evaluate.value());
    }

    /** A figure's title (a template), the names and values of its lines, its checks. */
    @Override
    public Target visitFigure(Stmt.Figure figure) {
        if (here(figure.span())) {
            return template(figure.titleTemplate());
        }
        for (Clause clause : figure.clauses()) {
            if (here(clause.span())) {
                return clause.accept(clauses);
            }
        }
        return find(figure.checks(), offset);
    }

    private final Clause.Visitor<Target> clauses = new Clause.Visitor<>() {
        @Override
        public Target visitFor(Clause.For sweep) {
            Target t = expr(sweep.name());
            if (t != null || sweep.domain() == null) {
                return t;
            }
            return sweep.domain().accept(new Domain.Visitor<Target>() {
                @Override
                public Target visitPoints(Domain.Points points) {
                    for (Expr e : points.points()) {
                        Target found = expr(e);
                        if (found != null) {
                            return found;
                        }
                    }
                    return null;
                }

                @Override
                public Target visitRange(Domain.Range range) {
                    Target found = expr(range.low());
                    found = found != null ? found : expr(range.high());
                    return found != null ? found : expr(range.step());
                }
            });
        }

        @Override
        public Target visitShow(Clause.Show show) {
            for (Expr.NameRef name : show.names()) {
                Target t = expr(name);
                if (t != null) {
                    return t;
                }
            }
            for (Clause.Show.Limits limits : show.limits()) {
                Target t = expr(limits.low());
                t = t != null ? t : expr(limits.high());
                if (t != null) {
                    return t;
                }
            }
            return null;
        }

        @Override
        public Target visitPoint(Clause.Point point) {
            Target t = expr(point.step());
            t = t != null ? t : expr(point.flops());
            return t != null ? t : expr(point.bytes());
        }

        @Override
        public Target visitObserved(Clause.Observed observed) {
            for (Clause.Observed.Key key : observed.keys()) {
                Target t = expr(key.name());
                if (t != null) {
                    return t;
                }
            }
            return null;
        }

        @Override
        public Target visitRows(Clause.Rows rows) {
            for (Expr.NameRef name : rows.names()) {
                Target t = expr(name);
                if (t != null) {
                    return t;
                }
            }
            for (Clause.Rows.Row row : rows.rows()) {
                for (dev.chain.ast.Value value : row.values()) {
                    Target t = value.quantity() == null ? null : expr(value.quantity().expr()); // a label is text
                    if (t != null) {
                        return t;
                    }
                }
            }
            return null;
        }
    };
}
