package dev.chain.eval;

import dev.chain.ast.Expr;
import dev.chain.check.Builtin;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;

/**
 * The implementations of the built-in functions ({@link Builtin} declares them): one switch, which
 * does not compile until a new built-in has its line here. Rounding works on values in base units
 * (a count of pages, a number of bytes); with a step, on multiples of it. A value within 1e-12
 * (relative) of a whole number is taken as that number, so that float noise
 * (2.9999999999999996) never moves a floor. Arguments outside a function's domain (the square
 * root of a negative value, the logarithm of zero) are an error at the argument, never a NaN.
 */
final class Builtins {
    private static final double SNAP = 1e-12;

    private Builtins() {}

    static Node node(Builtin builtin, Node[] args, Expr.Call call) {
        return switch (builtin) {
            case FLOOR -> rounding(args, Rounding.FLOOR, call);
            case CEIL -> rounding(args, Rounding.CEIL, call);
            case ROUND -> rounding(args, Rounding.ROUND, call);
            default -> new Applied(builtin, args, call);
        };
    }

    /**
     * A call of a built-in other than the roundings. A class, not a lambda per built-in: see
     * {@link Nodes}.
     */
    private record Applied(Builtin builtin, Node[] args, Expr.Call call) implements Node {
        @Override
        public double run(double[] s, double[] f) {
            double x = args[0].run(s, f);
            return switch (builtin) {
                case ABS -> Math.abs(x);
                case SQRT -> Math.sqrt(atLeast(0, x, call, 0, "square root of a negative value"));
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
                case LN -> Math.log(positive(x, call, 0));
                case LOG2 -> log2(positive(x, call, 0));
                case LOG10 -> Math.log10(positive(x, call, 0));
                case LOG -> {
                    double v = positive(x, call, 0);
                    double base = positive(args[1].run(s, f), call, 1);
                    if (base == 1) {
                        throw outOfDomain(call, 1, "a logarithm to base 1 has no value");
                    }
                    yield Math.log(v) / Math.log(base);
                }
                case EXP -> Math.exp(x);
                case FLOOR, CEIL, ROUND -> throw new IllegalStateException("rounding is compiled by rounding()");
            };
        }
    }

    /** Exact for powers of two, which log(x) / log(2) is not (log2(8) would be 2.9999999999999996). */
    static double log2(double v) {
        int exponent = Math.getExponent(v);
        if (exponent >= Double.MIN_EXPONENT && v == Math.scalb(1.0, exponent)) {
            return exponent;
        }
        return Math.log(v) / Math.log(2);
    }

    private static double positive(double v, Expr.Call call, int argument) {
        if (v <= 0) {
            throw outOfDomain(call, argument, "logarithm of " + (v == 0 ? "zero" : "a negative value"));
        }
        return v;
    }

    private static double atLeast(double bound, double v, Expr.Call call, int argument, String what) {
        if (v < bound) {
            throw outOfDomain(call, argument, what);
        }
        return v;
    }

    private static ChainException outOfDomain(Expr.Call call, int argument, String what) {
        return new ChainException(Diagnostic.error(call.args().get(argument).span(), what));
    }

    private enum Rounding {
        FLOOR {
            @Override
            double apply(double v) {
                return Math.floor(snap(v));
            }
        },
        CEIL {
            @Override
            double apply(double v) {
                return Math.ceil(snap(v));
            }
        },
        ROUND {
            @Override
            double apply(double v) {
                double s = snap(v);
                return Math.signum(s) * Math.floor(Math.abs(s) + 0.5);
            }
        };

        abstract double apply(double v);
    }

    private static Node rounding(Node[] args, Rounding rounding, Expr.Call call) {
        return new Rounded(rounding, args[0], args.length == 1 ? null : args[1], call);
    }

    /** {@code floor(x)}, or {@code floor(x, step)}: to a multiple of the step. */
    private record Rounded(Rounding rounding, Node x, Node step, Expr.Call call) implements Node {
        @Override
        public double run(double[] s, double[] f) {
            if (step == null) {
                return rounding.apply(x.run(s, f));
            }
            double by = step.run(s, f);
            if (by == 0) {
                throw Faults.divisionByZero(call.args().get(1).span());
            }
            return rounding.apply(x.run(s, f) / by) * by;
        }
    }

    static double snap(double v) {
        double nearest = Math.rint(v);
        return Math.abs(v - nearest) <= SNAP * Math.max(1.0, Math.abs(v)) ? nearest : v;
    }
}
