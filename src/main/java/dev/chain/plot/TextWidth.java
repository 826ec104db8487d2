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
        if (Character.isUpperCase(c)) {
            return 0.7;
        }
        if (Character.isDigit(c)) {
            return 0.58;
        }
        return c < 0x80 ? 0.58 : 0.7;
    }
}
