package dev.chain.imports;

import dev.chain.diag.Printable;
import dev.chain.syntax.Literals;

/**
 * A value copied from a config.json (or its file's name) into the module's text, written so that
 * it stays the one comment, string or name it was put in, and reads as it was. A config is
 * anyone's file: a line break in {@code quant_method} would end its comment and make the rest of
 * the value statements of the module, a {@code "} would end a string, and a bidirectional control
 * (U+202E) or a line separator (U+2028) would show an editor's reader another text than the one
 * chain reads.
 *
 * <p>The characters that are never written as they are: control characters (C0, DEL, C1, tab and
 * line feed too), format characters (the bidirectional controls, zero-width ones, the byte-order
 * mark), the line and paragraph separators, and unpaired surrogates.
 */
final class ModuleText {
    private ModuleText() {}

    /**
     * The text of a {@code #} comment: each character above written as its JSON escape
     * (<code>&#92;u2028</code>, the notation chain shows a control character in), and the backslash
     * as <code>&#92;&#92;</code>, so that the comment is one line and a JSON string's unescaping of it
     * gives back the value.
     */
    static String comment(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\') {
                out.append("\\\\");
            } else if (Literals.hidden(value, i)) {
                Printable.appendEscape(out, c);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

}
