package dev.chain.ast;

/**
 * What {@code chain solve} takes, as the REPL's {@code :solve batch=1..1024 check floor <= 20 ms} writes
 * it on one line and the grammar's {@code solveCommand} reads it: {@code --for}'s input and range
 * (a figure's {@code for} clause) and {@code --where}'s condition (a check's).
 */
public record SolveOptions(Clause over, Condition where) {}
