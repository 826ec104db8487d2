package dev.chain.eval;

/**
 * The values of one evaluation of a program, by slot, as everything that shows them reads them:
 * each slot's {@link Band}, each check's outcome, and where each input's value came from. An
 * evaluation on the command line, the REPL's session, an editor's analysis and the explorable
 * page's run all answer these three questions, and text is written from them alone.
 */
public interface Values {
    Band band(int slot);

    CheckValues check(int index);

    /** Where the value of slot {@code slot} came from; the chain's own unless measured or set. */
    default Origin origin(int slot) {
        return Origin.WRITTEN;
    }
}
