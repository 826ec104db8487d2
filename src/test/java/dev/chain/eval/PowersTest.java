package dev.chain.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A power is the same double on the JVM and on the page (PageScriptTest holds the page to it): a
 * whole exponent by repeated squaring. These hold it to what a power is.
 */
class PowersTest {
    @Test
    void wholePowersOfSmallNumbersAreExact() {
        assertEquals(1024.0, Powers.pow(2, 10));
        assertEquals(243.0, Powers.pow(3, 5));
        assertEquals(-8.0, Powers.pow(-2, 3));
        assertEquals(0x1p-60, Powers.pow(2, -60));
        assertEquals(Math.pow(2, 1023), Powers.pow(2, 1023));
        assertEquals(1.0, Powers.pow(0, 0));
        assertEquals(1.0, Powers.pow(Double.NaN, 0), "as Math.pow: anything to the power 0 is 1");
    }

    @Test
    void theEdgesAreMathPowsOnes() {
        assertEquals(0.0, Powers.pow(1e-200, 2), "too small for a double: the evaluator reports it (Powers.underflowed)");
        assertEquals(Double.POSITIVE_INFINITY, Powers.pow(10, 400));
        assertEquals(Double.POSITIVE_INFINITY, Powers.pow(0, -1));
        assertEquals(Double.NEGATIVE_INFINITY, Powers.pow(-0.0, -1));
        assertTrue(Double.isNaN(Powers.pow(-8, 1.0 / 3)), "a negative base to a fractional power has no real value");
        assertEquals(Math.sqrt(2), Powers.pow(2, 0.5), 1e-15);
    }

    @Test
    void aWholePowerIsWithinItsExponentsUlpsOfTheCorrectlyRoundedOne() {
        Random random = new Random(7);
        for (int i = 0; i < 100_000; i++) {
            double base = random.nextDouble() * 20;
            int exponent = random.nextInt(60) - 20;
            double expected = StrictMath.pow(base, exponent); // within 1 ulp of the true power
            double got = Powers.pow(base, exponent);
            // Each squaring doubles the error so far: at most about |exponent| roundings' worth, 1e-14 at 40.
            assertTrue(Math.abs(got - expected) <= Math.abs(exponent) * Math.ulp(expected) + Math.ulp(expected), base + "^" + exponent + ": " + got + " against " + expected);
        }
    }
}
