package dev.chain.ast;

/**
 * The binary operators, each with everything the passes need to know of it: how it is written,
 * how the dimensions of its sides combine, and what it computes. A new operator is a constant
 * here, a token and a rule in the grammar, and a line in the Translator (docs/architecture.md).
 */
public enum BinaryOp {
    ADD("+", "add", Dimensions.SAME) {
        @Override
        public double apply(double left, double right) {
            return left + right;
        }
    },
    SUB("-", "subtract", Dimensions.SAME) {
        @Override
        public double apply(double left, double right) {
            return left - right;
        }
    },
    MUL("*", "multiply", Dimensions.PRODUCT) {
        @Override
        public double apply(double left, double right) {
            return left * right;
        }
    },
    DIV("/", "divide", Dimensions.QUOTIENT) {
        @Override
        public double apply(double left, double right) {
            return left / right;
        }

        @Override
        public boolean undefinedFor(double right) {
            return right == 0;
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

    BinaryOp(String symbol, String verb, Dimensions dimensions) {
        this.symbol = symbol;
        this.verb = verb;
        this.dimensions = dimensions;
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

    /** The operation on values in base units; the sides' dimensions were proven before. */
    public abstract double apply(double left, double right);

    /** Whether the operation has no value for this right side (a division by zero): an error, not a NaN. */
    public boolean undefinedFor(double right) {
        return false;
    }
}
