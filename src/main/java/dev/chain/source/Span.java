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

    @Override
    public String toString() {
        return file.name() + ":" + line() + ":" + column();
    }
}
