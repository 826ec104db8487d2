package dev.chain.ast;

import java.util.List;

/**
 * The statements a chain's derivation is made of, as {@code chain run}, the REPL's {@code :step}
 * and the card's code block show it: groups, and bindings and checks (a group's members, or on
 * their own). The other statements (the title, drills, uses, notes, declarations) are not steps.
 * This is the one place that decides which are, as a full {@link Stmt.Visitor}: a new kind of
 * statement does not compile until it is sorted here.
 */
public final class Steps {
    private Steps() {}

    /** A pass over a derivation's steps. */
    public interface Visitor {
        void group(Stmt.Group group);

        void binding(Stmt.Binding binding);

        void check(Stmt.Check check);
    }

    /** Calls {@code visitor} for each step of {@code statements}, in order (a group's members are not entered). */
    public static void walk(List<? extends Stmt> statements, Visitor visitor) {
        Sorter sorter = new Sorter(visitor);
        for (Stmt stmt : statements) {
            stmt.accept(sorter);
        }
    }

    /** The longest name among the bindings of {@code statements} (a group's members), to which {@code =} signs align. */
    public static int nameWidth(List<? extends Stmt> statements) {
        int[] width = {0};
        walk(statements, new Visitor() {
            @Override
            public void group(Stmt.Group group) {}

            @Override
            public void binding(Stmt.Binding binding) {
                width[0] = Math.max(width[0], binding.name().length());
            }

            @Override
            public void check(Stmt.Check check) {}
        });
        return width[0];
    }

    private static final class Sorter implements Stmt.Visitor<Void> {
        private final Visitor visitor;

        Sorter(Visitor visitor) {
            this.visitor = visitor;
        }

        @Override
        public Void visitGroup(Stmt.Group group) {
            visitor.group(group);
            return null;
        }

        @Override
        public Void visitBinding(Stmt.Binding binding) {
            visitor.binding(binding);
            return null;
        }

        @Override
        public Void visitCheck(Stmt.Check check) {
            visitor.check(check);
            return null;
        }

        // Not steps: what a chain is, where its values come from, what it declares, its prose.

        @Override
        public Void visitChainHeader(Stmt.ChainHeader stmt) {
            return null;
        }

        @Override
        public Void visitDrill(Stmt.Drill stmt) {
            return null;
        }

        @Override
        public Void visitUse(Stmt.Use stmt) {
            return null;
        }

        @Override
        public Void visitNote(Stmt.Note stmt) {
            return null;
        }

        @Override
        public Void visitDimension(Stmt.DimensionDecl stmt) {
            return null;
        }

        @Override
        public Void visitUnit(Stmt.UnitDecl stmt) {
            return null;
        }

        @Override
        public Void visitFunction(Stmt.FnDecl stmt) {
            return null;
        }

        /** A value on its own is the REPL's and {@code chain eval}'s, and shows as a result, not a step. */
        @Override
        public Void visitEvaluate(Stmt.Evaluate stmt) {
            return null;
        }

        /** A figure shows the derivation over other inputs, after the code block; it is no step of it. */
        @Override
        public Void visitFigure(Stmt.Figure stmt) {
            return null;
        }

        // A card's statements, which a chain does not have.

        @Override
        public Void visitCardHeader(Stmt.CardHeader stmt) {
            return null;
        }

        @Override
        public Void visitIntro(Stmt.Intro stmt) {
            return null;
        }

        @Override
        public Void visitInclude(Stmt.Include stmt) {
            return null;
        }

        @Override
        public Void visitNextCard(Stmt.NextCard stmt) {
            return null;
        }

        @Override
        public Void visitLinks(Stmt.Links stmt) {
            return null;
        }
    }
}
