package dev.chain.eval;

/** What generated code implements: compute every derived binding into {@code slots}, every check into {@code passed}. */
interface Arithmetic {
    void run(double[] slots, boolean[] passed);
}
