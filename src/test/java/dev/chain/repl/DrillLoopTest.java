package dev.chain.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.session.ChainRun;
import dev.chain.session.DrillReview;
import dev.chain.session.DrillSession;
import dev.chain.session.Engine;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The drill's dialogue as a terminal has it: a second try after a wrong answer, the first answer counted. */
class DrillLoopTest {
    private static final Path FLOOR = Path.of("chains/02-inter-token-floor.chain");

    private record Dialogue(DrillLoop.Tally tally, String out, DrillReview review) {}

    private static Dialogue drill(List<String> steps, String... typed) throws IOException {
        Engine engine = new Engine();
        ChainRun run = ChainRun.execute(engine, new SourceFile(FLOOR, Files.readString(FLOOR)), List.of());
        DrillSession session = DrillSession.of(engine, run, null);
        Deque<String> lines = new ArrayDeque<>(List.of(typed));
        StringWriter out = new StringWriter();
        PrintWriter writer = new PrintWriter(out, true);
        DrillReview review = DrillReview.load(null);
        DrillLoop.Tally tally = DrillLoop.run(session, steps.stream().map(session::step).toList(), false, prompt -> {
            String line = lines.poll();
            writer.print(prompt + (line == null ? "" : line + "\n")); // as a terminal shows it
            return line;
        }, writer, review, FLOOR, 2);
        return new Dialogue(tally, out.toString(), review);
    }

    @Test
    void aWrongFirstAnswerCountsAsMissedThoughTheSecondIsRight() throws IOException {
        Dialogue d = drill(List.of("weights", "kv"), "32.12 GB", "16.06 GB", "0.5369 GB", "");
        assertTrue(d.out().contains("  try again, or press Enter for the answer\n"), d.out());
        assertTrue(d.out().contains("✓ right: 16.06 GB\n"), d.out());
        assertTrue(d.out().contains("  the answer: kv = 34.36 GB\n"), d.out());
        assertTrue(d.out().endsWith("0 of 2 answered right\n"), d.out());
        assertEquals(new DrillLoop.Tally(2, 0), d.tally());
        assertEquals(List.of("kv", "weights"), d.review().entries().stream().map(DrillReview.Entry::step).sorted().toList());
    }

    @Test
    void aNumberWithoutItsUnitIsAskedAgainAndNotCounted() throws IOException {
        Dialogue d = drill(List.of("floor"), "15.05", "15.05 ms");
        assertTrue(d.out().contains("? a number alone: which unit? `floor` is time (s); give the unit too: 15.05 ms\nfloor = "), d.out());
        assertEquals(new DrillLoop.Tally(1, 1), d.tally());
        assertTrue(d.review().entries().isEmpty(), d.review().entries().toString());
    }
}
