package dev.chain.diag;

import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Renders diagnostics in the compiler convention, with labels drawn as rustc and Elm draw them:
 * <pre>
 * chains/x.chain:3:17: error: cannot add B (information) and s (time)
 *  3 | total = weights + step
 *    |         ------- ^ ---- s (time)
 *    |         |
 *    |         B (information)
 *    = hint: ...
 * </pre>
 * The primary span is underlined with carets, labels with dashes; the rightmost label's message
 * follows its underline and the others hang below it, so that no message overwrites another.
 * Marks that overlap go on a row of their own. A long line is shown as a window around its marks.
 * Colour only when asked: the front end decides (see {@link ColourPolicy}).
 */
public final class DiagnosticRenderer {
    /** Wider source lines are cut to a window around their marks. */
    static final int MAX_LINE_WIDTH = 120;
    private static final String ELLIPSIS = "...";

    private static final String RED = "\u001b[1;31m";
    private static final String YELLOW = "\u001b[1;33m";
    private static final String BLUE = "\u001b[1;34m";
    private static final String CYAN = "\u001b[1;36m";
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
        String sevColour = d.severity() == Severity.ERROR ? RED : YELLOW;
        if (d.span() != null) {
            out.append(paint(BOLD, location(d.span()))).append(": ");
        }
        out.append(paint(sevColour, d.severity().label() + ":")).append(' ')
                .append(paint(BOLD, Printable.escape(d.message()))).append('\n');

