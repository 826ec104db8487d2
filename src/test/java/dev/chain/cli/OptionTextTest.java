package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.chain.diag.DiagnosticRenderer;
import dev.chain.session.repl.Reply;
import dev.chain.session.repl.ReplSession;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The text of an option or a REPL command is read by the grammar, as a chain is, so that each
 * accepts the names and the shapes a chain accepts (the design review's §3.6, where each of these
 * was refused by a hand-written rule of its own).
 */
class OptionTextTest {
    private static final String NAMES = "src/test/resources/sweep/names.chain";
    private static final String CARD = "chains/02-inter-token-floor.chain";

    private static String repl(String file, String command) {
        ReplSession session = new ReplSession();
        Reply loaded = session.submit(":load " + file);
        assertFalse(loaded.failed(), () -> new DiagnosticRenderer(false).render(loaded.diagnostics()));
        Reply reply = session.submit(command);
        assertFalse(reply.failed(), () -> command + " failed:\n" + new DiagnosticRenderer(false).render(reply.diagnostics()));
        return reply.text();
    }

    /** `chain run` accepts партия; --over said "`партия` is not a name". */
    @Test
    void sweepOverACyrillicName() {
        CliRun r = CliRun.on("sweep", NAMES, "--over", "партия=1,8", "--show", "tokens");
        assertEquals(0, r.exit(), r.err());
        assertEquals("партия  tokens\n     1       2\n     8      16\n", r.out());
    }

    /** --for said "`партия` is not a name"; --where reads a check's condition, as it did. */
    @Test
    void solveForACyrillicName() {
        CliRun r = CliRun.on("solve", NAMES, "--for", "партия=1..100", "--where", "tokens <= 100");
        assertEquals(0, r.exit(), r.err());
        assertEquals("tokens <= 100 holds up to партия = 50; fails from партия = 51\n", r.out());
    }

    /** The REPL's :sweep refused λ, which chain sweep --show λ shows. */
    @Test
    void replSweepShowsAGreekNameAsChainSweepDoes() {
        CliRun cli = CliRun.on("sweep", NAMES, "--over", "партия=1,8", "--show", "λ");
        assertEquals(0, cli.exit(), cli.err());
        assertEquals("партия  λ\n     1  2\n     8  2\n", cli.out());
        assertEquals(cli.out(), repl(NAMES, ":sweep партия=1,8 λ"));
        assertEquals("партия  λ  load\n     1  2     2\n     8  2    16\n", repl(NAMES, ":sweep партия=1,8 λ, load"));
    }

    /**
     * :sweep over modules and an input beside them was refused ("takes modules only"); it prints
     * chain sweep's table, a row per module and point (the checks that fail follow it in both).
     */
    @Test
    void replSweepOverModulesAndAnInputPrintsChainSweepsTable() {
        CliRun cli = CliRun.on("sweep", CARD, "--over", "gpu=h100_sxm,b200", "--over", "batch=1,64", "--show", "floor");
        assertEquals(0, cli.exit(), cli.err());
        assertEquals("""
                gpu       batch  floor (ms)
                H100 SXM      1        4.95
                H100 SXM     64       15.05
                B200          1        2.16
                B200         64        6.55
                """, cli.out());
        String repl = repl(CARD, ":sweep gpu=h100_sxm,b200 batch=1,64 floor");
        assertEquals(cli.out(), repl.substring(0, cli.out().length()));
        assertEquals("warning: check fails at 1 of 2 points: batch = 1, with gpu = h100_sxm (line 44)",
                repl.substring(cli.out().length()).lines().findFirst().orElse(""));
    }

    /**
     * The REPL's :solve prints what chain solve prints for the session's chain, the session's :set
     * inputs as --set (every turn of a condition that turns more than once too).
     */
    @Test
    void replSolvePrintsWhatChainSolvePrints() {
        CliRun cli = CliRun.on("solve", CARD, "--for", "batch=1..1024", "--where", "floor <= 20 ms");
        assertEquals(0, cli.exit(), cli.err());
        assertEquals("floor <= 20 ms holds up to batch = 94; fails from batch = 95\n", cli.out());
        assertEquals(cli.out(), repl(CARD, ":solve batch=1..1024 check floor <= 20 ms"));
        CliRun set = CliRun.on("solve", CARD, "--for", "context=1 token..131,072 token", "--set", "batch=32", "--where", "floor <= 20 ms");
        assertEquals(0, set.exit(), set.err());
        ReplSession session = new ReplSession();
        session.submit(":load " + CARD);
        session.submit(":set batch=32");
        assertEquals(set.out(), session.submit(":solve context=1 token..131,072 token check floor <= 20 ms").text());
        CliRun twice = CliRun.on("solve", NAMES, "--for", "партия=1..100", "--where", "tokens in 10 .. 20");
        assertEquals(0, twice.exit(), twice.err());
        assertEquals(twice.out(), repl(NAMES, ":solve партия=1..100 check tokens in 10 .. 20"));
    }

