package dev.chain.ast;

public enum CompareOp {
    LT("<", "less than"),
    LE("<=", "at most"),
    GT(">", "greater than"),
    GE(">=", "at least"),
    EQ("==", "equal to"),
    NE("!=", "different from"),
    APPROX("≈", "approximately");

    private final String symbol;
    private final String words;

    CompareOp(String symbol, String words) {
        this.symbol = symbol;
        this.words = words;
    }

    public String symbol() {
        return symbol;
    }

    /** For failure messages: "21.47 GB is not greater than 7.664 GB". */
    public String words() {
        return words;
    }
}
