package dev.chain.cli;

import dev.chain.diag.Printable;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;

/**
 * Standard output as chain writes it: every control character escaped ({@link Printable}), so
 * that no text from a chain (a title, a text binding, a file name) can drive the terminal. Every
 * result passes here; none is coloured, so chain's own output has no control character to keep.
 * JSON stays valid: its strings already escape C0, and a C1 character becomes the JSON escape
 * of itself.
 */
final class PrintableWriter extends FilterWriter {
    PrintableWriter(Writer out) {
        super(out);
    }

    @Override
    public void write(int c) throws IOException {
        if (Printable.isControl(c)) {
            StringBuilder escaped = new StringBuilder(Printable.ESCAPE_WIDTH);
            Printable.appendEscape(escaped, (char) c);
            out.write(escaped.toString());
        } else {
            out.write(c);
        }
    }

    @Override
    public void write(char[] buffer, int offset, int length) throws IOException {
        write(new String(buffer, offset, length), 0, length);
    }

    @Override
    public void write(String text, int offset, int length) throws IOException {
        String part = offset == 0 && length == text.length() ? text : text.substring(offset, offset + length);
        out.write(Printable.escape(part));
    }
}
