package dev.chain.eval;

import dev.chain.check.BindingInfo;
import dev.chain.check.FigureSpec;
import java.util.List;

/**
 * A fit evaluated ({@code chain fit}, a chain's {@code fit}): each freed input's value and 95%
 * interval, each run's point, measurement, fitted value and residuals, and what its plot draws.
 * Base units throughout.
 *
 * @param over      the input the runs set (their point)
 * @param against   the value the runs measured
 * @param free      the inputs fitted, each with its value and interval ({@code values}, {@code lows}, {@code highs})
 * @param files     each run's file, sorted by point
 * @param points    each run's point of {@code over}
 * @param observed  each run's measurement of {@code against}
 * @param fitted    the chain's value at each run with the fitted inputs
 * @param residuals {@code fitted / observed - 1} at each run
 * @param heldOut   the same, with the inputs fitted to the other runs only
 * @param along     the plot of the fitted line: the value over the runs' input, at the points it is drawn at
 * @param drawn     its values there, each freed input ranged over its interval (the line and its band), with the runs
 * @param own       the chain's values the plot is drawn with: at the inputs the fit was made at, the freed ones fitted
 */
public record FittedValues(BindingInfo over, BindingInfo against, List<BindingInfo> free, double[] values, double[] lows, double[] highs,
                           List<String> files, double[] points, double[] observed, double[] fitted, double[] residuals, double[] heldOut,
                           FigureSpec.Plot along, FigureValues.Points drawn, Values own) implements FigureValues {
    public FittedValues {
        free = List.copyOf(free);
        files = List.copyOf(files);
    }

    @Override
    public Program.Drawing drawing() {
        return drawn.drawing();
    }

    /** The median of the residuals' absolute values in the fit. */
    public double medianAbs() {
        return medianAbs(residuals);
    }

    /** The median of the held-out residuals' absolute values. */
    public double heldOutMedianAbs() {
        return medianAbs(heldOut);
    }

    /** The run whose residual in the fit is largest in absolute value. */
    public int worst() {
        int worst = 0;
        for (int i = 1; i < residuals.length; i++) {
            if (Math.abs(residuals[i]) > Math.abs(residuals[worst])) {
                worst = i;
            }
        }
        return worst;
    }

    private static double medianAbs(double[] r) {
        double[] a = java.util.Arrays.stream(r).filter(Double::isFinite).map(Math::abs).sorted().toArray();
        if (a.length == 0) {
            return Double.NaN;
        }
        return a.length % 2 == 1 ? a[a.length / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
    }
}
