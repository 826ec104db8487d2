package dev.chain.diag;

import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * Every error chain reports, from a stray character to a failed check: where (a span), what
 * (a message), secondary places that matter (labels) and how to fix it (notes and hints).
 * The span is null only for errors about no place in particular (a missing file).
 */
public record Diagnostic(Severity severity, Span span, String message, List<Label> labels, List<String> notes) {

    /** A secondary place, such as the other operand of a mismatched + or an earlier definition. */
    public record Label(Span span, String message) {}

    public Diagnostic {
        labels = List.copyOf(labels);
        notes = List.copyOf(notes);
    }

    public static Diagnostic error(Span span, String message) {
        return new Diagnostic(Severity.ERROR, span, message, List.of(), List.of());
    }

    public Diagnostic withLabel(Span where, String what) {
        List<Label> more = new ArrayList<>(labels);
        more.add(new Label(where, what));
        return new Diagnostic(severity, span, message, more, notes);
    }

    /** Adds a line shown as {@code = hint: ...}; the renderer prefixes it. */
    public Diagnostic withHint(String hint) {
        return withNote("hint: " + hint);
    }

    public Diagnostic withNote(String note) {
        List<String> more = new ArrayList<>(notes);
        more.add(note);
        return new Diagnostic(severity, span, message, labels, more);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }
}
