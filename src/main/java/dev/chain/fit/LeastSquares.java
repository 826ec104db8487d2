package dev.chain.fit;

/**
 * Bounded, deterministic nonlinear least squares: Levenberg-Marquardt on parameters scaled to
 * their bounds ({@code u = (p - low) / (high - low)}, each in 0 .. 1), each step projected back
 * into the box. The same residuals and start give the same digits: no randomness, no threads, the
 * Jacobian by forward differences of a fixed step.
 */
public final class LeastSquares {
    private LeastSquares() {}

    /** The residuals at some parameters, one per run; a NaN where the model has no value there. */
    public interface Residuals {
        double[] at(double[] parameters);
    }

    /**
     * Where the search ended: the parameters, the residuals there, and the Jacobian of the
     * residuals by each parameter ({@code [run][parameter]}, unscaled; a held-out fit's is of its
     * last step's start, as nothing asks it of the end).
     */
    public record Solution(double[] parameters, double[] residuals, double[][] jacobian, double cost, int iterations) {}

    private static final int MAX_ITERATIONS = 200;
    /**
     * A search ends when a step lowers the cost by less than this share of it: the full fit to a
     * double's last digits; a held-out fit, whose one residual is reported to a tenth of a percent,
     * far sooner, each step saved being an evaluation of the chain at every run per free input.
     */
    private static final double FULL = 1e-15;
    private static final double HELD_OUT = 1e-10;
    /** The difference step, of a parameter's bounds: small against them, large against a double's rounding. */
    private static final double STEP = 1e-7;

    /**
     * The parameters within {@code low .. high} that minimise the sum of the squared residuals,
     * from {@code start} (moved into the bounds); null when the residuals have no value at the start.
     */
    public static Solution solve(Residuals residuals, double[] start, double[] low, double[] high) {
        return solve(residuals, start, low, high, null);
    }

    /**
     * As {@link #solve(Residuals, double[], double[], double[])}, the residuals of the runs where
     * {@code kept} is false left out (null: all kept): a run held out of the fit.
     */
    public static Solution solve(Residuals residuals, double[] start, double[] low, double[] high, boolean[] kept) {
        int k = start.length;
        double[] u = new double[k];
        for (int j = 0; j < k; j++) {
            u[j] = clamp((start[j] - low[j]) / (high[j] - low[j]));
        }
        double[] r = residuals.at(unscale(u, low, high));
        if (Double.isNaN(cost(r, kept))) {
            return null;
        }
        return search(residuals, u, r, jacobian(residuals, u, r, low, high), low, high, kept, FULL);
    }

    /**
     * As {@link #solve(Residuals, double[], double[], double[], boolean[])}, from where {@code from}
     * ended, its residuals and derivatives taken as they are rather than evaluated again: a fit with
     * a run held out starts at the full fit, a few steps from its own end.
     */
    public static Solution solve(Residuals residuals, Solution from, double[] low, double[] high, boolean[] kept) {
        int k = from.parameters().length;
        double[] u = new double[k];
        for (int j = 0; j < k; j++) {
            u[j] = clamp((from.parameters()[j] - low[j]) / (high[j] - low[j]));
        }
        double[][] scaled = new double[from.jacobian().length][k];
        for (int i = 0; i < scaled.length; i++) {
            for (int p = 0; p < k; p++) {
                scaled[i][p] = from.jacobian()[i][p] * (high[p] - low[p]);
            }
        }
        return search(residuals, u, from.residuals().clone(), scaled, low, high, kept, HELD_OUT);
    }

