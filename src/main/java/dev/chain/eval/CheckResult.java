package dev.chain.eval;

import dev.chain.check.CheckInfo;

/**
 * The outcome of one {@code check}: the values compared, in base units. For a range check
 * {@code right} is the low end and {@code high} the high end; {@code tolerance} is the ≈ tolerance.
 */
public record CheckResult(CheckInfo check, boolean passed, double left, double right, double high, double tolerance) {}
