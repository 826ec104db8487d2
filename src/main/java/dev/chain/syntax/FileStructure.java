package dev.chain.syntax;

import dev.chain.ast.Stmt;
import java.util.ArrayList;
import java.util.List;

/**
 * How a file's statements fit together: annotations go before declarations, and a group header
 * owns the bindings and checks after it.
 */
final class FileStructure {
    private FileStructure() {}

    static boolean acceptsAnnotations(Stmt stmt) {
        return stmt instanceof Stmt.Binding || stmt instanceof Stmt.UnitDecl
                || stmt instanceof Stmt.DimensionDecl || stmt instanceof Stmt.FnDecl;
    }

    /** A group header owns the bindings and checks after it, up to the next statement of another kind. */
    static List<Stmt> nestGroups(List<Stmt> flat) {
        List<Stmt> out = new ArrayList<>();
        Stmt.Group open = null;
        List<Stmt> members = new ArrayList<>();
        for (Stmt stmt : flat) {
            if (open != null && (stmt instanceof Stmt.Binding || stmt instanceof Stmt.Check)) {
                members.add(stmt);
                continue;
            }
            if (open != null) {
                out.add(close(open, members));
                open = null;
                members = new ArrayList<>();
            }
            if (stmt instanceof Stmt.Group g) {
                open = g;
            } else {
                out.add(stmt);
            }
        }
        if (open != null) {
            out.add(close(open, members));
        }
        return out;
    }

    private static Stmt.Group close(Stmt.Group header, List<Stmt> members) {
        return new Stmt.Group(header.kind(), header.label(), header.labelTemplate(), header.template(), members,
                header.span());
    }
}
