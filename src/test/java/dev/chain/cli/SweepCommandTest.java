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

/** `chain sweep`: a figure made from the command line, its four outputs, and every way to get it wrong. */
class SweepCommandTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/sweep");
    private static final String CHAIN = "chains/02-inter-token-floor.chain";

    private static CliRun sweep(String... options) {
        return CliRun.on("sweep", CHAIN, options);
    }

    @Test
    void text() {
        CliRun r = sweep("--over", "batch=1,8,16,64", "--show", "floor,mixed");
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("batch.txt"), r.out());
        // The chain's own checks, which hold at batch 64, fail below it: warnings that say where.
        Golden.assertMatches(GOLDEN.resolve("batch.warnings"), r.err());
    }

    /** 1e-300 ms .. 1e300 ms x10 is 601 points: the ends' ratio, 1e600, overflowed to "more than 9,007,199,254,740,992 points". */
    @Test
    void aWideRangeByAFactorCountsItsPoints() {
        CliRun r = sweep("--over", "p50=1e-300 ms .. 1e300 ms x10", "--show", "share", "--csv");
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().strip().split("\n");
        assertEquals(602, lines.length, "a header and 601 points");
        assertTrue(lines[1].startsWith("0." + "0".repeat(299) + "1,"), lines[1]);
        assertTrue(lines[301].startsWith("1,"), lines[301]);
        assertTrue(lines[601].startsWith("1" + "0".repeat(300) + ","), lines[601]);
    }

    /**
     * Rows of several inputs on the command line, as a table's {@code for batch, context in (...)}
     * writes them (issue 39 item 8): a row each, each input's column first; a row short of a value
     * is an error at it in the option's text.
     */
    @Test
    void rowsOfSeveralInputs() {
        CliRun r = sweep("--over", "batch,context=(1, 1,024 token),(64, 8,192 token)", "--show", "floor", "--csv");
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().strip().split("\n");
        assertEquals(3, lines.length, r.out());
        assertEquals("batch,context (token),floor (ms)", lines[0]);
        assertTrue(lines[1].startsWith("1,1024,") && lines[2].startsWith("64,8192,"), r.out());

        CliRun short_ = sweep("--over", "batch,context=(1, 1,024 token),(64)", "--show", "floor");
        assertEquals(2, short_.exit(), short_.err());
        assertTrue(short_.err().contains("--over batch:1:32: error: this row has 1 value, for 2 inputs: batch, context"), short_.err());
    }

    @Test
    void markdown() {
        CliRun r = sweep("--over", "batch=1..256 x2", "--show", "floor", "--show", "mixed,share", "--markdown");
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("batch-x2.md"), r.out());
    }

    @Test
    void csv() {
        CliRun r = sweep("--over", "batch=1..256 by 64", "--show", "floor,mixed", "--csv");
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("batch-by-64.csv"), r.out());
        assertTrue(r.out().startsWith("batch,floor (ms),mixed (ms)\n1,4.95444579343284,"), r.out());
    }

    /** 1,000,000,009 was lost and 1,000,000,010 shown twice: a point within a billionth of the end's value was snapped onto it. */
    @Test
    void aLargeRangeHasEachOfItsPoints() {
        CliRun r = sweep("--over", "batch=1000000000..1000000010", "--show", "floor", "--csv");
        assertEquals(0, r.exit(), r.err());
        List<String> batches = r.out().lines().skip(1).map(l -> l.substring(0, l.indexOf(','))).toList();
        assertEquals(List.of("1000000000", "1000000001", "1000000002", "1000000003", "1000000004", "1000000005", "1000000006",
                "1000000007", "1000000008", "1000000009", "1000000010"), batches);
    }

    @Test
    void json() {
        CliRun r = sweep("--over", "batch=1,64", "--over", "context=1,024 token,4,096 token", "--show", "floor", "--json");
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("grid.json"), r.out());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(4, o.getAsJsonArray("points").size());
        JsonObject last = o.getAsJsonArray("points").get(3).getAsJsonObject();
        assertEquals(4096.0, last.getAsJsonObject("context").get("si").getAsDouble());
        assertEquals("15.05 ms", last.getAsJsonObject("floor").get("text").getAsString());
        assertEquals(2, o.getAsJsonArray("failed").size(), "the sanity checks, which fail at some points");
    }

    /**
     * `gpu` is a module: its values are modules (issue 29 item 1), and a number is none; the error
     * was "`gpu` is a module this chain uses, not an input", before that a template's.
     */
    @Test
    void aModuleTakesModules() {
        CliRun r = sweep("--over", "gpu=1,2", "--show", "floor");
        assertEquals(2, r.exit(), r.err());
        assertEquals("--over gpu:1:5: error: `1` is not a module's name\n"
                + " 1 | gpu=1,2\n"
                + "   |     ^\n"
                + "   = note: `gpu` is a module this chain uses: use h100_sxm as gpu\n"
                + "   = hint: give a module's name, such as h100_sxm\n", r.err());
    }

    @Test
    void setHoldsAtEveryPoint() {
        CliRun r = sweep("--set", "context=8,192 token", "--over", "batch=1,64", "--show", "floor");
        assertEquals(0, r.exit(), r.err());
        assertEquals("batch  floor (ms)\n    1        5.11\n   64       25.31\n", r.out());
    }

    /** Each mistake on the command line: exit 2, a located diagnostic, no stack trace. */
    @Test
    void mistakesOnTheCommandLine() {
        List<String[]> cases = List.of(
                new String[] {"--over", "floor=1,2", "--show", "mixed"},
                new String[] {"--over", "nothing=1,2", "--show", "mixed"},
                new String[] {"--over", "context=1,2", "--show", "floor"},
                new String[] {"--over", "batch=256..1", "--show", "floor"},
                new String[] {"--over", "batch=1..256 by 0", "--show", "floor"},
                new String[] {"--over", "batch=1..1e9", "--show", "floor"},
                new String[] {"--over", "batch=1,,2", "--show", "floor"},
                new String[] {"--over", "batch=", "--show", "floor"},
                new String[] {"--over", "batch", "--show", "floor"},
                new String[] {"--over", "batch=1,8", "--show", "flor"},
                new String[] {"--over", "batch=1,8", "--show", "model.name"},
                new String[] {"--over", "batch=1,8", "--over", "batch=2", "--show", "floor"},
                new String[] {"--over", "batch=1", "--over", "p50=1 ms", "--over", "chunk=1 token", "--show", "floor"},
                new String[] {"--over", "batch=1,8"},
                new String[] {"--over", "batch=1,8", "--show", "floor", "--set", "batch=1 ms"},
                new String[] {"--over", "batch=1,2,4,8,16,32,64,128,256", "--show", "floor"},
                new String[] {"--over", "batch=64,128", "--show", "floor"});
        StringBuilder all = new StringBuilder();
        for (String[] c : cases) {
            CliRun r = sweep(c);
            all.append("$ chain sweep ").append(CHAIN).append(' ').append(String.join(" ", c)).append("\nexit ")
                    .append(r.exit()).append('\n').append(r.err()).append('\n');
            assertEquals(2, r.exit(), String.join(" ", c) + ": " + r.err());
            assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
            assertEquals("", r.out());
        }
        Golden.assertMatches(GOLDEN.resolve("errors.txt"), all.toString());
    }

    /**
     * The most common sweep, powers of two, was a trap: 64,128,256 read as one grouped number
     * (64,128,256 batches) and the table had 7 points. Where a comma could group digits or
     * separate points the list is refused; written with ", " (or as the range) it is the list.
     */
    @Test
    void aListOfPointsIsNeverOneGroupedNumber() {
        CliRun bare = sweep("--over", "batch=1,2,4,8,16,32,64,128,256", "--show", "floor");
        assertEquals(2, bare.exit());
        assertTrue(bare.err().contains("`64,128,256` could be one point, the number 64,128,256, or 3 points, 64, 128 and 256"),
                bare.err());
        assertTrue(bare.err().contains("--over 'batch=1, 2, 4, 8, 16, 32, 64, 128, 256', or the range batch=1..256x2"), bare.err());
        CliRun spaced = sweep("--over", "batch=1, 2, 4, 8, 16, 32, 64, 128, 256", "--show", "floor");
        CliRun range = sweep("--over", "batch=1..256x2", "--show", "floor");
        assertEquals(0, spaced.exit(), spaced.err());
        assertEquals(10, spaced.out().split("\n").length, spaced.out());
        assertEquals(range.out(), spaced.out());
        // A group that starts with 0 is no point of its own (1,024 and 2,048), and points with a unit
        // leave no doubt: 8 and 192 tokens would leave the 8 without one.
        CliRun grouped = sweep("--over", "batch=1,024,2,048", "--show", "floor");
        assertEquals(0, grouped.exit(), grouped.err());
        assertTrue(grouped.out().contains("2,048"), grouped.out());
        CliRun withUnits = sweep("--over", "context=1,024 token,8,192 token", "--show", "floor");
        assertEquals(0, withUnits.exit(), withUnits.err());
        assertTrue(withUnits.out().contains("8,192"), withUnits.out());
    }

    @Test
    void aFileWithErrorsIsExitOne() {
        CliRun r = CliRun.of("sweep", "src/test/resources/errors/names.chain", "--over", "batch=1", "--show", "x");
        assertEquals(1, r.exit(), r.err());
    }

    private static final String ZERO = "src/test/resources/sweep/zero-at-one-point.chain";

    /** It printed only the error at batch = 4, and exit 1: one point's division by zero lost the table. */
    @Test
    void aPointWithoutAValueIsAWarningThatNamesItAndTheOtherPointsAreShown() {
        CliRun r = CliRun.of("sweep", "--color=never", ZERO, "--over", "batch=1..8", "--show", "per,twice");
        assertEquals(0, r.exit(), r.err());
        assertEquals("""
                batch  per      twice
                    1  -0.3333      2
                    2     -0.5      4
                    3       -1      6
                    4        —      —
                    5        1     10
                    6      0.5     12
                    7   0.3333     14
                    8     0.25     16
                """, r.out());
        assertEquals("""
                %s:8:15: warning: division by zero: `(batch - 4)` is zero
                 8 |   per   = 1 / (batch - 4)
                   |               ^^^^^^^^^^^
                   |                -----   - is 4 too
                   |                |
                   |                is 4
                   = note: `batch` and `4` are equal, so their difference is zero and the ratio has no value
                   = hint: check the inputs that make them equal; if equal values are possible, derive something that stays finite, or say what the card means with a check
                   = note: at 1 of 8 points: batch = 4
                """.formatted(ZERO), r.err());

        CliRun csv = CliRun.of("sweep", ZERO, "--over", "batch=3..5", "--show", "per", "--csv");
        assertEquals(0, csv.exit(), csv.err());
        assertEquals("batch,per\n3,-1\n4,\n5,1\n", csv.out(), "an empty cell, as a spreadsheet leaves one");
        CliRun md = CliRun.of("sweep", ZERO, "--over", "batch=3..5", "--show", "per", "--markdown");
        assertEquals("| batch | per |\n|---:|---:|\n| 3 | -1 |\n| 4 | — |\n| 5 | 1 |\n", md.out());

        CliRun json = CliRun.of("sweep", ZERO, "--over", "batch=3..5", "--show", "per", "--json");
        assertEquals(0, json.exit(), json.err());
        JsonObject o = JsonParser.parseString(json.out()).getAsJsonObject();
        JsonObject four = o.getAsJsonArray("points").get(1).getAsJsonObject();
        assertEquals(4.0, four.getAsJsonObject("batch").get("si").getAsDouble());
        assertFalse(four.has("per"), "no value at batch = 4: " + four);
        assertEquals(1.0, o.getAsJsonArray("points").get(2).getAsJsonObject().getAsJsonObject("per").get("si").getAsDouble());
        assertEquals(JsonParser.parseString("[{\"line\": 8, \"message\": \"division by zero: `(batch - 4)` is zero\", \"points\": [1]}]"),
                o.getAsJsonArray("errors"));
    }

    @Test
    void aSweepWithNoPointThatHasAValueIsExitOne() {
        CliRun r = CliRun.of("sweep", "--color=never", ZERO, "--over", "batch=4", "--show", "per");
        assertEquals(1, r.exit(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith(ZERO + ":8:15: error: division by zero: `(batch - 4)` is zero\n"), r.err());
        assertTrue(r.err().endsWith("= note: at batch = 4\n"), r.err());
    }
}
