package dev.chain.drill;

/**
 * How close an answer must be to count as right: a share of the right value ({@code 1%}, the
 * default), or an amount of its dimension ({@code @tolerance(0.1 ms)}).
 *
 * @param relative whether {@code amount} is a share of the value
 * @param amount   the share, or the amount in base units
 */
public record Tolerance(boolean relative, double amount) {
    public static final Tolerance DEFAULT = new Tolerance(true, 0.01);

    /** Whether {@code x} is within this tolerance of {@code right}. */
    public boolean holds(double x, double right) {
        double allowed = relative ? amount * Math.abs(right) : amount;
        return Math.abs(x - right) <= allowed * (1 + 1e-12) || x == right;
    }
}
