package dev.chain.eval;

import dev.chain.ast.Expr;
import dev.chain.check.Builtin;

/**
 * The built-in functions as nodes. Rounding works on values in base units (a count of pages, a
 * number of bytes); with a step, on multiples of it. A value within 1e-12 (relative) of a whole
 * number is taken as that number, so that float noise (2.9999999999999996) never moves a floor.
 */
final class Builtins {
    private static final double SNAP = 1e-12;

    private Builtins() {}

    static Node node(Builtin builtin, Node[] args, Expr.Call call) {
        Node x = args[0];
        return switch (builtin) {
            case FLOOR -> rounding(args, Ops::floor, call);
            case CEIL -> rounding(args, Ops::ceil, call);
            case ROUND -> rounding(args, Ops::round, call);
            case ABS -> (s, f) -> Math.abs(x.run(s, f));
            case SQRT -> (s, f) -> {
                double v = x.run(s, f);
                if (v < 0) {
                    throw Faults.negativeSquareRoot(call.args().get(0).span());
                }
                return Math.sqrt(v);
            };
            case MIN -> (s, f) -> {
                double m = args[0].run(s, f);
                for (int i = 1; i < args.length; i++) {
                    m = Math.min(m, args[i].run(s, f));
                }
                return m;
            };
            case MAX -> (s, f) -> {
                double m = args[0].run(s, f);
                for (int i = 1; i < args.length; i++) {
                    m = Math.max(m, args[i].run(s, f));
                }
                return m;
            };
        };
    }

    private interface Rounding {
        double apply(double v);
    }

    private static Node rounding(Node[] args, Rounding rounding, Expr.Call call) {
        Node x = args[0];
        if (args.length == 1) {
            return (s, f) -> rounding.apply(x.run(s, f));
        }
        Node step = args[1];
        return (s, f) -> {
            double by = step.run(s, f);
            if (by == 0) {
                throw Faults.divisionByZero(call.args().get(1).span());
            }
            return rounding.apply(x.run(s, f) / by) * by;
        };
    }

    static double snap(double v) {
        double nearest = Math.rint(v);
        return Math.abs(v - nearest) <= SNAP * Math.max(1.0, Math.abs(v)) ? nearest : v;
    }
}
