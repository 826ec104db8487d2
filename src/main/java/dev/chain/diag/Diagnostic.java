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

    /** A word of a message longer than this (a name or number copied from the input) is cut short. */
    static final int MAX_WORD = 120;

    public Diagnostic {
        message = shorten(message);
        labels = labels.stream().map(l -> new Label(l.span(), shorten(l.message()))).toList();
        notes = notes.stream().map(Diagnostic::shorten).toList();
    }

    /**
     * Messages quote the input (`unknown name `...``, `number too large: ...`): a name of a
     * million letters must not make a megabyte of error. Each overlong run of non-blank
     * characters keeps its start and end, so the quote still reads as one.
     */
    static String shorten(String text) {
        if (text == null || text.length() <= MAX_WORD) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            int start = i;
            boolean blank = Character.isWhitespace(text.charAt(i));
            while (i < text.length() && Character.isWhitespace(text.charAt(i)) == blank) {
                i++;
            }
            if (blank || i - start <= MAX_WORD) {
                out.append(text, start, i);
            } else {
                int head = start + 60;
                int tail = i - 10;
                // never cut a character outside the Basic Multilingual Plane in two
                head += Character.isLowSurrogate(text.charAt(head)) ? 1 : 0;
                tail += Character.isLowSurrogate(text.charAt(tail)) ? 1 : 0;
                out.append(text, start, head).append("...(").append(tail - head).append(" characters cut)...")
                        .append(text, tail, i);
            }
        }
        return out.toString();
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
