package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.cli.CliRun;
import org.junit.jupiter.api.Test;

/**
 * A bare number for an input the chain writes in percent: `--set mfu=50` was a plain 50, 5,000%,
 * and examples/ranges printed a 0.7 ms time to the first token with exit 0. It is an error that
 * asks for the unit, on the command line and in the REPL (ReplSessionTest); a fraction below 1 reads
 * as before.
 */
class BarePercentTest {
    private static final String RANGES = "examples/ranges/rough-inputs.chain";

    @Test
    void aBareNumberOfOneOrMoreForAPercentageIsAnErrorThatAsksForTheUnit() {
        CliRun r = CliRun.of("run", "--set", "mfu=50", RANGES);
        assertEquals(2, r.exit(), r.out());
        assertEquals("""
                --set mfu:1:1: error: `mfu` is written in percent, but `50` without a unit is 5,000%
                 1 | 50
                   | ^^
                   = hint: write the unit: --set mfu='50%' (or 5,000%, if that is meant)
                """, r.err());
        CliRun range = CliRun.of("run", "--set", "mfu=40 .. 60", RANGES);
        assertEquals(2, range.exit());
        assertTrue(range.err().contains("`40 .. 60` without a unit is up to 6,000%")
                && range.err().contains("write the unit: --set mfu='40% .. 60%'"), range.err());
    }

    @Test
    void aFractionOrAPercentageIsTakenAsWritten() {
        for (String value : new String[] {"0.5", "50%", "5,000%"}) {
            CliRun r = CliRun.of("run", "--json", "--set", "mfu=" + value, RANGES);
            assertEquals(0, r.exit(), value + ": " + r.err());
            double mfu = CliRun.binding(com.google.gson.JsonParser.parseString(r.out()).getAsJsonObject(), "mfu")
                    .get("si").getAsDouble();
            assertEquals(value.equals("5,000%") ? 50 : 0.5, mfu, 1e-12, value);
        }
        // An input written without % takes a bare number, as ever.
        assertEquals(0, CliRun.of("run", "--set", "batch=50", RANGES).exit());
    }
}
