package dev.chain.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Svg.num rounds in doubles (the page's script has no fast longs); it must write what Math.round would. */
class SvgNumberTest {
    /** What Svg.num wrote when it rounded with Math.round into a long. */
    private static String byLongs(double v) {
        long hundredths = Math.round(v * 100);
        if (hundredths == 0) {
            return "0";
        }
        String sign = hundredths < 0 ? "-" : "";
        long a = Math.abs(hundredths);
        long whole = a / 100;
        long frac = a % 100;
        if (frac == 0) {
            return sign + whole;
        }
        return sign + whole + "." + (frac % 10 == 0 ? String.valueOf(frac / 10) : (frac < 10 ? "0" : "") + frac);
    }

    @Test
    void tiesAndEdgesRoundAsMathRoundDoes() {
        assertEquals("0.13", Svg.num(0.125));
        assertEquals("-0.12", Svg.num(-0.125));
        assertEquals("2.5", Svg.num(2.5));
        assertEquals("0", Svg.num(0.0049));
        assertEquals("0", Svg.num(-0.004));
        assertEquals("1000000000000", Svg.num(1e12));
        for (double v : new double[] {0.005, -0.005, 0.015, 123.455, 0.49999999999999994 / 100, 2.2e7, -2.2e7, 1e15}) {
            assertEquals(byLongs(v), Svg.num(v), "at " + v);
        }
    }

    @Test
    void aMillionCoordinatesAreWrittenAsBefore() {
        Random random = new Random(18);
        for (int i = 0; i < 1_000_000; i++) {
            double v = switch (i % 4) {
                case 0 -> random.nextDouble() * 1000;
                case 1 -> (random.nextDouble() - 0.5) * 2e5;
                case 2 -> Math.round(random.nextDouble() * 1e5) / 200.0; // many ties at the third decimal
                default -> (random.nextInt(200_000) - 100_000) / 100.0 + 0.005;
            };
            assertEquals(byLongs(v), Svg.num(v), "at " + v);
        }
    }
}
