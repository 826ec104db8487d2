package dev.chain.ast;

/**
 * What a figure of a chain's page is: a table of a sweep, a plot of one, a roofline of the
 * chain's steps, or a solve: the one value of a swept input where a check turns, said in a sentence. The header word is not reserved (like a card's words): a value may be called
 * {@code table}.
 */
public enum FigureKind {
    TABLE("table"),
    PLOT("plot"),
    ROOFLINE("roofline"),
    SOLVE("solve");

    private final String keyword;

    FigureKind(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }

    /** The kind a header word names; null for any other word. */
    public static FigureKind named(String word) {
        for (FigureKind kind : values()) {
            if (kind.keyword.equals(word)) {
                return kind;
            }
        }
        return null;
    }
}
