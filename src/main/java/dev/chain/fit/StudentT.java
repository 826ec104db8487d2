package dev.chain.fit;

/** Student's t distribution's 97.5th percentile, the half-width of a two-sided 95% interval in standard errors. */
final class StudentT {
    private StudentT() {}

    /** t(0.975, ν) for ν = 1 .. 30, as every statistics table gives it. */
    private static final double[] TABLE = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
            2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
            2.045, 2.042};

    /** t(0.975, ν): the table up to 30 degrees of freedom, then the Cornish-Fisher expansion around the normal's 1.96. */
    static double quantile975(int dof) {
        if (dof < 1) {
            return Double.POSITIVE_INFINITY;
        }
        if (dof <= TABLE.length) {
            return TABLE[dof - 1];
        }
        double z = 1.959964;
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        return z + (z3 + z) / (4.0 * dof) + (5 * z5 + 16 * z3 + 3 * z) / (96.0 * dof * dof);
    }
}
