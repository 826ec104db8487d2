package dev.chain.format;

import dev.chain.source.SourceFile;
import dev.chain.syntax.Lexemes;
import dev.chain.syntax.Lexemes.Kind;
import dev.chain.syntax.Lexemes.Lexeme;
import java.util.ArrayList;
import java.util.List;

/**
 * One file laid out: its tokens and comments sorted into rows (a line of the output: a statement's
 * line, a comment on its own, or a blank), the rows into runs (lines that align together), and the
 * runs written out.
 */
final class Layout {
    private final SourceFile source;
    private final String text;
    private final Structure structure;
    private final List<Row> rows = new ArrayList<>();

    private enum RowKind { CODE, COMMENT, BLANK }

    /** A line of the output. */
    private static final class Row {
        final RowKind kind;
        /** The statement the row is a line of; for a comment, the statement it sits inside, or null. */
        final Structure.Item item;
        /** The first line of its statement. */
        final boolean first;
        /** Columns of white space before the row's first token or comment in the source. */
        final int sourceIndent;
        final List<Lexeme> tokens = new ArrayList<>();
        /** The trailing comment of a code row, or the comment of a comment row; null if none. */
        String comment;
        boolean member;
        int indent;
        String code = "";
        /** Spaces between the code and its trailing comment. */
        int gap = Formatter.COMMENT_GAP;

        Row(RowKind kind, Structure.Item item, boolean first, int sourceIndent) {
            this.kind = kind;
            this.item = item;
            this.first = first;
            this.sourceIndent = sourceIndent;
        }

        /** The width of the row's last line (a string in triple quotes may run over several). */
        int width() {
            int nl = code.lastIndexOf('\n');
            return nl < 0 ? indent + codePoints(code) : codePoints(code.substring(nl + 1));
        }
    }

    Layout(SourceFile source, Structure structure) {
        this.source = source;
        this.text = source.text();
        this.structure = structure;
    }

    String text() {
        rows();
        levels();
        List<List<Row>> runs = runs();
        for (List<Row> run : runs) {
            code(run);
        }
        for (List<Row> run : runs) {
            comments(run);
        }
        StringBuilder out = new StringBuilder(text.length() + text.length() / 8);
        for (Row row : rows) {
            if (row.kind != RowKind.BLANK) {
                out.append(" ".repeat(row.indent)).append(row.code);
                if (row.comment != null) {
                    out.append(row.code.isEmpty() ? "" : " ".repeat(row.gap)).append(row.comment);
                }
            }
            out.append('\n');
        }
        return out.toString();
    }

    // ---- rows ------------------------------------------------------------------------------------

    private void rows() {
        List<Structure.Item> items = structure.items;
        int next = 0; // the first item that does not end before the lexeme
        Row row = null;
        int lastLine = 0;
        Structure.Item lastItem = null;
        for (Lexeme x : Lexemes.of(text)) {
            while (next < items.size() && items.get(next).end() <= x.start()) {
                next++;
            }
            Structure.Item item = next < items.size() && items.get(next).start() <= x.start() ? items.get(next) : null;
            boolean comment = x.kind() == Kind.COMMENT;
            if (!comment && (item == null || x.kind() == Kind.ERROR)) {
                throw new Formatter.Unformattable("a token outside every statement at " + source.lineOf(x.start())
                        + ":" + source.columnOf(x.start()));
            }
            int line = source.lineOf(x.start());
            String word = text.substring(x.start(), x.end());
            if (row != null && line == lastLine) {
                if (comment) {
                    row.comment = word.stripTrailing();
                } else if (row.kind == RowKind.COMMENT || row.item != item) {
                    throw new Formatter.Unformattable("two statements on line " + line);
                } else {
                    row.tokens.add(x);
                }
            } else {
                if (row != null && line > lastLine + 1) {
                    rows.add(new Row(RowKind.BLANK, null, false, 0));
                }
                int indent = columns(source.lineStart(line), x.start());
                if (comment) {
                    row = new Row(RowKind.COMMENT, item, false, indent);
                    row.comment = word.stripTrailing();
                } else {
                    row = new Row(RowKind.CODE, item, item != lastItem, indent);
                    row.tokens.add(x);
                    lastItem = item;
                }
                rows.add(row);
            }
            lastLine = source.lineOf(Math.max(x.start(), x.end() - 1));
        }
    }

    /** The width of text[from, to) on one line, a tab advancing to the next multiple of four. */
    private int columns(int from, int to) {
        int width = 0;
        for (int i = from; i < to; i++) {
            width = text.charAt(i) == '\t' ? (width / 4 + 1) * 4 : width + 1;
        }
        return width;
    }

    // ---- indentation -----------------------------------------------------------------------------

