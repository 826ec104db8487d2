package dev.chain.units;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.chain.session.Engine;
import org.junit.jupiter.api.Test;

class QuantityFormatterTest {
    private final UnitRegistry units = new Engine().units();
    private final QuantityFormatter formatter = new QuantityFormatter(units);

    private String auto(double si, String dimension) {
        Dimension d = Dimension.NONE;
        for (String part : dimension.split(" ")) {
            if (part.isEmpty()) {
                continue;
            }
            boolean inverse = part.startsWith("/");
            Dimension base = units.dimension(inverse ? part.substring(1) : part);
            d = inverse ? d.divide(base) : d.multiply(base);
        }
        return formatter.text(si, d);
    }

    @Test
    void picksTheSiPrefixThatPutsTheNumberBetweenOneAndAThousand() {
        assertEquals("4.794 ms", auto(4.7940298e-3, "Time"));
        assertEquals("34.36 GB", auto(34_359_738_368.0, "Bytes"));
        assertEquals("33.92 TFLOP", auto(33.92e12, "Compute"));
        assertEquals("12.5 GB/s", auto(12.5e9, "Bytes /Time"));
        assertEquals("295.2 FLOP/B", auto(295.22e0, "Compute /Bytes"));
        assertEquals("3.35 TB/s", auto(3.35e12, "Bandwidth"));
        assertEquals("750 µs", auto(750e-6, "Time"));
        assertEquals("3,600 s", auto(3600, "Time"), "time takes no large prefixes: ks would surprise");
        assertEquals("512 B", auto(512, "Bytes"));
    }

    @Test
    void countsTakeNoPrefix() {
        assertEquals("26,483 page", auto(26483, "Pages"));
        assertEquals("8,030,261,248 param", auto(8_030_261_248.0, "Params"));
    }

    @Test
    void anExplicitUnitAndSpecWin() {
        DisplayUnit ms = new DisplayUnit("ms", 1e-3, units.dimension("Time"), false);
        assertEquals("15.05 ms", formatter.format(0.0150508, units.dimension("Time"), ms, FormatSpec.parse(".2f")).text());
        DisplayUnit percent = new DisplayUnit("%", 0.01, Dimension.NONE, true);
        assertEquals("63%", formatter.format(0.62708, Dimension.NONE, percent, FormatSpec.parse(".0f")).text());
    }

    @Test
    void scientificAndEngineeringNotationWithoutAUnitUseTheBaseUnit() {
        Dimension compute = units.dimension("Compute");
        assertEquals("294.5e12 FLOP", formatter.format(294.5e12, compute, null, FormatSpec.parse(".4eng")).text());
        assertEquals("1.61e10 B", formatter.format(16.06e9, units.dimension("Bytes"), null, FormatSpec.parse(".2e")).text());
        assertEquals("33.92 TFLOP", formatter.format(33.92e12, compute, null, FormatSpec.parse(".4g")).text(),
                "other formats keep the prefix");
    }

    @Test
    void dimensionlessValuesAreBareNumbers() {
        assertEquals("5.282", auto(3000.0 / 568, ""));
    }
}
