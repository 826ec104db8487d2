package dev.chain.eval;

import dev.chain.check.Builtin;

/**
 * The implementations of the built-in functions ({@link Builtin} declares them): one switch, which
 * does not compile until a new built-in has its line here. Rounding without a step works on values
 * in base units, which the checker allows only for plain numbers and counts (a count of pages);
 * with a step, on multiples of it. A value within 1e-12
 * (relative) of a whole number is taken as that number, so that float noise
 * (2.9999999999999996) never moves a floor. Arguments outside a function's domain (the square
 * root of a negative value, the logarithm of zero) are a {@link Fault} at the argument, never a NaN.
 */
public final class Builtins {
    private static final double SNAP = 1e-12;

    private Builtins() {}

    static double apply(Nodes.BuiltinCall call, double[] s, double[] f) {
        Node[] args = call.args();
        double x = args[0].run(s, f);
        return switch (call.builtin()) {
            case FLOOR, CEIL, ROUND -> rounded(call, x, s, f);
            case ABS -> Math.abs(x);
            case SQRT -> Math.sqrt(atLeastZero(call, x));
            case MIN -> {
                double m = x;
                for (int i = 1; i < args.length; i++) {
                    m = Math.min(m, args[i].run(s, f));
                }
                yield m;
            }
            case MAX -> {
                double m = x;
                for (int i = 1; i < args.length; i++) {
                    m = Math.max(m, args[i].run(s, f));
                }
                yield m;
            }
            case LN -> StrictMath.log(positive(call, x, 0));
            case LOG2 -> log2(positive(call, x, 0));
            case LOG10 -> StrictMath.log10(positive(call, x, 0));
            case LOG -> {
                double v = positive(call, x, 0);
                double base = positive(call, args[1].run(s, f), 1);
                if (base == 1) {
                    throw outOfDomain(call, 1, "a logarithm to base 1 has no value");
                }
                yield StrictMath.log(v) / StrictMath.log(base);
            }
            case EXP -> StrictMath.exp(x);
        };
    }

    /** {@code floor(x)}, or {@code floor(x, step)}: to a multiple of the step. */
    private static double rounded(Nodes.BuiltinCall call, double x, double[] s, double[] f) {
        if (call.args().length == 1) {
            return whole(call.builtin(), x);
        }
        double step = call.args()[1].run(s, f);
        if (step == 0) {
            throw new Fault(Fault.Kind.DIVISION_BY_ZERO, call.sites()[1]);
        }
        return whole(call.builtin(), x / step) * step;
    }

    /**
     * A whole number: down, up, or to the nearest. The nearest is half away from zero, the rule of
     * the display formats (units.NumberFormatter), on the value as a decimal: a value within 1e-12
     * of a half is the half, so that {@code round(1.005, 0.01)} (100.49999999999999 hundredths) is
     * 1.01, as shown.
     */
    static double whole(Builtin rounding, double v) {
        double s = snap(v);
        return switch (rounding) {
            case FLOOR -> Math.floor(s);
            case CEIL -> Math.ceil(s);
            default -> {
                double a = Math.abs(s);
                double whole = Math.floor(a);
                double half = whole + 0.5;
                boolean up = a >= half || half - a <= SNAP * Math.max(1.0, a);
                yield Math.copySign(up ? whole + 1 : whole, v);
            }
        };
    }

    /** Exact for powers of two, which log(x) / log(2) is not (log2(8) would be 2.9999999999999996). */
    static double log2(double v) {
        int exponent = Math.getExponent(v);
        if (exponent >= Double.MIN_EXPONENT && v == Math.scalb(1.0, exponent)) {
            return exponent;
        }
        return StrictMath.log(v) / StrictMath.log(2);
    }

    private static double positive(Nodes.BuiltinCall call, double v, int argument) {
        if (v <= 0) {
            throw outOfDomain(call, argument, "logarithm of " + (v == 0 ? "zero" : "a negative value"));
        }
        return v;
    }

    private static double atLeastZero(Nodes.BuiltinCall call, double v) {
        if (v < 0) {
            throw outOfDomain(call, 0, "square root of a negative value");
        }
        return v;
    }

    private static Fault outOfDomain(Nodes.BuiltinCall call, int argument, String why) {
        return new Fault(Fault.Kind.OUT_OF_DOMAIN, call.sites()[argument], Double.NaN, why);
    }

    static double snap(double v) {
        double nearest = Math.rint(v);
        return Math.abs(v - nearest) <= SNAP * Math.max(1.0, Math.abs(v)) ? nearest : v;
    }
}
