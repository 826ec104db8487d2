package dev.chain.syntax;

import dev.chain.syntax.antlr.ChainLexer;
import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.Token;

/**
 * ANTLR's recovery, adapted to a language where a newline ends a statement: it never deletes a
 * newline to patch up a broken line, so a mistake on one line cannot swallow the next, and the
 * next line is parsed (and its own mistakes reported) as if the first were fine.
 */
final class LineErrorStrategy extends DefaultErrorStrategy {
    @Override
    protected Token singleTokenDeletion(Parser recognizer) {
        int next = recognizer.getInputStream().LA(1);
        if (next == ChainLexer.NL || next == Token.EOF) {
            return null;
        }
        return super.singleTokenDeletion(recognizer);
    }
}
