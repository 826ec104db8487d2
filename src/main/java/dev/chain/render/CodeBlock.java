package dev.chain.render;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays out a chain's code block the way the published card does:
 * <pre>
 * inputs   3,000-token prompts; before a template deploy, 95% of a 2,560-token
 *          shared prefix was cached: 243,200 cached tokens per 100 requests
 * 512 chunk  2 x 8.03e9 x 576 / 494.5e12 + 10.3 ms = ~29 ms
 * </pre>
 * Labels sit in a left column 9 characters wide; a label too long for it is followed by two
 * spaces, so it still reads as a label. Text wraps at 76 columns with a hanging indent to the
 * column, except that a line which fits whole within 82 columns is not broken, so that a last
 * word or two never sit alone on a line (the card's "...4,096 tokens of context" is 77 wide,
 * its all-reduce bytes line 82). The author's own line breaks are kept.
 */
public final class CodeBlock {
    public static final int COLUMN = 9;
    public static final int WIDTH = 76;
    public static final int MAX_WIDTH = 82;

    /** One group: its label, and its lines as the template breaks them (before wrapping). */
    public record Row(String label, List<String> lines) {
        public Row {
            lines = List.copyOf(lines);
        }
    }

    private CodeBlock() {}

    public static List<String> layout(List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (Row row : rows) {
            String label = TemplateRenderer.plain(row.label().replace('\n', ' ')).strip();
            String first = label.length() < COLUMN ? pad(label, COLUMN) : label + "  ";
            String indent = " ".repeat(COLUMN);
            boolean firstLine = true;
            List<String> lines = row.lines().isEmpty() ? List.of("") : row.lines();
            for (String line : lines) {
                String lead = firstLine ? first : indent;
                for (String wrapped : wrap(line.strip(), lead.length())) {
                    out.add(stripEnd((firstLine ? first : indent) + TemplateRenderer.plain(wrapped)));
                    firstLine = false;
                }
            }
        }
        return out;
    }

    /** The pieces of one line of text that starts at column {@code start} (and continues at {@link #COLUMN}). */
    static List<String> wrap(String text, int start) {
        List<String> pieces = new ArrayList<>();
        String rest = text;
        int column = start;
        while (column + rest.length() > MAX_WIDTH) {
            int room = WIDTH - column;
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= 0) {
                cut = rest.indexOf(' ', Math.max(room, 1)); // a word longer than the room: break after it
                if (cut < 0) {
                    break;
                }
            }
            pieces.add(rest.substring(0, cut).stripTrailing());
            rest = rest.substring(cut + 1).stripLeading();
            column = COLUMN;
        }
        pieces.add(rest);
        return pieces;
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(width - s.length());
    }

    private static String stripEnd(String s) {
        return s.stripTrailing();
    }
}
