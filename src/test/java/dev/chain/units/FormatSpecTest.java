package dev.chain.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class FormatSpecTest {
    @Test
    void parsesTheSupportedForms() {
        assertEquals(new FormatSpec(true, 0, 'f'), FormatSpec.parse(",.0f"));
        assertEquals(new FormatSpec(false, 2, 'f'), FormatSpec.parse(".2f"));
        assertEquals(new FormatSpec(false, 3, 'g'), FormatSpec.parse(".3g"));
        assertEquals(new FormatSpec(false, 3, 'g'), FormatSpec.parse(".3"), "a bare precision means significant digits");
        assertEquals(new FormatSpec(true, -1, FormatSpec.DEFAULT), FormatSpec.parse(","));
    }

    @Test
    void rejectsWhatItDoesNotUnderstand() {
        assertNull(FormatSpec.parse(""));
        assertNull(FormatSpec.parse(".f"));
        assertNull(FormatSpec.parse(".2x"));
        assertNull(FormatSpec.parse(".123f"));
        assertNull(FormatSpec.parse("2f"));
    }
}
