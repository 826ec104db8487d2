package dev.chain.fit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A fit of free parameters to runs, and what a statistician would say of it: each value with its
 * 95% interval from the Jacobian at the optimum (the covariance {@code s² (J'J)⁻¹}, {@code s²} the
 * residuals' variance over {@code n - k} degrees of freedom, and Student's t), each run's
 * residual in the fit and held out of it (the fit done again without the run, from the full fit's
 * values), the parameters the runs cannot tell apart, and those that ended on a bound.
 *
 * @param values    the fitted parameters
 * @param lows      each one's 95% interval's low end, within its bounds
 * @param highs     its high end
 * @param residuals each run's residual at the fit
 * @param heldOut   each run's residual at the fit made without it
 * @param tangled   pairs of parameters whose effects on the runs are (nearly) proportional: {@code {i, j}}
 * @param flat      parameters no run depends on
 * @param onBound   whether each parameter ended on one of its bounds
 * @param jacobian  the residuals' derivatives at the fit, {@code [run][parameter]}
 * @param singular  whether {@code J'J} cannot be inverted: some mix of the parameters moves no run (then each interval is its bounds)
 */
public record Fit(double[] values, double[] lows, double[] highs, double[] residuals, double[] heldOut, List<int[]> tangled,
                  List<Integer> flat, boolean[] onBound, double[][] jacobian, boolean singular) {
    /** Two parameters whose columns of the Jacobian are this close to parallel cannot be told apart by the runs. */
    public static final double TANGLED = 0.999;

    /**
     * Fits {@code residuals} within {@code low .. high} from {@code start}; null when the model has
     * no value at the start. Needs more runs than parameters (the caller refuses fewer than k + 2).
     */
    public static Fit of(LeastSquares.Residuals residuals, double[] start, double[] low, double[] high) {
        LeastSquares.Solution best = LeastSquares.solve(residuals, start, low, high);
        if (best == null) {
            return null;
        }
        int n = best.residuals().length;
        int k = start.length;
        double[][] j = best.jacobian();
        double[] lows = low.clone();
        double[] highs = high.clone();
        double[][] covariance = Linear.inverse(normal(j));
        if (covariance != null) {
            double s2 = 2 * best.cost() / (n - k);
            double t = StudentT.quantile975(n - k);
            for (int p = 0; p < k; p++) {
                double half = t * Math.sqrt(Math.max(0, s2 * covariance[p][p]));
                lows[p] = Math.max(low[p], best.parameters()[p] - half);
                highs[p] = Math.min(high[p], best.parameters()[p] + half);
            }
        }
        double[] heldOut = new double[n];
        for (int i = 0; i < n; i++) {
            boolean[] kept = new boolean[n];
            Arrays.fill(kept, true);
            kept[i] = false;
            // From the full fit, its residuals and derivatives reused: a held-out fit is a few steps away.
            LeastSquares.Solution without = LeastSquares.solve(residuals, best, low, high, kept);
            heldOut[i] = without == null ? Double.NaN : without.residuals()[i];
        }
        List<int[]> tangled = new ArrayList<>();
        List<Integer> flat = new ArrayList<>();
        for (int p = 0; p < k; p++) {
            if (norm(j, p) == 0) {
                flat.add(p);
            }
        }
        for (int p = 0; p < k; p++) {
            for (int q = p + 1; q < k; q++) {
                if (!flat.contains(p) && !flat.contains(q) && Math.abs(cosine(j, p, q)) >= TANGLED) {
                    tangled.add(new int[] {p, q});
                }
            }
        }
        boolean[] onBound = new boolean[k];
        for (int p = 0; p < k; p++) {
            double width = high[p] - low[p];
            double v = best.parameters()[p];
            onBound[p] = v - low[p] <= 1e-6 * width || high[p] - v <= 1e-6 * width;
        }
        return new Fit(best.parameters(), lows, highs, best.residuals(), heldOut, List.copyOf(tangled), List.copyOf(flat), onBound, j,
                covariance == null);
    }

    /** The cosine between two parameters' columns of the Jacobian, with more rows appended ({@code extra}, may be empty). */
    public static double cosine(double[][] j, int p, int q) {
        double pq = 0;
        double pp = 0;
        double qq = 0;
        for (double[] row : j) {
            pq += row[p] * row[q];
            pp += row[p] * row[p];
            qq += row[q] * row[q];
        }
        return pp == 0 || qq == 0 ? 0 : pq / Math.sqrt(pp * qq);
    }

    private static double norm(double[][] j, int p) {
        double sum = 0;
        for (double[] row : j) {
            sum += row[p] * row[p];
        }
        return Math.sqrt(sum);
    }

    private static double[][] normal(double[][] j) {
        int k = j.length == 0 ? 0 : j[0].length;
        double[][] a = new double[k][k];
        for (double[] row : j) {
            for (int p = 0; p < k; p++) {
                for (int q = 0; q < k; q++) {
                    a[p][q] += row[p] * row[q];
                }
            }
        }
        return a;
    }
}
