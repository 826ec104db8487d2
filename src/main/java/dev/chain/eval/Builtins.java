package dev.chain.eval;

import dev.chain.ast.Expr;
import dev.chain.check.Builtin;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;

/**
 * The implementations of the built-in functions ({@link Builtin} declares them): one switch, which
 * does not compile until a new built-in has its line here. Rounding without a step works on values
 * in base units, which the checker allows only for plain numbers and counts (a count of pages);
 * with a step, on multiples of it. A value within 1e-12
 * (relative) of a whole number is taken as that number, so that float noise
 * (2.9999999999999996) never moves a floor. Arguments outside a function's domain (the square
 * root of a negative value, the logarithm of zero) are an error at the argument, never a NaN.
 *
 * <p>The nodes are classes, not lambdas: see {@link Nodes}.
 */
public final class Builtins {
    private static final double SNAP = 1e-12;

    private Builtins() {}

    /**
     * An argument outside a built-in's domain: which argument, and why. Thrown by the built-ins
     * themselves and made a located diagnostic at the call ({@link #node(Builtin, Node[], Expr.Call)}),
     * so that the explorable page's evaluator, which has no spans, uses the built-ins without the
     * diagnostics code in its script.
     */
    public static final class OutOfDomain extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int argument;
        private final boolean division;

        OutOfDomain(int argument, String what, boolean division) {
            super(what, null, false, false);
            this.argument = argument;
            this.division = division;
        }

        ChainException at(Expr.Call call) {
            dev.chain.source.Span span = call.args().get(argument).span();
            return division ? Faults.divisionByZero(span) : new ChainException(Diagnostic.error(span, getMessage()));
        }
    }

    /** A built-in at a call: an argument outside its domain is an error at that argument. */
    static Node node(Builtin builtin, Node[] args, Expr.Call call) {
        return new AtCall(node(builtin, args), call);
    }

    /** A built-in over argument nodes; see {@link OutOfDomain}. The explorable page's evaluator (web.Code) calls this. */
    public static Node node(Builtin builtin, Node[] args) {
        return switch (builtin) {
            case FLOOR -> rounding(args, Rounding.FLOOR);
            case CEIL -> rounding(args, Rounding.CEIL);
            case ROUND -> rounding(args, Rounding.ROUND);
            default -> new Applied(builtin, args);
        };
    }

    // Final classes, not records: in the page's script (TeaVM) every record brings its generated
    // equals, hashCode and toString, which nothing here calls.
    private static final class AtCall implements Node {
        private final Node builtin;
        private final Expr.Call call;

        AtCall(Node builtin, Expr.Call call) {
            this.builtin = builtin;
            this.call = call;
        }

        @Override
        public double run(double[] s, double[] f) {
            try {
                return builtin.run(s, f);
            } catch (OutOfDomain e) {
                throw e.at(call);
            }
        }
    }

    /** A call of a built-in other than the roundings. */
    private static final class Applied implements Node {
        private final Builtin builtin;
        private final Node[] args;

        Applied(Builtin builtin, Node[] args) {
            this.builtin = builtin;
            this.args = args;
        }

        @Override
        public double run(double[] s, double[] f) {
            double x = args[0].run(s, f);
            return switch (builtin) {
                case ABS -> Math.abs(x);
                case SQRT -> Math.sqrt(atLeast(0, x, 0, "square root of a negative value"));
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
                case LN -> Math.log(positive(x, 0));
                case LOG2 -> log2(positive(x, 0));
                case LOG10 -> Math.log10(positive(x, 0));
                case LOG -> {
                    double v = positive(x, 0);
                    double base = positive(args[1].run(s, f), 1);
                    if (base == 1) {
                        throw new OutOfDomain(1, "a logarithm to base 1 has no value", false);
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

    private static double positive(double v, int argument) {
        if (v <= 0) {
            throw new OutOfDomain(argument, "logarithm of " + (v == 0 ? "zero" : "a negative value"), false);
        }
        return v;
    }

    private static double atLeast(double bound, double v, int argument, String what) {
        if (v < bound) {
            throw new OutOfDomain(argument, what, false);
        }
        return v;
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
        /**
         * Half away from zero, the rule of the display formats (units.NumberFormatter), on the
         * value as a decimal: a value within 1e-12 of a half is the half, so that
         * {@code round(1.005, 0.01)} (100.49999999999999 hundredths) is 1.01, as shown.
         */
        ROUND {
            @Override
            double apply(double v) {
                double a = Math.abs(snap(v));
                double whole = Math.floor(a);
                double half = whole + 0.5;
                boolean up = a >= half || half - a <= SNAP * Math.max(1.0, a);
                return Math.copySign(up ? whole + 1 : whole, v);
            }
        };

        abstract double apply(double v);
    }

    private static Node rounding(Node[] args, Rounding rounding) {
        return new Rounded(rounding, args[0], args.length == 1 ? null : args[1]);
    }

    /** {@code floor(x)}, or {@code floor(x, step)}: to a multiple of the step. */
    private static final class Rounded implements Node {
        private final Rounding rounding;
        private final Node x;
        private final Node step;

        Rounded(Rounding rounding, Node x, Node step) {
            this.rounding = rounding;
            this.x = x;
            this.step = step;
        }

        @Override
        public double run(double[] s, double[] f) {
            if (step == null) {
                return rounding.apply(x.run(s, f));
            }
            double by = step.run(s, f);
            if (by == 0) {
                throw new OutOfDomain(1, "division by zero", true);
            }
            return rounding.apply(x.run(s, f) / by) * by;
        }
    }

    static double snap(double v) {
        double nearest = Math.rint(v);
        return Math.abs(v - nearest) <= SNAP * Math.max(1.0, Math.abs(v)) ? nearest : v;
    }
}
