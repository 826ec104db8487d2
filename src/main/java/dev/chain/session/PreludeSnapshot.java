package dev.chain.session;

import dev.chain.units.Dimension;
import dev.chain.units.Prefix;
import dev.chain.units.Unit;
import dev.chain.units.UnitRegistry;
import java.util.List;
import java.util.Set;

/**
 * Generated from stdlib/prelude.chain by PreludeSnapshotTest; do not edit. The prelude's
 * dimensions and units, declared as checking the prelude declares them, without parsing it.
 */
final class PreludeSnapshot {
    /** The length and hash of the prelude text this was made from. */
    private static final int LENGTH = 4031;
    private static final int HASH = 1047076564;

    private PreludeSnapshot() {}

    /** Declares the prelude in {@code r} and returns true, if {@code prelude} is the text this was made from. */
    static boolean declare(UnitRegistry r, String prelude) {
        if (prelude.length() != LENGTH || prelude.hashCode() != HASH) {
            return false;
        }
        r.declareBaseDimension("Information");
        r.declareDimension("Bytes", Dimension.of(1));
        r.declareBaseDimension("Compute");
        r.declareBaseDimension("Time");
        r.declareDimension("Bandwidth", Dimension.of(1, 0, -1));
        r.declareDimension("ComputeRate", Dimension.of(0, 1, -1));
        r.declareDimension("ArithmeticIntensity", Dimension.of(-1, 1));
        r.declareBaseDimension("Params");
        r.declareBaseDimension("Tokens");
        r.declareBaseDimension("Pages");
        r.declareBaseDimension("Requests");
        r.declareBaseDimension("GPUs");
        r.declareBaseDimension("Energy");
        r.declareDimension("Power", Dimension.of(0, 0, -1, 0, 0, 0, 0, 0, 1));
        r.declareBaseDimension("Money");
        r.declareUnit(new Unit(List.of("B", "byte"), 1.0, Dimension.of(1),
                Set.of(Prefix.Family.IEC, Prefix.Family.SI_LARGE), false, false, false, "SI / IEC 80000-13: 1 B = 8 bit; GB = 10^9 B, GiB = 2^30 B"));
        r.declareUnit(new Unit(List.of("bit", "b"), 0.125, Dimension.of(1),
                Set.of(Prefix.Family.IEC, Prefix.Family.SI_LARGE), false, false, false, null));
        r.declareUnit(new Unit(List.of("FLOP", "FLOPs"), 1.0, Dimension.of(0, 1),
                Set.of(Prefix.Family.SI_LARGE), false, false, false, null));
        r.declareUnit(new Unit(List.of("s", "second"), 1.0, Dimension.of(0, 0, 1),
                Set.of(Prefix.Family.SI_SMALL), false, false, false, null));
        r.declareUnit(new Unit(List.of("min", "minute"), 60.0, Dimension.of(0, 0, 1),
                Set.of(), false, false, false, null));
        r.declareUnit(new Unit(List.of("h", "hour"), 3600.0, Dimension.of(0, 0, 1),
                Set.of(), false, false, false, null));
        r.declareUnit(new Unit(List.of("day"), 86400.0, Dimension.of(0, 0, 1),
                Set.of(), false, true, false, null));
        r.declareUnit(new Unit(List.of("week"), 604800.0, Dimension.of(0, 0, 1),
                Set.of(), false, true, false, null));
        r.declareUnit(new Unit(List.of("%"), 0.01, Dimension.of(),
                Set.of(), true, false, false, null));
        r.declareUnit(new Unit(List.of("x"), 1.0, Dimension.of(),
                Set.of(), true, false, false, null));
        r.declareUnit(new Unit(List.of("param"), 1.0, Dimension.of(0, 0, 0, 1),
                Set.of(Prefix.Family.SI_LARGE), false, true, true, null));
        r.declareUnit(new Unit(List.of("token"), 1.0, Dimension.of(0, 0, 0, 0, 1),
                Set.of(Prefix.Family.SI_LARGE), false, true, true, null));
        r.declareUnit(new Unit(List.of("page"), 1.0, Dimension.of(0, 0, 0, 0, 0, 1),
                Set.of(), false, true, true, null));
        r.declareUnit(new Unit(List.of("request"), 1.0, Dimension.of(0, 0, 0, 0, 0, 0, 1),
                Set.of(), false, true, true, null));
        r.declareUnit(new Unit(List.of("GPU"), 1.0, Dimension.of(0, 0, 0, 0, 0, 0, 0, 1),
                Set.of(), false, true, true, null));
        r.declareUnit(new Unit(List.of("J", "joule"), 1.0, Dimension.of(0, 0, 0, 0, 0, 0, 0, 0, 1),
                Set.of(Prefix.Family.SI_LARGE, Prefix.Family.SI_SMALL), false, false, false, "SI Brochure, 9th edition (BIPM 2019), table 4: the joule, J = N m = kg m^2 s^-2"));
        r.declareUnit(new Unit(List.of("W", "watt"), 1.0, Dimension.of(0, 0, -1, 0, 0, 0, 0, 0, 1),
                Set.of(Prefix.Family.SI_LARGE, Prefix.Family.SI_SMALL), false, false, false, "SI Brochure, 9th edition (BIPM 2019), table 4: the watt, W = J/s"));
        r.declareUnit(new Unit(List.of("Wh"), 3600.0, Dimension.of(0, 0, 0, 0, 0, 0, 0, 0, 1),
                Set.of(Prefix.Family.SI_LARGE), false, false, false, "a watt for an hour: 1 Wh = 1 W x 3,600 s = 3,600 J (IEC 80000-6)"));
        r.declareUnit(new Unit(List.of("USD"), 1.0, Dimension.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 1),
                Set.of(), false, false, false, null));
        return true;
    }
}
