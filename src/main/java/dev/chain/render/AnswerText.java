package dev.chain.render;

import dev.chain.check.BindingInfo;
import dev.chain.units.FormatSpec;
import dev.chain.units.NumberText;
import dev.chain.units.QuantityFormatter;
import java.math.BigDecimal;

/**
 * How a solve's answer is written, so that its text, read back as chain reads a quantity, is a
 * value where what the answer says of it is so. A value the search evaluated (a point of a range
 * with a step, a whole number) is written with the digits it takes to read back as itself: a point
 * of {@code 0.27 .. 0.30 by 0.0001} is 0.2867, not the 0.2866 its neighbour rounds to at four digits.
 * A value the search bisected to is rounded at the digits shown away from the turn, toward the side
 * it is on: the last value where {@code y >= 286.6314} fails, 0.28663139, is written 0.2866313, and
 * the first where it holds, 0.28663141, is written 0.2866315, not the 0.2866314 where it fails.
 */
final class AnswerText {
    /** BindingValues this close (a billionth, the checks' float noise) are the same value read back. */
    private static final double NOISE = 1e-9;
    /** Seventeen significant digits tell any two doubles apart. */
    private static final int MAX_DIGITS = 17;

    /** A value as written, and what that text reads back as, in base units. */
    record Shown(QuantityFormatter.Formatted text, double si) {}

    private final QuantityFormatter formatter;
    private final BindingInfo input;

    AnswerText(QuantityFormatter formatter, BindingInfo input) {
        this.formatter = formatter;
        this.input = input;
    }

    /** A value the search evaluated, in {@code spec}, or with more digits where that does not read back as it. */
    Shown exact(double si, FormatSpec spec) {
        Shown shown = shown(si, spec);
        for (int digits = 5; digits <= MAX_DIGITS && !same(shown.si(), si); digits++) {
            shown = shown(si, FormatSpec.significant(digits));
        }
        return shown;
    }

    /**
     * A value the search bisected to, in {@code spec}, rounded up ({@code direction} 1) or down
     * (-1) at its last digit shown where rounding to the nearest went the other way.
     */
    Shown away(double si, int direction, FormatSpec spec) {
        Shown shown = shown(si, spec);
        if (onItsSide(shown.si(), si, direction)) {
            return shown;
        }
        BigDecimal written = new BigDecimal(plain(shown.text().number()));
        BigDecimal next = written.add(written.ulp().multiply(BigDecimal.valueOf(direction)));
        double factor = shown.text().unit().factor();
        Shown moved = shown(NumberText.scaled(next.toString(), next.doubleValue(), factor), spec);
        for (int digits = 5; digits <= MAX_DIGITS && !onItsSide(moved.si(), si, direction); digits++) {
            moved = shown(si, FormatSpec.significant(digits)); // not met: a number with no digit to move
        }
        return moved;
    }

    /**
     * The value of fewest significant digits from {@code low} to {@code high}, at most
     * {@code digits} of them, as the input shows it (0 where they hold it), or null if none: where a
     * turn was bisected to, the value that reads best and is still where the search put it. A turn at
     * {@code slack = 0 ms} that the checks' equality rule (a billionth of the sides) moves to -2e-8 ms
     * is at 0 ms, within the search's resolution.
     */
    Shown roundest(double low, double high, int digits) {
        if (low <= 0 && 0 <= high) {
            return shown(0, FormatSpec.significant(1));
        }
        double middle = low / 2 + high / 2;
        for (int d = 1; d <= digits; d++) {
            Shown shown = shown(middle, FormatSpec.significant(d));
            if (low <= shown.si() && shown.si() <= high) {
                return shown;
            }
        }
        return null;
    }

    /**
     * A value the search bisected to, moved away from the turn ({@code direction} 1 up, -1 down) by
     * at most {@code room}, to the value of fewest digits there: what it says of the value is so
     * there too, the condition being on that side of its turn.
     */
    Shown roundestAway(double si, int direction, double room) {
        double low = direction > 0 ? si : si - room;
        double high = direction > 0 ? si + room : si;
        if (low <= 0 && 0 <= high) {
            return shown(0, FormatSpec.significant(1));
        }
        Shown shown = away(si, direction, FormatSpec.significant(1));
        for (int digits = 2; digits <= MAX_DIGITS && !(low <= shown.si() && shown.si() <= high); digits++) {
            shown = away(si, direction, FormatSpec.significant(digits));
        }
        return shown;
    }

    private static boolean onItsSide(double shown, double si, int direction) {
        return direction > 0 ? shown >= si : shown <= si;
    }

    private static boolean same(double a, double b) {
        return a == b || Math.abs(a - b) <= NOISE * Math.max(Math.abs(a), Math.abs(b));
    }

    /** A value as the input shows it in {@code spec}, its number and base-unit value those of its text. */
    private Shown shown(double si, FormatSpec spec) {
        QuantityFormatter.Formatted f = formatter.format(si, input.dimension(), input.display(), spec);
        double back = readBack(f);
        return Double.isFinite(back) ? new Shown(new QuantityFormatter.Formatted(f.text(), f.number(),
                Double.parseDouble(plain(f.number())), f.unit()), back) : new Shown(f, si);
    }

    /** What a value's text is, read as a quantity literal is ({@code 18.81354 ms}: the decimal 0.01881354 s). */
    private static double readBack(QuantityFormatter.Formatted f) {
        String number = plain(f.number());
        try {
            return NumberText.scaled(number, Double.parseDouble(number), f.unit().factor());
        } catch (NumberFormatException notANumber) { // inf or NaN, which no answer is
            return Double.NaN;
        }
    }

    /** A number as chain writes it, without its digit grouping. */
    private static String plain(String number) {
        return number.replace(",", "");
    }
}
