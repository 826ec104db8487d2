package dev.chain.syntax;

/** Reading number and string literals as the lexer matched them. */
public final class Literals {
    private Literals() {}

    /** {@code 3,000} and {@code 3_000} are 3000; {@code 8.03e9} is 8.03 x 10^9. */
    static double number(String text) {
        StringBuilder digits = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != ',' && c != '_') {
                digits.append(c);
            }
        }
        return Double.parseDouble(digits.toString());
    }

    /** True when a number literal's digits before any exponent are not all zeros ({@code 1e-400}, not {@code 0.0}). */
    static boolean nonZero(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 'e' || c == 'E') {
                return false;
            }
            if (c >= '1' && c <= '9') {
                return true;
            }
        }
        return false;
    }

    /**
     * The text of a {@code """..."""} string as it means: each line is read trimmed (see
     * TemplateParser), so a blank or a carriage return at the end of a line says nothing; here
     * {@code \r\n} is {@code \n} and no line ends in a space or a tab. {@code chain fmt} writes
     * the string so, and its value is so: the file's CRLF endings and trailing blanks go everywhere.
     */
    public static String tripleQuoted(String text) {
        if (text.indexOf('\n') < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int lineStart = 0;
        for (int newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', lineStart)) {
            int end = newline;
            while (end > lineStart && (text.charAt(end - 1) == ' ' || text.charAt(end - 1) == '\t'
                    || text.charAt(end - 1) == '\r' && end == newline)) {
                end--;
            }
            out.append(text, lineStart, end).append('\n');
            lineStart = newline + 1;
        }
        return out.append(text, lineStart, text.length()).toString();
    }

    /** The content of a {@code "..."} literal with escapes resolved, or null if an escape is unknown. */
    static String unescape(String quoted) {
        String body = quoted.substring(1, quoted.length() - 1);
        if (body.indexOf('\\') < 0) {
            return body;
        }
        StringBuilder sb = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char next = body.charAt(++i);
            switch (next) {
                case '"' -> sb.append('"');
                case '\\' -> sb.append('\\');
                case 'n' -> sb.append('\n');
                case 't' -> sb.append('\t');
                default -> {
                    return null;
                }
            }
        }
        return sb.toString();
    }

    /**
     * A {@code "..."} string of the language holding {@code value}, the inverse of {@link #unescape}:
     * the backslash, the quote, a line feed and a tab as the language's escapes ({@code \\ \" \n
     * \t}), which read back as the value. The language has no escape for the other characters that
     * are never written as they are ({@link #hidden}), so each is written as the six characters of
     * its escape (<code>&#92;u202e</code>): the string is still one line and shows what was there.
     * A module {@code chain import} writes and a diagnostic that quotes a row's label write text so.
     */
    public static String quote(String value) {
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
                        dev.chain.diag.Printable.appendEscape(out, c);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /**
     * Whether the character at {@code i} is one text chain writes is never to hold as it is: a
     * control character (C0, DEL, C1, tab and line feed too), a format character (the bidirectional
     * controls, zero-width ones, the byte-order mark), a line or paragraph separator, or an unpaired
     * surrogate, each of which would end a line or show a reader another text than chain reads.
     */
    public static boolean hidden(String s, int i) {
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
