package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.chain.Golden;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** `chain solve`: where a condition turns over an input's range, found with as few evaluations as the search needs. */
class SolveCommandTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/solve");
    private static final String CHAIN = "chains/02-inter-token-floor.chain";
    private static final String TWO_TURNS = "src/test/resources/solve/two-turns.chain";
    private static final String ZERO = "src/test/resources/sweep/zero-at-one-point.chain";

    /** The card's numbers: 16.06 GB of weights, 131,072 B of KV per token, 3.35 TB/s. */
    private static final double WEIGHTS = 8_030_261_248.0 * 2;

    private static double floorAt(double batch) {
        return (WEIGHTS + batch * 4096 * 131_072) / 3.35e12;
    }

    private static CliRun solve(String... options) {
        return CliRun.on("solve", CHAIN, options);
    }

    /** The "Done when": the largest batch with a floor of at most 20 ms is 94. */
    @Test
    void theCardsBatchOf94() {
        assertTrue(floorAt(94) <= 0.020 && floorAt(95) > 0.020, "the formula's own answer");
        CliRun r = solve("--for", "batch=1..1024", "--where", "floor <= 20 ms");
        assertEquals(0, r.exit(), r.err());
        assertEquals("floor <= 20 ms holds up to batch = 94; fails from batch = 95\n", r.out());
        assertEquals("", r.err());
    }

    @Test
    void json() {
        CliRun r = solve("--for", "batch=1..1024", "--where", "floor <= 20 ms", "--json");
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("batch.json"), r.out());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals("batch", o.get("for").getAsString());
        assertEquals(94.0, o.getAsJsonObject("holds_up_to").get("si").getAsDouble());
        assertEquals("95", o.getAsJsonObject("fails_from").get("text").getAsString());
        assertFalse(o.has("boundaries"), "one turn is the pair itself");
    }

    /** A range by a factor is scanned at its 11 points; the turn between 64 and 128 is bisected in 6 more. */
    @Test
    void aFactorRangeEvaluatesOnlyWhatTheSearchNeeds() {
        CliRun text = solve("--for", "batch=1..1024 x2", "--where", "floor <= 20 ms");
        assertEquals("floor <= 20 ms holds up to batch = 94; fails from batch = 95\n", text.out());
        CliRun json = solve("--for", "batch=1..1024x2", "--where", "floor <= 20 ms", "--json");
        assertEquals(17, JsonParser.parseString(json.out()).getAsJsonObject().get("evaluations").getAsInt());
    }

    /**
     * A range of a million whole numbers: the search evaluates 65 of them spread over it and the one
     * after each but the last (129), then halves the one interval where the floor passes 20 ms
     * (15,624 wide) to the whole number in 14 more, where evaluating the range as a sweep would take
     * a million.
     */
    @Test
    void aMillionPointsEvaluatesAFewDozen() {
        CliRun json = solve("--for", "batch=1..1e6", "--where", "floor <= 20 ms", "--json");
        assertEquals(0, json.exit(), json.err());
        JsonObject o = JsonParser.parseString(json.out()).getAsJsonObject();
        assertEquals(94.0, o.getAsJsonObject("holds_up_to").get("si").getAsDouble());
        assertEquals(129 + 14, o.get("evaluations").getAsInt());
        CliRun all = solve("--for", "batch=1..1024", "--where", "floor <= 20 ms", "--json");
        assertEquals(129 + 4, JsonParser.parseString(all.out()).getAsJsonObject().get("evaluations").getAsInt(),
                "1,024 points: 129 of them, then an interval of 15 halved 4 times");
    }

    /**
     * A condition on a value that falls, then rises (lowest at batch = 10): over 1 .. 3,000 the
     * spread points alone only rise, but the slope at batch = 1 falls, so every point is tried and
     * both turns are found. Over 100,000 points, 10,000 spread over them are, and the output says so.
     */
    @Test
    void aConditionThatRisesAndFallsIsSearchedAtEveryPoint() {
        CliRun r = CliRun.of("solve", TWO_TURNS, "--for", "batch=1..3000", "--where", "step <= 10 ms", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(2, o.getAsJsonArray("boundaries").size());
        assertEquals(3000, o.get("evaluations").getAsInt());
        CliRun wide = CliRun.of("solve", "--color=never", TWO_TURNS, "--for", "batch=1..100000", "--where", "step <= 10 ms");
        assertEquals(0, wide.exit(), wide.err());
        assertEquals("step <= 10 ms fails up to batch = 2; holds from batch = 3\n"
                + "step <= 10 ms holds up to batch = 17; fails from batch = 18\n", wide.out());
        assertTrue(wide.err().startsWith("--where:1:1: warning: `step <= 10 ms` rises and falls over batch's range: the search"
                + " tried 10,000 of its 100,000 points, and a turn between two of them may be missed\n"), wide.err());
    }

    /**
     * A condition that holds only near equality, in a window narrower than the first points' spacing:
     * both ends fail, but the floor passes 20 ms between them, so that interval is searched, and the
     * window found (within 1% of 20 ms: batch 94 .. 96).
     */
    @Test
    void aNarrowWindowBetweenTheFirstPointsIsFound() {
        CliRun r = solve("--for", "batch=1..100000", "--where", "floor ≈ 20 ms within 1%");
        assertEquals(0, r.exit(), r.err());
        assertEquals("floor ≈ 20 ms within 1% fails up to batch = 93; holds from batch = 94\n"
                + "floor ≈ 20 ms within 1% holds up to batch = 96; fails from batch = 97\n", r.out());
    }

    /**
     * A range wide by factors still finds its turn to a millionth of the value: the width's
     * resolution, which keeps a turn at zero at zero, is no coarser limit elsewhere (it made this
     * 18.811 .. 18.82 ms over 1 us .. 1000 s).
     */
    @Test
    void aWideRangeFindsItsTurnToAMillionth() {
        CliRun r = solve("--for", "p50=1 us..1000 s x10", "--where", "share <= 80%");
        assertEquals(0, r.exit(), r.err());
        assertEquals("share <= 80% fails up to p50 = 18.81352 ms; holds from p50 = 18.81354 ms\n", r.out());
    }

    /**
     * Over ranged inputs the turn is itself a range: with bw_eff = 85% ± 5% the step is under 12 ms
     * at every bandwidth up to batch 29 (80%: 12 ms x 2.68 TB/s - 16.06 GB of weights leaves KV for
     * 29.98 sequences), at some up to 37 (90%: 37.47), at none from 38. Set to a point, one turn.
     */
    @Test
    void aRangedInputMakesTheTurnARange() {
        String ranges = "examples/ranges/rough-inputs.chain";
        CliRun r = CliRun.of("solve", ranges, "--for", "batch=1..1000", "--where", "step < 12 ms");
        assertEquals(0, r.exit(), r.err());
        assertEquals("step < 12 ms holds up to batch = 29; is uncertain from batch = 30\n"
                + "step < 12 ms is uncertain up to batch = 37; fails from batch = 38\n", r.out());
        CliRun json = CliRun.of("solve", ranges, "--for", "batch=1..1000", "--where", "step < 12 ms", "--json");
        JsonObject o = JsonParser.parseString(json.out()).getAsJsonObject();
        assertEquals(30.0, o.getAsJsonArray("boundaries").get(0).getAsJsonObject().getAsJsonObject("uncertain_from")
                .get("si").getAsDouble());
        assertEquals(37.0, o.getAsJsonArray("boundaries").get(1).getAsJsonObject().getAsJsonObject("uncertain_up_to")
                .get("si").getAsDouble());
        CliRun point = CliRun.of("solve", ranges, "--for", "batch=1..1000", "--where", "step < 12 ms", "--set", "bw_eff=85%");
        assertEquals("step < 12 ms holds up to batch = 33; fails from batch = 34\n", point.out());
    }

    /** A count with a unit: whole tokens, in the plural as prose writes them. */
    @Test
    void contextInTokens() {
        CliRun r = solve("--for", "context=1,024 token..1,048,576 token x2", "--where", "floor <= 20 ms");
        assertEquals(0, r.exit(), r.err());
        assertEquals("floor <= 20 ms holds up to context = 6,072 tokens; fails from context = 6,073 tokens\n", r.out());
    }

    /**
     * A time without a step: bisected to a millionth of the value, shown with the digits that tell the
     * two sides apart. share = floor / p50 is at most 80% from p50 = floor / 0.8 = 18.8135 ms up: it
     * holds above the turn.
     */
    @Test
    void aTimeThatHoldsAboveTheTurn() {
        CliRun r = solve("--for", "p50=1 ms..100 ms", "--where", "share <= 80%");
        assertEquals(0, r.exit(), r.err());
        assertEquals("share <= 80% fails up to p50 = 18.81352 ms; holds from p50 = 18.81354 ms\n", r.out());
        JsonObject o = JsonParser.parseString(solve("--for", "p50=1 ms..100 ms", "--where", "share <= 80%", "--json").out())
                .getAsJsonObject();
        double turn = floorAt(64) / 0.8;
        double below = o.getAsJsonObject("fails_up_to").get("si").getAsDouble();
        double above = o.getAsJsonObject("holds_from").get("si").getAsDouble();
        // The values shown, each rounded away from the turn at its last digit: a millionth apart, and a digit of each.
        assertTrue(below < turn && turn <= above && above - below <= 2e-6 * above, below + " .. " + above + " around " + turn);
        assertEquals(0.01881352, below);
        assertEquals("18.81354 ms", o.getAsJsonObject("holds_from").get("text").getAsString());
    }

    /** With a step, a quantity is solved to the step: the answer is two of the range's points. */
    @Test
    void aTimeWithAStep() {
        CliRun r = solve("--for", "p50=1 ms..100 ms by 0.5 ms", "--where", "share <= 80%");
        assertEquals(0, r.exit(), r.err());
        assertEquals("share <= 80% fails up to p50 = 18.5 ms; holds from p50 = 19 ms\n", r.out());
    }

    @Test
    void severalTurnsAreEachFound() {
        CliRun r = CliRun.of("solve", TWO_TURNS, "--for", "batch=1..30", "--where", "step <= 10 ms");
        assertEquals(0, r.exit(), r.err());
        assertEquals("step <= 10 ms fails up to batch = 2; holds from batch = 3\n"
                + "step <= 10 ms holds up to batch = 17; fails from batch = 18\n", r.out());
        CliRun json = CliRun.of("solve", TWO_TURNS, "--for", "batch=1..30 by 4", "--where", "step <= 10 ms", "--json");
        assertEquals(0, json.exit(), json.err());
        Golden.assertMatches(GOLDEN.resolve("two-turns.json"), json.out());
    }

    /** batch = 4 divides by zero: the search goes on around it, and says so. */
    @Test
    void aPointWithoutAValueIsReported() {
        CliRun r = CliRun.of("solve", "--color=never", ZERO, "--for", "batch=1..8", "--where", "per > 0");
        assertEquals(0, r.exit(), r.err());
        assertEquals("per > 0 fails up to batch = 3; holds from batch = 5\n", r.out());
        Golden.assertMatches(GOLDEN.resolve("zero.warnings"), r.err());
        CliRun none = CliRun.of("solve", "--color=never", ZERO, "--for", "batch=4", "--where", "per > 0");
        assertEquals(1, none.exit(), none.err());
        assertEquals("", none.out());
        assertFalse(none.err().contains("Exception"), none.err());
        assertTrue(none.err().startsWith(ZERO + ":8:15: error: division by zero"), none.err());
        assertTrue(none.err().endsWith("   = note: the chain has no value at batch = 4, the whole range\n"), none.err());
    }

    @Test
    void mistakes() {
        List<String[]> cases = List.of(
                new String[] {"--for", "batch=1..1024", "--where", "flor <= 20 ms"},
                new String[] {"--for", "batch=1..1024", "--where", "floor <= 20"},
                new String[] {"--for", "batch=1..1024", "--where", "floor = 20 ms"},
                new String[] {"--for", "batch=1..1024", "--where", "floor <="},
                new String[] {"--for", "batch=1..1024", "--where", "floor + 2 ms"},
                new String[] {"--for", "batch=1..1024", "--where", "floor <= 20 ms and kv <= 8 GB"},
                new String[] {"--for", "batch=1..1024", "--where", " "},
                new String[] {"--for", "batch=1 ms..10 ms", "--where", "floor <= 20 ms"},
                new String[] {"--for", "floor=1..10", "--where", "floor <= 20 ms"},
                new String[] {"--for", "gpu=1..10", "--where", "floor <= 20 ms"},
                new String[] {"--for", "bacth=1..10", "--where", "floor <= 20 ms"},
                new String[] {"--for", "batch", "--where", "floor <= 20 ms"},
                new String[] {"--for", "batch=8..1", "--where", "floor <= 20 ms"},
                new String[] {"--for", "batch=1..1e17", "--where", "floor <= 20 ms"},
                new String[] {"--for", "batch=1..8", "--where", "floor <= 20 ms", "--set", "context=1 ms"},
                new String[] {"--where", "floor <= 20 ms"});
        StringBuilder all = new StringBuilder();
        for (String[] c : cases) {
            CliRun r = solve(c);
            all.append("$ chain solve ").append(CHAIN).append(' ').append(String.join(" ", c)).append("\nexit ")
                    .append(r.exit()).append('\n').append(r.err()).append('\n');
            assertEquals(2, r.exit(), String.join(" ", c) + ": " + r.err());
            assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
            assertEquals("", r.out());
        }
        Golden.assertMatches(GOLDEN.resolve("errors.txt"), all.toString());
    }

    /** No turn in the range is no answer: exit 1, with what the condition found at both ends. */
    @Test
    void aConditionThatNeverTurns() {
        CliRun holds = solve("--for", "batch=1..1024", "--where", "floor <= 200 ms");
        CliRun fails = solve("--for", "batch=1..1024 x2", "--where", "floor >= 200 ms");
        assertEquals(1, holds.exit(), holds.err());
        assertEquals(1, fails.exit(), fails.err());
        assertEquals("", holds.out() + fails.out());
        Golden.assertMatches(GOLDEN.resolve("no-turn.txt"), holds.err() + "\n" + fails.err());
    }

    @Test
    void aFileWithErrorsIsExitOne() {
        CliRun r = CliRun.of("solve", "src/test/resources/errors/names.chain", "--for", "batch=1..8", "--where", "x > 0");
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("names.chain:"), r.err());
    }

    @Test
    void help() {
        CliRun r = CliRun.of("solve", "--help");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("Usage: chain solve [-hV] [--debug] [--json] [--color=WHEN] --for=NAME=RANGE\n"), r.out());
        assertTrue(r.out().contains("Prints the last value where the condition holds and the first where it fails"), r.out());
        assertTrue(CliRun.of("--help").out().contains("  solve "), "listed among the commands");
    }
}
