package dev.chain.eval;

/**
 * The comparisons of checks, under one rule of float noise: two values within a billionth of the
 * larger ({@link #EQUAL_TOLERANCE}) are equal, for every operator. So {@code ==}, {@code <=},
 * {@code >=} and {@code in} hold there, and {@code <}, {@code >} and {@code !=} fail there: each
 * ordering is the negation of its opposite, and none turns on the last bit of a sum that {@code ==}
 * calls equal ({@code 1 - used >= 61.8%} with {@code used = 38.2%}).
 */
public final class Ops {
    /** Relative tolerance of equality: equal up to float noise, not "roughly equal" (that is ≈). */
    static final double EQUAL_TOLERANCE = 1e-9;

    private Ops() {}

    static boolean lt(double a, double b) {
        return a < b && !eq(a, b);
    }

    static boolean le(double a, double b) {
        return a <= b || eq(a, b);
    }

    static boolean gt(double a, double b) {
        return a > b && !eq(a, b);
    }

    static boolean ge(double a, double b) {
        return a >= b || eq(a, b);
    }

    static boolean eq(double a, double b) {
        return a == b || Math.abs(a - b) <= EQUAL_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));
    }

    static boolean ne(double a, double b) {
        return !eq(a, b);
    }

    static boolean approxRelative(double a, double b, double fraction) {
        return Math.abs(a - b) <= Math.abs(fraction * b);
    }

    static boolean approxAbsolute(double a, double b, double amount) {
        return Math.abs(a - b) <= Math.abs(amount);
    }

    /** Whether a comparison holds: the one place a check's operator is applied (the page's checks too). */
    public static boolean holds(dev.chain.ast.CompareOp op, boolean relative, double left, double right, double tolerance) {
        return switch (op) {
            case LT -> lt(left, right);
            case LE -> le(left, right);
            case GT -> gt(left, right);
            case GE -> ge(left, right);
            case EQ -> eq(left, right);
            case NE -> ne(left, right);
            case APPROX -> relative ? approxRelative(left, right, tolerance) : approxAbsolute(left, right, tolerance);
        };
    }

    public static boolean in(double v, double low, double high) {
        return ge(v, low) && le(v, high);
    }
}