        int gutter = 2;
        // A span in an empty text (a file refused before it was read) has no line to show.
        if (d.span() != null && !d.span().file().text().isEmpty()) {
            List<Mark> here = new ArrayList<>();
            List<Mark> elsewhere = new ArrayList<>();
            here.add(new Mark(d.span(), true, ""));
            for (Diagnostic.Label label : d.labels()) {
                if (label.span() == null) {
                    continue;
                }
                (label.span().file() == d.span().file() ? here : elsewhere).add(new Mark(label.span(), false, label.message()));
            }
            gutter = gutterWidth(here, elsewhere);
            snippet(out, here, gutter);
            for (Mark m : elsewhere) {
                out.append(" ".repeat(gutter - 1)).append(paint(BLUE, "-->")).append(' ')
                        .append(location(m.span())).append('\n');
                snippet(out, List.of(m), gutter);
            }
        }
        for (String note : d.notes()) {
            out.append(" ".repeat(gutter)).append(paint(BLUE, "=")).append(' ').append(noteText(note)).append('\n');
        }
        return out.toString();
    }

    /** {@code path:line:col}; the path may come from the command line, and is escaped as all input is. */
    public static String location(Span span) {
        return Printable.escape(span.file().name()) + ":" + span.line() + ":" + span.column();
    }

    /** Notes are shown as {@code = note: ...} unless they already say what they are ({@code hint: ...}). */
    private String noteText(String raw) {
        String note = Printable.escape(raw);
        int colon = note.indexOf(": ");
        if (colon > 0 && colon <= 5 && note.substring(0, colon).chars().allMatch(Character::isLetter)) {
            return paint(BOLD, note.substring(0, colon + 1)) + note.substring(colon + 1);
        }
        return paint(BOLD, "note:") + " " + note;
    }

    /** A place to underline: the primary span (carets) or a label (dashes, with a message). */
    private record Mark(Span span, boolean primary, String message) {
        int line() {
            return span.line();
        }
    }

    /** A mark placed on one displayed line: columns [from, to) of the shown text. */
    private record Placed(Mark mark, int from, int to) {}

    /**
     * The code points [start, end) of a source line as shown: a tab as one space, a control
     * character as its escape ({@link Printable}, six columns), anything else as it is; and the
     * column at which each of them starts, {@code columns[i - start]}, so that a mark under code
     * point {@code i} is drawn where it is shown ({@code columns[end - start]} is the width).
     */
    private record Window(String text, int[] columns) {
        static Window of(String line, int start, int end) {
            StringBuilder text = new StringBuilder();
            int[] columns = new int[end - start + 1];
            int at = line.offsetByCodePoints(0, start);
            int column = 0;
            for (int i = start; i < end; i++) {
                columns[i - start] = column;
                int cp = line.codePointAt(at);
                at += Character.charCount(cp);
                if (cp == '\t') {
                    text.append(' ');
                    column++;
                } else if (Printable.isControl(cp) || cp == '\n') {
                    Printable.appendEscape(text, (char) cp);
                    column += Printable.ESCAPE_WIDTH;
                } else {
                    text.appendCodePoint(cp);
                    column++;
                }
            }
            columns[end - start] = column;
            return new Window(text.toString(), columns);
        }

        /** The column where code point {@code i} of the line is shown, for i in [start, end]. */
        int column(int i, int start) {
            return columns[i - start];
        }
    }

    private static int gutterWidth(List<Mark> here, List<Mark> elsewhere) {
        int maxLine = 1;
        for (Mark m : here) {
            maxLine = Math.max(maxLine, m.line());
        }
        for (Mark m : elsewhere) {
            maxLine = Math.max(maxLine, m.line());
        }
        return String.valueOf(maxLine).length() + 2;
    }

    /** Prints each line touched by a mark once, in line order, with its marks underneath. */
    private void snippet(StringBuilder out, List<Mark> marks, int gutter) {
        List<Mark> sorted = new ArrayList<>(marks);
        sorted.sort(Comparator.comparingInt(Mark::line).thenComparingInt(m -> m.span().start()));
        SourceFile file = sorted.get(0).span().file();
        int previousLine = -1;
        int i = 0;
        while (i < sorted.size()) {
            int line = sorted.get(i).line();
            List<Mark> onLine = new ArrayList<>();
            while (i < sorted.size() && sorted.get(i).line() == line) {
                onLine.add(sorted.get(i++));
            }
            if (previousLine > 0 && line == previousLine + 2) {
                sourceLine(out, file, line - 1, gutter, MAX_LINE_WIDTH);
            } else if (previousLine > 0 && line > previousLine + 2) {
                out.append(" ".repeat(Math.max(0, gutter - 3))).append(paint(BLUE, ELLIPSIS)).append('\n');
            }
            previousLine = line;
            drawLine(out, file, line, onLine, gutter);
        }
    }

    private void drawLine(StringBuilder out, SourceFile file, int line, List<Mark> marks, int gutter) {
        String text = file.line(line);
        int length = text.codePointCount(0, text.length());
        List<Placed> placed = new ArrayList<>();
        int lo = Integer.MAX_VALUE;
        int hi = 0;
        for (Mark m : marks) {
            int from = m.span().column() - 1;
            int endLine = file.lineOf(Math.max(m.span().start(), m.span().end() - 1));
            int to = endLine == line && m.span().end() > m.span().start() ? file.columnOf(m.span().end()) - 1 : length;
            to = Math.max(to, from + 1);
            placed.add(new Placed(m, from, to));
            lo = Math.min(lo, from);
            hi = Math.max(hi, to);
        }
        // A window of the line around its marks, so that a 50 MB line prints as a few columns.
        int windowStart = 0;
        int windowEnd = length;
        if (length > MAX_LINE_WIDTH) {
            windowStart = Math.max(0, Math.min(lo - 20, length - MAX_LINE_WIDTH));
            if (hi - windowStart > MAX_LINE_WIDTH) {
                windowStart = Math.max(0, lo - 10);
            }
            windowEnd = Math.min(length, windowStart + MAX_LINE_WIDTH);
        }
        Window window = Window.of(text, windowStart, windowEnd);
        int shift = sourceLine(out, line, gutter, window, windowStart > 0, windowEnd < length);
        List<Placed> shown = new ArrayList<>();
        for (Placed p : placed) {
            // A mark past the end of the line (an unexpected end of input) sits one column beyond it.
            int from = Math.min(Math.max(p.from(), windowStart), windowEnd);
            int to = Math.min(Math.max(p.to(), windowStart), windowEnd + 1);
            int fromColumn = window.column(from, windowStart) + shift;
            int toColumn = (to > windowEnd ? window.column(windowEnd, windowStart) + to - windowEnd
                    : window.column(to, windowStart)) + shift;
            shown.add(new Placed(p.mark(), fromColumn, Math.max(toColumn, fromColumn + 1)));
        }
        for (List<Placed> row : rows(shown)) {
            drawRow(out, row, gutter);
        }
    }

    /** Prints the first {@code width} code points of a line without marks (one between two marked lines). */
    private void sourceLine(StringBuilder out, SourceFile file, int line, int gutter, int width) {
        String text = file.line(line);
        int length = text.codePointCount(0, text.length());
        int end = Math.min(width, length);
        sourceLine(out, line, gutter, Window.of(text, 0, end), false, end < length);
    }

    /** Prints one source line as its window shows it; returns the columns a leading ellipsis takes. */
    private int sourceLine(StringBuilder out, int line, int gutter, Window window, boolean cutBefore, boolean cutAfter) {
        String number = String.valueOf(line);
        out.append(" ".repeat(gutter - number.length() - 1)).append(paint(BLUE, number + " |"));
        if (!window.text().isEmpty() || cutBefore || cutAfter) {
            out.append(' ');
        }
        int shift = 0;
        if (cutBefore) {
            out.append(paint(BLUE, ELLIPSIS));
            shift = ELLIPSIS.length();
        }
        out.append(window.text());
        if (cutAfter) {
            out.append(paint(BLUE, ELLIPSIS));
        }
        out.append('\n');
        return shift;
    }

    /** Marks that do not overlap share a row; an overlapping one goes to the next row. */
    private static List<List<Placed>> rows(List<Placed> marks) {
        List<Placed> sorted = new ArrayList<>(marks);
        sorted.sort(Comparator.comparingInt(Placed::from).thenComparing(p -> !p.mark().primary()));
        List<List<Placed>> rows = new ArrayList<>();
        for (Placed p : sorted) {
            List<Placed> home = null;
            for (List<Placed> row : rows) {
                if (row.get(row.size() - 1).to() <= p.from()) {
                    home = row;
                    break;
                }
            }
            if (home == null) {
                home = new ArrayList<>();
                rows.add(home);
            }
            home.add(p);
        }
        return rows;
    }

    private void drawRow(StringBuilder out, List<Placed> row, int gutter) {
        String margin = " ".repeat(gutter) + paint(BLUE, "|");
        StringBuilder under = new StringBuilder();
        int column = 0;
        for (Placed p : row) {
            under.append(" ".repeat(p.from() - column));
            String run = String.valueOf(p.mark().primary() ? '^' : '-').repeat(p.to() - p.from());
            under.append(paint(p.mark().primary() ? RED : BLUE, run));
            column = p.to();
        }
        Placed last = row.get(row.size() - 1);
        List<Placed> hanging = new ArrayList<>();
        for (Placed p : row) {
            if (!p.mark().message().isEmpty() && p != last) {
                hanging.add(p);
            }
        }
        out.append(margin).append(' ').append(under);
        if (!last.mark().message().isEmpty()) {
            out.append(' ').append(paint(messageColour(last), Printable.escape(last.mark().message())));
        }
        out.append('\n');
        if (hanging.isEmpty()) {
            return;
        }
        out.append(margin).append(' ').append(connectors(hanging, hanging.size(), -1)).append('\n');
        for (int i = hanging.size() - 1; i >= 0; i--) {
            Placed p = hanging.get(i);
            out.append(margin).append(' ').append(connectors(hanging, i, p.from()))
                    .append(paint(messageColour(p), Printable.escape(p.mark().message()))).append('\n');
        }
    }

    /** A `|` under the start of each of the first {@code count} hanging marks, padded to {@code padTo}. */
    private String connectors(List<Placed> hanging, int count, int padTo) {
        StringBuilder sb = new StringBuilder();
        int column = 0;
        for (int i = 0; i < count; i++) {
            int at = hanging.get(i).from();
            sb.append(" ".repeat(at - column)).append(paint(BLUE, "|"));
            column = at + 1;
        }
        if (padTo > column) {
            sb.append(" ".repeat(padTo - column));
        }
        return sb.toString();
    }

    private static String messageColour(Placed p) {
        return p.mark().primary() ? RED : CYAN;
    }

    private String paint(String code, String text) {
        return colour ? code + text + RESET : text;
    }
}
