package dev.chain.eval;

import dev.chain.ast.Expr;
import dev.chain.check.CheckedProgram;
import dev.chain.source.Span;

/**
 * A site on the command line: a span of the source. Where the operation there divides,
 * {@code divisor} is what it divides by (in the program {@code owner}), so that a division by zero
 * can say what would help: a number written as zero, an input given zero, a value to guard; and
 * when that is a difference, {@code difference} is the subtraction, so that the error can say which
 * two values were equal.
 */
record SourceSite(Span span, Expr divisor, Expr.Binary difference, CheckedProgram owner) implements Site {
    SourceSite(Span span) {
        this(span, null, null, null);
    }

    /** The site of {@code divisor}, something divided by. */
    SourceSite(Expr divisor, CheckedProgram owner) {
        this(divisor.span(), divisor, null, owner);
    }

    @Override
    public String text() {
        return span.text();
    }
}
