package dev.chain.syntax;

import java.util.List;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.RuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenSource;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.misc.Interval;

/**
 * One line's tokens, already lexed, as the parser's first (SLL) pass reads them. ANTLR's
 * {@code CommonTokenStream} over a {@code ListTokenSource} copies each token into a buffer of its
 * own, skipping hidden channels the lexer never uses, and checks for the end at every step: ~5% of
 * a cold {@code check chains/}, nearly all of it in the interpreter. This reads the list in place.
 * Beyond the last token it answers an end-of-file token, as {@code ListTokenSource} does. The
 * second pass, which reports errors, still reads a {@code CommonTokenStream}, so that error
 * recovery sees exactly the stream ANTLR's strategies were written for.
 */
final class LineTokens implements TokenStream {
    private final List<Token> tokens;
    private int p;
    private Token eof;

    /** {@code tokens} is not empty, and it is numbered here as a {@code CommonTokenStream} numbers it. */
    LineTokens(List<Token> tokens) {
        this.tokens = tokens;
        for (int i = 0; i < tokens.size(); i++) {
            if (tokens.get(i) instanceof CommonToken t) {
                t.setTokenIndex(i);
            }
        }
    }

    @Override
    public Token LT(int k) {
        if (k == 0) {
            return null;
        }
        int i = k < 0 ? p + k : p + k - 1;
        if (i < 0) {
            return null;
        }
        return i < tokens.size() ? tokens.get(i) : end();
    }

    @Override
    public int LA(int i) {
        Token t = LT(i);
        return t == null ? Token.INVALID_TYPE : t.getType();
    }

    @Override
    public void consume() {
        if (LA(1) == Token.EOF) {
            throw new IllegalStateException("cannot consume EOF");
        }
        p++;
    }

    /** The list's own end of file, or one just after its last token. */
    private Token end() {
        Token last = tokens.get(tokens.size() - 1);
        if (last.getType() == Token.EOF) {
            return last;
        }
        if (eof == null) {
            int start = last.getStopIndex() == -1 ? -1 : last.getStopIndex() + 1;
            CommonToken t = new CommonToken(new org.antlr.v4.runtime.misc.Pair<>(last.getTokenSource(), last.getInputStream()),
                    Token.EOF, Token.DEFAULT_CHANNEL, start, Math.max(-1, start - 1));
            t.setText("EOF");
            t.setLine(last.getLine());
            t.setCharPositionInLine(last.getCharPositionInLine());
            t.setTokenIndex(tokens.size());
            eof = t;
        }
        return eof;
    }

    @Override
    public Token get(int index) {
        return index < tokens.size() ? tokens.get(index) : end();
    }

    @Override
    public int index() {
        return p;
    }

    @Override
    public void seek(int index) {
        p = Math.max(0, Math.min(index, tokens.size()));
    }

    @Override
    public int mark() {
        return 0;
    }

    @Override
    public void release(int marker) {}

    @Override
    public int size() {
        return tokens.size();
    }

    @Override
    public TokenSource getTokenSource() {
        return tokens.get(0).getTokenSource();
    }

    @Override
    public String getSourceName() {
        return getTokenSource().getSourceName();
    }

    @Override
    public String getText(Interval interval) {
        StringBuilder text = new StringBuilder();
        for (int i = Math.max(0, interval.a); i <= interval.b && i < tokens.size(); i++) {
            if (tokens.get(i).getType() == Token.EOF) {
                break;
            }
            text.append(tokens.get(i).getText());
        }
        return text.toString();
    }

    @Override
    public String getText() {
        return getText(Interval.of(0, tokens.size() - 1));
    }

    @Override
    public String getText(RuleContext ctx) {
        return getText(ctx.getSourceInterval());
    }

    @Override
    public String getText(Token start, Token stop) {
        return start == null || stop == null ? "" : getText(Interval.of(start.getTokenIndex(), stop.getTokenIndex()));
    }
}
