package dev.chain.ast;

/**
 * What a figure of a chain's page is, by its header word: a table of a sweep, a plot of one, a
 * roofline of the chain's steps, or a solve: the one value of a swept input where a check turns,
 * said in a sentence; or a fit of inputs to benchmark runs. The header word is not reserved (like a card's words): a value may be called
 * {@code table}. The checker makes each kind its own record ({@code check.FigureSpec}) through
 * {@link #accept}; past it, nothing asks which word a figure was written with.
 */
public enum FigureKind {
    TABLE("table"),
    PLOT("plot"),
    ROOFLINE("roofline"),
    SOLVE("solve"),
    FIT("fit");

    private final String keyword;

    FigureKind(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }

    /** The visitor's method for this word: the one switch over the words (exhaustive: a word without its case does not compile). */
    public <R> R accept(Visitor<R> visitor) {
        return switch (this) {
            case TABLE -> visitor.table();
            case PLOT -> visitor.plot();
            case ROOFLINE -> visitor.roofline();
            case SOLVE -> visitor.solve();
            case FIT -> visitor.fit();
        };
    }

    /** A pass that treats each kind apart: every kind must be handled for it to compile. */
    public interface Visitor<R> {
        R table();

        R plot();

        R roofline();

        R solve();

        R fit();
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
