package dev.chain.eval;

import dev.chain.ast.Expr;
import dev.chain.check.CheckedProgram;
import dev.chain.source.Span;

/**
 * A site on the command line: a span of the source. When the operation there divides by a
 * difference, {@code difference} is that subtraction (in the program {@code owner}), so that a
 * division by zero can say which two values were equal.
 */
record SourceSite(Span span, Expr.Binary difference, CheckedProgram owner) implements Site {
    SourceSite(Span span) {
        this(span, null, null);
    }

    @Override
    public String text() {
        return span.text();
    }
}
