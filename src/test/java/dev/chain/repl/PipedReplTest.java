package dev.chain.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Sessions piped in, as a script would: no prompts, no escape codes, every answer in order. */
class PipedReplTest {
    /** What a session printed: standard output, standard error, and both as they interleave. */
    record Session(int exit, String out, String err, String both) {}

    static Session pipe(Path file, String script) throws IOException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        StringWriter both = new StringWriter();
        PrintWriter outWriter = new PrintWriter(new Tee(out, both), true);
        PrintWriter errWriter = new PrintWriter(new Tee(err, both), true);
        int exit = ReplMain.run(file, ReplMain.Colour.AUTO, false,
                new ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8)), outWriter, errWriter);
        return new Session(exit, out.toString(), err.toString(), both.toString());
    }

    @Test
    void theCardsSecondChainStepByStep() throws IOException {
        Path script = Path.of("src/test/resources/repl/card-walk.session");
        Session s = pipe(null, Files.readString(script));
        Golden.assertMatches(Path.of("src/test/resources/repl/card-walk.transcript"), s.both());
        assertEquals(0, s.exit(), s.err());
        assertEquals("", s.err());
        for (String number : new String[] {"= 16.06 GB\n", "= 34.36 GB\n", "= 15.05 ms\n", "= 17.18 GB   (was 34.36 GB)\n",
                "= 9.92 ms   (was 15.05 ms)\n"}) {
            assertTrue(s.out().contains(number), number + " in\n" + s.out());
        }
        assertFalse(s.both().contains("\u001b"), "no escape codes when piped");
        assertFalse(s.both().contains("chain>"), "no prompts when piped");
    }

    @Test
    void aDimensionErrorThenMoreWork() throws IOException {
        Session s = pipe(null, """
                kv = 64 * 4,096 token * 131,072 B/token
                kv + 2 ms
                kv / 3.35 TB/s -> ms
                :dim kv / 3.35 TB/s
                """);
        assertEquals("kv = 34.36 GB\n10.26 ms\ns (time)\n", s.out());
        assertEquals("""
                <repl>:1:4: error: cannot add B (information) and s (time)
                 1 | kv + 2 ms
                   | -- ^ ---- s (time)
                   | |
                   | B (information)
                """, s.err());
        assertTrue(s.both().indexOf("cannot add") < s.both().indexOf("10.26 ms"), "in order:\n" + s.both());
        assertEquals(1, s.exit(), "a failed input makes a script fail");
    }

    @Test
    void aGroupOverSeveralLinesEndsAtABlankLine() throws IOException {
        Session s = pipe(null, """
                derive floor
                  weights = 8.03e9 param * 2 B/param
                  kv = 64 * 4,096 token *
                    131,072 B/token
                  floor = (weights + kv) / 3.35 TB/s -> ms

                floor * 2
                """);
        assertEquals("""
                floor
                  weights = 8.03e9 param * 2 B/param = 16.06 GB
                  kv      = 64 * 4,096 token * 131,072 B/token = 34.36 GB
                  floor   = (weights + kv) / 3.35 TB/s = (16.06 GB + 34.36 GB) / 3.35 TB/s = 15.05 ms
                30.1 ms
                """, s.out());
    }

    @Test
    void aCommandRightAfterAGroupEndsTheGroup() throws IOException {
        Session s = pipe(null, """
                derive floor
                  weights = 16.06 GB
                  floor = weights / 3.35 TB/s -> ms
                :trace floor
                derive prose ""\"
                  a line of text
                  :not a command inside text
                  ""\"
                  twice = floor * 2
                :env
                """);
        assertEquals("", s.err());
        assertEquals(0, s.exit());
        assertTrue(s.out().contains("floor = weights / 3.35 TB/s = 4.794 ms\n└─ weights = 16.06 GB  (input)\n"), s.out());
        assertTrue(s.out().contains("twice   = 9.588 ms\n"), s.out());
    }

    @Test
    void quitStopsReading() throws IOException {
        Session s = pipe(null, "1 GB\n:quit\n2 GB\n");
        assertEquals("1 GB\n", s.out());
        assertEquals(0, s.exit());
    }

    @Test
    void aFileGivenOnTheCommandLineIsLoadedFirst() throws IOException {
        Session s = pipe(Path.of("chains/02-inter-token-floor.chain"), ":step\n:trace kv\n");
        assertTrue(s.out().startsWith("The inter-token floor and a mixed step\n"), s.out());
        assertTrue(s.out().contains("inputs\n  batch   = 64\n"), s.out());
        assertTrue(s.out().contains("kv = batch * context * model.kv_bytes_per_token = 34.36 GB\n├─ batch = 64  (input)"), s.out());
    }

    /** Writes to two writers, so that a test sees both streams and their interleaving. */
    private static final class Tee extends java.io.Writer {
        private final java.io.Writer a;
        private final java.io.Writer b;

        Tee(java.io.Writer a, java.io.Writer b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(char[] buf, int off, int len) throws IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }

        @Override
        public void flush() throws IOException {
            a.flush();
            b.flush();
        }

        @Override
        public void close() {}
    }

    /** A chain pasted at the prompt: each line was once re-read with all those before it (quadratic). */
    @Test
    void aGroupOfThousandsOfLinesIsReadInOnePass() throws IOException {
        StringBuilder script = new StringBuilder("derive pasted\n");
        for (int i = 0; i < 3_000; i++) {
            script.append("  v").append(i).append(" = ").append(i).append(" GB\n");
        }
        script.append("\nv2999 / v1\n");
        Session s = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> pipe(null, script.toString()));
        assertEquals(0, s.exit(), s.err());
        assertTrue(s.out().startsWith("pasted\n  v0    = 0 GB\n"), s.out());
        assertTrue(s.out().endsWith("  v2999 = 2,999 GB\n2,999\n"), s.out().substring(s.out().length() - 200));
    }
}
