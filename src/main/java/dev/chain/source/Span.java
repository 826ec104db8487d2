package dev.chain.source;

/** A range of characters [start, end) in one source file. Every AST node and diagnostic has one. */
public record Span(SourceFile file, int start, int end) {

    public Span {
        if (end < start) {
            end = start;
        }
    }

    public int line() {
        return file.lineOf(start);
    }

    public int column() {
        return file.columnOf(start);
    }

    public String text() {
        return file.text().substring(start, Math.min(end, file.text().length()));
    }

    /** The smallest span covering both. */
    public Span to(Span other) {
        return new Span(file, Math.min(start, other.start), Math.max(end, other.end));
    }

    /**
     * The operator written between two spans of one file ({@code +} in {@code a + b}, {@code >=}
     * in a check): the first run of non-blank characters after {@code left}. Null if there is none.
     */
    public static Span operatorBetween(Span left, Span right) {
        String text = left.file.text();
        int i = left.end;
        int limit = Math.min(right.start, text.length());
        while (i < limit && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        int j = i;
        while (j < limit && !Character.isWhitespace(text.charAt(j))) {
            j++;
        }
        return j > i ? new Span(left.file, i, j) : null;
    }

    @Override
    public String toString() {
        return file.name() + ":" + line() + ":" + column();
    }
}
