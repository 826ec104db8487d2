package dev.chain.eval;

/**
 * What one check found: whether it holds, and the values compared, in base units. For a range
 * {@code right} is the low end and {@code high} the high end; {@code tolerance} is the ≈ tolerance.
 * Over the box of ranged inputs, {@code status} may be {@link CheckStatus#UNCERTAIN}, the values are
 * those at the nominal inputs, and {@code lows} and {@code highs} each side's extremes (left, right,
 * high, tolerance, in that order; NaN for a side the check does not have); both are null for a check
 * of points.
 */
public record CheckValues(CheckStatus status, double left, double right, double high, double tolerance,
                          double[] lows, double[] highs) {
    /** A check at one point: it holds or it fails. */
    public CheckValues(boolean passed, double left, double right, double high, double tolerance) {
        this(passed ? CheckStatus.HOLDS : CheckStatus.FAILS, left, right, high, tolerance, null, null);
    }

    /** Whether it holds: over the whole box, for a check of ranges. */
    public boolean passed() {
        return status == CheckStatus.HOLDS;
    }

    /** Side {@code side} (0 left, 1 right, 2 high, 3 tolerance): its value at the nominal inputs, and its extremes over the box. */
    public Band band(int side) {
        double nominal = side == 0 ? left : side == 1 ? right : side == 2 ? high : tolerance;
        return lows == null || !(lows[side] < highs[side]) ? Band.point(nominal) : new Band(nominal, lows[side], highs[side]);
    }
}
