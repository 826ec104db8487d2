package dev.chain.web;

/**
 * What a reader typed into an input box, as a number, or why it is not one they can mean. The box
 * takes a plain number as the card writes one: digits grouped by commas ({@code 4,096}) or
 * underscores, a decimal point, an exponent ({@code 8.03e9}); its unit is the box's.
 *
 * @param problem null for a number; else what is wrong, shown beside the box
 */
record TypedNumber(double value, String problem) {
    static TypedNumber read(String typed) {
        String t = typed.strip().replace("_", "");
        if (t.isEmpty()) {
            return new TypedNumber(Double.NaN, "enter a number");
        }
        if (!wellFormed(t)) {
            return new TypedNumber(Double.NaN, "not a number");
        }
        double v = exact(t.replace(",", ""));
        if (Double.isNaN(v)) {
            return new TypedNumber(Double.NaN, "at most 15 significant digits, between 1e-22 and 1e37");
        }
        if (Double.isInfinite(v)) {
            return new TypedNumber(Double.NaN, "too large");
        }
        if (v < 0) {
            return new TypedNumber(Double.NaN, "cannot be below zero");
        }
        return new TypedNumber(v == 0 ? 0.0 : v, null);
    }

    /** {@code [+-]? (d{1,3}(,ddd)+ | d+)? (.d+)? ([eE][+-]?d+)?} with at least one digit before the exponent. */
    private static boolean wellFormed(String t) {
        int i = t.charAt(0) == '+' || t.charAt(0) == '-' ? 1 : 0;
        int start = i;
        while (i < t.length() && isDigit(t.charAt(i))) {
            i++;
        }
        int whole = i - start;
        if (whole > 0 && whole <= 3) { // digit groups: ,ddd after one to three digits
            while (i + 3 < t.length() && t.charAt(i) == ',' && isDigit(t.charAt(i + 1)) && isDigit(t.charAt(i + 2))
                    && isDigit(t.charAt(i + 3))) {
                i += 4;
            }
        }
        int digits = i - start;
        if (i < t.length() && t.charAt(i) == '.') {
            int fraction = ++i;
            while (i < t.length() && isDigit(t.charAt(i))) {
                i++;
            }
            if (i == fraction) {
                return false;
            }
            digits += i - fraction;
        }
        if (digits == 0) {
            return false;
        }
        if (i < t.length() && (t.charAt(i) == 'e' || t.charAt(i) == 'E')) {
            i++;
            if (i < t.length() && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
                i++;
            }
            int exponent = i;
            while (i < t.length() && isDigit(t.charAt(i))) {
                i++;
            }
            if (i == exponent) {
                return false;
            }
        }
        return i == t.length();
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Powers of ten that a double holds exactly. */
    private static final double[] TENS = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
        1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

    /**
     * The double nearest the decimal, as {@code --set} reads it, or NaN for one this cannot read
     * exactly. Up to 15 significant digits times a power of ten that a double holds exactly is one
     * operation, correctly rounded (Clinger's fast path): every number a reader types into a box,
     * with no parsing code from the class library in the page's script.
     */
    private static double exact(String t) {
        boolean negative = t.charAt(0) == '-';
        int i = t.charAt(0) == '+' || negative ? 1 : 0;
        double digits = 0;
        int significant = 0;
        int exponent = 0;
        boolean fraction = false;
        for (; i < t.length() && t.charAt(i) != 'e' && t.charAt(i) != 'E'; i++) {
            char c = t.charAt(i);
            if (c == '.') {
                fraction = true;
                continue;
            }
            if (significant > 0 || c != '0') {
                significant++;
                digits = digits * 10 + (c - '0'); // exact: below 10^15
            }
            if (fraction) {
                exponent--;
            }
        }
        if (i < t.length()) {
            String e = t.substring(i + 1);
            if (e.length() > 6) { // beyond any double: too large, or below what a box reads exactly
                return digits == 0 ? 0 : e.startsWith("-") ? Double.NaN : Double.POSITIVE_INFINITY;
            }
            exponent += Integer.parseInt(e.startsWith("+") ? e.substring(1) : e);
        }
        if (digits == 0) {
            return 0;
        }
        if (significant > 15) {
            return Double.NaN;
        }
        double v;
        if (exponent >= 0 && exponent < TENS.length) {
            v = digits * TENS[exponent];
        } else if (exponent < 0 && -exponent < TENS.length) {
            v = digits / TENS[-exponent];
        } else if (exponent >= TENS.length && exponent - 22 < TENS.length && digits * TENS[exponent - 22] < 9.007199254740992E15) {
            v = digits * TENS[exponent - 22] * TENS[22]; // the first product is a whole number, exactly
        } else {
            return exponent > 0 ? Double.POSITIVE_INFINITY : Double.NaN;
        }
        return negative ? -v : v;
    }
}
