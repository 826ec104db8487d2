package dev.chain.ast;

/** The three kinds of statement group in a chain: what is given, what follows, what must hold. */
public enum GroupKind {
    INPUTS("inputs"),
    DERIVE("derive"),
    SANITY("sanity");

    private final String keyword;

    GroupKind(String keyword) {
        this.keyword = keyword;
    }

    public String keyword() {
        return keyword;
    }
}
