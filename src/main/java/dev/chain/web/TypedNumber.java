package dev.chain.web;

import dev.chain.units.Ascii;

/**
 * What a reader typed into an input box, as a number, or why it is not one they can mean. The box
 * takes a number as the card writes one, {@code [+-] digits [.digits] [e[+-]digits]}, its digits
 * grouped by commas ({@code 4,096}) or underscores or not at all; its unit is the box's.
 *
 * @param problem  null for a number; else what is wrong, shown beside the box
 * @param digits   the digits typed, as a whole number ({@code 7102} for {@code 71.02})
 * @param exponent the power of ten they are times ({@code -2})
 */
record TypedNumber(double value, String problem, double digits, int exponent) {
    /** Powers of ten that a double holds exactly. */
    private static final double[] TENS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
        1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

    /** The problem of text that is no number ({@code 1,00}, {@code 1.2.3}). */
    static final String NOT_A_NUMBER = "not a number";

    private static TypedNumber problem(String why) {
        return new TypedNumber(Double.NaN, why, 0, 0);
    }

    /**
     * Read as {@code --set} reads it, to the nearest double, or refused. Up to 15 significant digits
     * times a power of ten that a double holds exactly is one operation, correctly rounded
     * (Clinger's fast path): every number a reader types, and no parsing code of the class library
     * in the page's script.
     */
    static TypedNumber read(String typed) {
        String t = typed.strip().replace("_", "");
        if (t.isEmpty()) {
            return problem("enter a number");
        }
        int sign = t.startsWith("+") || t.startsWith("-") ? 1 : 0;
        int end = sign;
        while (end < t.length() && (Ascii.digit(t.charAt(end)) || t.charAt(end) == ',')) {
            end++;
        }
        if (!grouped(t.substring(sign, end))) {
            return problem(NOT_A_NUMBER);
        }
        String number = t.substring(0, end).replace(",", "") + t.substring(end);
        double digits = 0;
        int significant = 0;
        int seen = 0;
        int exponent = 0;
        int i = sign;
        for (boolean fraction = false; i < number.length(); i++) {
            char c = number.charAt(i);
            if (c == '.' && !fraction) {
                fraction = true;
                if (i + 1 == number.length() || !Ascii.digit(number.charAt(i + 1))) {
                    return problem(NOT_A_NUMBER);
                }
                continue;
            }
            if (!Ascii.digit(c)) {
                break;
            }
            seen++;
            if (significant > 0 || c != '0') {
                significant++;
                digits = digits * 10 + (c - '0'); // exact while below 10^15
            }
            exponent -= fraction ? 1 : 0;
        }
        if (seen == 0) {
            return problem(NOT_A_NUMBER);
        }
        if (i < number.length()) { // an exponent, or nothing a number can have
            String e = number.substring(i + 1);
            int from = e.startsWith("+") || e.startsWith("-") ? 1 : 0;
            if (number.charAt(i) != 'e' && number.charAt(i) != 'E' || e.length() == from || !allDigits(e, from)) {
                return problem(NOT_A_NUMBER);
            }
            int magnitude = e.length() - from > 7 ? 9_999_999 : Integer.parseInt(e.substring(from));
            exponent += e.startsWith("-") ? -magnitude : magnitude;
        }
        if (digits == 0) {
            return new TypedNumber(0, null, 0, 0);
        }
        if (sign == 1 && t.charAt(0) == '-') {
            return problem("cannot be below zero");
        }
        if (significant > 15 || exponent < -22) {
            return problem("at most 15 significant digits, from about 1e-22");
        }
        double v = exponent < 0 ? digits / TENS[-exponent]
                : exponent <= 22 ? digits * TENS[exponent]
                // beyond 10^22: the first product still a whole number, exactly, when it stays below 2^53
                : exponent <= 44 && digits * TENS[exponent - 22] < 9.007199254740992E15 ? digits * TENS[exponent - 22] * TENS[22]
                : Double.POSITIVE_INFINITY;
        return Double.isInfinite(v) ? problem("too large") : new TypedNumber(v, null, digits, exponent);
    }

    /**
     * This number in base units, in a box whose unit is {@code factor} of them, as chain reads a
     * number written before a unit ({@code units.NumberText.scaled}): where the factor is a power of
     * ten, the typed digits with the point moved, one correctly rounded operation (71.02 in a box in %
     * is the double nearest 0.7102, as {@code --set loss=71.02%} is, not 71.02 x 0.01); else times it.
     */
    double times(double factor) {
        for (int k = -22; k <= 22 && digits != 0; k++) {
            if (factor == (k < 0 ? 1 / TENS[-k] : TENS[k])) {
                int e = exponent + k;
                return e < -22 || e > 22 ? value * factor : e < 0 ? digits / TENS[-e] : digits * TENS[e];
            }
        }
        return value * factor;
    }

    /** Digits written whole ({@code 4096}) or grouped by commas ({@code 4,096}: one to three, then threes). */
    private static boolean grouped(String whole) {
        int comma = whole.indexOf(',');
        if (comma < 0) {
            return true;
        }
        if (comma == 0 || comma > 3) {
            return false;
        }
        for (int at = comma; at < whole.length(); at += 4) {
            if (whole.length() - at < 4 || whole.charAt(at) != ',' || !allDigits(whole.substring(at + 1, at + 4), 0)) {
                return false;
            }
        }
        return true;
    }

    private static boolean allDigits(String s, int from) {
        for (int i = from; i < s.length(); i++) {
            if (!Ascii.digit(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