    /** Levenberg-Marquardt from {@code u} (scaled), where the residuals are {@code r} and their derivatives {@code jacobian}. */
    private static Solution search(Residuals residuals, double[] u, double[] r, double[][] jacobian, double[] low, double[] high,
                                   boolean[] kept, double tolerance) {
        int k = u.length;
        double cost = cost(r, kept);
        double lambda = 1e-3;
        int iterations = 0;
        for (; iterations < MAX_ITERATIONS; iterations++) {
            // The normal equations, J'J d = -J'r, over the kept runs, with Marquardt's damping of J'J's diagonal.
            double[][] a = new double[k][k];
            double[] g = new double[k];
            for (int i = 0; i < r.length; i++) {
                if (kept != null && !kept[i]) {
                    continue;
                }
                for (int p = 0; p < k; p++) {
                    g[p] += jacobian[i][p] * r[i];
                    for (int q = 0; q < k; q++) {
                        a[p][q] += jacobian[i][p] * jacobian[i][q];
                    }
                }
            }
            boolean moved = false;
            while (lambda < 1e12) {
                double[][] damped = new double[k][];
                for (int p = 0; p < k; p++) {
                    damped[p] = a[p].clone();
                    damped[p][p] += lambda * Math.max(a[p][p], 1e-30);
                }
                double[] d = Linear.solve(damped, negate(g));
                if (d == null) {
                    lambda *= 10;
                    continue;
                }
                double[] next = new double[k];
                for (int p = 0; p < k; p++) {
                    next[p] = clamp(u[p] + d[p]);
                }
                if (maxDifference(next, u) < 1e-13) {
                    break; // a step too small to move: the search is where it can go, and more damping only shortens it
                }
                double[] nr = residuals.at(unscale(next, low, high));
                double nextCost = cost(nr, kept);
                if (!Double.isNaN(nextCost) && nextCost < cost) {
                    double change = cost - nextCost;
                    boolean small = change <= tolerance * cost || maxDifference(next, u) < 1e-13;
                    u = next;
                    r = nr;
                    cost = nextCost;
                    lambda = Math.max(lambda / 10, 1e-12);
                    moved = !small;
                    // The derivatives where the search goes on, and, for the full fit, where it ends (its intervals need them).
                    jacobian = moved || tolerance == FULL ? jacobian(residuals, u, r, low, high) : jacobian;
                    break;
                }
                lambda *= 10;
            }
            if (!moved) {
                break;
            }
        }
        return new Solution(unscale(u, low, high), r, unscaled(jacobian, low, high), cost, iterations);
    }

    /** Half the sum of the squared residuals of the kept runs; NaN where one has no value. */
    private static double cost(double[] r, boolean[] kept) {
        double sum = 0;
        for (int i = 0; i < r.length; i++) {
            if (kept == null || kept[i]) {
                sum += r[i] * r[i];
            }
        }
        return Double.isFinite(sum) ? sum / 2 : Double.NaN;
    }

    /** The Jacobian in scaled parameters, each by a forward difference (backward at the upper bound). */
    private static double[][] jacobian(Residuals residuals, double[] u, double[] r, double[] low, double[] high) {
        int k = u.length;
        double[][] jacobian = new double[r.length][k];
        for (int p = 0; p < k; p++) {
            double[] moved = u.clone();
            double h = u[p] + STEP <= 1 ? STEP : -STEP;
            moved[p] += h;
            double[] rh = residuals.at(unscale(moved, low, high));
            for (int i = 0; i < r.length; i++) {
                double d = (rh[i] - r[i]) / h;
                jacobian[i][p] = Double.isFinite(d) ? d : 0;
            }
        }
        return jacobian;
    }

    private static double[][] unscaled(double[][] scaled, double[] low, double[] high) {
        double[][] out = new double[scaled.length][];
        for (int i = 0; i < scaled.length; i++) {
            out[i] = new double[scaled[i].length];
            for (int p = 0; p < scaled[i].length; p++) {
                out[i][p] = scaled[i][p] / (high[p] - low[p]);
            }
        }
        return out;
    }

    private static double[] unscale(double[] u, double[] low, double[] high) {
        double[] p = new double[u.length];
        for (int j = 0; j < u.length; j++) {
            p[j] = low[j] + u[j] * (high[j] - low[j]);
        }
        return p;
    }

    private static double clamp(double u) {
        return Double.isNaN(u) ? 0.5 : Math.max(0, Math.min(1, u));
    }

    private static double[] negate(double[] g) {
        double[] out = new double[g.length];
        for (int i = 0; i < g.length; i++) {
            out[i] = -g[i];
        }
        return out;
    }

    private static double maxDifference(double[] a, double[] b) {
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            max = Math.max(max, Math.abs(a[i] - b[i]));
        }
        return max;
    }
}
