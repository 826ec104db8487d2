package dev.chain.units;

/**
 * A decimal number exactly, for writing doubles: the few operations of {@code java.math.BigDecimal}
 * that number formatting needs (a double's exact value, rounding to significant digits or to
 * decimal places, the plain text), in a hundred lines of int arithmetic. The explorable page runs
 * the number formats too, and BigDecimal with BigInteger and the tables they bring were a third
 * of its script. {@code DecimalTest} holds every operation to BigDecimal's.
 *
 * <p>The value is {@code digits x 10^-scale}, negated when {@code negative}; {@code digits} has no
 * leading zeros ("0" for zero, which is never negative).
 */
public final class Decimal {
    /** How a rounding decides a digit that is exactly half way. */
    public enum Half {
        UP, EVEN
    }

    private final boolean negative;
    private final String digits;
    private final int scale;

    private Decimal(boolean negative, String digits, int scale) {
        this.negative = negative && !digits.equals("0");
        this.digits = digits;
        this.scale = scale;
    }

    /**
     * A double's exact value, as {@code new BigDecimal(v)}: {@code m x 2^e} with {@code m} odd, so
     * {@code m x 5^-e} digits at scale {@code -e} when {@code e} is negative, else the whole number.
     */
    public static Decimal of(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("not a finite number");
        }
        if (v == 0) {
            return new Decimal(false, "0", 0);
        }
        double a = Math.abs(v);
        int e = Math.max(Math.getExponent(a), Double.MIN_EXPONENT) - 52;
        double m = Math.scalb(a, -e); // a whole number below 2^53, exactly
        while (m % 2 == 0) {
            m /= 2;
            e++;
        }
        int[] limbs = limbs(m);
        if (e >= 0) {
            for (int left = e; left > 0; left -= 16) {
                limbs = times(limbs, 1 << Math.min(16, left));
            }
            return new Decimal(v < 0, text(limbs), 0);
        }
        for (int left = -e; left > 0; left -= 7) {
            limbs = times(limbs, FIVES[Math.min(7, left)]);
        }
        return new Decimal(v < 0, text(limbs), -e);
    }

    /** Powers of five whose product with a limb fits an int: 5^7 x 9,999 is below 2^31. */
    private static final int[] FIVES = {1, 5, 25, 125, 625, 3125, 15625, 78125};

    private static final int BASE = 10_000;

    /** A whole double below 2^53 in base-10,000 limbs, lowest first: division by 10,000 is exact here. */
    private static int[] limbs(double m) {
        int[] out = new int[4];
        int n = 0;
        while (m > 0) {
            double limb = m % BASE;
            out[n++] = (int) limb;
            m = (m - limb) / BASE;
        }
        return java.util.Arrays.copyOf(out, Math.max(n, 1));
    }

    private static int[] times(int[] limbs, int factor) {
        int[] out = new int[limbs.length + 2];
        int carry = 0;
        for (int i = 0; i < limbs.length; i++) {
            int p = limbs[i] * factor + carry; // below 9,999 x 78,125 + carry < 2^31
            out[i] = p % BASE;
            carry = p / BASE;
        }
        int n = limbs.length;
        while (carry > 0) {
            out[n++] = carry % BASE;
            carry /= BASE;
        }
        return java.util.Arrays.copyOf(out, n);
    }

    private static String text(int[] limbs) {
        StringBuilder out = new StringBuilder(String.valueOf(limbs[limbs.length - 1]));
        for (int i = limbs.length - 2; i >= 0; i--) {
            String limb = String.valueOf(limbs[i]);
            out.append("0000", limb.length(), 4).append(limb);
        }
        return out.toString();
    }

    /** How many significant digits: {@code BigDecimal.precision()} (1 for zero). */
    public int precision() {
        return digits.length();
    }

    public int scale() {
        return scale;
    }

    /** The digits without sign or point: {@code BigDecimal.unscaledValue()} of the magnitude. */
    public String unscaledDigits() {
        return digits;
    }

    /** To {@code n} significant digits, as {@code round(new MathContext(n, ...))}; unchanged with as few already. */
    public Decimal round(int n, Half half) {
        if (n <= 0 || digits.length() <= n) {
            return this;
        }
        Decimal rounded = dropped(digits.length() - n, half);
        // 9.99 to two digits is 10.0: three digits, one too many, and the last a zero.
        return rounded.digits.length() > n ? new Decimal(negative, rounded.digits.substring(0, n), rounded.scale - 1) : rounded;
    }

    /** To {@code newScale} decimal places, as {@code setScale(newScale, ...)}. */
    public Decimal setScale(int newScale, Half half) {
        if (newScale >= scale) {
            return digits.equals("0") ? new Decimal(false, "0", newScale)
                    : new Decimal(negative, digits + "0".repeat(newScale - scale), newScale);
        }
        return dropped(scale - newScale, half);
    }

    /** The last {@code count} digits dropped, the rest rounded by the first of them and whether any after it is not zero. */
    private Decimal dropped(int count, Half half) {
        String all = count > digits.length() ? "0".repeat(count - digits.length()) + digits : digits;
        String kept = all.substring(0, all.length() - count);
        char first = all.charAt(all.length() - count);
        boolean rest = false;
        for (int i = all.length() - count + 1; i < all.length(); i++) {
            rest |= all.charAt(i) != '0';
        }
        boolean up = first > '5' || first == '5' && (half == Half.UP || rest
                || !kept.isEmpty() && (kept.charAt(kept.length() - 1) - '0') % 2 == 1);
        String whole = up ? plusOne(kept) : kept.isEmpty() ? "0" : kept;
        return new Decimal(negative, stripLeadingZeros(whole), scale - count);
    }

    private static String plusOne(String digits) {
        char[] d = digits.toCharArray();
        int i = d.length - 1;
        while (i >= 0 && d[i] == '9') {
            d[i--] = '0';
        }
        if (i < 0) {
            return "1" + new String(d);
        }
        d[i]++;
        return new String(d);
    }

    private static String stripLeadingZeros(String s) {
        int i = 0;
        while (i < s.length() - 1 && s.charAt(i) == '0') {
            i++;
        }
        return s.substring(i);
    }

    /** The point moved {@code n} places left, as {@code movePointLeft(n)}: its scale then never below zero. */
    public Decimal movePointLeft(int n) {
        if (n == 0) {
            return this;
        }
        Decimal moved = new Decimal(negative, digits, scale + n);
        return moved.scale < 0 ? moved.setScale(0, Half.UP) : moved;
    }

    /** Without exponent, as {@code toPlainString()}: {@code -0.00125}, {@code 1200}. */
    public String toPlainString() {
        String sign = negative ? "-" : "";
        if (scale <= 0) {
            return sign + (digits.equals("0") ? "0" : digits + "0".repeat(-scale));
        }
        String padded = digits.length() <= scale ? "0".repeat(scale - digits.length() + 1) + digits : digits;
        int point = padded.length() - scale;
        return sign + padded.substring(0, point) + "." + padded.substring(point);
    }

    @Override
    public String toString() {
        return toPlainString();
    }
}
