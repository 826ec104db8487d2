package dev.chain.diag;

/**
 * Text from the input made safe to print. A control character copied to a terminal drives it
 * ({@code ESC ]0;...BEL} sets the window title, {@code ESC [2J} clears the screen, {@code U+009B}
 * is CSI to some terminals), so chain shows each one as its escape, <code>&#92;u001b</code>: the
 * notation of JSON, whose strings chain already writes that way. A chain's quoted string cannot
 * hold those six characters themselves (<code>&#92;u</code> is not one of its escapes), so there
 * they always mean the control character.
 *
 * <p>Control characters are C0 (U+0000 to U+001F) but tab and line feed, which only move the
 * cursor forward or down, DEL (U+007F) and C1 (U+0080 to U+009F). A carriage return is one: it
 * would let a line print over the one before it.
 */
public final class Printable {
    private Printable() {}

    /** The width of an escape: a control character takes six columns where it is shown. */
    public static final int ESCAPE_WIDTH = 6;

    public static boolean isControl(int c) {
        return (c < 0x20 && c != '\t' && c != '\n') || (c >= 0x7f && c <= 0x9f);
    }

    /** {@code text} with each control character written as <code>&#92;u001b</code>; the same string if there is none. */
    public static String escape(String text) {
        if (text == null) {
            return null;
        }
        int i = 0;
        while (i < text.length() && !isControl(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isControl(c)) {
                appendEscape(out, c);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Appends <code>&#92;u001b</code> for the character {@code c}. */
    public static void appendEscape(StringBuilder out, char c) {
        String hex = Integer.toHexString(c);
        out.append("\\u");
        for (int pad = hex.length(); pad < 4; pad++) {
            out.append('0');
        }
        out.append(hex);
    }
}
