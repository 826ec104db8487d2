package dev.chain.drill;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.eval.Solve;
import java.util.SplittableRandom;

/**
 * A drill's inputs varied by a seed ({@code chain drill --vary SEED}), so that its answers cannot
 * be remembered; the same seed gives the same numbers. An input with a range takes a value in it
 * (a whole number of a count whose ends are whole, as {@code chain solve} searches one). One without, by this rule (docs/drill.md):
 * <ul>
 *   <li>a whole number of what is counted in whole units (a batch of 64, 4,096 tokens) is halved,
 *       quartered, doubled or quadrupled (never kept, so that every seed asks new numbers);</li>
 *   <li>a share (a plain number between 0 and 1, as 95% or 0.92) moves by up to 10 points, within
 *       1% .. 100%;</li>
 *   <li>any other value is multiplied by a factor from 0.5 to 2, to three significant digits.</li>
 * </ul>
 * Each stays within the input's bounds ({@code @at_least}, {@code @at_most}): one varied past them is its bound.
 */
public final class Variation {
    private static final double[] POWERS = {0.25, 0.5, 2, 4};

    private Variation() {}

    /** The inputs by slot (NaN for a binding that is no input), in base units. */
    public static double[] inputs(CheckedProgram program, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] out = new double[program.bindings().size()];
        java.util.Arrays.fill(out, Double.NaN);
        for (BindingInfo b : program.bindings()) {
            if (!b.input() || b.dimension() == null || b.isText()) {
                continue;
            }
            double v = b.writtenValue() == null ? Double.NaN : b.writtenValue();
            if (Double.isNaN(v)) {
                continue;
            }
            dev.chain.check.Bounds bounds = dev.chain.check.Bounds.of(b);
            out[b.slot()] = Math.min(bounds.most(), Math.max(bounds.least(), varied(program, b, v, random)));
        }
        return out;
    }

    private static double varied(CheckedProgram program, BindingInfo b, double v, SplittableRandom random) {
        if (b.range() != null) {
            double low = b.range().low();
            double high = b.range().high();
            double x = low + random.nextDouble() * (high - low);
            // A count's whole numbers, by the rule chain solve searches in: not a percentage's (0% .. 100% is no choice of two).
            return Solve.countedInWholeNumbers(program.units(), b, low, high) ? Math.rint(x) : x;
        }
        boolean whole = v == Math.rint(v) && v != 0 && program.units().countedInWholeUnits(b.dimension())
                && (b.display() == null || b.display().factor() == 1);
        if (whole) {
            return Math.max(1, Math.rint(v * POWERS[random.nextInt(POWERS.length)]));
        }
        if (b.dimension().isNone() && v > 0 && v <= 1) {
            double moved = v + (random.nextInt(21) - 10) / 100.0;
            return Math.min(1, Math.max(0.01, Math.rint(moved * 100) / 100));
        }
        double factor = Math.pow(2, random.nextDouble() * 2 - 1);
        return threeDigits(v * factor);
    }

    private static double threeDigits(double x) {
        if (x == 0 || !Double.isFinite(x)) {
            return x;
        }
        double scale = Math.pow(10, 2 - Math.floor(Math.log10(Math.abs(x))));
        return Math.rint(x * scale) / scale;
    }
}
