package dev.chain.diag;

import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Renders diagnostics in the compiler convention:
 * <pre>
 * chains/x.chain:3:9: error: cannot add B (information) and s (time)
 *   3 |   bad = 3 GB + 2 ms
 *     |         ^^^^   ---- s (time)
 *     = hint: ...
 * </pre>
 * The primary span is underlined with carets, labels with dashes. Colour only when asked.
 */
public final class DiagnosticRenderer {
    private static final String RED = "\u001b[1;31m";
    private static final String YELLOW = "\u001b[1;33m";
    private static final String BLUE = "\u001b[1;34m";
    private static final String BOLD = "\u001b[1m";
    private static final String RESET = "\u001b[0m";

    private final boolean colour;

    public DiagnosticRenderer(boolean colour) {
        this.colour = colour;
    }

    public String render(List<Diagnostic> diagnostics) {
        StringBuilder out = new StringBuilder();
        for (Diagnostic d : diagnostics) {
            out.append(render(d));
        }
        return out.toString();
    }

    public String render(Diagnostic d) {
        StringBuilder out = new StringBuilder();
        String sev = d.severity().label();
        String sevColour = d.severity() == Severity.ERROR ? RED : YELLOW;
        if (d.span() != null) {
            out.append(paint(BOLD, location(d.span()))).append(": ");
        }
        out.append(paint(sevColour, sev + ":")).append(' ').append(paint(BOLD, d.message())).append('\n');

        if (d.span() != null) {
            List<Mark> marks = new ArrayList<>();
            marks.add(new Mark(d.span(), '^', ""));
            for (Diagnostic.Label label : d.labels()) {
                if (label.span() != null && label.span().file() == d.span().file()) {
                    marks.add(new Mark(label.span(), '-', label.message()));
                }
            }
            int gutter = gutterWidth(marks);
            snippet(out, marks, gutter);
            for (Diagnostic.Label label : d.labels()) {
                if (label.span() != null && label.span().file() != d.span().file()) {
                    out.append(" ".repeat(gutter)).append(paint(BLUE, "-->")).append(' ')
                            .append(location(label.span())).append('\n');
                    snippet(out, List.of(new Mark(label.span(), '-', label.message())), gutter);
                }
            }
            for (String note : d.notes()) {
                out.append(" ".repeat(gutter)).append(paint(BLUE, "=")).append(' ').append(note).append('\n');
            }
        } else {
            for (String note : d.notes()) {
                out.append("  = ").append(note).append('\n');
            }
        }
        return out.toString();
    }

    public static String location(Span span) {
        return span.file().name() + ":" + span.line() + ":" + span.column();
    }

    private record Mark(Span span, char underline, String message) {}

    private int gutterWidth(List<Mark> marks) {
        int maxLine = 1;
        for (Mark m : marks) {
            maxLine = Math.max(maxLine, m.span().line());
        }
        return String.valueOf(maxLine).length() + 2;
    }

    /** Prints each line touched by a mark once, with its marks underneath in column order. */
    private void snippet(StringBuilder out, List<Mark> marks, int gutter) {
        List<Mark> sorted = new ArrayList<>(marks);
        sorted.sort(Comparator.comparingInt((Mark m) -> m.span().line()).thenComparingInt(m -> m.span().start()));
        int i = 0;
        while (i < sorted.size()) {
            int line = sorted.get(i).span().line();
            SourceFile file = sorted.get(i).span().file();
            String text = printable(file.line(line));
            String number = String.valueOf(line);
            out.append(" ".repeat(gutter - number.length() - 1)).append(paint(BLUE, number + " |"))
                    .append(' ').append(text).append('\n');
            StringBuilder under = new StringBuilder();
            int column = 0; // columns drawn so far; colour codes make under.length() useless
            String trailing = "";
            while (i < sorted.size() && sorted.get(i).span().line() == line) {
                Mark m = sorted.get(i++);
                int from = m.span().column() - 1;
                int lineEndColumn = text.codePointCount(0, text.length());
                int endLine = m.span().file().lineOf(Math.max(m.span().start(), m.span().end() - 1));
                int to = endLine == line ? file.columnOf(m.span().end()) - 1 : lineEndColumn;
                int width = Math.max(1, to - from);
                if (column > from) {
                    continue; // overlapping marks: the first one drawn wins
                }
                under.append(" ".repeat(from - column));
                column = from + width;
                String run = String.valueOf(m.underline()).repeat(width);
                under.append(paint(m.underline() == '^' ? RED : BLUE, run));
                if (!m.message().isEmpty()) {
                    trailing = m.message();
                }
            }
            out.append(" ".repeat(gutter)).append(paint(BLUE, "|")).append(' ').append(under);
            if (!trailing.isEmpty()) {
                out.append(' ').append(paint(BLUE, trailing));
            }
            out.append('\n');
        }
    }

    /** Tabs and control characters would misalign the caret; show them as single spaces or escapes. */
    private static String printable(String line) {
        StringBuilder sb = new StringBuilder(line.length());
        line.codePoints().forEach(cp -> {
            if (cp == '\t') {
                sb.append(' ');
            } else if (cp < 0x20 || cp == 0x7f) {
                sb.append('?');
            } else {
                sb.appendCodePoint(cp);
            }
        });
        return sb.toString();
    }

    private String paint(String code, String text) {
        return colour ? code + text + RESET : text;
    }
}
