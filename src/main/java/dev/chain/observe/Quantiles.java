package dev.chain.observe;

import java.util.Arrays;

/** The statistics a result file is asked for, each computed as the tool that reads the file computes it. */
final class Quantiles {
    private Quantiles() {}

    /** One bucket of a classic Prometheus histogram: the count of observations up to {@code upperBound}. */
    record Bucket(double upperBound, double count) {}

    /**
     * The quantile {@code q} (0 .. 1) of a histogram's cumulative buckets, as PromQL's
     * histogram_quantile estimates it (promql/quantile.go, BucketQuantile): linear within the
     * bucket the rank falls in, 0 the lower bound of the first bucket (when its upper bound is
     * above 0), and the second-highest upper bound where the rank falls in the +Inf bucket. NaN
     * where PromQL gives NaN: no +Inf bucket, fewer than two buckets, no observations.
     */
    static double histogram(double q, Bucket[] given) {
        Bucket[] buckets = given.clone();
        Arrays.sort(buckets, (a, b) -> Double.compare(a.upperBound(), b.upperBound()));
        if (buckets.length < 2 || buckets[buckets.length - 1].upperBound() != Double.POSITIVE_INFINITY) {
            return Double.NaN;
        }
        // Counts are cumulative, so they never fall; a scrape taken mid-update can break that, and
        // PromQL then takes each count as at least the one before (ensureMonotonic).
        double[] counts = new double[buckets.length];
        for (int i = 0; i < buckets.length; i++) {
            counts[i] = i == 0 ? buckets[i].count() : Math.max(buckets[i].count(), counts[i - 1]);
        }
        double observations = counts[counts.length - 1];
        if (observations == 0) {
            return Double.NaN;
        }
        double rank = q * observations;
        int b = 0;
        while (b < buckets.length - 1 && counts[b] < rank) {
            b++;
        }
        if (b == buckets.length - 1) {
            return buckets[buckets.length - 2].upperBound();
        }
        if (b == 0 && buckets[0].upperBound() <= 0) {
            return buckets[0].upperBound();
        }
        double start = 0;
        double end = buckets[b].upperBound();
        double count = counts[b];
        if (b > 0) {
            start = buckets[b - 1].upperBound();
            count -= counts[b - 1];
            rank -= counts[b - 1];
        }
        return start + (end - start) * (rank / count);
    }

    /**
     * The {@code p}th percentile (0 .. 100) of {@code values}, as numpy.percentile computes it by
     * default, which is how vLLM's own p99_*_ms come out: linear between the two closest ranks.
     */
    static double percentile(double[] values, int n, double p) {
        double[] sorted = Arrays.copyOf(values, n);
        Arrays.sort(sorted);
        double index = p / 100 * (n - 1);
        int below = (int) Math.floor(index);
        int above = Math.min(below + 1, n - 1);
        return sorted[below] + (sorted[above] - sorted[below]) * (index - below);
    }

    /** The mean of the first {@code n} values. */
    static double mean(double[] values, int n) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += values[i];
        }
        return sum / n;
    }
}
