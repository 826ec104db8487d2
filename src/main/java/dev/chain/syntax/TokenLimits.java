package dev.chain.syntax;

import dev.chain.syntax.antlr.ChainLexer;

/**
 * The limits a logical line's tokens are held to before the parser reads them: parentheses
 * and unary signs nested at most {@link SyntaxParser#MAX_NESTING} deep, and units of fewer than
 * {@link SyntaxParser#MAX_UNIT_PARTS} glued parts. Past them parsing would be deep or slow, so the
 * token that broke one is reported instead.
 */
final class TokenLimits {
    enum Broken { PARENTHESES, SIGNS, UNIT_PARTS }

    private int depth;
    private int signRun;
    private int unitParts;

    /** Starts over, for the next logical line. */
    void reset() {
        depth = 0;
        signRun = 0;
        unitParts = 0;
    }

    /** Counts the next token (a newline ends the line's parentheses); the limit it breaks, or null. */
    Broken add(int type) {
        signRun = type == ChainLexer.MINUS || type == ChainLexer.PLUS ? signRun + 1 : 0;
        unitParts = switch (type) {
            case ChainLexer.UNIT_PER, ChainLexer.DOT_OP, ChainLexer.UNIT_SLASH, ChainLexer.UNIT_DOT -> unitParts + 1;
            case ChainLexer.IDENT, ChainLexer.PERCENT, ChainLexer.CARET, ChainLexer.NUMBER, ChainLexer.MINUS -> unitParts;
            default -> 0;
        };
        if (type == ChainLexer.LPAREN) {
            depth++;
        } else if (type == ChainLexer.RPAREN) {
            depth = Math.max(0, depth - 1);
        } else if (type == ChainLexer.NL) {
            depth = 0;
        }
        if (depth > SyntaxParser.MAX_NESTING) {
            return Broken.PARENTHESES;
        }
        if (signRun > SyntaxParser.MAX_NESTING) {
            return Broken.SIGNS;
        }
        return unitParts >= SyntaxParser.MAX_UNIT_PARTS ? Broken.UNIT_PARTS : null;
    }
}
