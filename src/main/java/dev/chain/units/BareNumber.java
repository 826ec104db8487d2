package dev.chain.units;

/**
 * A number written with no unit where a value of a dimension is due: {@code --set context=8192},
 * {@code :set context=8192}, a sweep's or a figure's point ({@code for context in 1024, 2048}), an
 * answer to {@code chain drill} or to the page's Practice ({@code tokens = 3.6}). It is a plain
 * number, so it lacks its unit for a count (tokens, pages, params are dimensions of their own, which
 * is what catches tokens added to pages) as for a time: the unit is asked for, never taken to be the
 * count's one. One rule, here, for every front end; an input written in percent has one more
 * ({@code check.BarePercent}).
 */
public final class BareNumber {
    private BareNumber() {}

    /** Whether a value of dimension {@code given}, where one of {@code due} is due, is a plain number that lacks only its unit. */
    public static boolean lacksUnit(Dimension given, Dimension due) {
        return given.isNone() && !due.isNone();
    }

    /** The hint for one: the value written with a unit, as the front end takes it ({@code 3.6 token}, {@code --set context='8192 token'}). */
    public static String hint(String corrected) {
        return "give the unit too: " + corrected;
    }
}
