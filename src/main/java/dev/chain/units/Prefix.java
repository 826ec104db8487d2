package dev.chain.units;

import java.util.List;

/**
 * Unit prefixes. SI prefixes are decimal (k = 1000), IEC prefixes binary (Ki = 1024). Which units
 * take which family is declared in the stdlib prelude with {@code @prefixes(...)}; {@code K} is
 * deliberately absent (it is neither, see the pitfalls in the checker).
 */
public enum Prefix {
    KILO("k", 1e3, Family.SI_LARGE),
    MEGA("M", 1e6, Family.SI_LARGE),
    GIGA("G", 1e9, Family.SI_LARGE),
    TERA("T", 1e12, Family.SI_LARGE),
    PETA("P", 1e15, Family.SI_LARGE),
    EXA("E", 1e18, Family.SI_LARGE),
    MILLI("m", 1e-3, Family.SI_SMALL),
    MICRO("µ", 1e-6, Family.SI_SMALL),
    MICRO_U("u", 1e-6, Family.SI_SMALL),
    MICRO_GREEK("μ", 1e-6, Family.SI_SMALL),
    NANO("n", 1e-9, Family.SI_SMALL),
    PICO("p", 1e-12, Family.SI_SMALL),
    KIBI("Ki", 1024.0, Family.IEC),
    MEBI("Mi", 1024.0 * 1024, Family.IEC),
    GIBI("Gi", 1024.0 * 1024 * 1024, Family.IEC),
    TEBI("Ti", 1024.0 * 1024 * 1024 * 1024, Family.IEC),
    PEBI("Pi", 1024.0 * 1024 * 1024 * 1024 * 1024, Family.IEC),
    EXBI("Ei", 1024.0 * 1024 * 1024 * 1024 * 1024 * 1024, Family.IEC);

    /** All prefixes, in declaration order; {@code values()} would copy the array on every call. */
    public static final List<Prefix> ALL = List.of(values());

    private static final Prefix[] NONE = new Prefix[0];
    /** By the first char of their symbol, below 256; any other first char is looked for in OTHERS. */
    private static final Prefix[][] BY_FIRST_CHAR = new Prefix[256][];
    private static final Prefix[] OTHERS;

    static {
        java.util.List<Prefix> others = new java.util.ArrayList<>();
        for (Prefix p : values()) {
            char c = p.symbol.charAt(0);
            if (c < 256) {
                Prefix[] known = BY_FIRST_CHAR[c] == null ? NONE : BY_FIRST_CHAR[c];
                BY_FIRST_CHAR[c] = java.util.Arrays.copyOf(known, known.length + 1);
                BY_FIRST_CHAR[c][known.length] = p;
            } else {
                others.add(p);
            }
        }
        OTHERS = others.toArray(NONE);
    }

    /**
     * The prefixes whose symbol may start with {@code c}, in declaration order: a written name is
     * tried against those alone (the checker asks about every binding's name).
     */
    public static Prefix[] startingWith(char c) {
        if (c >= 256) {
            return OTHERS;
        }
        Prefix[] found = BY_FIRST_CHAR[c];
        return found == null ? NONE : found;
    }

    /** Families as named in {@code @prefixes(...)}: si_large, si_small, iec (and si for both SI). */
    public enum Family {
        SI_LARGE, SI_SMALL, IEC
    }

    private final String symbol;
    private final double factor;
    private final Family family;

    Prefix(String symbol, double factor, Family family) {
        this.symbol = symbol;
        this.factor = factor;
        this.family = family;
    }

    public String symbol() {
        return symbol;
    }

    public double factor() {
        return factor;
    }

    public Family family() {
        return family;
    }

    /** The prefixes used when chain picks a display prefix itself: decimal, one spelling each. */
    public boolean usedForDisplay() {
        return family != Family.IEC && this != MICRO_U && this != MICRO_GREEK;
    }
}
