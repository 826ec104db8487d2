package dev.chain.units;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Decimal against java.math.BigDecimal, the JDK's own exact decimal: for doubles of every size
 * (the card's, random bits, halves and ties, subnormals, the largest), each operation the number
 * formats use gives the same digits and scale.
 */
class DecimalTest {
    private static List<Double> doubles() {
        List<Double> out = new ArrayList<>(List.of(0.0, -0.0, 1.0, 0.5, 0.125, 0.5625, 1.005, 2.5, 15.05e-3, 16.06e9, 989e12,
                8_030_261_248.0, 9.995, 99.95, 0.0001, 1e-300, Double.MIN_VALUE, Double.MAX_VALUE, 4.9e-324, 2.2250738585072014E-308,
                123456789012345678.0, 0.30000000000000004, 999.9999999999999, 0.045, 1e22, 1e23, -2.675));
        Random random = new Random(17);
        for (int i = 0; i < 3000; i++) {
            double v = switch (i % 3) {
                case 0 -> Double.longBitsToDouble(random.nextLong() & 0x7fefffffffffffffL);
                case 1 -> random.nextDouble() * Math.pow(10, random.nextInt(40) - 20);
                default -> (random.nextInt(2_000_001) - 1_000_000) / Math.pow(10, random.nextInt(8)); // ties in decimal
            };
            out.add(i % 5 == 0 ? -v : v);
        }
        return out;
    }

    @Test
    void aDoubleIsItsExactValue() {
        for (double v : doubles()) {
            BigDecimal b = new BigDecimal(v);
            Decimal d = Decimal.of(v);
            assertEquals(b.toPlainString(), d.toPlainString(), "" + v);
            assertEquals(b.precision(), d.precision(), "precision of " + v);
            assertEquals(b.scale(), d.scale(), "scale of " + v);
        }
    }

    @Test
    void roundingAsBigDecimalRounds() {
        for (double v : doubles()) {
            BigDecimal b = new BigDecimal(v);
            Decimal d = Decimal.of(v);
            for (int n = 1; n <= 17; n += v > 1e100 || Math.abs(v) < 1e-100 ? 4 : 1) {
                assertSame(b.round(new MathContext(n, RoundingMode.HALF_EVEN)), d.round(n, Decimal.Half.EVEN), v + " to " + n + " even");
                assertSame(b.round(new MathContext(n, RoundingMode.HALF_UP)), d.round(n, Decimal.Half.UP), v + " to " + n + " up");
                Decimal fifteen = d.round(15, Decimal.Half.EVEN);
                assertSame(b.round(new MathContext(15, RoundingMode.HALF_EVEN)).round(new MathContext(n, RoundingMode.HALF_UP)),
                        fifteen.round(n, Decimal.Half.UP), v + " to 15, then " + n);
            }
            if (Math.abs(v) < 1e30 && Math.abs(v) > 1e-30 || v == 0) {
                for (int places = -3; places <= 20; places++) {
                    assertSame(b.setScale(places, RoundingMode.HALF_EVEN), d.setScale(places, Decimal.Half.EVEN), v + " at " + places);
                    assertSame(b.setScale(places, RoundingMode.HALF_UP), d.setScale(places, Decimal.Half.UP), v + " at " + places);
                }
                for (int left = -6; left <= 6; left += 3) {
                    BigDecimal r = b.round(new MathContext(4, RoundingMode.HALF_EVEN));
                    assertSame(r.movePointLeft(left), d.round(4, Decimal.Half.EVEN).movePointLeft(left), v + " moved " + left);
                }
            }
        }
    }

    private static void assertSame(BigDecimal expected, Decimal got, String what) {
        assertEquals(expected.toPlainString(), got.toPlainString(), what);
        assertEquals(expected.scale(), got.scale(), what + ": scale");
        assertEquals(expected.unscaledValue().abs().toString(), got.unscaledDigits(), what + ": digits");
    }
}
