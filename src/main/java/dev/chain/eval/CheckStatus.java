package dev.chain.eval;

/**
 * What a check found over its inputs: it holds, it fails, or, where an input is a range, it holds
 * for some of the values in the range and fails for others.
 */
public enum CheckStatus {
    HOLDS("holds"),
    FAILS("fails"),
    UNCERTAIN("uncertain");

    private final String word;

    CheckStatus(String word) {
        this.word = word;
    }

    /** As {@code run --json} writes it: {@code holds}, {@code fails}, {@code uncertain}. */
    public String word() {
        return word;
    }
}
