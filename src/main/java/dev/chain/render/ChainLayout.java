package dev.chain.render;

import java.util.ArrayList;
import java.util.List;

/**
 * A chain's code block, prose, check outcomes and figures as pieces, made once from the checked
 * chain ({@link ChainMarkdown#layout()}) and written for any values: the renderer writes it for the
 * chain's values, the explorable page for the reader's, with this code.
 *
 * @param rows       the code block: a row per group
 * @param notes      the notes, each one or more paragraphs
 * @param checks     each check of the chain, as written and as what it found
 * @param figures    the chain's figures, in file order
 */
public record ChainLayout(List<Row> rows, List<Piece> notes, List<CheckLine> checks, List<FigureLayout> figures) {
    /** A group's row: its label, and its text (a template, whose line breaks are its lines) or a line per step. */
    public record Row(Piece label, List<Piece> lines) {}

    /**
     * A check as written without the keyword ({@code share in 50% .. 80%}), what it found, and the
     * row of its group in the code block (-1 for a check outside a group, or a group without a row).
     */
    public record CheckLine(String source, Piece outcome, int row) {}

    /** The code block's lines, laid out as the card lays them out. */
    public List<String> codeLines(dev.chain.eval.Values values) {
        return CodeBlock.layout(rows(values));
    }

    /**
     * The code block's lines as {@link #codeLines}, and in {@code starts} the first line of each row
     * (and, last, the number of lines): a row is laid out on its own, so they are its lines.
     */
    public List<String> codeLines(dev.chain.eval.Values values, int[] starts) {
        List<String> lines = new ArrayList<>();
        List<CodeBlock.Row> laid = rows(values);
        for (int r = 0; r < laid.size(); r++) {
            starts[r] = lines.size();
            lines.addAll(CodeBlock.layout(List.of(laid.get(r))));
        }
        starts[laid.size()] = lines.size();
        return lines;
    }

    /** The code block's rows, filled in: each label, and its lines as the template breaks them (before wrapping). */
    public List<CodeBlock.Row> rows(dev.chain.eval.Values values) {
        List<CodeBlock.Row> laid = new ArrayList<>();
        for (Row row : rows) {
            List<String> lines = new ArrayList<>();
            for (Piece line : row.lines()) {
                lines.addAll(Prose.lines(line.text(values)));
            }
            laid.add(new CodeBlock.Row(row.label().text(values), lines));
        }
        return laid;
    }

    /** The notes' paragraphs, values filled in, not yet escaped. */
    public List<String> paragraphs(dev.chain.eval.Values values) {
        List<String> paragraphs = new ArrayList<>();
        for (Piece note : notes) {
            paragraphs.addAll(Prose.paragraphs(note.text(values)));
        }
        return paragraphs;
    }
}
