package dev.chain.eval;

/**
 * When a power has no value: the one rule, for the compiled chain (which reports it at the power)
 * and the explorable page's evaluator (which shows it beside the reader's input).
 */
public final class Powers {
    private Powers() {}

    /** A negative base to a fractional power: {@code value} is Math.pow's NaN. */
    public static boolean noRealValue(double value) {
        return Double.isNaN(value);
    }

    /** Too small to be anything but 0, as (1e-200)^2, which is not 0. */
    public static boolean underflowed(double base, double exponent, double value) {
        return value == 0 && base != 0 && Double.isFinite(base) && Double.isFinite(exponent);
    }
}
