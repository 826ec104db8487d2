package dev.chain.syntax;

import dev.chain.ast.Clause;
import dev.chain.ast.Stmt;
import java.util.ArrayList;
import java.util.List;

/**
 * How a file's statements fit together, placed one by one in file order: a group header owns the
 * bindings and checks after it, up to the next statement of another kind; a figure owns the
 * clauses and checks after it; annotations go before declarations. A full {@link Stmt.Visitor}
 * (each visit places its statement and answers whether it takes annotations), so a new kind of
 * statement does not compile until it says both.
 */
final class FileStructure implements Stmt.Visitor<Boolean> {
    private final List<Stmt> out = new ArrayList<>();
    /** The group whose members are being gathered, or null. */
    private Stmt.Group open;
    private List<Stmt> members = new ArrayList<>();
    /** The figure the next clauses and checks join: the last statement placed, when it is a figure. */
    private Stmt.Figure figure;
    /**
     * Whether the last statement was a figure's header that did not parse: the clauses and checks
     * under it are dropped, where they would join the figure before it or each be misplaced.
     */
    private boolean lostFigure;

    /** A figure's header did not parse (its error is reported): the lines under it go with it. */
    void loseFigure() {
        figure = null;
        lostFigure = true;
    }

    /** Places the next statement; false when it takes no annotations. */
    boolean add(Stmt stmt) {
        return stmt.accept(this);
    }

    /** A figure's clause joins the figure just placed; false when there is none. */
    boolean addClause(Clause clause) {
        if (lostFigure) {
            return true;
        }
        if (figure == null) {
            return false;
        }
        grow(figure.with(clause));
        return true;
    }

    private void grow(Stmt.Figure bigger) {
        figure = bigger;
        out.set(out.size() - 1, bigger);
    }

    /** The figure the next clauses join, or null. */
    Stmt.Figure figure() {
        return figure;
    }

    /** The file's statements, each group holding its members. */
    List<Stmt> statements() {
        close();
        return out;
    }

    /** A statement that is no group's member ends the group open before it. */
    private void close() {
        if (open != null) {
            out.add(new Stmt.Group(open.kind(), open.label(), open.labelTemplate(), open.template(), members,
                    open.span()));
            open = null;
            members = new ArrayList<>();
        }
    }

    /** A binding or check joins the open group, or stands on its own. */
    private void member(Stmt stmt) {
        figure = null;
        lostFigure = false;
        if (open != null) {
            members.add(stmt);
        } else {
            out.add(stmt);
        }
    }

    /** Any other statement stands on its own, after the group before it. */
    private boolean alone(Stmt stmt, boolean annotated) {
        close();
        figure = null;
        lostFigure = false;
        out.add(stmt);
        return annotated;
    }

    @Override
    public Boolean visitBinding(Stmt.Binding binding) {
        member(binding);
        return true;
    }

    /** A check right under a figure holds at the figure's every point. */
    @Override
    public Boolean visitCheck(Stmt.Check check) {
        if (lostFigure) {
            return false;
        }
        if (figure != null) {
            grow(figure.with(check));
        } else {
            member(check);
        }
        return false;
    }

    @Override
    public Boolean visitGroup(Stmt.Group group) {
        close();
        figure = null;
        lostFigure = false;
        open = group;
        return false;
    }

    @Override
    public Boolean visitFigure(Stmt.Figure f) {
        alone(f, false);
        figure = f;
        return false;
    }

    @Override
    public Boolean visitDimension(Stmt.DimensionDecl dimension) {
        return alone(dimension, true);
    }

    @Override
    public Boolean visitUnit(Stmt.UnitDecl unit) {
        return alone(unit, true);
    }

    @Override
    public Boolean visitFunction(Stmt.FnDecl function) {
        return alone(function, true);
    }

    @Override
    public Boolean visitChainHeader(Stmt.ChainHeader chainHeader) {
        return alone(chainHeader, false);
    }

    @Override
    public Boolean visitDrill(Stmt.Drill drill) {
        return alone(drill, false);
    }

    @Override
    public Boolean visitUse(Stmt.Use use) {
        return alone(use, false);
    }

    @Override
    public Boolean visitNote(Stmt.Note note) {
        return alone(note, false);
    }

    @Override
    public Boolean visitCardHeader(Stmt.CardHeader cardHeader) {
        return alone(cardHeader, false);
    }

    @Override
    public Boolean visitIntro(Stmt.Intro intro) {
        return alone(intro, false);
    }

    @Override
    public Boolean visitInclude(Stmt.Include include) {
        return alone(include, false);
    }

    @Override
    public Boolean visitNextCard(Stmt.NextCard nextCard) {
        return alone(nextCard, false);
    }

    @Override
    public Boolean visitLinks(Stmt.Links links) {
        return alone(links, false);
    }

    @Override
    public Boolean visitEvaluate(Stmt.Evaluate evaluate) {
        return alone(evaluate, false);
    }
}
