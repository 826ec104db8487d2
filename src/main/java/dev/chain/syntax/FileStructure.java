package dev.chain.syntax;

import dev.chain.ast.Stmt;
import java.util.ArrayList;
import java.util.List;

/**
 * How a file's statements fit together, the same for both parsers: annotations go before
 * declarations, and a group header owns the bindings and checks after it.
 */
final class FileStructure {
    private FileStructure() {}

    static boolean acceptsAnnotations(Stmt stmt) {
        return stmt instanceof Stmt.Binding || stmt instanceof Stmt.UnitDecl
                || stmt instanceof Stmt.DimensionDecl || stmt instanceof Stmt.FnDecl;
    }

    /** A group header owns the bindings and checks after it, up to the next statement of another kind. */
    static List<Stmt> nestGroups(List<Stmt> flat) {
        Nesting nesting = new Nesting(null);
        for (Stmt stmt : flat) {
            nesting.add(stmt);
        }
        nesting.finish();
        return nesting.statements();
    }

    /**
     * {@link #nestGroups} a statement at a time, for a parser that hands on each top-level
     * statement as soon as it is whole: a group is whole when a statement that is not one of its
     * members comes, or the text ends.
     */
    static final class Nesting {
        private final List<Stmt> out = new ArrayList<>();
        private final HandOff handOff;
        private Stmt.Group open;
        private List<Stmt> members = new ArrayList<>();

        /** @param handOff takes each top-level statement when it is whole; may be null */
        Nesting(HandOff handOff) {
            this.handOff = handOff;
        }

        void add(Stmt stmt) {
            boolean member = stmt instanceof Stmt.Binding || stmt instanceof Stmt.Check;
            if (open != null && member) {
                members.add(stmt);
                return;
            }
            if (open != null) {
                whole(close(open, members));
                open = null;
                members = new ArrayList<>();
            }
            if (stmt instanceof Stmt.Group g) {
                open = g;
            } else {
                whole(stmt);
            }
        }

        /** Closes the last group, if one is open. */
        void finish() {
            if (open != null) {
                whole(close(open, members));
                open = null;
                members = new ArrayList<>();
            }
        }

        private void whole(Stmt stmt) {
            out.add(stmt);
            if (handOff != null) {
                handOff.take(stmt);
            }
        }

        /** The top-level statements made whole so far, in order. */
        List<Stmt> statements() {
            return out;
        }
    }

    /** Takes a top-level statement, a group with all its members, as soon as the parser has it whole. */
    interface HandOff {
        void take(Stmt whole);
    }

    private static Stmt.Group close(Stmt.Group header, List<Stmt> members) {
        return new Stmt.Group(header.kind(), header.label(), header.labelTemplate(), header.template(), members,
                header.span());
    }
}
