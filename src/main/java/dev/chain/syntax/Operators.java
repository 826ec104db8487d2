package dev.chain.syntax;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.CompareOp;
import dev.chain.syntax.antlr.ChainLexer;

/** What an operator token means. */
final class Operators {
    private Operators() {}

    /** Each token type's operator, from the tokens each {@link BinaryOp} names. */
    private static final BinaryOp[] BINARY = binaryByType();

    private static BinaryOp[] binaryByType() {
        java.util.Map<String, Integer> types = new java.util.HashMap<>();
        for (int type = 1; type <= ChainLexer.VOCABULARY.getMaxTokenType(); type++) {
            types.put(ChainLexer.VOCABULARY.getSymbolicName(type), type);
        }
        BinaryOp[] out = new BinaryOp[ChainLexer.VOCABULARY.getMaxTokenType() + 1];
        for (BinaryOp op : BinaryOp.values()) {
            for (String token : op.tokens()) {
                Integer type = types.get(token);
                if (type == null) {
                    throw new IllegalStateException("BinaryOp." + op + " is written by the token " + token
                            + ", which grammar/ChainLexer.g4 does not declare");
                }
                out[type] = op;
            }
        }
        return out;
    }

    /**
     * {@code + - * / × · ÷} and a glued {@code /}. A token the grammar puts between two operands
     * that no operator names is a missing name in {@link BinaryOp}, not a user's mistake: it fails loudly.
     */
    static BinaryOp binary(int type) {
        BinaryOp op = type > 0 && type < BINARY.length ? BINARY[type] : null;
        if (op == null) {
            throw new IllegalStateException("no BinaryOp is written by the token "
                    + ChainLexer.VOCABULARY.getSymbolicName(type) + ": name it in the BinaryOp's tokens");
        }
        return op;
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
