package dev.chain.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.diag.DiagnosticRenderer;
import dev.chain.session.ChainRun;
import dev.chain.session.Chains;
import dev.chain.session.repl.Reply;
import dev.chain.session.repl.ReplSession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A check's outcome in words: a count in the plural as a template writes it, in every place an outcome is shown. */
class CheckTextTest {
    private static final String LEDGER = """
            chain "ledger"
            inputs
              pages = 25,600 page
              one   = 1 page
            sanity
              check pages <= 26,483 page
              check one <= 1 page
              check pages ≈ 25,000 page within 1,000 page
              check pages in 1 page .. 26,483 page
            """;

    @Test
    void aCheckLineWritesCountsInThePluralAsTheInputsLineDoes() {
        ChainRun run = Chains.source("t.chain", LEDGER);
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        List<CodeBlock.Row> rows = new ChainMarkdown(run.chain().program(), run.evaluation(), run.values()).rows();
        assertEquals(List.of("pages = 25,600 pages", "one = 1 page"), plain(rows.get(0).lines()));
        // It read "25,600 page is at most 26,483 page".
        assertEquals(List.of("25,600 pages is at most 26,483 pages", "1 page is at most 1 page",
                "25,600 pages is within 1,000 pages of 25,000 pages", "25,600 pages is in 1 page .. 26,483 pages"),
                plain(rows.get(1).lines()));
    }

    @Test
    void valuesThatDifferNeverReadTheSame() {
        // They read "1 token is less than 1 token", "20 ms is greater than 20 ms" and "2x is less than 2x".
        ChainRun run = Chains.source("t.chain", """
                chain "close calls"

                inputs
                  a = 0.99996 token
                  t = 20.00004 ms
                  r = 1.99996x

                sanity
                  check a < 1 token
                  check t > 20 ms
                  check r < 2x
                  check t in 20 ms .. 20.0001 ms
                  check t <= 20.00004 ms
                  check a > 1 token
                """);
        List<CodeBlock.Row> rows = new ChainMarkdown(run.chain().program(), run.evaluation(), run.values()).rows();
        assertEquals(List.of("0.99996 tokens is less than 1 token", "20.00004 ms is greater than 20 ms", "1.99996x is less than 2x",
                "20.00004 ms is in 20 ms .. 20.0001 ms", "20.00004 ms is at most 20.00004 ms", "0.99996 tokens is not greater than 1 token"),
                plain(rows.get(1).lines()));
        assertEquals("""
                t.chain:14:11: error: check failed: 0.99996 tokens is not greater than 1 token
                 14 |   check a > 1 token
                    |         - ^
                    |         |
                    |         is 0.99996 tokens
                """, new DiagnosticRenderer(false).render(run.diagnostics()));
    }

    @Test
    void aFailedChecksDiagnosticAndTheReplSayItTheSameWay(@TempDir Path tmp) throws Exception {
        String failing = LEDGER.replace("check pages <= 26,483 page", "check pages > 26,483 page");
        ChainRun run = Chains.source("t.chain", failing);
        assertEquals("""
                t.chain:6:15: error: check failed: 25,600 pages is not greater than 26,483 pages
                 6 |   check pages > 26,483 page
                   |         ----- ^
                   |         |
                   |         is 25,600 pages
                """, new DiagnosticRenderer(false).render(run.diagnostics()));

        Path file = tmp.resolve("ledger.chain");
        Files.writeString(file, LEDGER);
        ReplSession session = new ReplSession();
        assertTrue(!session.submit(":load " + file).failed());
        Reply rest = session.submit(":run");
        assertTrue(rest.text().contains("  ✓ check pages <= 26,483 page: 25,600 pages is at most 26,483 pages\n"), rest.text());
    }

    private static List<String> plain(List<String> lines) {
        return lines.stream().map(TemplateRenderer::plain).toList();
    }
}
