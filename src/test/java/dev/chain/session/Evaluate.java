package dev.chain.session;

import dev.chain.diag.Diagnostic;
import dev.chain.diag.DiagnosticRenderer;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import java.util.List;

/** Test helper: evaluates one expression with a fresh engine. */
public final class Evaluate {
    private Evaluate() {}

    public record Outcome(ExpressionResult result, List<Diagnostic> diagnostics) {
        public String text() {
            if (result == null) {
                throw new AssertionError("expected a value, got:\n" + rendered());
            }
            return result.formatted().text();
        }

        public String rendered() {
            return new DiagnosticRenderer(false).render(diagnostics);
        }
    }

    private static final Engine ENGINE = new Engine();

    public static Outcome expression(String text) {
        Diagnostics diagnostics = new Diagnostics();
        ExpressionResult result = ENGINE.evaluate(new SourceFile("<expr>", text), diagnostics);
        return new Outcome(result, diagnostics.all());
    }
}
