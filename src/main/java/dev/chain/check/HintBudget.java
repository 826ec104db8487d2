package dev.chain.check;

/**
 * How many more "did you mean ...?" searches one check may make. Each search scans every name
 * (or unit) in scope, so a search per error makes a file with an error on each of 100,000 lines
 * quadratic; yet a report shows only its first {@value #SEARCHES} errors (see
 * {@code Engine.reportCapped}). Past that many, an error gets its message without a hint: it is
 * counted in "too many errors", not shown.
 */
final class HintBudget {
    /** As many as a report shows: {@code SyntaxParser.MAX_ERRORS}. */
    static final int SEARCHES = 25;

    private int left = SEARCHES;

    /** True, and one search fewer, while there are searches left. */
    boolean take() {
        if (left == 0) {
            return false;
        }
        left--;
        return true;
    }
}
