package dev.chain.web;

import java.util.ArrayList;
import java.util.List;

/**
 * A table figure's Markdown (its title's paragraph, then a pipe table) as the HTML a CommonMark
 * renderer with tables makes of it, for the standalone page, which has no Markdown renderer.
 * The Markdown is chain's own ({@code render.Markdown}): its text is already HTML-safe (entities
 * for {@code & < >}, and {@code &#123;} for a brace that opens a template tag), so all that is
 * left is removing the backslash escapes and splitting the cells.
 */
final class FigureHtml {
    private FigureHtml() {}

    static String table(String markdown) {
        StringBuilder out = new StringBuilder();
        List<String> rows = new ArrayList<>();
        for (String line : markdown.strip().split("\n")) {
            if (line.startsWith("|")) {
                rows.add(line);
            } else if (!line.isBlank()) {
                out.append("<p>").append(unescape(line.strip())).append("</p>\n");
            }
        }
        if (rows.size() < 2) {
            return out.toString();
        }
        List<String> aligns = new ArrayList<>();
        for (String spec : cells(rows.get(1))) {
            String s = spec.strip();
            aligns.add(s.startsWith(":") && s.endsWith(":") ? "center" : s.endsWith(":") ? "right" : s.startsWith(":") ? "left" : null);
        }
        out.append("<table>\n<thead>\n");
        row(out, cells(rows.get(0)), aligns, "th");
        out.append("</thead>\n");
        if (rows.size() > 2) {
            out.append("<tbody>\n");
            for (String r : rows.subList(2, rows.size())) {
                row(out, cells(r), aligns, "td");
            }
            out.append("</tbody>\n");
        }
        return out.append("</table>\n").toString();
    }

    private static void row(StringBuilder out, List<String> cells, List<String> aligns, String tag) {
        out.append("<tr>\n");
        for (int i = 0; i < cells.size(); i++) {
            String align = i < aligns.size() ? aligns.get(i) : null;
            out.append('<').append(tag).append(align == null ? "" : " align=\"" + align + "\"").append('>')
                    .append(unescape(cells.get(i).strip())).append("</").append(tag).append(">\n");
        }
        out.append("</tr>\n");
    }

    /** The cells of {@code | a | b \| c |}, escapes kept: a {@code \|} is in a cell, not between two. */
    private static List<String> cells(String row) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        int end = row.endsWith("|") && !row.endsWith("\\|") ? row.length() - 1 : row.length();
        for (int i = 1; i < end; i++) {
            char c = row.charAt(i);
            if (c == '\\' && i + 1 < end) {
                cell.append(c).append(row.charAt(++i));
            } else if (c == '|') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    /** Markdown's backslash escapes of punctuation removed; entities stay, as HTML reads them. */
    private static String unescape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && isAsciiPunctuation(text.charAt(i + 1))) {
                out.append(text.charAt(++i));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isAsciiPunctuation(char c) {
        return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~';
    }
}
