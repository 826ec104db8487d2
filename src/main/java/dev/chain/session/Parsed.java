package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import dev.chain.syntax.SyntaxParser;

/**
 * A file parsed and not yet checked, with its syntax errors: parsing needs nothing of an engine,
 * so a run of many files can parse the next ones on other cores while it checks this one.
 */
public record Parsed(ChainFile file, Diagnostics problems) {
    public static Parsed of(SourceFile source) {
        Diagnostics problems = new Diagnostics();
        return new Parsed(SyntaxParser.parseFile(source, problems), problems);
    }

    public SourceFile source() {
        return file.source();
    }
}
