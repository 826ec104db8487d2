package dev.chain.eval;

/**
 * The operations compiled code calls: those that can fail (they take the index of the call site,
 * so that the error can point at the source) and the comparisons of checks. Small and static, so
 * that the JIT inlines them into the generated code. Both evaluators share the comparisons.
 */
final class Ops {
    /** Relative tolerance of {@code ==}: equal up to float noise, not "roughly equal" (that is ≈). */
    static final double EQUAL_TOLERANCE = 1e-9;

    private Ops() {}

    /** Thrown by generated code; the site indexes the compiled program's table of diagnostics. */
    static final class Fault extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int site;

        Fault(int site) {
            super(null, null, false, false);
            this.site = site;
        }
    }

    static double div(double a, double b, int site) {
        if (b == 0) {
            throw new Fault(site);
        }
        return a / b;
    }

    static double pow(double a, double b, int site) {
        double v = Math.pow(a, b);
        if (Double.isNaN(v)) {
            throw new Fault(site);
        }
        return v;
    }

    static double sqrt(double a, int site) {
        if (a < 0) {
            throw new Fault(site);
        }
        return Math.sqrt(a);
    }

    static double finite(double v, int site) {
        if (!Double.isFinite(v)) {
            throw new Fault(site);
        }
        return v;
    }

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

    static double floorStep(double v, double step, int site) {
        return floor(div(v, step, site)) * step;
    }

    static double ceilStep(double v, double step, int site) {
        return ceil(div(v, step, site)) * step;
    }

    static double roundStep(double v, double step, int site) {
        return round(div(v, step, site)) * step;
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
