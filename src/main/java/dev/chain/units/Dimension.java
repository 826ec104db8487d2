package dev.chain.units;

import java.util.Arrays;

/**
 * A dimension as a vector of integer exponents over the base dimensions of a {@link UnitRegistry}
 * (information, compute, time and the declared counts): bandwidth is information^1 time^-1.
 * Immutable; trailing zero exponents are trimmed so that equal dimensions are equal objects.
 */
public final class Dimension {
    public static final Dimension NONE = new Dimension(new int[0]);

    private final int[] exponents;

    private Dimension(int[] exponents) {
        this.exponents = exponents;
    }

    /** The base dimension with the given index, to the first power. */
    public static Dimension base(int index) {
        int[] e = new int[index + 1];
        e[index] = 1;
        return new Dimension(e);
    }

    public int exponent(int index) {
        return index < exponents.length ? exponents[index] : 0;
    }

    /** One more than the highest base index with a non-zero exponent. */
    public int length() {
        return exponents.length;
    }

    public boolean isNone() {
        return exponents.length == 0;
    }

    /** The index of the base dimension this is, to the first power and alone; -1 for anything else. */
    public int baseIndex() {
        int found = -1;
        for (int i = 0; i < exponents.length; i++) {
            if (exponents[i] == 0) {
                continue;
            }
            if (exponents[i] != 1 || found >= 0) {
                return -1;
            }
            found = i;
        }
        return found;
    }

    /** One base dimension to the first power: information, time, tokens; not bandwidth, not B^2. */
    public boolean isBase() {
        return baseIndex() >= 0;
    }

    public Dimension multiply(Dimension other) {
        return combine(other, 1);
    }

    public Dimension divide(Dimension other) {
        return combine(other, -1);
    }

    /**
     * The largest exponent a checked dimension may have. Far above anything physical (B^2 is
     * already rare), and low enough that no product or power of two checked dimensions can
     * overflow an int and wrap around to a wrong dimension.
     */
    public static final int MAX_EXPONENT = 1_000;

    /** Whether every exponent is within {@link #MAX_EXPONENT}; the checker refuses a value whose dimension is not. */
    public boolean withinLimits() {
        for (int e : exponents) {
            if (Math.abs(e) > MAX_EXPONENT) {
                return false;
            }
        }
        return true;
    }

    public Dimension power(int n) {
        int[] e = new int[exponents.length];
        for (int i = 0; i < e.length; i++) {
            e[i] = exponents[i] * n;
        }
        return owning(e);
    }

    /** The square root, or null when an exponent is odd (the square root of a byte is not a unit). */
    public Dimension sqrt() {
        int[] e = new int[exponents.length];
        for (int i = 0; i < e.length; i++) {
            if (exponents[i] % 2 != 0) {
                return null;
            }
            e[i] = exponents[i] / 2;
        }
        return owning(e);
    }

    private Dimension combine(Dimension other, int sign) {
        int[] e = Arrays.copyOf(exponents, Math.max(exponents.length, other.exponents.length));
        for (int i = 0; i < other.exponents.length; i++) {
            e[i] += sign * other.exponents[i];
        }
        return owning(e);
    }

    /** The dimension with these exponents of the base dimensions, by index. */
    public static Dimension of(int... exponents) {
        return owning(exponents.clone());
    }

    /** As {@link #of}, keeping {@code e} itself, which no one else may change. */
    private static Dimension owning(int[] e) {
        int n = e.length;
        while (n > 0 && e[n - 1] == 0) {
            n--;
        }
        return n == 0 ? NONE : new Dimension(n == e.length ? e : Arrays.copyOf(e, n));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Dimension d && Arrays.equals(exponents, d.exponents);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(exponents);
    }

    @Override
    public String toString() {
        return Arrays.toString(exponents);
    }
}