    private void levels() {
        int delta = 0;
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            if (row.kind == RowKind.BLANK) {
                continue;
            }
            if (row.kind == RowKind.CODE && row.first) {
                row.member = row.item.member();
                row.indent = row.member ? Formatter.INDENT : 0;
                delta = row.indent - row.sourceIndent;
            } else if (row.item != null) {
                // a continuation line, or a comment line inside a statement: where the author put it,
                // moved with the statement's first line (and still indented, so that it continues)
                row.member = row.item.member();
                row.indent = row.sourceIndent == 0 ? 0 : Math.max(1, row.sourceIndent + delta);
            } else {
                row.member = commentInGroup(i);
                row.indent = row.member ? Formatter.INDENT : 0;
            }
        }
    }

    /**
     * A comment line goes with the group member it stands above, or, written indented, with the
     * member it follows; anywhere else it starts in column 0.
     */
    private boolean commentInGroup(int i) {
        for (int j = i + 1; j < rows.size() && rows.get(j).kind != RowKind.BLANK; j++) {
            if (rows.get(j).kind == RowKind.CODE) {
                return rows.get(j).item.member();
            }
        }
        if (rows.get(i).sourceIndent == 0) {
            return false;
        }
        for (int j = i - 1; j >= 0 && rows.get(j).kind != RowKind.BLANK; j--) {
            if (rows.get(j).kind == RowKind.CODE) {
                return rows.get(j).item.member();
            }
        }
        return false;
    }

    // ---- runs: lines that align together ---------------------------------------------------------

    /** Maximal runs of rows with no blank line between them and all members or all not; comment lines join either. */
    private List<List<Row>> runs() {
        List<List<Row>> runs = new ArrayList<>();
        List<Row> run = new ArrayList<>();
        Boolean level = null;
        for (Row row : rows) {
            if (row.kind == RowKind.BLANK) {
                runs.add(run);
                run = new ArrayList<>();
                level = null;
                continue;
            }
            if (row.kind == RowKind.CODE) {
                if (level != null && level != row.member) {
                    runs.add(run);
                    run = new ArrayList<>();
                }
                level = row.member;
            }
            run.add(row);
        }
        runs.add(run);
        return runs;
    }

    /** Each code row's text; the names of a run's member bindings padded so that their `=` align. */
    private void code(List<Row> run) {
        int width = 0;
        for (Row row : run) {
            if (aligned(row)) {
                width = Math.max(width, codePoints(row.item.alignedName()));
            }
        }
        Lexeme before = null;
        boolean beforeUnary = false;
        Structure.Item item = null;
        for (Row row : run) {
            if (row.kind != RowKind.CODE) {
                continue;
            }
            if (row.item != item) {
                item = row.item;
                before = null;
                beforeUnary = false;
            }
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < row.tokens.size(); k++) {
                Lexeme t = row.tokens.get(k);
                if (k > 0) {
                    if (k == 1 && aligned(row)) {
                        sb.append(" ".repeat(width - codePoints(row.item.alignedName()) + 1));
                    } else {
                        sb.append(separator(before, beforeUnary, t));
                    }
                }
                sb.append(Formatter.word(text, t));
                beforeUnary = isSign(t) && !endsOperand(before);
                before = t;
            }
            row.code = sb.toString();
        }
    }

    /** The first line of a member binding, whose name is its first token and `=` its second. */
    private static boolean aligned(Row row) {
        return row.kind == RowKind.CODE && row.first && row.item.alignedName() != null && row.tokens.size() > 1;
    }

    /** The white space between two tokens of a line. */
    private String separator(Lexeme before, boolean beforeUnary, Lexeme t) {
        Structure.Sep rule = structure.rule(t.start());
        if (rule == Structure.Sep.GLUE) {
            return "";
        }
        if (rule == Structure.Sep.AS_WRITTEN) {
            return before.end() == t.start() ? "" : " ";
        }
        if (rule == Structure.Sep.SPACE) {
            return " ";
        }
        String b = text.substring(before.start(), before.end());
        String w = text.substring(t.start(), t.end());
        if (w.equals(",")) {
            return "";
        }
        if (b.equals(",")) {
            return " ";
        }
        if (w.equals(")") || b.equals("(") || b.equals("@")) {
            return "";
        }
        if (w.equals("(") && (before.kind() == Kind.NAME || before.kind() == Kind.ANNOTATION)) {
            return ""; // a call, a function's parameters, an annotation's arguments
        }
        if (w.equals(".") || b.equals(".") || w.equals("^") || b.equals("^")) {
            return "";
        }
        if (beforeUnary) {
            return "";
        }
        if (w.equals(":") && t.kind() == Kind.PUNCTUATION) {
            return ""; // fn f(w: Bytes): Time, unit token: Tokens
        }
        return " ";
    }

    private boolean isSign(Lexeme t) {
        if (t.kind() != Kind.OPERATOR) {
            return false;
        }
        String w = text.substring(t.start(), t.end());
        return w.equals("-") || w.equals("−") || w.equals("+");
    }

    /** Whether a sign after this token is an operator between two operands (else it is a unary sign). */
    private boolean endsOperand(Lexeme before) {
        if (before == null) {
            return false;
        }
        return switch (before.kind()) {
            case NUMBER, NAME, STRING -> true;
            case PUNCTUATION -> text.startsWith(")", before.start());
            default -> false;
        };
    }

    // ---- trailing comments -----------------------------------------------------------------------

    /**
     * A run's trailing comments start in one column, three past its longest line of code; a line
     * longer than {@link Formatter#ALIGN_LIMIT} keeps its comment three spaces after it instead.
     */
    private void comments(List<Row> run) {
        int column = -1;
        for (Row row : run) {
            if (row.kind == RowKind.CODE && row.comment != null && row.width() <= Formatter.ALIGN_LIMIT) {
                column = Math.max(column, row.width() + Formatter.COMMENT_GAP);
            }
        }
        for (Row row : run) {
            if (row.kind == RowKind.CODE && row.comment != null) {
                row.gap = column > row.width() ? column - row.width() : Formatter.COMMENT_GAP;
            }
        }
    }

    private static int codePoints(String s) {
        return s.codePointCount(0, s.length());
    }
}
