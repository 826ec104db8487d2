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

    /**
     * The points of a sweep or a solve, given as options or written in a file, by the same rule:
     * chain sweep --over alpha=50..90 swept alpha from 5,000% to 9,000% (a speed-up of 759,956,031,983x).
     */
    @Test
    void aFiguresBarePointsForAPercentageAreTheSameError(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        CliRun sweep = CliRun.of("sweep", "examples/speculative/leviathan.chain", "--over", "alpha=50..90", "--show", "speedup");
        assertEquals(2, sweep.exit(), sweep.out());
        assertTrue(sweep.err().startsWith("""
                --over alpha:1:7: error: `alpha` is written in percent, but `50` without a unit is 5,000%
                 1 | alpha=50..90
                   |       ^^
                   = hint: write the unit: 50% (or 5,000%, if that is meant)
                """), sweep.err());
        CliRun solve = CliRun.of("solve", RANGES, "--for", "mfu=20..60", "--where", "ttft < 100 ms");
        assertEquals(2, solve.exit(), solve.out());
        assertTrue(solve.err().contains("`mfu` is written in percent, but `20` without a unit is 2,000%"), solve.err());
        assertEquals(0, CliRun.of("sweep", "examples/speculative/leviathan.chain", "--over", "alpha=50%..90% by 20%",
                "--show", "speedup").exit());
        java.nio.file.Path chain = dir.resolve("table.chain");
        java.nio.file.Files.writeString(chain, "chain \"Shares\"\n\ninputs\n  hit = 50%\n  n = 100 token\n\n"
                + "derive served\n  cached = hit * n\n\ntable \"By hit rate\"\n  for hit in 0.5, 80, 0.95\n  show cached\n");
        CliRun file = CliRun.of("check", chain.toString());
        assertEquals(1, file.exit());
        assertTrue(file.err().contains(chain + ":11:19: error: `hit` is written in percent, but `80` without a unit is 8,000%"),
                file.err());
    }
}
