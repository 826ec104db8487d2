package dev.chain.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.session.ChainRun;
import dev.chain.session.DrillSession;
import dev.chain.session.Engine;
import dev.chain.source.SourceFile;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.jline.terminal.Attributes;
import org.jline.terminal.Size;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;

/** chain drill on JLine's terminal, typed into as a person would: a line, then the drill's answer; Ctrl-D ends it. */
class DrillTerminalTest {
    @Test
    void aLearnerTypesAnswersAndCtrlDEndsTheDrill() throws Exception {
        Path floor = Path.of("chains/02-inter-token-floor.chain");
        Engine engine = new Engine();
        ChainRun run = ChainRun.execute(engine, new SourceFile(floor, Files.readString(floor)), List.of());
        DrillSession session = DrillSession.of(engine, run, null);

        PipedOutputStream keys = new PipedOutputStream();
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        DumbTerminal terminal = new DumbTerminal("test", "ansi", new PipedInputStream(keys, 1 << 16), screen, StandardCharsets.UTF_8);
        Attributes a = terminal.getAttributes();
        a.setControlChar(Attributes.ControlChar.VEOF, 4);
        terminal.setAttributes(a);
        terminal.setSize(new Size(120, 40));
        DrillTerminal lines = DrillTerminal.on(terminal);
        AtomicReference<DrillLoop.Tally> tally = new AtomicReference<>();
        Thread drill = new Thread(() -> {
            try {
                tally.set(DrillLoop.run(session, session.steps(), false, lines, lines.writer(), null, floor, 2));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "drill-under-test");
        drill.setDaemon(true);
        drill.start();
        await(screen, "weights = ");
        // Each line once the drill has answered the last (typing ahead races JLine's read-ahead, and a person never does).
        String[][] dialogue = {{"16.06 GB\n", "kv = "}, {"0.5369 GB\n", "try again"}, {"\n", "floor = "}};
        for (String[] step : dialogue) {
            keys.write(step[0].getBytes(StandardCharsets.UTF_8));
            keys.flush();
            await(screen, step[1]);
        }
        keys.write("\u0004".getBytes(StandardCharsets.UTF_8)); // Ctrl-D: the drill ends
        keys.flush();
        drill.join(10_000);
        String text = screen.toString(StandardCharsets.UTF_8).replace("\r", "").replaceAll("\u001b\\[[0-9;?]*[A-Za-z]|\u001b[=>]", "");
        assertTrue(text.contains("✓ right: 16.06 GB\n"), text);
        assertTrue(text.contains("✗ several changes give your number: left out the factor `batch`;"), text);
        assertTrue(text.contains("  try again, or press Enter for the answer\n"), text);
        assertTrue(text.contains("  the answer: kv = 34.36 GB\n"), text);
        assertTrue(text.contains("── floor (3 of 12) ──\n"), text);
        assertTrue(text.endsWith("1 of 2 answered right\n"), text);
        assertEquals(new DrillLoop.Tally(2, 1), tally.get());
    }

    private static void await(ByteArrayOutputStream screen, String text) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!screen.toString(StandardCharsets.UTF_8).contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited for " + text + "; screen:\n" + screen.toString(StandardCharsets.UTF_8));
            }
            Thread.sleep(5);
        }
    }
}
