package dev.chain.web;

import dev.chain.eval.Band;

/**
 * What a reader typed into an input box: a number ({@link TypedNumber}), or a range written as a
 * chain writes one ({@code docs/language.md}, Ranges), each number in the box's unit, which it may
 * carry ({@code 40 .. 60} or {@code 40% .. 60%} in the box of an input in %):
 * <ul>
 * <li>{@code 40 .. 60}: between two values, the nominal value the middle;</li>
 * <li>{@code 50 ± 10} (or {@code +/-}): around a value by an amount in the box's unit; a percentage
 *     in a box of another unit is a fraction of the value ({@code 3.35 ± 5%} TB/s);</li>
 * <li>{@code 95 (90 .. 98)}: a nominal value, then the range.</li>
 * </ul>
 * The box's value is then the nominal one; its ends are read as {@code --set mfu='40% .. 60%'}
 * reads them ({@link #si}). The numbers are in the box's unit, as typed.
 *
 * @param problem null for a value or a range; else what is wrong, shown beside the box
 */
record TypedInput(Kind kind, TypedNumber first, TypedNumber second, TypedNumber third, String problem) {
    /** How the box's text is written: each a way a chain writes an input. */
    enum Kind {
        /** One value: {@code first}. */
        VALUE,
        /** {@code first .. second}. */
        BETWEEN,
        /** {@code first (second .. third)}. */
        AROUND,
        /** {@code first ± second}, an amount in the box's unit. */
        PLUS_MINUS,
        /** {@code first ± second%}, a fraction of the value (a box with a unit other than %). */
        PLUS_MINUS_FRACTION
    }

    private static TypedInput problem(String why) {
        return new TypedInput(Kind.VALUE, null, null, null, why);
    }

    private static TypedInput of(Kind kind, TypedNumber first, TypedNumber second, TypedNumber third) {
        return new TypedInput(kind, first, second, third, null);
    }

    /**
     * The box's nominal value, low end and high end in base units, for a box whose unit is
     * {@code factor} base units: computed as the checker computes a range written in a chain
     * ({@code check.SpreadChecker}), so that the page's ends are {@code --set}'s to the last bit.
     */
    Band si(double factor) {
        return switch (kind) {
            case VALUE -> Band.point(first.times(factor));
            case BETWEEN -> {
                double low = first.times(factor);
                double high = second.times(factor);
                yield new Band((low + high) / 2, low, high);
            }
            case AROUND -> new Band(first.times(factor), second.times(factor), third.times(factor));
            // in the unit both are written in: 85 ± 5 (%) is 80% exactly
            case PLUS_MINUS -> new Band(first.times(factor), (first.value() - second.value()) * factor,
                (first.value() + second.value()) * factor);
            case PLUS_MINUS_FRACTION -> {
                double centre = first.times(factor);
                double amount = Math.abs(centre) * (second.value() * PERCENT);
                yield new Band(centre, centre - amount, centre + amount);
            }
        };
    }

    /** What {@code %} is, as the chain's units define it. */
    private static final double PERCENT = 0.01;

    /** Reads a box's text, in the box's unit {@code unit} (its text, empty for none). */
    static TypedInput read(String typed, String unit) {
        String t = typed.strip();
        int pm = t.indexOf('±');
        int pmLength = 1;
        if (pm < 0) {
            pm = t.indexOf("+/-");
            pmLength = 3;
        }
        if (pm >= 0) { // 50 ± 10: around a value
            TypedNumber centre = number(t.substring(0, pm), unit);
            String tolerance = t.substring(pm + pmLength).strip();
            boolean fraction = tolerance.endsWith("%") && !unit.equals("%");
            TypedNumber amount = fraction ? TypedNumber.read(tolerance.substring(0, tolerance.length() - 1))
                    : number(tolerance, unit);
            if (centre.problem() != null || amount.problem() != null) {
                return problem(centre.problem() != null ? centre.problem() : amount.problem());
            }
            if (fraction && unit.isEmpty()) { // 64 ± 10%: 57.6 .. 70.4, or 54 .. 74?
                return problem("a fraction or an amount? write the range: 57.6 .. 70.4");
            }
            TypedInput around = of(fraction ? Kind.PLUS_MINUS_FRACTION : Kind.PLUS_MINUS, centre, amount, null);
            return around.si(1).low() < 0 ? problem("cannot be below zero") : around;
        }
        int open = t.indexOf('(');
        if (open >= 0) { // 95 (90 .. 98): a nominal value, then its range
            int dots = t.indexOf("..", open);
            if (!t.endsWith(")") || dots < 0) {
                return problem("write a range as 95 (90 .. 98)");
            }
            TypedNumber nominal = number(t.substring(0, open), unit);
            TypedNumber low = number(t.substring(open + 1, dots), unit);
            TypedNumber high = number(t.substring(dots + 2, t.length() - 1), unit);
            String why = nominal.problem() != null ? nominal.problem() : low.problem() != null ? low.problem() : high.problem();
            if (why != null) {
                return problem(why);
            }
            if (low.value() > high.value()) {
                return problem("the low end is above the high end");
            }
            if (nominal.value() < low.value() || nominal.value() > high.value()) {
                return problem("the value is outside its range");
            }
            return of(Kind.AROUND, nominal, low, high);
        }
        int dots = t.indexOf("..");
        if (dots >= 0) { // 40 .. 60: between two values
            TypedNumber low = number(t.substring(0, dots), unit);
            TypedNumber high = number(t.substring(dots + 2), unit);
            if (low.problem() != null || high.problem() != null) {
                return problem(low.problem() != null ? low.problem() : high.problem());
            }
            if (low.value() > high.value()) {
                return problem("the low end is above the high end");
            }
            return of(Kind.BETWEEN, low, high, null);
        }
        TypedNumber n = number(t, unit);
        return n.problem() != null ? problem(n.problem()) : of(Kind.VALUE, n, null, null);
    }

    /** A number in the box's unit, written with that unit or without it. */
    private static TypedNumber number(String text, String unit) {
        String t = text.strip();
        if (!unit.isEmpty() && t.endsWith(unit)) {
            t = t.substring(0, t.length() - unit.length());
        }
        return TypedNumber.read(t);
    }
}
