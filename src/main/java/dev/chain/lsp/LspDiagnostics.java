package dev.chain.lsp;

import dev.chain.diag.Diagnostic;
import dev.chain.diag.Severity;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Range;

/**
 * chain's diagnostics as the protocol's: the range from the span, the message with its notes and
 * hints below it (as the terminal shows them, {@code hint: ...}), each label as related
 * information at its place. A diagnostic about another file (a module that has errors reports
 * them after the {@code use} that loads it) becomes related information of the one before it in
 * this file; one about no place in particular is shown on the first line.
 */
final class LspDiagnostics {
    static final String SOURCE = "chain";

    private LspDiagnostics() {}

    static List<org.eclipse.lsp4j.Diagnostic> of(SourceFile document, List<Diagnostic> diagnostics, Locations locations) {
        List<org.eclipse.lsp4j.Diagnostic> out = new ArrayList<>();
        for (Diagnostic d : diagnostics) {
            boolean here = d.span() == null || sameFile(d.span().file(), document);
            if (!here && !out.isEmpty()) {
                org.eclipse.lsp4j.Diagnostic previous = out.get(out.size() - 1);
                Location where = locations.location(d.span());
                if (where != null) {
                    List<DiagnosticRelatedInformation> related = new ArrayList<>(
                            previous.getRelatedInformation() == null ? List.of() : previous.getRelatedInformation());
                    related.add(new DiagnosticRelatedInformation(where, d.message()));
                    previous.setRelatedInformation(related);
                }
                continue;
            }
            out.add(convert(d, here && d.span() != null ? d.span() : null, document, locations));
        }
        return out;
    }

    /** The document itself, or the part of it that was analysed for values (the same name). */
    static boolean sameFile(SourceFile a, SourceFile b) {
        return a == b || a.name().equals(b.name());
    }

    private static org.eclipse.lsp4j.Diagnostic convert(Diagnostic d, Span span, SourceFile document, Locations locations) {
        Range range = span == null ? new Range(Positions.position(document, 0), Positions.position(document, 0))
                : range(span, document);
        StringBuilder message = new StringBuilder(d.message());
        for (String note : d.notes()) {
            message.append('\n').append(note.startsWith("hint: ") ? note : "note: " + note);
        }
        org.eclipse.lsp4j.Diagnostic out = new org.eclipse.lsp4j.Diagnostic(range, message.toString(),
                d.severity() == Severity.ERROR ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning, SOURCE);
        List<DiagnosticRelatedInformation> related = new ArrayList<>();
        for (Diagnostic.Label label : d.labels()) {
            Location where = locations.location(label.span());
            if (where != null) {
                related.add(new DiagnosticRelatedInformation(where, label.message()));
            }
        }
        if (!related.isEmpty()) {
            out.setRelatedInformation(related);
        }
        return out;
    }

    /** The span in the document's own text (a span of the part analysed for values has the same offsets). */
    static Range range(Span span, SourceFile document) {
        int start = Math.min(span.start(), document.text().length());
        int end = Math.min(span.end(), document.text().length());
        return new Range(Positions.position(document, start), Positions.position(document, end));
    }
}
