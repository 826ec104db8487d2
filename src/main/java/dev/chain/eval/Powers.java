package dev.chain.eval;

/**
 * A power's value, and when it has none: the one rule, for the compiled chain (which reports it at
 * the power) and the explorable page's evaluator (which shows it beside the reader's input).
 */
public final class Powers {
    private Powers() {}

    /** Whole exponents up to this are raised by repeated squaring: 62 squarings at most. */
    private static final double WHOLE = 0x1p62;

    /**
     * {@code base ^ exponent}, the same double on the JVM and on the explorable page: a whole
     * exponent by repeated squaring (IEEE products, which every platform rounds alike), any other
     * by StrictMath.pow. Math.pow is not the same on both: HotSpot's and V8's differ in the last bit
     * for about one whole power in ten (measured over 100,000 random bases below 20 and exponents
     * -10 .. 29: 9.3%; StrictMath's fdlibm against V8, 4%), which a page shows where a format writes
     * every digit ({@code 12752739547918250.00 tokens} where {@code render --set} printed
     * {@code ...252.00}). Squaring rounds more often than pow: the error is up to about
     * |exponent| ulps (1e-14 of the value at 40), far below any digit a card shows.
     */
    public static double pow(double base, double exponent) {
        if (exponent != Math.rint(exponent) || !(Math.abs(exponent) <= WHOLE) || !Double.isFinite(base)) {
            return StrictMath.pow(base, exponent);
        }
        long n = (long) Math.abs(exponent);
        double power = 1;
        double square = base;
        while (n != 0) {
            if ((n & 1) != 0) {
                power *= square;
            }
            n >>= 1;
            if (n != 0) {
                square *= square;
            }
        }
        return exponent < 0 ? 1 / power : power;
    }

    /** A negative base to a fractional power: {@code value} is Math.pow's NaN. */
    public static boolean noRealValue(double value) {
        return Double.isNaN(value);
    }

    /** Too small to be anything but 0, as (1e-200)^2, which is not 0. */
    public static boolean underflowed(double base, double exponent, double value) {
        return value == 0 && base != 0 && Double.isFinite(base) && Double.isFinite(exponent);
    }
}
