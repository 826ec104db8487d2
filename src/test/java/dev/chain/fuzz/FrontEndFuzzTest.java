package dev.chain.fuzz;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.DiagnosticRenderer;
import dev.chain.diag.Diagnostics;
import dev.chain.format.Formatter;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import dev.chain.source.SourceFile;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Coverage-guided fuzzing of the front end and checker (Jazzer): any text, as a whole file and as
 * one expression, goes through parse, check, compile and evaluate, and its diagnostics are
 * rendered. Whatever the input, the engine must answer with a result or diagnostics: an exception
 * or error escaping it is a finding, and so is an error without a place in the text. A text that
 * parses must also format ({@code chain fmt}) to the same tree, and formatting it again must change nothing.
 *
 * <p>{@code mvn -B test} replays the saved inputs in {@code FrontEndFuzzTestInputs} (the findings
 * fixed so far). {@code mvn -B test -Pfuzz} fuzzes, seeded with {@code chains/} and the error
 * corpus; see docs/diagnostics.md.
 */
class FrontEndFuzzTest {
    /** Loading the prelude once per run keeps each execution to the input's own work. */
    private static final Engine ENGINE = new Engine();
    private static final DiagnosticRenderer RENDERER = new DiagnosticRenderer(false);

    @FuzzTest(maxDuration = "5m")
    @DictionaryEntries({"chain ", "drill ", "use ", " as ", "inputs", "derive ", "sanity", "note ", "check ",
            " within ", " in ", " .. ", " -> ", " to ", "fn ", "unit ", "dimension ", "@source(", "@prefixes(si, iec)",
            "@glued", " = ", " + ", " - ", " * ", " / ", "^", "(", ")", ", ", "\"", "\"\"\"", "{", "}", ":.2f", ":,.0f",
            " GB", " GiB", " TB/s", " ms", " s", " FLOP", " TFLOP/s", " token", " B/token", " param", "%", "x", "≈",
            "1e308", "3,000", "8.03e9", "h100_sxm", "llama31_8b", "transformer", "gpu.hbm_bandwidth", "floor(", "max(",
            "sqrt(", ": Bytes", ": Time", "Bytes/Time", "#"})
    void anyTextIsCheckedOrExplained(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);

        SourceFile file = new SourceFile("fuzz.chain", text);
        ChainRun run = ChainRun.execute(ENGINE, file, List.of());
        assertNotNull(run.status());
        if (run.status() != ChainRun.Status.OK) {
            assertFalse(run.diagnostics().isEmpty(), "a failure without a diagnostic");
        }
        assertExplained(run.diagnostics(), file);

        // chain fmt: a text that parses is laid out without a change of meaning (the formatter
        // refuses, with a diagnostic saying it is a bug, any layout whose tree differs), once for all.
        Formatter.Result formatted = Formatter.format(file);
        if (formatted.ok()) {
            Formatter.Result again = Formatter.format(new SourceFile("fuzz.chain", formatted.text()));
            assertTrue(again.ok() && again.text().equals(formatted.text()), "formatting is not idempotent");
        } else {
            assertFalse(formatted.problems().get(0).message().startsWith("chain fmt cannot"),
                    () -> formatted.problems().get(0).message());
        }

        SourceFile expression = new SourceFile("<expr>", text);
        Diagnostics diagnostics = new Diagnostics();
        if (ENGINE.evaluate(expression, diagnostics) == null) {
            assertTrue(diagnostics.hasErrors(), "no result and no error");
        }
        assertExplained(diagnostics.all(), expression);
    }

    /** Every diagnostic has a place inside the text it is about, and renders. */
    private static void assertExplained(List<Diagnostic> diagnostics, SourceFile source) {
        for (Diagnostic d : diagnostics) {
            assertNotNull(d.span(), () -> "no place: " + d.message());
            if (d.span().file() == source) {
                assertTrue(d.span().start() >= 0 && d.span().end() <= source.text().length(),
                        () -> "span out of the text: " + d.span().start() + ".." + d.span().end());
            }
            assertFalse(RENDERER.render(d).isEmpty());
        }
    }
}
