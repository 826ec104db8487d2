package dev.chain.syntax;

import dev.chain.syntax.antlr.ChainLexer;
import org.antlr.v4.runtime.DefaultErrorStrategy;
import org.antlr.v4.runtime.InputMismatchException;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;

/**
 * ANTLR's recovery, adapted to a language where a newline ends a statement: it never deletes a
 * newline to patch up a broken line, so a mistake on one line cannot swallow the next, and the
 * next line is parsed (and its own mistakes reported) as if the first were fine.
 */
final class LineErrorStrategy extends DefaultErrorStrategy {
    /**
     * ANTLR recovers from a missing token of a set ({@code text : STRING | TRIPLE_STRING}) by
     * pretending it was there, without leaving a trace in the tree: mark the rule as broken, so
     * that the translator skips it instead of reading a token that is not there.
     */
    @Override
    public Token recoverInline(Parser recognizer) throws RecognitionException {
        ParserRuleContext ctx = recognizer.getContext();
        RecognitionException mismatch = new InputMismatchException(recognizer);
        Token token = super.recoverInline(recognizer);
        if (ctx != null && ctx.exception == null) {
            ctx.exception = mismatch;
        }
        return token;
    }

    @Override
    protected Token singleTokenDeletion(Parser recognizer) {
        int next = recognizer.getInputStream().LA(1);
        if (next == ChainLexer.NL || next == Token.EOF) {
            return null;
        }
        return super.singleTokenDeletion(recognizer);
    }
}