    /**
     * A check of the chain that fails at some of a sweep's points is a warning in both: a sweep goes
     * beyond the chain's own inputs, where the check is about those. The REPL marked it ✗, as a
     * failed check of the session, where chain sweep warned; each now says it as chain sweep does.
     */
    @Test
    void replSweepWarnsOfAFailingCheckAsChainSweepDoes() {
        CliRun cli = CliRun.on("sweep", CARD, "--over", "batch=1,8,64", "--show", "floor");
        assertEquals(0, cli.exit(), cli.err());
        java.util.List<String> warned = cli.err().lines().filter(l -> l.startsWith(CARD + ":")).toList();
        assertEquals(java.util.List.of(CARD + ":44:9: warning: check fails at 2 of 3 points: batch = 1 and 8",
                CARD + ":45:9: warning: check fails at 2 of 3 points: batch = 1 and 8"), warned);
        String repl = repl(CARD, ":sweep batch=1,8,64 floor");
        assertEquals(cli.out(), repl.substring(0, cli.out().length()));
        assertEquals("""
                warning: check fails at 2 of 3 points: batch = 1 and 8, at batch = 1, 20.64% is not in 50% .. 80% (line 44)
                warning: check fails at 2 of 3 points: batch = 1 and 8, at batch = 1, 66.71 ms is not greater than 72 ms (line 45)
                """, repl.substring(cli.out().length()));
    }

    /** A mistake in an option's text is a located diagnostic, in the text as it was typed, with a hint. */
    @Test
    void mistakesInOptionTextAreLocated() {
        CliRun keyword = CliRun.on("sweep", CARD, "--over", "in=1,8", "--show", "floor");
        assertEquals(2, keyword.exit());
        assertEquals("""
                --over:1:1: error: `in` is not a name
                 1 | in=1,8
                   | ^^
                   = hint: name one of the chain's inputs, such as batch
                """, keyword.err());
        CliRun show = CliRun.on("sweep", CARD, "--over", "batch=1,8", "--show", "floor,,mixed");
        assertEquals(2, show.exit());
        assertEquals("""
                --show:1:7: error: unexpected `,`
                 1 | floor,,mixed
                   |       ^
                """, show.err());
    }

    /**
     * A module is named as `use NAME` reads it: chain import -o took only ASCII names, and a
     * keyword it took could never be used. A Cyrillic one is written and used; `in` is refused.
     */
    @Test
    void importNamesAModuleAsUseReadsIt(@TempDir Path dir) throws IOException {
        String config = "src/test/resources/import/configs/qwen3_8b.json";
        Path module = dir.resolve("модель.chain");
        CliRun r = CliRun.of("import", config, "-o", module.toString());
        assertEquals(0, r.exit(), r.err());
        Files.writeString(dir.resolve("card.chain"), """
                use модель as model
                check model.hidden == 4,096
                """);
        CliRun check = CliRun.of("check", dir.resolve("card.chain").toString());
        assertEquals(0, check.exit(), check.err() + check.out());
        CliRun keyword = CliRun.of("import", config, "-o", dir.resolve("in.chain").toString());
        assertEquals(2, keyword.exit());
        assertEquals(true, keyword.err().contains("-o takes NAME.chain, where NAME is a module name as `use NAME` reads it"),
                keyword.err());
    }

    /** --set gpu=... takes a module's name as a `use` does: a keyword is none ("`in` is not a module's name"). */
    @Test
    void aModuleOptionTakesANameAsUseDoes() {
        CliRun r = CliRun.on("run", CARD, "--set", "gpu=in");
        assertEquals(2, r.exit(), r.err());
        assertEquals(true, r.err().startsWith("--set gpu:1:1: error: `in` is not a module's name\n"), r.err());
    }

    /**
     * NAME=FILE#KEY is read by the grammar (its lexer's keyed modes, where `#` starts the key): the
     * blanks around `=` no longer end up in the path, and a text of another shape is located.
     */
    @Test
    void observeReadsItsFileAndKeyByTheGrammar() {
        String bench = "src/test/resources/observe/vllm/bench.json";
        CliRun spaced = CliRun.on("run", CARD, "--observe", "p50 = " + bench + "#median_itl_ms");
        assertEquals(0, spaced.exit(), spaced.err());
        assertEquals(true, spaced.out().contains("p50   = observed 24.1 ms (" + bench + ", median_itl_ms)"), spaced.out());
        CliRun noKey = CliRun.on("run", CARD, "--observe", "p50=" + bench);
        assertEquals(2, noKey.exit());
        assertEquals("--observe:1:1: error: expected NAME=FILE#KEY, such as --observe p50=bench.json#median_itl_ms\n"
                + " 1 | p50=" + bench + "\n"
                + "   | " + "^".repeat(("p50=" + bench).length()) + "\n", noKey.err());
    }
}
