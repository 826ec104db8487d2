package dev.chain.fit;

/** The few small dense solves a fit needs (at most 4 unknowns): Gaussian elimination with partial pivoting. */
final class Linear {
    private Linear() {}

    /** x with {@code a x = b}; null when {@code a} is singular (to a double's precision). */
    static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        double[][] m = new double[n][n + 1];
        double scale = 0;
        for (int i = 0; i < n; i++) {
            System.arraycopy(a[i], 0, m[i], 0, n);
            m[i][n] = b[i];
            for (int j = 0; j < n; j++) {
                scale = Math.max(scale, Math.abs(a[i][j]));
            }
        }
        if (scale == 0 || !Double.isFinite(scale)) {
            return null;
        }
        for (int c = 0; c < n; c++) {
            int pivot = c;
            for (int r = c + 1; r < n; r++) {
                if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) {
                    pivot = r;
                }
            }
            if (Math.abs(m[pivot][c]) <= 1e-14 * scale) {
                return null;
            }
            double[] t = m[c];
            m[c] = m[pivot];
            m[pivot] = t;
            for (int r = 0; r < n; r++) {
                if (r != c) {
                    double f = m[r][c] / m[c][c];
                    for (int j = c; j <= n; j++) {
                        m[r][j] -= f * m[c][j];
                    }
                }
            }
        }
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = m[i][n] / m[i][i];
        }
        return x;
    }

    /** The inverse of {@code a}, column by column; null when it is singular. */
    static double[][] inverse(double[][] a) {
        int n = a.length;
        double[][] inv = new double[n][n];
        for (int c = 0; c < n; c++) {
            double[] e = new double[n];
            e[c] = 1;
            double[] x = solve(a, e);
            if (x == null) {
                return null;
            }
            for (int r = 0; r < n; r++) {
                inv[r][c] = x[r];
            }
        }
        return inv;
    }
}
