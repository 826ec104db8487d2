package dev.chain.check;

import java.util.Arrays;

/**
 * The points of a {@code for} line, in increasing order, each found by its index without making
 * the others: what a solve searches. A table or plot evaluates every point, so its points are
 * made at once ({@link #all}) and a figure holds at most {@link FigureSpec#MAX_POINTS}; a solve
 * evaluates only the points its search needs, so its range may be as wide as its input's values
 * can be told apart ({@code batch in 1 .. 1,000,000} is 1,000,000 points, of which the search
 * evaluates about 80).
 */
public sealed interface Grid {
    /** How many points, at least 1. */
    long count();

    /** The point at {@code index}, from 0 to {@code count() - 1}, in base units. */
    double point(long index);

    /** Every point, in order. Only for a grid of at most {@link FigureSpec#MAX_POINTS}. */
    default double[] all() {
        if (count() > FigureSpec.MAX_POINTS) {
            throw new IllegalStateException(count() + " points");
        }
        double[] out = new double[(int) count()];
        for (int i = 0; i < out.length; i++) {
            out[i] = point(i);
        }
        return out;
    }

    /**
     * The indices of {@code most} points spread evenly over the grid, its first and last among
     * them, in order; every index where the grid has no more than {@code most} points.
     */
    default long[] spread(int most) {
        long n = count();
        if (n <= most) {
            long[] every = new long[(int) n];
            for (int i = 0; i < every.length; i++) {
                every[i] = i;
            }
            return every;
        }
        long[] out = new long[most];
        for (int k = 0; k < most; k++) {
            // k * (n - 1) / (most - 1), rounded, without overflow for n up to 2^53
            out[k] = Math.round((double) k / (most - 1) * (n - 1));
        }
        out[most - 1] = n - 1;
        return out;
    }

    /** The values at {@code indices}. */
    default double[] points(long[] indices) {
        double[] out = new double[indices.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = point(indices[i]);
        }
        return out;
    }

    /** A list's points ({@code for batch in 1, 8, 64}): sorted, each once. */
    record Listed(double[] sorted) implements Grid {
        public Listed {
            double[] copy = sorted.clone();
            Arrays.sort(copy);
            int n = 0;
            for (int i = 0; i < copy.length; i++) {
                if (i == 0 || copy[i] != copy[n - 1]) {
                    copy[n++] = copy[i];
                }
            }
            sorted = Arrays.copyOf(copy, n);
        }

        @Override
        public long count() {
            return sorted.length;
        }

        @Override
        public double point(long index) {
            return sorted[(int) index];
        }
    }

    /**
     * {@code low .. high by step}: {@code low + i * step}, the last within {@code tolerance} of
     * {@code high} snapped to it (float noise: {@code 0.1 .. 0.3 by 0.1} ends at 0.3).
     */
    record Linear(double low, double step, double high, double tolerance, long count) implements Grid {
        @Override
        public double point(long index) {
            return snap(low + index * step, high, tolerance); // from the low end each time: no rounding adds up
        }
    }

    /** {@code low .. high xF}: {@code low * factor^i}, snapped to {@code high} as a linear range's is. */
    record Geometric(double low, double factor, double high, double tolerance, long count) implements Grid {
        @Override
        public double point(long index) {
            // StrictMath: the same points, so the same figure, on every machine.
            double power = StrictMath.pow(factor, index);
            if (power == Double.POSITIVE_INFINITY) {
                // 1e-300 ms .. 1e300 ms x10: the factor's power past a double's range, its point not
                power = StrictMath.pow(factor, index / 2);
                return snap(low * power * StrictMath.pow(factor, index - index / 2), high, tolerance);
            }
            return snap(low * power, high, tolerance);
        }
    }

    /**
     * A point within {@code tolerance} (float noise, a billionth of a step) of the high end is the
     * high end. The tolerance is the step's, not the end's: a billionth of 1,000,000,010 is more
     * than a step of 1.
     */
    private static double snap(double point, double high, double tolerance) {
        return Math.abs(point - high) <= tolerance ? high : point;
    }
}
