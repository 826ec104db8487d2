package dev.chain.eval;

/**
 * A run-time error of an evaluation: what went wrong, where (null: nowhere in particular), and at
 * which point of a sweep (-1: none). No diagnostic: the command line makes it a located one from
 * the site's span ({@link Faults}), the explorable page a message beside the reader's inputs. Both
 * word it with {@link #message()}.
 */
public final class Fault extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public enum Kind {
        /** {@code value}: nothing. */
        DIVISION_BY_ZERO,
        /** A division by a difference of equal values; {@code value}: the value both sides have. */
        ZERO_DIFFERENCE,
        UNDERFLOW,
        NO_REAL_POWER,
        /** A built-in's argument outside its domain; {@code detail} says why. */
        OUT_OF_DOMAIN,
        /** {@code detail}: what overflowed ("the value of `kv`"); {@code value}: infinity or NaN. */
        NOT_FINITE,
        /** A roofline's step with no work, traffic or time; {@code detail} says which. */
        OFF_ROOFLINE,
        /**
         * A value with no bound within the inputs' ranges, as near a division by a difference that
         * crosses zero there; {@code detail}: which value ("the value of `per`").
         */
        POLE,
        /** The REPL's Ctrl-C. */
        CANCELLED
    }

    private final Kind kind;
    private final Site site;
    private final double value;
    private final String detail;

    private final int point;
    /** The ranged inputs' slots and their values where it was met, within their box; null elsewhere. */
    private final int[] withinSlots;
    private final double[] withinValues;

    public Fault(Kind kind, Site site) {
        this(kind, site, Double.NaN, null);
    }

    public Fault(Kind kind, Site site, double value, String detail) {
        this(kind, site, value, detail, -1);
    }

    private Fault(Kind kind, Site site, double value, String detail, int point, int[] withinSlots, double[] withinValues) {
        super(null, null, false, false); // no stack trace: a fault is an answer, not a bug
        this.kind = kind;
        this.site = site;
        this.value = value;
        this.detail = detail;
        this.point = point;
        this.withinSlots = withinSlots;
        this.withinValues = withinValues;
    }

    private Fault(Kind kind, Site site, double value, String detail, int point) {
        this(kind, site, value, detail, point, null, null);
    }

    /** The same fault, met at point {@code point} of a sweep. */
    Fault atPoint(int point) {
        return new Fault(kind, site, value, detail, point, withinSlots, withinValues);
    }

    /** The same fault, met within the ranges of the inputs in {@code slots}, where they had {@code values}. */
    Fault within(int[] slots, double[] values) {
        return new Fault(kind, site, this.value, detail, point, slots, values);
    }

    /** The slots of the ranged inputs it was met within, or null when it was met at the inputs' own values. */
    public int[] withinSlots() {
        return withinSlots;
    }

    /** The values of the ranged inputs where it was met, by {@link #withinSlots()}. */
    public double[] withinValues() {
        return withinValues;
    }

    public Kind kind() {
        return kind;
    }

    public Site site() {
        return site;
    }

    /** The point of the sweep it was met at, or -1. */
    public int point() {
        return point;
    }

    public double value() {
        return value;
    }

    public String detail() {
        return detail;
    }

    /** What went wrong, in words. */
    public String message() {
        return switch (kind) {
            case DIVISION_BY_ZERO, ZERO_DIFFERENCE -> "division by zero: `" + site.text() + "` is zero";
            case UNDERFLOW -> "the result is too small to represent: it would be 0";
            case NO_REAL_POWER -> "this power has no real value";
            case OUT_OF_DOMAIN, OFF_ROOFLINE -> detail;
            case POLE -> detail + " has no bound within the inputs' ranges: it grows without limit at a point of them";
            case NOT_FINITE -> detail + (Double.isNaN(value) ? " is not a number (NaN)" : " is too large to represent (above 1.8e308)");
            case CANCELLED -> "evaluation cancelled";
        };
    }

    @Override
    public String getMessage() {
        return message();
    }
}
