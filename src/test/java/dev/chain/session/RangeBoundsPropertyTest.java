package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A range reported for a value holds every value it takes over the inputs' box: random formulas of
 * two ranged inputs (sums, differences, products, quotients by what is never zero, whole powers,
 * abs, min and max), each sampled on a 201 x 201 grid of the box, computed here from the formula's
 * own tree. No sample may lie outside the reported range (beyond float noise). Where a formula
 * divides by something zero in the box, the chain must say it has no bound or no value.
 */
class RangeBoundsPropertyTest {
    /** A formula of u and w: its text as a chain writes it, and its value. */
    private interface F {
        String text();

        double at(double u, double w);
    }

    private record Leaf(String text, double value, int input) implements F {
        public double at(double u, double w) {
            return input == 0 ? u : input == 1 ? w : value;
        }
    }

    private record Op(String op, F l, F r) implements F {
        public String text() {
            return switch (op) {
                case "abs", "min", "max" -> op + "(" + l.text() + (r == null ? "" : ", " + r.text()) + ")";
                case "^2", "^3" -> "(" + l.text() + ")" + op;
                case "/" -> "(" + l.text() + ") / ((" + r.text() + ")^2 + 0.5)";
                default -> "(" + l.text() + " " + op + " " + r.text() + ")";
            };
        }

        public double at(double u, double w) {
            double a = l.at(u, w);
            double b = r == null ? 0 : r.at(u, w);
            return switch (op) {
                case "+" -> a + b;
                case "-" -> a - b;
                case "*" -> a * b;
                case "/" -> a / (b * b + 0.5);
                case "^2" -> a * a;
                case "^3" -> a * a * a;
                case "abs" -> Math.abs(a);
                case "min" -> Math.min(a, b);
                default -> Math.max(a, b);
            };
        }
    }

    private static F formula(Random random, int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            int kind = random.nextInt(5);
            if (kind < 2) {
                return new Leaf(kind == 0 ? "u" : "w", 0, kind);
            }
            double c = Math.round((random.nextDouble() * 4 - 2) * 10) / 10.0;
            return new Leaf(c < 0 ? "(" + String.format(Locale.ROOT, "%.1f", c) + ")" : String.format(Locale.ROOT, "%.1f", c), c, 2);
        }
        String[] ops = {"+", "-", "*", "/", "^2", "^3", "abs", "min", "max"};
        String op = ops[random.nextInt(ops.length)];
        boolean unary = op.startsWith("^") || op.equals("abs");
        return new Op(op, formula(random, depth - 1), unary ? null : formula(random, depth - 1));
    }

    @Test
    void everySampledValueLiesInTheReportedRange() {
        Random random = new Random(40);
        int checked = 0;
        for (int n = 0; n < 400; n++) {
            F f = formula(random, 5);
            double u0 = Math.round((random.nextDouble() * 4 - 2) * 10) / 10.0;
            double u1 = u0 + 0.1 + Math.round(random.nextDouble() * 30) / 10.0;
            double w0 = Math.round((random.nextDouble() * 4 - 2) * 10) / 10.0;
            double w1 = w0 + 0.1 + Math.round(random.nextDouble() * 30) / 10.0;
            String text = String.format(Locale.ROOT, """
                    chain "Property"
                    inputs
                      u = %s .. %s
                      w = %s .. %s
                    derive d
                      f = %s + u - u + w - w
                    """, number(u0), number(u1), number(w0), number(w1), f.text());
            ChainRun run = Chains.source("p.chain", text);
            if (run.status() != ChainRun.Status.OK) {
                continue; // a value too small to represent, say: an error, which is not a range
            }
            var slot = run.chain().program().binding("f");
            double low = run.evaluation().band(slot).low();
            double high = run.evaluation().band(slot).high();
            for (int i = 0; i <= 200; i++) {
                for (int k = 0; k <= 200; k++) {
                    double u = u0 + (u1 - u0) * i / 200;
                    double w = w0 + (w1 - w0) * k / 200;
                    double v = f.at(u, w);
                    double noise = 1e-9 * Math.max(1, Math.max(Math.abs(low), Math.abs(high)));
                    if (Double.isFinite(v)) {
                        final double lo = low;
                        final double hi = high;
                        assertTrue(v >= lo - noise && v <= hi + noise, () -> f.text() + " over u = " + u0 + " .. " + u1
                                + ", w = " + w0 + " .. " + w1 + " is " + v + " at u = " + u + ", w = " + w
                                + ", outside the reported " + lo + " .. " + hi);
                    }
                }
            }
            checked++;
        }
        assertTrue(checked > 300, "formulas checked: " + checked);
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
