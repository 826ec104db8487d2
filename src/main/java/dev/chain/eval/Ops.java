package dev.chain.eval;

/** The roundings of the built-ins and the comparisons of checks, as compiled code calls them. */
final class Ops {
    /** Relative tolerance of {@code ==}: equal up to float noise, not "roughly equal" (that is ≈). */
    static final double EQUAL_TOLERANCE = 1e-9;

    private Ops() {}

    static double floor(double v) {
        return Math.floor(Builtins.snap(v));
    }

    static double ceil(double v) {
        return Math.ceil(Builtins.snap(v));
    }

    static double round(double v) {
        double s = Builtins.snap(v);
        return Math.signum(s) * Math.floor(Math.abs(s) + 0.5);
    }

    static boolean lt(double a, double b) {
        return a < b;
    }

    static boolean le(double a, double b) {
        return a <= b;
    }

    static boolean gt(double a, double b) {
        return a > b;
    }

    static boolean ge(double a, double b) {
        return a >= b;
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

    static boolean in(double v, double low, double high) {
        return v >= low && v <= high;
    }
}
