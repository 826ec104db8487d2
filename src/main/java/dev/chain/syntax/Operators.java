package dev.chain.syntax;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.CompareOp;
import dev.chain.syntax.antlr.ChainLexer;

/** What an operator token means. */
final class Operators {
    private Operators() {}

    /**
     * {@code + - * / × · ÷} and a glued {@code /}. A token the grammar puts between two operands
     * that is not here is a missing line, not a user's mistake: it fails loudly.
     */
    static BinaryOp binary(int type) {
        return switch (type) {
            case ChainLexer.PLUS -> BinaryOp.ADD;
            case ChainLexer.MINUS -> BinaryOp.SUB;
            case ChainLexer.STAR, ChainLexer.DOT_OP -> BinaryOp.MUL;
            case ChainLexer.SLASH, ChainLexer.UNIT_PER -> BinaryOp.DIV;
            default -> throw new IllegalStateException("no BinaryOp for token type " + type + ": add it to Operators.binary");
        };
    }

    /** {@code < <= > >= == != ≈} (and their other spellings); null for any other token. */
    static CompareOp compare(int type) {
        return switch (type) {
            case ChainLexer.LT -> CompareOp.LT;
            case ChainLexer.LE -> CompareOp.LE;
            case ChainLexer.GT -> CompareOp.GT;
            case ChainLexer.GE -> CompareOp.GE;
            case ChainLexer.EQ -> CompareOp.EQ;
            case ChainLexer.NE -> CompareOp.NE;
            case ChainLexer.APPROX -> CompareOp.APPROX;
            default -> null;
        };
    }
}
