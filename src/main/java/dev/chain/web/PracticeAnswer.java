package dev.chain.web;

import dev.chain.drill.Answer;
import dev.chain.units.Dimension;
import dev.chain.units.Unit;
import dev.chain.units.UnitTerm;

/**
 * An answer typed into a practice box, read as {@code chain drill} reads one for the common case: a
 * number as the card writes it ({@code 15,050}, {@code 0.01505}, {@code 3.4e10}), then a unit of
 * the chain's (its model's table, {@link TableUnits}) ({@code us}, {@code GB}, {@code TB/s}, {@code FLOP/param/token},
 * {@code tokens} for {@code token}), or none; the number read by {@link TypedNumber}, the page's
 * reader of one, whose rule of digit groups is chain drill's. What the command line reads beyond that (an
 * expression, {@code 2 * 16 GB}) the box refuses, saying what it takes. Compiled by TeaVM only, in
 * the practice script.
 */
final class PracticeAnswer {
    private PracticeAnswer() {}

    static Answer read(String typed, TableUnits units) {
        String t = typed.strip();
        if (t.isEmpty()) {
            return Answer.unread(typed, "no answer: type a value with its unit, such as 15.05 ms");
        }
        int end = 0;
        while (end < t.length() && numberChar(t, end)) {
            end++;
        }
        if (end == 0) {
            return Answer.unread(typed, "cannot read `" + t + "`: type a number and its unit, such as 15.05 ms");
        }
        // The page's reader of a number, as an input's box reads one: digit groups of three after a
        // comma (`1,00` is refused, as chain drill refuses it), correctly rounded. An answer may be
        // below zero, as chain drill's may.
        String written = t.substring(0, end);
        boolean negative = written.charAt(0) == '-';
        TypedNumber n = TypedNumber.read(negative ? written.substring(1) : written);
        if (n.problem() != null) {
            // `1,00` is not a number: chain drill's words
            return Answer.unread(typed, "cannot read `" + t + "`: `" + written + "`"
                    + (n.problem().equals(TypedNumber.NOT_A_NUMBER) ? " is " : ": ") + n.problem());
        }
        double sign = negative ? -1 : 1;
        String unit = t.substring(end).strip();
        if (unit.isEmpty()) {
            return Answer.read(typed, sign * n.value(), Dimension.NONE, null);
        }
        double factor = 1;
        Dimension dimension = Dimension.NONE;
        boolean below = false;
        int at = 0;
        while (at < unit.length()) {
            int stop = at;
            while (stop < unit.length() && "/*· ".indexOf(unit.charAt(stop)) < 0) {
                stop++;
            }
            String term = unit.substring(at, stop);
            int power = 1;
            int caret = term.indexOf('^');
            if (caret > 0 && caret + 2 == term.length() && term.charAt(caret + 1) >= '1' && term.charAt(caret + 1) <= '9') {
                power = term.charAt(caret + 1) - '0';
                term = term.substring(0, caret);
            }
            if (!term.isEmpty()) {
                UnitTerm u = resolve(term, units);
                if (u == null) {
                    return Answer.unread(typed, "cannot read `" + t + "`: `" + term + "` is no unit of this chain");
                }
                for (int k = 0; k < power; k++) {
                    factor = below ? factor / u.factor() : factor * u.factor();
                    dimension = below ? dimension.divide(u.unit().dimension()) : dimension.multiply(u.unit().dimension());
                }
            }
            if (stop < unit.length() && unit.charAt(stop) == '/') {
                below = true;
            }
            at = stop + 1;
        }
        // 15050 us is the double nearest 0.01505 s, as chain drill reads it (TypedNumber.times).
        return Answer.read(typed, sign * n.times(factor), dimension, unit);
    }

    /** A unit as written, or a count's plural ({@code tokens}) in the singular. */
    private static UnitTerm resolve(String term, TableUnits units) {
        UnitTerm u = units.resolve(term);
        if (u == null && term.endsWith("s")) {
            Unit singular = units.unit(term.substring(0, term.length() - 1));
            if (singular != null && singular.plural()) {
                return new UnitTerm(term, null, singular);
            }
        }
        return u;
    }

    /** Whether the character at {@code i} belongs to the number: digits, grouping, a point, a sign, an exponent. */
    private static boolean numberChar(String t, int i) {
        char c = t.charAt(i);
        if (c >= '0' && c <= '9' || c == ',' || c == '_' || c == '.' || (c == '+' || c == '-') && i == 0) {
            return true;
        }
        // An exponent: e or E, then a digit or a sign and a digit, after a digit.
        boolean afterDigit = i > 0 && t.charAt(i - 1) >= '0' && t.charAt(i - 1) <= '9';
        if ((c == 'e' || c == 'E') && afterDigit && i + 1 < t.length()) {
            char next = t.charAt(i + 1);
            return next >= '0' && next <= '9' || (next == '+' || next == '-') && i + 2 < t.length() && t.charAt(i + 2) >= '0' && t.charAt(i + 2) <= '9';
        }
        return (c == '+' || c == '-') && i > 0 && (t.charAt(i - 1) == 'e' || t.charAt(i - 1) == 'E');
    }
}
