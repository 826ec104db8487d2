package dev.chain.render;

import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureSpec;
import dev.chain.eval.FigureValues;
import java.util.List;

/**
 * A table's rows as {@code chain sweep} and the REPL print them: aligned text, Markdown (a pipe
 * table, as a card shows one) or CSV. One writer for a table of numbers, of modules and of runs; its
 * JSON is {@link FigureJson}'s.
 */
public final class FigureWriter {
    private FigureWriter() {}

    public enum Format { TEXT, MARKDOWN, CSV }

    /** A table figure at its points, its units chosen by the chain's own values ({@code own}). */
    public static String table(CheckedProgram program, BindingValues own, FigureSpec.Table table, FigureValues.Points sweep, Format format) {
        return write(new FigureMarkdown(program, own).rows(table, sweep, format == Format.CSV, false), FigureMarkdown.labels(table), format);
    }

    /** Rows, the header first; {@code labels}: how many columns hold labels, not numbers. */
    public static String write(List<List<String>> rows, int labels, Format format) {
        return switch (format) {
            case TEXT -> aligned(rows, labels);
            case MARKDOWN -> FigureMarkdown.pipeTable(rows, labels);
            case CSV -> csv(rows);
        };
    }

    /** Rows as aligned text: headings, and the first {@code labels} columns, to the left, numbers to the right. */
    public static String aligned(List<List<String>> rows, int labels) {
        int columns = rows.get(0).size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row.get(c).codePointCount(0, row.get(c).length()));
            }
        }
        StringBuilder out = new StringBuilder();
        for (int r = 0; r < rows.size(); r++) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String cell = rows.get(r).get(c);
                String pad = " ".repeat(widths[c] - cell.codePointCount(0, cell.length()));
                boolean left = r == 0 || c < labels;
                line.append(c > 0 ? "  " : "").append(left ? cell + pad : pad + cell);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    /**
     * Rows as CSV: RFC 4180's quoting (a cell with a comma, a quote or a line break is quoted, its
     * quotes doubled), with lines ending in LF, as most tools write them: a carriage return is a
     * control character, which chain never prints raw (docs/diagnostics.md).
     */
    public static String csv(List<List<String>> rows) {
        StringBuilder out = new StringBuilder();
        for (List<String> row : rows) {
            for (int c = 0; c < row.size(); c++) {
                String cell = row.get(c);
                boolean quote = cell.indexOf(',') >= 0 || cell.indexOf('"') >= 0 || cell.indexOf('\n') >= 0 || cell.indexOf('\r') >= 0;
                out.append(c > 0 ? "," : "").append(quote ? '"' + cell.replace("\"", "\"\"") + '"' : cell);
            }
            out.append('\n');
        }
        return out.toString();
    }
}
