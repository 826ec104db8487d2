package dev.chain.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * NumberText.coordinate (an SVG's coordinates) rounds in doubles (the page's script has no fast longs): it must write the hundredths
 * Math.round gives, in the shortest form (no trailing zeros, no exponent, no "-0").
 */
class CoordinateTextTest {
    @Test
    void tiesAndEdges() {
        assertEquals("0.13", NumberText.coordinate(0.125));
        assertEquals("-0.12", NumberText.coordinate(-0.125));
        assertEquals("2.5", NumberText.coordinate(2.5));
        assertEquals("-2.5", NumberText.coordinate(-2.5));
        assertEquals("0.01", NumberText.coordinate(0.005));
        assertEquals("0", NumberText.coordinate(-0.005));
        assertEquals("0", NumberText.coordinate(0.0049));
        assertEquals("0", NumberText.coordinate(0.49999999999999994 / 100));
        assertEquals("123.46", NumberText.coordinate(123.455));
        assertEquals("22000000", NumberText.coordinate(2.2e7));
        assertEquals("-22000000", NumberText.coordinate(-2.2e7));
        assertEquals("1000000000000000", NumberText.coordinate(1e15));
    }

    @Test
    void aMillionCoordinatesAreMathRoundsHundredths() {
        Random random = new Random(18);
        for (int i = 0; i < 1_000_000; i++) {
            double v = switch (i % 4) {
                case 0 -> random.nextDouble() * 1000;
                case 1 -> (random.nextDouble() - 0.5) * 2e5;
                case 2 -> Math.round(random.nextDouble() * 1e5) / 200.0; // many ties at the third decimal
                default -> (random.nextInt(200_000) - 100_000) / 100.0 + 0.005;
            };
            String text = NumberText.coordinate(v);
            assertTrue(text.matches("0|-?[1-9][0-9]*(\\.[0-9]?[1-9])?|-?0\\.[0-9]?[1-9]"), text);
            assertEquals(Math.round(v * 100), Math.round(Double.parseDouble(text) * 100), "at " + v + ": " + text);
        }
    }
}
