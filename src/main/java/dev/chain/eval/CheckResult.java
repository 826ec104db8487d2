package dev.chain.eval;

import dev.chain.check.CheckInfo;

/**
 * The outcome of one {@code check}: the values compared, in base units ({@link CheckValues}). For a
 * range check {@code right} is the low end and {@code high} the high end; {@code tolerance} is the
 * ≈ tolerance.
 */
public record CheckResult(CheckInfo check, CheckValues values) {
    public boolean passed() {
        return values.passed();
    }

    public CheckStatus status() {
        return values.status();
    }

    public double left() {
        return values.left();
    }

    public double right() {
        return values.right();
    }

    public double high() {
        return values.high();
    }

    public double tolerance() {
        return values.tolerance();
    }
}
