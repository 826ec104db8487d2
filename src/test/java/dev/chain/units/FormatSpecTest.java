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
        assertEquals(new FormatSpec(false, 4, FormatSpec.ENGINEERING), FormatSpec.parse(".4eng"));
        assertEquals(".4eng", FormatSpec.parse(".4eng").toString());
    }

    @Test
    void rejectsWhatItDoesNotUnderstand() {
        assertNull(FormatSpec.parse(""));
        assertNull(FormatSpec.parse(".f"));
        assertNull(FormatSpec.parse(".2x"));
        assertNull(FormatSpec.parse(".123f"));
        assertNull(FormatSpec.parse("2f"));
        assertNull(FormatSpec.parse(".4en"));
        assertNull(FormatSpec.parse(".4engx"));
    }
}
