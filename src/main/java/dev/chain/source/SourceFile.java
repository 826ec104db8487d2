package dev.chain.source;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * The text of one input (a file, a stdlib module, an expression typed on the command line) with
 * the offsets of its lines, so that a character offset can be turned into a line and a column.
 */
public final class SourceFile {
    private final String name;
    private final String text;
    private final Path path;
    /** Computed when a line or column is first asked for: most sources are never shown in a diagnostic. */
    private int[] lineStarts;
    private int nodeCount;

    /** Text that is not a file on disk: an expression, a stdlib module, a line typed at the REPL. */
    public SourceFile(String name, String text) {
        this(name, text, null);
    }

    /**
     * Text read from {@code path}, which is also its name. Knowing the file lets a chain {@code use}
     * a module of its author's own that sits beside it.
     */
    public SourceFile(Path path, String text) {
        this(path.toString(), text, path);
    }

    private SourceFile(String name, String text, Path path) {
        this.name = name;
        this.text = text;
        this.path = path;
    }

    /** The name shown in diagnostics: a path as the user wrote it, or a label such as {@code <expr>}. */
    public String name() {
        return name;
    }

    public String text() {
        return text;
    }

    /** The file the text was read from, or null when it was not read from a file. */
    public Path path() {
        return path;
    }

    /**
     * A new id for a syntax node parsed from this source. Ids count up from 0, so the checker can
     * keep what it learns about each node in arrays indexed by id (large identity maps make the
     * garbage collector rescan them on every collection).
     */
    public int newNodeId() {
        return nodeCount++;
    }

    /** How many syntax nodes have been parsed from this source. */
    public int nodeCount() {
        return nodeCount;
    }

    public int lineCount() {
        return lineStarts().length;
    }

    /** 1-based line of a 0-based character offset. */
    public int lineOf(int offset) {
        int i = Arrays.binarySearch(lineStarts(), Math.max(0, Math.min(offset, text.length())));
        return i >= 0 ? i + 1 : -i - 1;
    }

    /** 1-based column of a 0-based character offset, counted in code points. */
    public int columnOf(int offset) {
        int clamped = Math.max(0, Math.min(offset, text.length()));
        int start = lineStarts()[lineOf(clamped) - 1];
        return text.codePointCount(start, clamped) + 1;
    }

    /** The text of a 1-based line, without its line terminator. */
    public String line(int line) {
        int start = lineStarts()[line - 1];
        int end = line < lineStarts().length ? lineStarts()[line] : text.length();
        while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
            end--;
        }
        return text.substring(start, end);
    }

    public int lineStart(int line) {
        return lineStarts()[line - 1];
    }

    private int[] lineStarts() {
        if (lineStarts == null) {
            lineStarts = computeLineStarts(text);
        }
        return lineStarts;
    }

    private static int[] computeLineStarts(String text) {
        int[] starts = new int[16];
        int count = 0;
        starts[count++] = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean lineEnd = c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'));
            if (lineEnd) {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                }
                starts[count++] = i + 1;
            }
        }
        return Arrays.copyOf(starts, count);
    }

    @Override
    public String toString() {
        return name;
    }
}
