package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ranges on the command line: run, run --json, check's exit code, --set, eval. */
class RangeCommandsTest {
    private static final String ITL = "chains/02-inter-token-floor.chain";

    @Test
    void runPrintsEachRangeAfterItsNominalValue() {
        CliRun r = CliRun.on("run", ITL, "--set", "mfu=40% .. 60%");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("  mfu      = 50% (40 .. 60%)\n"), r.out());
        assertTrue(r.out().contains(" = 68.6 ms (57.2 .. 85.7 ms)\n"), r.out());
        assertTrue(r.out().contains("  ? check mixed > 3 * p50: 67.42-96 ms is only partly greater than 72 ms\n"), r.out());
        assertTrue(r.err().contains("warning: check is uncertain"), r.err());
    }

    @Test
    void runJsonGivesLowAndHighBesideSiAndEachChecksStatus() {
        CliRun r = CliRun.on("run", ITL, "--json", "--set", "mfu=40% .. 60%");
        JsonObject run = JsonParser.parseString(r.out()).getAsJsonObject();
        JsonObject compute = CliRun.binding(run, "compute");
        assertEquals(2.0 * 8_030_261_248L * 2_112 / (0.5 * 989e12), compute.get("si").getAsDouble(), 1e-15);
        // The range contract: a ranged value's text shows both ends, as chain run does (issue 39; it showed 68.6 ms alone).
        assertEquals("68.6 ms (57.2 .. 85.7 ms)", compute.get("text").getAsString());
        assertEquals("24 ms", CliRun.binding(run, "p50").get("text").getAsString(), "a value that is no range: its text alone");
        assertEquals("57.2 ms", compute.getAsJsonObject("low").get("text").getAsString());
        assertEquals("85.7 ms", compute.getAsJsonObject("high").get("text").getAsString());
        assertEquals("s", compute.getAsJsonObject("high").get("dimension").getAsString());
        assertFalse(CliRun.binding(run, "floor").has("low"), "a value that is no range has no ends");
        JsonArray checks = run.getAsJsonArray("checks");
        assertEquals("holds", checks.get(0).getAsJsonObject().get("status").getAsString());
        JsonObject uncertain = checks.get(1).getAsJsonObject();
        assertEquals("uncertain", uncertain.get("status").getAsString());
        assertFalse(uncertain.get("passed").getAsBoolean(), "passed is true only for holds");
    }

    /** A ranged input's formula is its range as written, where it was its first literal ("40%" for mfu = 40% .. 60%). */
    @Test
    void runJsonGivesARangedInputsWholeRangeAsItsFormula(@TempDir Path dir) throws IOException {
        Path chain = dir.resolve("r.chain");
        Files.writeString(chain, "chain \"R\"\ninputs\n  mfu = 40% .. 60%\n  bw = 85% ± 5%\n  hit = 95% (90% .. 98%)\n"
                + "  t = 2 ms\nderive d\n  y = mfu * bw * hit * t\n");
        CliRun r = CliRun.on("run", chain.toString(), "--json");
        assertEquals(0, r.exit(), r.err());
        JsonObject run = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("40% .. 60%", CliRun.binding(run, "mfu").get("formula").getAsString());
        assertEquals("85% ± 5%", CliRun.binding(run, "bw").get("formula").getAsString());
        assertEquals("95% (90% .. 98%)", CliRun.binding(run, "hit").get("formula").getAsString());
        assertEquals("2 ms", CliRun.binding(run, "t").get("formula").getAsString());
    }

    @Test
    void checkExitsZeroOnAnUncertainCheckAndOneOnAFailedOne(@TempDir Path dir) throws IOException {
        Path uncertain = dir.resolve("u.chain");
        Files.writeString(uncertain, "chain \"U\"\ninputs\n  t = 12 ms .. 18 ms\nsanity\n  check t < 15 ms\n");
        CliRun r = CliRun.on("check", uncertain.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("warning: check is uncertain over the inputs' ranges: 12-18 ms is only partly less than 15 ms"), r.err());
        assertTrue(r.err().contains("decided by t (12 ms .. 18 ms): it turns at t = 15 ms: it holds below and fails above"), r.err());
        Path failed = dir.resolve("f.chain");
        Files.writeString(failed, "chain \"F\"\ninputs\n  t = 12 ms .. 18 ms\nsanity\n  check t > 20 ms\n");
        assertEquals(1, CliRun.on("check", failed.toString()).exit());
    }

    @Test
    void aRangeIsAnInputsValueNotAnExpression() {
        CliRun r = CliRun.of("eval", "--color=never", "40% .. 60%");
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("a range is an input's value, not a value on its own"), r.err());
    }

    @Test
    void aChainWithoutRangesHasNoEnds() {
        CliRun r = CliRun.on("run", ITL, "--json");
        JsonObject run = JsonParser.parseString(r.out()).getAsJsonObject();
        assertFalse(CliRun.binding(run, "compute").has("low"));
        assertEquals("holds", run.getAsJsonArray("checks").get(0).getAsJsonObject().get("status").getAsString());
    }
}
