package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code chain repl} on the command line, with a script on standard input. */
class ReplCliTest {
    private static CliRun repl(String script, String... args) {
        InputStream before = System.in;
        System.setIn(new ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8)));
        try {
            String[] all = new String[args.length + 1];
            all[0] = "repl";
            System.arraycopy(args, 0, all, 1, args.length);
            return CliRun.of(all);
        } finally {
            System.setIn(before);
        }
    }

    @Test
    void aPipedSessionPrintsResultsWithoutPrompts() {
        CliRun r = repl("16.06 GB / 3.35 TB/s -> ms\n3 GB + 2 ms\n:dim ans\n");
        assertEquals("4.794 ms\ns (time)\n", r.out());
        assertTrue(r.err().contains("error: cannot add B (information) and s (time)"), r.err());
        assertEquals(1, r.exit());
        assertEquals(0, repl("1 GB\n").exit());
    }

    @Test
    void aFileOnTheCommandLineIsLoaded() {
        CliRun r = repl(":step\n:step\n:step\n:step\n:step\n:set batch=32\n",
                Path.of("chains", "02-inter-token-floor.chain").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("= 16.06 GB\n"), r.out());
        assertTrue(r.out().contains("= 34.36 GB\n"), r.out());
        assertTrue(r.out().contains("= 15.05 ms\n"), r.out());
        assertTrue(r.out().contains("= 17.18 GB   (was 34.36 GB)\n"), r.out());
    }

    @Test
    void aMissingFileIsAnErrorButTheSessionRuns() {
        CliRun r = repl("1 GB\n", "no/such.chain");
        assertEquals("1 GB\n", r.out());
        assertTrue(r.err().contains("no such file or folder: no/such.chain"), r.err());
        assertEquals(1, r.exit());
    }

    @Test
    void helpListsTheCommand() {
        assertTrue(CliRun.of("--help").out().contains("repl"));
        CliRun help = CliRun.of("repl", "--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().contains("Usage: chain repl"), help.out());
        // the rule ReplMain.onTerminal applies, in sentences wrapped at the width and not mid-way
        String text = help.out().replaceAll("\\s+", " ");
        assertTrue(text.contains("When standard input and output are not both a terminal, it reads lines and prints results "
                + "without prompts, so that sessions can be piped"), help.out());
        assertTrue(help.out().lines().noneMatch(l -> l.endsWith("so sessions")), help.out());
    }

    /** Start-up is a feature: only `chain repl` on a terminal may load JLine. */
    @Test
    void evalAndCheckNeverLoadJline() throws IOException, InterruptedException {
        for (List<String> command : List.of(List.of("eval", "1 GB"), List.of("check", "chains/"))) {
            String loaded = ClassLoading.classesLoaded(command);
            assertTrue(loaded.contains("dev.chain.cli.Main"), "the class log works");
            assertFalse(loaded.contains("org.jline"), command + " loaded JLine");
        }
        String piped = ClassLoading.classesLoaded(List.of("repl"));
        assertFalse(piped.contains("org.jline"), "a piped repl needs no JLine either");
    }
}
