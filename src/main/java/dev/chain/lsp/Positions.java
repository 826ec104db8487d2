package dev.chain.lsp;

import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * Offsets in a text and the protocol's positions (a line, and a column in UTF-16 code units, the
 * protocol's default): Java strings count UTF-16 code units too, so a column is an offset from the
 * line's start. Lines end at \n, \r\n or \r, as they do for {@link SourceFile} and the protocol.
 */
final class Positions {
    private Positions() {}

    /** The offset of {@code p} in {@code source}, clamped to the text (a column past a line's end is its end). */
    static int offset(SourceFile source, Position p) {
        int lines = source.lineCount();
        if (p.getLine() < 0) {
            return 0;
        }
        if (p.getLine() >= lines) {
            return source.text().length();
        }
        int start = source.lineStart(p.getLine() + 1);
        int end = start + source.line(p.getLine() + 1).length();
        return Math.max(start, Math.min(end, start + Math.max(0, p.getCharacter())));
    }

    static Position position(SourceFile source, int offset) {
        int clamped = Math.max(0, Math.min(offset, source.text().length()));
        int line = source.lineOf(clamped);
        return new Position(line - 1, clamped - source.lineStart(line));
    }

    static Range range(Span span) {
        return new Range(position(span.file(), span.start()), position(span.file(), span.end()));
    }

    /** The whole text, for an edit that replaces it. */
    static Range all(SourceFile source) {
        return new Range(new Position(0, 0), position(source, source.text().length()));
    }

    static boolean contains(Span span, int offset) {
        return span != null && span.start() <= offset && offset <= span.end();
    }
}
