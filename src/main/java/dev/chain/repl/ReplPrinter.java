package dev.chain.repl;

import dev.chain.diag.Diagnostic;
import dev.chain.diag.DiagnosticRenderer;
import dev.chain.diag.Printable;
import dev.chain.session.repl.Reply;

/** Writes a {@link Reply} as text: plain for a pipe, coloured for a terminal that wants it. */
final class ReplPrinter {
    private static final String RESET = "\u001b[0m";

    private final boolean colour;
    private final DiagnosticRenderer diagnostics;

    ReplPrinter(boolean colour) {
        this.colour = colour;
        this.diagnostics = new DiagnosticRenderer(colour);
    }

    /** The answer's lines; text from the input in them (a title, a text value) has its control characters escaped. */
    String lines(Reply reply) {
        StringBuilder out = new StringBuilder();
        for (Reply.Line line : reply.lines()) {
            String style = colour ? style(line.style()) : "";
            String text = Printable.escape(line.text());
            out.append(style.isEmpty() ? text : style + text + RESET).append('\n');
        }
        return out.toString();
    }

    String diagnostics(Reply reply) {
        StringBuilder out = new StringBuilder();
        for (Diagnostic d : reply.diagnostics()) {
            out.append(diagnostics.render(d));
        }
        return out.toString();
    }

    private static String style(Reply.Style style) {
        return switch (style) {
            case RESULT -> "\u001b[1m";
            case HEADING -> "\u001b[1;34m";
            case PASSED -> "\u001b[32m";
            case FAILED -> "\u001b[1;31m";
            case WARNING -> "\u001b[1;33m"; // the diagnostics' warning yellow
            case INFO -> "\u001b[2m";
            case STEP -> "";
        };
    }
}
