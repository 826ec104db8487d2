package dev.chain.observe;

import dev.chain.diag.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs published as a table: a CSV (RFC 4180: quoted cells, doubled quotes) or TSV file whose
 * first line is a header, each header a column's name with its unit in parentheses
 * ({@code model, weights (GB), rate (token/s)}), each further line a run. A key names a column by
 * its header without the unit ({@code rate}), and a row by its number ({@code 3:rate}, the third
 * run under the header). A header without a unit is a plain number. Only the columns asked for are
 * read as numbers: the others (a model's name) are labels.
 *
 * <p>A reader of its own rather than Apache Commons CSV: a table here is a few lines, and an error
 * must say the line and the column of the cell at fault, which this reader knows as it splits.
 */
final class TableResults {
    private TableResults() {}

    /** One cell as written, and where: its line and column in the file (1-based). */
    private record Cell(String text, int line, int column) {}

    /** A column: its name (the header without the unit) and its unit, empty for a plain number. */
    private record Column(String name, String unit) {}

    /** A table: its columns, by name in order, and its rows of cells. */
    static final class Table {
        private final Map<String, Integer> columns;
        private final List<Column> order;
        private final List<List<Cell>> rows;
        private final String kind;
        private final String path;
        private final java.util.Set<String> twice;

        private Table(Map<String, Integer> columns, List<Column> order, List<List<Cell>> rows, String kind, String path,
                      java.util.Set<String> twice) {
            this.columns = columns;
            this.order = order;
            this.rows = rows;
            this.kind = kind;
            this.path = path;
            this.twice = twice;
        }

        int count() {
            return rows.size();
        }
    }

    /** Whether a file's first line that says anything is a table's header: two cells or more, by tabs or commas. */
    static boolean looksLike(String firstLine) {
        String line = firstLine.strip();
        return !line.isEmpty() && line.charAt(0) != '#' && (line.indexOf('\t') >= 0 || line.indexOf(',') >= 0);
    }

    /**
     * Splits {@code text} (the whole file at {@code file}, as a cell's place is said:
     * {@code table.csv:4:12}) into its header and rows; a row whose cells do not match the header
     * is an error.
     */
    static Table parse(String text, String file) throws ObserveError {
        List<List<Cell>> lines = cells(text, file);
        if (lines.isEmpty()) {
            throw ObserveError.file(file + " is empty", null);
        }
        List<Cell> header = lines.get(0);
        String kind = delimiter(text.strip()) == '\t' ? "TSV" : "CSV";
        Map<String, Integer> columns = new LinkedHashMap<>();
        List<Column> order = new ArrayList<>();
        java.util.Set<String> twice = new java.util.HashSet<>();
        for (int i = 0; i < header.size(); i++) {
            Column c = column(header.get(i).text());
            order.add(c);
            if (!c.name().isEmpty() && columns.putIfAbsent(c.name(), i) != null) {
                twice.add(c.name());
            }
        }
        List<List<Cell>> rows = new ArrayList<>();
        for (int r = 1; r < lines.size(); r++) {
            List<Cell> row = lines.get(r);
            if (row.size() != header.size()) {
                throw ObserveError.file(file + ":" + row.get(0).line() + ": run " + r + " has " + row.size() + " cell"
                        + (row.size() == 1 ? "" : "s") + " where the header has " + header.size(), "give each run a cell under every header, an empty one where there is nothing to say");
            }
            rows.add(row);
        }
        return new Table(columns, order, rows, kind, file, twice);
    }

    /** The number {@code key} names: {@code rate} (the table's one run) or {@code 3:rate} (its third run). */
    static Reading read(Table table, String file, String key) throws ObserveError {
        int colon = key.indexOf(':');
        int row;
        String name = key;
        if (colon > 0 && key.substring(0, colon).chars().allMatch(c -> c >= '0' && c <= '9')) {
            name = key.substring(colon + 1);
            try {
                row = Integer.parseInt(key.substring(0, colon));
            } catch (NumberFormatException e) {
                row = Integer.MAX_VALUE;
            }
            if (row < 1 || row > table.count()) {
                throw ObserveError.key(file + " has " + runs(table.count()) + ", no run " + key.substring(0, colon),
                        table.count() == 0 ? null : "name a run from 1 to " + table.count() + ", as " + file + "#1:" + name);
            }
        } else if (table.count() == 1) {
            row = 1;
        } else {
            throw ObserveError.key(file + " has " + runs(table.count()) + ": name one, as " + file + "#1:" + key,
                    table.count() == 0 ? "add a run under the header" : null);
        }
        Integer at = table.columns.get(name.strip());
        if (at == null) {
            List<String> close = Suggestions.closest(name, table.columns.keySet(), 3);
            throw ObserveError.key(table.path + " (" + table.kind + ") has no column `" + name + "`",
                    close.isEmpty() ? "name a column by its header, without its unit in parentheses"
                            : "did you mean " + Suggestions.orList(close) + "?")
                    .withNote("its columns: " + String.join(", ", table.columns.keySet()));
        }
        if (table.twice.contains(name.strip())) {
            throw ObserveError.key(table.path + " has two columns headed `" + name.strip() + "`: chain cannot tell which is meant",
                    "give each column a header of its own");
        }
        Cell cell = table.rows.get(row - 1).get(at);
        Column column = table.order.get(at);
        return new Reading(number(cell, table.path, column.name(), row), column.unit(), table.kind);
    }

    private static String runs(int n) {
        return n == 1 ? "1 run" : n + " runs";
    }

    /** A cell's number: decimal digits, a sign, a point, an exponent, digits grouped by commas; anything else is said where it is. */
    private static double number(Cell cell, String file, String column, int row) throws ObserveError {
        String t = cell.text().strip();
        String where = file + ":" + cell.line() + ":" + cell.column() + ": run " + row + "'s " + column;
        if (t.isEmpty()) {
            throw ObserveError.key(where + " is empty, not a number", "write the number the run measured, or leave the run out");
        }
        String plain = t.matches("[-+]?\\d{1,3}(,\\d{3})+(\\.\\d*)?([eE][-+]?\\d+)?") ? t.replace(",", "") : t;
        if (!plain.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
            throw ObserveError.key(where + ", `" + t + "`, is not a number",
                    "write a number in the unit of the header, without the unit (24.1, not 24.1 ms)");
        }
        double v = Double.parseDouble(plain);
        if (Double.isInfinite(v)) {
            throw ObserveError.key(where + ", `" + t + "`, is too large a number", null);
        }
        return v;
    }

    /** {@code rate (token/s)}: the name before the last parentheses, the unit inside them; no parentheses, a plain number. */
    private static Column column(String header) {
        String h = header.strip();
        if (h.endsWith(")")) {
            int open = h.lastIndexOf('(');
            if (open >= 0) {
                return new Column(h.substring(0, open).strip(), h.substring(open + 1, h.length() - 1).strip());
            }
        }
        return new Column(h, "");
    }

    /** The delimiter: a tab if the header has one, else a comma. */
    private static char delimiter(String text) {
        int end = text.indexOf('\n');
        String header = end < 0 ? text : text.substring(0, end);
        return header.indexOf('\t') >= 0 ? '\t' : ',';
    }

    /** Every line that says something, as its cells (quoted ones unquoted), each with where it starts. */
    private static List<List<Cell>> cells(String text, String file) throws ObserveError {
        char delimiter = delimiter(text.strip());
        List<List<Cell>> lines = new ArrayList<>();
        List<Cell> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        int line = 1;
        int column = 1;
        int cellLine = 1;
        int cellColumn = 1;
        boolean quoted = false;
        boolean blank = true; // the line so far holds nothing but white space
        int i = text.startsWith("\uFEFF") ? 1 : 0;
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                    column++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                    if (c == '\n') {
                        line++;
                        column = 0;
                    }
                }
            } else if (c == '"' && cell.toString().isBlank()) {
                quoted = true;
                blank = false;
                cell.setLength(0);
            } else if (c == delimiter) {
                row.add(new Cell(cell.toString(), cellLine, cellColumn));
                cell.setLength(0);
                blank = false;
                cellLine = line;
                cellColumn = column + 1;
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                if (!blank || !cell.toString().isBlank()) {
                    row.add(new Cell(cell.toString(), cellLine, cellColumn));
                    lines.add(row);
                }
                row = new ArrayList<>();
                cell.setLength(0);
                blank = true;
                line++;
                column = 0;
                cellLine = line;
                cellColumn = 1;
            } else {
                cell.append(c);
                if (!Character.isWhitespace(c)) {
                    blank = false;
                }
            }
            column++;
        }
        if (quoted) {
            throw ObserveError.file(file + ":" + cellLine + ":" + cellColumn + ": a quoted cell is never closed", "end it with \"");
        }
        if (!blank || !cell.toString().isBlank()) {
            row.add(new Cell(cell.toString(), cellLine, cellColumn));
            lines.add(row);
        }
        return lines;
    }
}
