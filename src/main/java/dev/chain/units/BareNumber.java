package dev.chain.units;

/**
 * A number written with no unit where a value of a dimension is due: {@code --set context=8192},
 * {@code :set context=8192}, a sweep's or a figure's point ({@code for context in 1024, 2048}), an
 * answer to {@code chain drill} or to the page's Practice ({@code tokens = 3.6}). It is a plain
 * number, so it lacks its unit for a count (tokens, pages, params are dimensions of their own, which
 * is what catches tokens added to pages) as for a time: the unit is asked for, never taken to be the
 * count's one. For a value written in percent ({@code mfu = 50%}, {@code share = floor / p50 -> %}),
 * a plain number is due, and one below 1 is the share it is ({@code 0.5}, 50%), but one of 1 or more
 * ({@code 50}, 5,000%) is a plausible number nobody meant: its unit is asked for too
 * ({@code check.BarePercent} says so for an input). One rule, here, for every front end.
 */
public final class BareNumber {
    private BareNumber() {}

    /** Whether a value of dimension {@code given}, where one of {@code due} is due, is a plain number that lacks only its unit. */
    public static boolean lacksUnit(Dimension given, Dimension due) {
        return given.isNone() && !due.isNone();
    }

    /** Whether a number with no unit, {@code value}, given for a value written in percent, lacks its {@code %}: 1 or more. */
    public static boolean lacksPercent(double value) {
        return Math.abs(value) >= 1;
    }

    /** The words for one: {@code `mfu` is written in percent, but `50` without a unit is 5,000%}. */
    public static String percentWords(String name, String typed, String percent) {
        return "`" + name + "` is written in percent, but `" + typed + "` without a unit is " + percent;
    }

    /** The hint for one: {@code write the unit: 50% (or 5,000%, if that is meant)}. */
    public static String percentHint(String corrected, String percent) {
        return "write the unit: " + corrected + " (or " + percent + ", if that is meant)";
    }

    /** The hint for one: the value written with a unit, as the front end takes it ({@code 3.6 token}, {@code --set context='8192 token'}). */
    public static String hint(String corrected) {
        return "give the unit too: " + corrected;
    }
}
