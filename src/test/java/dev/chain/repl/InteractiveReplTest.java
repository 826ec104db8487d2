package dev.chain.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.session.repl.ReplSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JLine front end driven through JLine's own terminal over byte streams: the keys go in as a
 * person would type them (Tab, Ctrl-C, Ctrl-D, the up arrow), and the screen comes out.
 */
@Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class InteractiveReplTest {
    @TempDir
    Path tmp;

    @Test
    void promptsAndPrintsValues() throws Exception {
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.line("16.06 GB / 3.35 TB/s -> ms");
            assertTrue(t.screen().contains("chain> 16.06 GB / 3.35 TB/s -> ms\n4.794 ms\n"), t.screen());
            t.line("check 1 GB != 2 GB"); // `!` is the language's, not JLine's history expansion
            assertTrue(t.screen().contains("✓ check 1 GB != 2 GB: 1 GB is different from 2 GB"), t.screen());
            assertEquals(0, t.leave());
        }
    }

    @Test
    void theFirstLineSaysHowToGetHelpAndLoadAChain() throws Exception {
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.line("1 GB");
            assertTrue(t.screen().startsWith(":help lists the commands, :load FILE loads a chain, Ctrl-D leaves\n"), t.screen());
        }
    }

    @Test
    void aDimensionErrorIsShownAndTheSessionGoesOn() throws Exception {
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.line("kv = 34.36 GB").line("kv + 2 ms").line("kv * 2");
            String screen = t.screen();
            assertTrue(screen.contains("error: cannot add B (information) and s (time)"), screen);
            assertTrue(screen.contains("   | -- ^ ---- s (time)\n"), screen);
            assertTrue(screen.indexOf("cannot add") < screen.indexOf("68.72 GB"), screen);
        }
    }

    @Test
    void tabCompletesAStdlibName() throws Exception {
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.type("llama31_8b.pa\t", "llama31_8b.params").line("");
            assertTrue(t.screen().contains("8,030,261,248 param\n"), t.screen());
        }
    }

    @Test
    void tabCompletesAUnitWithItsPrefix() throws Exception {
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.type("4,096 tok\t", "token").line("");
            assertTrue(t.screen().contains("4,096 token\n"), t.screen());
            t.type("2 TFLO\t", "TFLOPs").line("/s * 3 s"); // TFLOP and TFLOPs: their common part is typed
            assertTrue(t.screen().contains("\n6 TFLOP\n"), t.screen());
        }
    }

    /**
     * {@code :set al} Tab gives {@code :set alpha=}; the `=` a person types next, as they would
     * without Tab, replaces the completion's rather than doubling it (`alpha==80%` was an error),
     * and a value typed straight after the completion is taken as it was.
     */
    @Test
    void typingEqualsAfterACompletedSetTypesOverItsEquals() throws Exception {
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.line(":load examples/speculative/leviathan.chain");
            t.type(":set al\t", "alpha=").line("=80%");
            assertTrue(t.screen().contains("alpha = 80%   (was 75%)\n"), t.screen());
            assertFalse(t.screen().contains("error"), t.screen());
            t.type(":set al\t", "alpha=").line("90%");
            assertTrue(t.screen().contains("alpha = 90%   (was 80%)\n"), t.screen());
        }
    }

    @Test
    void tabCompletesACommand() throws Exception {
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.type(":he\t", ":help").line("");
            assertTrue(t.screen().contains(":trace NAME"), t.screen());
        }
    }

    @Test
    void aGroupIsTypedOverSeveralLines() throws Exception {
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.type("derive f\n", InteractiveRepl.CONTINUATION)
                    .type("w = 1 GB +\n", InteractiveRepl.CONTINUATION)
                    .type("2 GB\n", InteractiveRepl.CONTINUATION)
                    .line("");
            assertTrue(t.screen().contains("f\n  w = 1 GB + 2 GB = 3 GB\n"), t.screen());
        }
    }

    @Test
    void aCommandTypedAtTheContinuationPromptEndsTheGroup() throws Exception {
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.type("derive f\n", InteractiveRepl.CONTINUATION)
                    .type("w = 2 GB\n", InteractiveRepl.CONTINUATION)
                    .line(":env");
            assertTrue(t.screen().contains("f\n  w = 2 GB\n"), t.screen());
            assertTrue(t.screen().contains("w = 2 GB"), t.screen());
            assertFalse(t.screen().contains("error"), t.screen());
            t.line("w * 2");
            assertTrue(t.screen().contains("4 GB\n"), "the group was kept:\n" + t.screen());
        }
    }

    @Test
    void ctrlCCancelsTheLineAndTheSessionGoesOn() throws Exception {
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.type("1 GB +", "1 GB +").type(TerminalSession.CTRL_C, InteractiveRepl.PROMPT).line("2 GB");
            assertTrue(t.screen().contains("2 GB\n"), t.screen());
            assertFalse(t.screen().contains("3 GB"), "the cancelled `1 GB +` must not join the next line:\n" + t.screen());
            assertFalse(t.finished());
        }
    }

    /**
     * A chain that takes minutes to evaluate, though each of its values stays under the checker's
     * limit of calls: f{N} calls f{N-1} twice, so f21 makes 4,194,303 calls, and 300 values call it.
     */
    static String slowChain() {
        StringBuilder sb = new StringBuilder("chain \"Slow\"\nfn f0(v) = v + 1\n");
        for (int i = 1; i <= 21; i++) {
            sb.append("fn f").append(i).append("(v) = f").append(i - 1).append("(v) + f").append(i - 1).append("(v)\n");
        }
        sb.append("derive slow\n");
        for (int i = 0; i < 300; i++) {
            sb.append("  v").append(i).append(" = f21(").append(i).append(")\n");
        }
        return sb.toString();
    }

    @Test
    void ctrlCCancelsAnEvaluationAndTheSessionKeepsItsValues() throws Exception {
        Path chain = tmp.resolve("slow.chain");
        Files.writeString(chain, slowChain());
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.line("kept = 42 GB");
            t.type(":load " + chain + "\n", ":load " + chain + "\n")
                    .interruptUntil("error: evaluation cancelled\n"
                            + "  = note: nothing was changed: the session is as it was before this input\n" + InteractiveRepl.PROMPT)
                    .line("kept * 2");
            assertTrue(t.screen().contains("\n84 GB\n"), "the session's values survived:\n" + t.screen());
            assertFalse(t.screen().contains("ans"), t.screen());
            assertEquals(0, t.leave());
        }
    }

    @Test
    void controlCharactersFromAChainAreShownEscaped() throws Exception {
        Path chain = tmp.resolve("controls.chain");
        Files.writeString(chain, "chain \"T\u001b]0;pwned\u0007\"\ninputs\n  t = \"x\u001b[2Jy\"\n");
        try (TerminalSession t = new TerminalSession(null, true)) {
            t.line(":load " + chain).line("t").line(":info t");
            assertTrue(t.screen().contains("T\\u001b]0;pwned\\u0007"), t.screen());
            assertTrue(t.screen().contains("x\\u001b[2Jy"), t.screen());
            assertFalse(t.raw().contains("\u001b]0;") || t.raw().contains("\u0007") || t.raw().contains("\u001b[2J"),
                    "a control sequence from the chain reached the terminal");
        }
    }

    @Test
    void ctrlDAndQuitLeave() throws Exception {
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.line("1 GB");
            assertEquals(0, t.leave());
        }
        try (TerminalSession t = new TerminalSession(null, false)) {
            t.type(":quit\n", ":quit");
            for (int i = 0; i < 200 && !t.finished(); i++) {
                Thread.sleep(10);
            }
            assertTrue(t.finished());
        }
    }

    @Test
    void historyIsKeptAcrossSessions() throws Exception {
        Path history = tmp.resolve("history");
        try (TerminalSession first = new TerminalSession(history, false)) {
            first.line("20 GB + 22 GB");
            first.leave();
        }
        assertTrue(Files.readString(history).contains("20 GB + 22 GB"));
        try (TerminalSession second = new TerminalSession(history, false)) {
            second.type(TerminalSession.UP, "20 GB + 22 GB").line("");
            assertTrue(second.screen().contains("42 GB\n"), second.screen());
        }
    }

    @Test
    void anUnreadableHistoryFileDoesNotEndTheSession() throws Exception {
        Path notUtf8 = tmp.resolve("history");
        byte[] bytes = "1795969668540:1 GB\n1795969668541:\u00ff 2 GB\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Files.write(notUtf8, bytes);
        Path folder = Files.createDirectories(tmp.resolve("folder"));
        for (Path history : new Path[] {notUtf8, folder}) {
            try (TerminalSession t = new TerminalSession(history, false)) {
                t.line("20 GB + 22 GB");
                assertTrue(t.screen().contains("cannot read the history file " + history + " ("
                        + (history == folder ? "Is a directory" : "it is not UTF-8 text") + ")"), t.screen());
                assertTrue(t.screen().contains("42 GB\n"), t.screen());
                t.line("");
                assertEquals(0, t.leave());
            }
        }
        assertTrue(java.util.Arrays.equals(bytes, Files.readAllBytes(notUtf8)), "the file is left as it was");
    }

    /** JLine's log would reach the screen through java.util.logging's console handler, in its own format. */
    @Test
    void jlinesOwnLogIsNotShown() throws Exception {
        Path history = tmp.resolve("history");
        Files.writeString(history, "a line that is not history\n1795969668540:1 GB\n");
        java.util.List<String> logged = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord r) {
                if (r.getLoggerName() != null && r.getLoggerName().startsWith("org.jline") && isLoggable(r)) {
                    logged.add(r.getLevel() + ": " + r.getMessage());
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
        root.addHandler(handler);
        try (TerminalSession t = new TerminalSession(history, false)) {
            t.line("2 GB");
            assertTrue(t.screen().contains("2 GB\n"), t.screen());
        } finally {
            root.removeHandler(handler);
        }
        assertEquals(java.util.List.of(), logged);
    }

    @Test
    void theLineIsColouredAsItIsTyped() throws Exception {
        try (TerminalSession t = new TerminalSession(null, true)) {
            t.line("x_1 = 3 GB");
            assertTrue(t.raw().contains("\u001b[36m3"), "the number in cyan:\n" + t.raw());
        }
        AttributedString line = new ReplHighlighter(new ReplSession()).highlight(null, ":dim 3 GB");
        assertEquals(AttributedStyle.DEFAULT.bold().foreground(AttributedStyle.BLUE), line.styleAt(0));
        assertEquals(AttributedStyle.DEFAULT.foreground(AttributedStyle.CYAN), line.styleAt(5));
        assertEquals(AttributedStyle.DEFAULT.foreground(AttributedStyle.GREEN), line.styleAt(7));
    }

    @Test
    void historyLivesInTheUsersDataFolder() throws Exception {
        Path xdg = tmp.resolve("xdg");
        assertEquals(xdg.resolve("chain/history"), HistoryFile.locate(Map.of("XDG_DATA_HOME", xdg.toString()), "/nowhere"));
        assertTrue(Files.isDirectory(xdg.resolve("chain")));
        Path home = tmp.resolve("home");
        assertEquals(home.resolve(".local/share/chain/history"), HistoryFile.locate(Map.of("XDG_DATA_HOME", "relative"), home.toString()));
        assertNull(HistoryFile.locate(Map.of(), null));
    }
}
