package dev.chain.ast;

/**
 * The binary operators, each with everything the passes need to know of it: how it is written,
 * how the dimensions of its sides combine, what it computes, and the tokens that write it. A new
 * operator is a constant here and its token and level in the grammar (docs/architecture.md).
 */
public enum BinaryOp {
    ADD("+", "add", Dimensions.SAME, "PLUS") {
        @Override
        public double apply(double left, double right) {
            return left + right;
        }
    },
    SUB("-", "subtract", Dimensions.SAME, "MINUS") {
        @Override
        public double apply(double left, double right) {
            return left - right;
        }
    },
    MUL("*", "multiply", Dimensions.PRODUCT, "STAR", "DOT_OP") {
        @Override
        public double apply(double left, double right) {
            return left * right;
        }

        @Override
        public boolean underflowed(double left, double right, double result) {
            return result == 0 && left != 0 && right != 0;
        }
    },
    DIV("/", "divide", Dimensions.QUOTIENT, "SLASH", "UNIT_PER") {
        @Override
        public double apply(double left, double right) {
            return left / right;
        }

        @Override
        public boolean undefinedFor(double right) {
            return right == 0;
        }

        @Override
        public boolean underflowed(double left, double right, double result) {
            return result == 0 && left != 0 && Double.isFinite(right);
        }
    };

    /** How the dimensions of the two sides make the result's. */
    public enum Dimensions {
        /** Both sides have one dimension, which the result has: {@code +}, {@code -}. */
        SAME,
        /** The result's is the product of the sides': {@code *}. */
        PRODUCT,
        /** The result's is the left side's divided by the right side's: {@code /}. */
        QUOTIENT
    }

    private final String symbol;
    private final String verb;
    private final Dimensions dimensions;
    private final java.util.List<String> tokens;

    /** @param tokens the lexer's tokens that write it, by name (grammar/ChainLexer.g4): {@code *} and {@code ·} are both MUL */
    BinaryOp(String symbol, String verb, Dimensions dimensions, String... tokens) {
        this.symbol = symbol;
        this.verb = verb;
        this.dimensions = dimensions;
        this.tokens = java.util.List.of(tokens);
    }

    /** As a formula prints it: {@code +}. */
    public String symbol() {
        return symbol;
    }

    /** For messages: "cannot add B and s". */
    public String verb() {
        return verb;
    }

    public Dimensions dimensions() {
        return dimensions;
    }

    /** The names of the lexer's tokens that write it: {@code STAR} and {@code DOT_OP} for {@code *} and {@code ·}. */
    public java.util.List<String> tokens() {
        return tokens;
    }

    /** The operation on values in base units; the sides' dimensions were proven before. */
    public abstract double apply(double left, double right);

    /** Whether the operation has no value for this right side (a division by zero): an error, not a NaN. */
    public boolean undefinedFor(double right) {
        return false;
    }

    /**
     * Whether a result of 0 means the true value was too small for a double ({@code 1e-200 * 1e-200}):
     * an error, as the literal {@code 1e-400} is, rather than a quiet 0.
     */
    public boolean underflowed(double left, double right, double result) {
        return false;
    }
}
