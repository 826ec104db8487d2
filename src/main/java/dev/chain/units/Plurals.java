package dev.chain.units;

/**
 * Which units prose writes in the plural after a number other than 1: the one rule for a
 * template's values, a check's outcome, a solve's answer and a diagnostic's values, so that an
 * inputs line's "25,600 pages" is "25,600 pages is at most 26,483 pages" in the check below it too.
 */
public final class Plurals {
    private final UnitRegistry units;

    public Plurals(UnitRegistry units) {
        this.units = units;
    }

    /** The plural of a value's unit as it is chosen: of the unit it is fixed in, or of the base its prefixes go on; null for none. */
    public String of(QuantityFormatter.UnitChoice choice) {
        return of(choice.fixed() != null ? choice.fixed() : choice.base());
    }

    /** A value as prose writes it: a count in the plural after a number other than 1 ({@code 4,096 tokens}). */
    public String prose(QuantityFormatter.Formatted f) {
        String plural = f.number().equals("1") || f.unit() == null || f.unit().isEmpty() ? null : of(f.unit());
        return plural == null ? f.text() : f.number() + " " + plural;
    }

    /**
     * A unit as prose writes it after a number other than 1: a count in the plural
     * ({@code 2,112 tokens}), and so is a rate of one ({@code 10 tokens/s}, {@code 16 tokens/page});
     * null for a unit that stays as it is ({@code GB}, {@code B/token}).
     */
    public String of(DisplayUnit unit) {
        if (isCount(unit)) {
            return unit.text() + "s";
        }
        String text = unit.text();
        int per = text.indexOf('/');
        if (per > 0 && !unit.glued()) {
            String counted = text.substring(0, per);
            DisplayUnit numerator = new DisplayUnit(counted, 1, unit.dimension(), false);
            if (isCount(numerator)) {
                return counted + "s" + text.substring(per);
            }
        }
        return null;
    }

    /**
     * A count unit declared {@code @plural} (token, page, request) is written in the plural in
     * prose; a symbol (USD) never is. The unit is looked up by name, so {@code B/token} is not one.
     */
    private boolean isCount(DisplayUnit unit) {
        if (unit == null || unit.isEmpty() || unit.glued()) {
            return false;
        }
        UnitTerm term = units.resolve(unit.text());
        if (term == null || term.prefix() != null) {
            return false;
        }
        Unit u = term.unit();
        return u.plural();
    }
}
