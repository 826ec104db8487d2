package dev.chain.ast;

import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.List;
import java.util.Set;

/**
 * A parsed .chain file: its statements in order, groups nested. {@code unparsedNames} are the
 * names that statements with syntax errors would have defined ({@code a = 1 +}, {@code fn f(}):
 * the checker stays quiet about their uses, which would only repeat the syntax error.
 * {@code lostClauses} are, likewise, the lines under a figure that had syntax errors
 * ({@code for gamma in 1,2,3}): the checker does not report the figure as missing what they gave.
 */
public record ChainFile(SourceFile source, List<Stmt> statements, Set<String> unparsedNames, Set<LostClause> lostClauses) {
    public ChainFile {
        statements = List.copyOf(statements);
        unparsedNames = Set.copyOf(unparsedNames);
        lostClauses = Set.copyOf(lostClauses);
    }

    public ChainFile(SourceFile source, List<Stmt> statements) {
        this(source, statements, Set.of(), Set.of());
    }

    /**
     * A line under the figure whose header is at {@code figure} that did not parse, by its first
     * word: {@code for} (an input's points, or rows), {@code show}, {@code check}, {@code observed}.
     */
    public record LostClause(Span figure, String word) {}

    /** This file with other statements (a module bound again, a figure added), its lost names and clauses kept. */
    public ChainFile with(List<Stmt> other) {
        return new ChainFile(source, other, unparsedNames, lostClauses);
    }

    /** Whether a {@code word} line of {@code figure} was written but did not parse (and was reported). */
    public boolean lost(Stmt.Figure figure, String word) {
        return lostClauses.contains(new LostClause(figure.span(), word));
    }

    /** Whether any line of {@code figure} did not parse: the figure is not drawn, and nothing more is said of it. */
    public boolean lostAny(Stmt.Figure figure) {
        for (LostClause c : lostClauses) {
            if (c.figure().equals(figure.span())) {
                return true;
            }
        }
        return false;
    }
}
