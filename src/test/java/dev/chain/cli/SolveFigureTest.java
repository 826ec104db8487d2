package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import dev.chain.format.Formatter;
import dev.chain.source.SourceFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A {@code solve} in a chain file (issue 29 item 2): the search {@code chain solve} runs, on the
 * figure's one input and one check, said in the card by its title with the value found.
 */
class SolveFigureTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/solve");
    private static final String DIR = "src/test/resources/solve/";
    /** The card's chain with a solve after its figures. */
    private static final String CARD = DIR + "card.chain";

    /** floor = (16.06 GB + batch x 4,096 x 131,072 B) / 3.35 TB/s is 19.86 ms at 94 and 20.02 at 95. */
    @Test
    void theCardsLargestBatchIs94() {
        CliRun r = CliRun.of("render", "--color=never", CARD);
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("card.md"), r.out());
        assertTrue(r.out().contains("\n\nthe largest batch with a floor under 20 ms is 94, at a floor of 19.86 ms\n\nDrilled in:"),
                r.out());
        assertEquals("19.86", String.format("%.2f", (8_030_261_248.0 * 2 + 94 * 4096 * 131_072.0) / 3.35e12 * 1e3));
    }

    /** Holding above the turn, the answer is the first value where it holds. */
    @Test
    void aConditionThatHoldsAboveTheTurnIsAnsweredByItsFirstValue() {
        CliRun r = CliRun.of("render", "--color=never", DIR + "holds-above.chain");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().endsWith("\n\nthe smallest batch with a floor of 20 ms or more is 95\n"), r.out());
    }

    /** --set moves the answer: with 2,048 tokens of context a sequence's KV is half, 189 fit under 20 ms. */
    @Test
    void setMovesTheAnswer() {
        CliRun r = CliRun.of("render", "--color=never", CARD, "--set", "context=2,048 token");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("\n\nthe largest batch with a floor under 20 ms is 189, at a floor of 19.94 ms\n"), r.out());
    }

    /**
     * Over a ranged input the answer is a range: at 4,096 tokens of context 94 sequences fit under
     * 20 ms, at 2,048 tokens 189; the floor in the title is then its extremes over both (12.33 ms at
     * batch 94 and 2,048 tokens, 35.08 ms at 189 and 4,096). A range where it never fails for every
     * context has no one answer.
     */
    @Test
    void aRangedInputMakesTheAnswerARange() {
        CliRun r = CliRun.of("run", "--color=never", CARD, "--set", "context=2,048 token .. 4,096 token");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().endsWith("solved batch = 94 .. 189: the largest batch with a floor under 20 ms is 94-189,"
                + " at a floor of 12.33-35.08 ms\n"), r.out());
        assertEquals("12.33", String.format("%.2f", (8_030_261_248.0 * 2 + 94 * 2048 * 131_072.0) / 3.35e12 * 1e3));
        assertEquals("35.08", String.format("%.2f", (8_030_261_248.0 * 2 + 189 * 4096 * 131_072.0) / 3.35e12 * 1e3));
        CliRun none = CliRun.of("run", "--color=never", CARD, "--set", "context=1 token .. 4,096 token");
        assertEquals(1, none.exit(), none.err());
        assertTrue(none.err().contains("error: `floor <= 20 ms` has no one answer in batch's range `1 .. 1,024`: it does not"
                + " turn from holding for every value of the ranged inputs to failing for every one"), none.err());
        assertTrue(none.err().contains("= note: holds up to batch = 94; is uncertain from batch = 95"), none.err());
        assertTrue(none.err().contains("= note: the range's first point is batch = 1, where it holds; its last, batch = 1,024,"
                + " where it is uncertain"), none.err());
    }

    /**
     * A range without a step counts by one of its unit from its low end: 0.1 .. 5 request/s ends at
     * 4.1, short of the rate 6 where the load is above 3 for every speed-up. The error says where the
     * points end, which the range as written does not show.
     */
    @Test
    void noOneAnswerSaysWhereTheRangesPointsEnd() {
        CliRun r = CliRun.of("check", "--color=never", DIR + "last-point.chain");
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("error: `load <= 3` has no one answer in rate's range `0.1 request/s .. 5 request/s`"), r.err());
        assertTrue(r.err().contains("= note: the range's first point is rate = 0.1 requests/s, where it holds; its last,"
                + " rate = 4.1 requests/s, where it is uncertain"), r.err());
    }

    /** chain run says each solve after the steps; chain check counts its condition as no check that holds. */
    @Test
    void runSaysTheAnswerAndCheckCountsNoCheck() {
        CliRun run = CliRun.of("run", "--color=never", CARD);
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().endsWith("  ✓ check mixed > 3 * p50: 78.85 ms is greater than 72 ms\n"
                + "solved batch = 94: the largest batch with a floor under 20 ms is 94, at a floor of 19.86 ms\n"), run.out());
        CliRun check = CliRun.of("check", "--color=never", CARD);
        assertEquals(0, check.exit(), check.err());
        assertEquals("ok: 1 file, 3 checks hold\n", check.err() + check.out());
    }

    /** Each mistake: a located error, exit 1, nothing rendered. */
    @ParameterizedTest
    @ValueSource(strings = {"figure-no-turn", "figure-two-turns", "figure-dimension", "figure-unknown", "figure-clauses"})
    void mistakes(String name) {
        CliRun r = CliRun.of("render", "--color=never", DIR + name + ".chain");
        assertEquals(1, r.exit(), r.err());
        assertEquals("", r.out());
        Golden.assertMatches(GOLDEN.resolve(name + ".txt"), r.err());
    }

    /** fmt lays a solve out as a figure: its clauses indented under it, and the result reads back the same. */
    @Test
    void fmtRoundTrip() {
        String messy = "chain \"c\"\ninputs\n  batch = 64\nderive floor\n  floor = batch * 1 ms\n\n"
                + "solve   \"the batch is {batch}\"\n for batch in 1 .. 64\n      check floor <= 20 ms\n";
        Formatter.Result r = Formatter.format(new SourceFile("test.chain", messy));
        assertTrue(r.ok(), r.problems().toString());
        assertEquals("chain \"c\"\ninputs\n  batch = 64\nderive floor\n  floor = batch * 1 ms\n\n"
                + "solve \"the batch is {batch}\"\n  for batch in 1 .. 64\n  check floor <= 20 ms\n", r.text());
        assertEquals(r.text(), Formatter.format(new SourceFile("test.chain", r.text())).text());
    }
}
