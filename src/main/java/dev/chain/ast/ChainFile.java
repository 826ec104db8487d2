package dev.chain.ast;

import dev.chain.source.SourceFile;
import java.util.List;
import java.util.Set;

/**
 * A parsed .chain file: its statements in order, groups nested. {@code unparsedNames} are the
 * names that statements with syntax errors would have defined ({@code a = 1 +}, {@code fn f(}):
 * the checker stays quiet about their uses, which would only repeat the syntax error.
 */
public record ChainFile(SourceFile source, List<Stmt> statements, Set<String> unparsedNames) {
    public ChainFile {
        statements = List.copyOf(statements);
        unparsedNames = Set.copyOf(unparsedNames);
    }

    public ChainFile(SourceFile source, List<Stmt> statements) {
        this(source, statements, Set.of());
    }
}
