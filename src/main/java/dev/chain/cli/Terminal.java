package dev.chain.cli;

import dev.chain.diag.Diagnostic;
import dev.chain.diag.DiagnosticRenderer;
import java.io.PrintWriter;
import java.util.List;

/** Where a command writes: results to standard output, diagnostics to standard error. */
final class Terminal {
    private final PrintWriter out;
    private final PrintWriter err;
    private final DiagnosticRenderer renderer;

    Terminal(PrintWriter out, PrintWriter err, boolean colour) {
        this.out = out;
        this.err = err;
        this.renderer = new DiagnosticRenderer(colour);
    }

    PrintWriter out() {
        return out;
    }

    void diagnostics(List<Diagnostic> diagnostics) {
        for (Diagnostic d : diagnostics) {
            if (d.span() == null) {
                err.print("chain: ");
            }
            err.print(renderer.render(d));
        }
        err.flush();
    }

    /** A line of information beside the results, on standard error (so that standard output stays a clean result). */
    void note(String message) {
        err.println(message);
        err.flush();
    }

    /** A write that failed, in the one form every command gives it: {@code chain: error: cannot write PATH: reason}. */
    void cannotWrite(java.nio.file.Path path, String reason) {
        problem("error: cannot write " + path + ": " + reason);
    }

    /** A one-line problem with no place in a file (a missing file, a bad option). */
    void problem(String message) {
        err.println("chain: " + dev.chain.diag.Printable.escape(message)); // it may quote a path
        err.flush();
    }
}
