package dev.chain.diag;

import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * Every error chain reports, from a stray character to a failed check: where (a span), what
 * (a message), secondary places that matter (labels) and how to fix it (notes and hints). Where
 * a hint names a replacement ({@code KB}: did you mean {@code kB} or {@code KiB}?), the
 * replacement is also kept as a {@link Fix}, which an editor offers as a code action; the text a
 * terminal shows is the same with or without them.
 * The span is null only for errors about no place in particular (a missing file).
 */
public record Diagnostic(Severity severity, Span span, String message, List<Label> labels, List<String> notes,
                         List<Fix> fixes) {

    /** A secondary place, such as the other operand of a mismatched + or an earlier definition. */
    public record Label(Span span, String message) {}

    /** An edit that would resolve the problem: the text of {@code span} replaced by {@code replacement}. */
    public record Fix(Span span, String replacement) {}

    /** A word of a message longer than this (a name or number copied from the input) is cut short. */
    static final int MAX_WORD = 120;

    public Diagnostic {
        message = shorten(message);
        labels = labels.stream().map(l -> new Label(l.span(), shorten(l.message()))).toList();
        notes = notes.stream().map(Diagnostic::shorten).toList();
        fixes = List.copyOf(fixes);
    }

    public Diagnostic(Severity severity, Span span, String message, List<Label> labels, List<String> notes) {
        this(severity, span, message, labels, notes, List.of());
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
        return new Diagnostic(severity, span, message, more, notes, fixes);
    }

    /** Adds a line shown as {@code = hint: ...}; the renderer prefixes it. */
    public Diagnostic withHint(String hint) {
        return withNote("hint: " + hint);
    }

    public Diagnostic withNote(String note) {
        List<String> more = new ArrayList<>(notes);
        more.add(note);
        return new Diagnostic(severity, span, message, labels, more, fixes);
    }

    /**
     * Adds one fix for each replacement of {@code where}'s first {@code length} characters (a
     * name inside a longer span, such as {@code KB} in {@code KB^2}); nothing if {@code where} is null.
     */
    public Diagnostic withFixes(Span where, int length, List<String> replacements) {
        if (where == null || replacements.isEmpty()) {
            return this;
        }
        Span target = new Span(where.file(), where.start(), Math.min(where.end(), where.start() + length));
        List<Fix> more = new ArrayList<>(fixes);
        for (String r : replacements) {
            more.add(new Fix(target, r));
        }
        return new Diagnostic(severity, span, message, labels, notes, more);
    }

    /** Adds fixes that replace all of {@code where}. */
    public Diagnostic withFixes(Span where, List<String> replacements) {
        return where == null ? this : withFixes(where, where.end() - where.start(), replacements);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** The same diagnostic as a warning: what fails only where a what-if took the chain (--set, a sweep's points). */
    public Diagnostic asWarning() {
        return new Diagnostic(Severity.WARNING, span, message, labels, notes, fixes);
    }
}
