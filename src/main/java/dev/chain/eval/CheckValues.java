package dev.chain.eval;

/**
 * What one check found: whether it holds, and the values compared, in base units. For a range
 * {@code right} is the low end and {@code high} the high end; {@code tolerance} is the ≈ tolerance.
 */
public record CheckValues(boolean passed, double left, double right, double high, double tolerance) {}
