package dev.chain.plot;

/**
 * How wide a text will be, estimated from its characters: the SVG names no font of its own (the
 * reader's sans-serif draws it), and nothing is measured at render time (no fonts are needed, and
 * no AWT). The widths are those of a typical sans-serif (Helvetica, Arial, DejaVu Sans) in ems,
 * rounded up a little, so that labels placed by them do not collide in any of those fonts.
 */
public final class TextWidth {
    private TextWidth() {}

    /** The estimated width in pixels of {@code text} at {@code size} pixels. */
    public static double of(String text, double size) {
        double ems = 0;
        for (int i = 0; i < text.length(); i++) {
            ems += em(text.charAt(i));
        }
        return ems * size;
    }

    private static double em(char c) {
        if ("iljI.,:;'|!".indexOf(c) >= 0) {
            return 0.3;
        }
        if (c == ' ' || "()[]/-ft".indexOf(c) >= 0) {
            return 0.36;
        }
        if ("mwMW%".indexOf(c) >= 0) {
            return 0.92;
        }
        // By ASCII's ranges, not Character.isUpperCase or isDigit: those bring TeaVM's Unicode tables
        // into the page's script (docs/architecture.md). Outside ASCII, a letter is as wide as a capital.
        if (c >= 'A' && c <= 'Z' || c >= 0x80) {
            return 0.7;
        }
        return 0.58;
    }
}
