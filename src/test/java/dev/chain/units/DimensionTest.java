package dev.chain.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DimensionTest {
    private final Dimension bytes = Dimension.base(0);
    private final Dimension flop = Dimension.base(1);
    private final Dimension time = Dimension.base(2);

    @Test
    void divisionThenMultiplicationCancels() {
        Dimension bandwidth = bytes.divide(time);
        assertEquals(bytes, bandwidth.multiply(time));
        assertTrue(bandwidth.divide(bandwidth).isNone());
        assertEquals(Dimension.NONE, bytes.divide(bytes));
    }

    @Test
    void trailingZerosDoNotMakeDimensionsDifferent() {
        // time^1 / time^1 leaves a zero at index 2; it must equal the plain bytes vector.
        Dimension roundTrip = bytes.multiply(time).divide(time);
        assertEquals(bytes, roundTrip);
        assertEquals(bytes.hashCode(), roundTrip.hashCode());
    }

    @Test
    void powersAndRoots() {
        Dimension area = bytes.power(2);
        assertEquals(2, area.exponent(0));
        assertEquals(bytes, area.sqrt());
        assertNull(bytes.sqrt(), "the square root of a byte is no unit");
        assertEquals(-1, time.power(-1).exponent(2));
    }

    @Test
    void differentBasesDiffer() {
        assertNotEquals(bytes, flop);
        assertNotEquals(flop.divide(time), flop.divide(bytes));
    }
}
