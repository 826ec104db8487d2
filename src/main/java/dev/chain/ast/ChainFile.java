package dev.chain.ast;

import dev.chain.source.SourceFile;
import java.util.List;

/** A parsed .chain file: its statements in order, groups nested. */
public record ChainFile(SourceFile source, List<Stmt> statements) {
    public ChainFile {
        statements = List.copyOf(statements);
    }
}
