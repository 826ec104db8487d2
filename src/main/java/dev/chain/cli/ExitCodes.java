package dev.chain.cli;

/** What {@code chain} exits with. */
final class ExitCodes {
    static final int OK = 0;
    /** The input has errors, or a check failed. */
    static final int INPUT = 1;
    /** The command line is wrong. */
    static final int USAGE = 2;

    private ExitCodes() {}
}
