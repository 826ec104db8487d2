package dev.chain.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.chain.session.Engine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Prefix parsing against the units the stdlib prelude declares. */
class UnitRegistryTest {
    private final UnitRegistry units = new Engine().units();

    @ParameterizedTest(name = "{0} = {1} {2}")
    @CsvSource({
        "B,     1,                    B",
        "kB,    1000,                 B",
        "KiB,   1024,                 B",
        "MiB,   1048576,              B",
        "GB,    1e9,                  B",
        "GiB,   1073741824,           B",
        "TB,    1e12,                 B",
        "PB,    1e15,                 B",
        "EB,    1e18,                 B",
        "TiB,   1099511627776,        B",
        "PiB,   1125899906842624,     B",
        "EiB,   1152921504606846976,  B",
        "bit,   0.125,                B",
        "b,     0.125,                B",
        "Gb,    1.25e8,               B",
        "Gbit,  1.25e8,               B",
        "Mib,   131072,               B",
        "FLOP,  1,                    FLOP",
        "FLOPs, 1,                    FLOP",
        "TFLOP, 1e12,                 FLOP",
        "PFLOP, 1e15,                 FLOP",
        "s,     1,                    s",
        "ms,    1e-3,                 s",
        "us,    1e-6,                 s",
        "µs,    1e-6,                 s",
        "μs,    1e-6,                 s",
        "ns,    1e-9,                 s",
        "ps,    1e-12,                s",
        "min,   60,                   s",
        "h,     3600,                 s",
        "token, 1,                    token",
        "page,  1,                    page",
        "ktoken, 1000,                token",
        "Mtoken, 1e6,                 token",
        "Gparam, 1e9,                 param",
        "kW,    1000,                 J/s",
        "MWh,   3.6e9,                J",
    })
    void resolvesUnitsWithTheirPrefixes(String written, double factor, String base) {
        UnitTerm term = units.resolve(written);
        assertNotNull(term, written);
        assertEquals(factor, term.factor(), factor * 1e-12);
        assertEquals(base, units.baseUnits(term.unit().dimension()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"KB", "Kb", "FLOPS", "TFLOPS", "mb", "mB", "Ms", "ks", "kpage", "Mrequest", "mtoken", "bytes", "tokens"})
    void refusesWhatIsNotAUnitHere(String written) {
        assertNull(units.resolve(written), written + " must not resolve");
    }

    @Test
    void minIsMinutesNotMilliSomething() {
        assertEquals(60, units.resolve("min").factor());
        assertNull(units.resolve("min").prefix());
    }

    @Test
    void dimensionsAreDescribedInBaseUnitsAndByName() {
        Dimension bandwidth = units.dimension("Bandwidth");
        assertEquals("B/s (bandwidth)", units.describe(bandwidth));
        assertEquals("B (information)", units.describe(units.dimension("Bytes")));
        assertEquals("FLOP/s (compute rate)", units.describe(units.dimension("ComputeRate")));
        assertEquals("1 (dimensionless)", units.describe(Dimension.NONE));
        Dimension perParamToken = units.dimension("Compute").divide(units.dimension("Params")).divide(units.dimension("Tokens"));
        assertEquals("FLOP/param/token", units.describe(perParamToken));
    }

    @Test
    void childDeclarationsDoNotLeakIntoTheParent() {
        UnitRegistry child = units.child();
        Dimension chunks = child.declareBaseDimension("Chunks");
        child.declareUnit(new Unit(java.util.List.of("chunk"), 1.0, chunks, java.util.Set.of(), false, true, true, null));
        assertNotNull(child.resolve("chunk"));
        assertNull(units.resolve("chunk"));
        assertEquals("chunk", child.baseUnits(chunks));
    }
}
