package dev.chain.session.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.diag.DiagnosticRenderer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 42's small things of the REPL: {@code :save FILE} writes the loaded chain with every change
 * made since, a file that loads back as the session was (or nothing, saying why); {@code :env} marks
 * a module moved with {@code :set}; {@code :info floor} says which of the things named floor it
 * shows first.
 */
class ReplSaveAndBrowseTest {
    private static final Path CHAIN = Path.of("chains/02-inter-token-floor.chain");

    @TempDir
    Path tmp;

    private static String ok(ReplSession session, String input) {
        Reply reply = session.submit(input);
        assertFalse(reply.failed(), () -> input + " failed:\n" + new DiagnosticRenderer(false).render(reply.diagnostics()));
        return reply.text();
    }

    /** :env's lines of values, which say every value of the session. */
    private static String values(ReplSession session) {
        String env = ok(session, ":env");
        return env.substring(env.indexOf("\nbatch"));
    }

    @Test
    void saveWritesTheLoadedChainWithEveryChangeAndItLoadsBackAsTheSession() throws IOException {
        ReplSession session = new ReplSession();
        ok(session, ":load " + CHAIN);
        ok(session, ":set gpu=b200");
        ok(session, ":set batch=32");
        ok(session, ":set context=2 * 4,096 token"); // an expression: written as its value, so that context stays an input
        ok(session, "doubled = floor * 2");
        ok(session, "16 GB / 2 TB/s"); // a value on its own: not a definition
        Path saved = tmp.resolve("saved.chain");
        assertEquals("saved " + saved + ": 59 lines; it checks and gives the session's values, and the 2 checks that fail here\n",
                ok(session, ":save " + saved));
        String original = Files.readString(CHAIN);
        assertEquals(original.replace("use h100_sxm as gpu", "use b200 as gpu").replace("  batch   = 64\n", "  batch   = 32\n")
                .replace("  context = 4,096 token\n", "  context = 8,192 token\n") + "doubled = floor * 2\n", Files.readString(saved));

        ReplSession again = new ReplSession();
        ok(again, ":load " + saved);
        String before = values(session).replace("   (input, changed with :set)", "   (input)");
        assertEquals(before.substring(0, before.indexOf("\nans")), values(again).stripTrailing());
        assertTrue(values(again).contains("floor        = 6.55 ms\n"), values(again));
    }

    @Test
    void saveWritesNothingWhenTheDefinitionsNeedATypedValue() {
        ReplSession session = new ReplSession();
        ok(session, "size = 3 GB");
        ok(session, "size * 2");
        ok(session, "total = ans + 1 GB");
        Path saved = tmp.resolve("s.chain");
        Reply reply = session.submit(":save " + saved);
        assertTrue(reply.failed());
        String said = new DiagnosticRenderer(false).render(reply.diagnostics());
        assertTrue(said.startsWith("error: nothing saved: the session's definitions do not check as " + saved + "\n"
                + "  = hint: a value typed on its own (ans) is not saved: bind it to a name to keep it\n"
                + saved + ":2:9: error: unknown name `ans`\n"), said);
        assertFalse(Files.exists(saved));
    }

    @Test
    void envMarksAModuleChangedWithSet() {
        ReplSession session = new ReplSession();
        ok(session, ":load " + CHAIN);
        assertTrue(ok(session, ":env").contains("\nmodules: gpu = h100_sxm, model = llama31_8b\n"));
        ok(session, ":set gpu=b200");
        assertTrue(ok(session, ":env").contains("\nmodules: gpu = b200 (changed with :set), model = llama31_8b\n"), ok(session, ":env"));
    }

    @Test
    void infoSaysWhichOfTheThingsNamedItShowsFirst() {
        ReplSession session = new ReplSession();
        ok(session, ":load " + CHAIN);
        String info = ok(session, ":info floor");
        assertTrue(info.startsWith("`floor` names 2 things: the value first, then the built-in function\n"
                + "floor = (weights + kv) / gpu.hbm_bandwidth = (16.06 GB + 34.36 GB) / 3.35 TB/s = 15.05 ms\n"), info);
        assertTrue(info.contains("\nfloor(x: D[, step: D]) -> D: built-in function\n"), info);
        assertTrue(ok(session, ":info weights").startsWith("weights = "), "one thing: no line about it");
    }
}
