package dev.chain.imports;

import dev.chain.diag.Printable;

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
            } else if (hidden(value, i)) {
                Printable.appendEscape(out, c);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * A {@code "..."} string of the language holding {@code value}: the backslash, the quote, a line
     * feed and a tab as the language's escapes ({@code \\ \" \n \t}), which read back as the value.
     * The language has no escape for the other characters above, so each is written as the six
     * characters of its escape, as {@link #comment} writes it: the string is still one line and
     * shows what was there.
     */
    static String string(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> {
                    if (hidden(value, i)) {
                        out.append('\\');
                        Printable.appendEscape(out, c);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** Whether the character at {@code i} is one a module never holds as it is. */
    private static boolean hidden(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1)) || hiddenType(s.codePointAt(i));
        }
        if (Character.isLowSurrogate(c)) {
            return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)) || hiddenType(s.codePointAt(i - 1));
        }
        return hiddenType(c);
    }

    private static boolean hiddenType(int cp) {
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> true;
            default -> false;
        };
    }
}
