package dev.chain.syntax;

import dev.chain.syntax.antlr.ChainLexer;

/**
 * The tokens of well-formed chain text, one logical line at a time, read without ANTLR: the
 * first half of {@link DirectParser}. It follows {@code grammar/ChainLexer.g4} rule for rule
 * (longest match, keywords before names, a glued {@code /} as {@code UNIT_PER}, newlines that
 * continue an expression) and gives up, by throwing {@link DirectParser.Declined}, on any text
 * the grammar would read as a problem (an unterminated string, a bad number, a stray character)
 * or where the two could read it differently. The grammar stays the definition of the language;
 * {@code DirectParserTest} holds this class to it.
 *
 * <p>Token types are ChainLexer's constants, which the compiler copies in: no ANTLR class is loaded.
 * Offsets are in chars, as spans are.
 */
final class DirectLexer {
    private final String text;
    /**
     * The text's chars, which the lexer reads one by one: an array read is cheaper than
     * {@code String.charAt} for the quick compiler that big inputs run under (see the launcher).
     */
    private final char[] chars;
    private final int length;
    /** Where reading starts; what comes before reads as blanks (a REPL command's argument). */
    private final int from;
    private int pos;
    /** Open parentheses on the current logical line, as the grammar's lexer counts them. */
    private int depth;
    /** The type of the last token emitted, which decides whether a newline continues an expression. */
    private int lastType;

    /** The current line's tokens: types, and [start, end) in chars. */
    int count;
    int[] types = new int[64];
    int[] starts = new int[64];
    int[] ends = new int[64];
    /** For a name (IDENT), the String hash of its text, which WordTable would otherwise compute again. */
    int[] hashes = new int[64];

    DirectLexer(String text, char[] chars, int from) {
        this.text = text;
        this.chars = chars;
        this.length = text.length();
        this.from = from;
        this.pos = from;
    }

    boolean atEnd() {
        return pos >= length;
    }

    /**
     * Reads the next logical line's tokens into {@link #types}, {@link #starts} and {@link #ends}
     * (without its newline); {@link #count} is 0 for a blank line or a comment.
     */
    void nextLine() {
        count = 0;
        while (pos < length) {
            char c = chars[pos];
            int start = pos;
            switch (c) {
                case ' ', '\t', '\f', '\u00A0', '\uFEFF' -> pos++;
                case '#' -> {
                    while (pos < length && chars[pos] != '\n' && chars[pos] != '\r') {
                        pos++;
                    }
                }
                case '\n', '\r' -> {
                    pos += c == '\r' && pos + 1 < length && chars[pos + 1] == '\n' ? 2 : 1;
                    if (!continuesExpression()) {
                        depth = 0;
                        lastType = ChainLexer.NL;
                        return;
                    }
                }
                case '"' -> string(start);
                case '.' -> {
                    if (at(pos + 1) == '.') {
                        emit(ChainLexer.RANGE, start, pos += 2);
                    } else if (isDigit(at(pos + 1))) {
                        number(start);
                    } else {
                        emit(ChainLexer.DOT, start, ++pos);
                    }
                }
                case ':' -> colon(start);
                case '-' -> {
                    if (at(pos + 1) == '>') {
                        emit(ChainLexer.ARROW, start, pos += 2);
                    } else {
                        emit(ChainLexer.MINUS, start, ++pos);
                    }
                }
                case '~' -> {
                    if (at(pos + 1) != '=') {
                        throw DirectParser.DECLINED;
                    }
                    emit(ChainLexer.APPROX, start, pos += 2);
                }
                case '=' -> twoChar('=', ChainLexer.EQ, ChainLexer.ASSIGN, start);
                case '<' -> twoChar('=', ChainLexer.LE, ChainLexer.LT, start);
                case '>' -> twoChar('=', ChainLexer.GE, ChainLexer.GT, start);
                case '!' -> {
                    if (at(pos + 1) != '=') {
                        throw DirectParser.DECLINED;
                    }
                    emit(ChainLexer.NE, start, pos += 2);
                }
                case '/' -> emit(glued(start) ? ChainLexer.UNIT_PER : ChainLexer.SLASH, start, ++pos);
                case '(' -> {
                    depth++;
                    emit(ChainLexer.LPAREN, start, ++pos);
                }
                case ')' -> {
                    if (depth > 0) {
                        depth--;
                    }
                    emit(ChainLexer.RPAREN, start, ++pos);
                }
                default -> {
                    int single = single(c);
                    if (single != 0) {
                        emit(single, start, ++pos);
                    } else if (isDigit(c)) {
                        number(start);
                    } else if (isLetter(c)) {
                        identifier(start);
                    } else {
                        throw DirectParser.DECLINED; // the grammar's ERROR_CHAR: let it report
                    }
                }
            }
        }
    }

    /** Tokens of one character that need no look-ahead; 0 for any other character. */
    private static int single(char c) {
        return switch (c) {
            case '→' -> ChainLexer.ARROW;
            case '≈' -> ChainLexer.APPROX;
            case '≠' -> ChainLexer.NE;
            case '≤' -> ChainLexer.LE;
            case '≥' -> ChainLexer.GE;
            case '+' -> ChainLexer.PLUS;
            case '−' -> ChainLexer.MINUS;
            case '*', '×' -> ChainLexer.STAR;
            case '·' -> ChainLexer.DOT_OP;
            case '÷' -> ChainLexer.SLASH;
            case '^' -> ChainLexer.CARET;
            case '%' -> ChainLexer.PERCENT;
            case ',' -> ChainLexer.COMMA;
            case '@' -> ChainLexer.AT;
            default -> 0;
        };
    }

    private void emit(int type, int start, int end) {
        if (count == types.length) {
            types = java.util.Arrays.copyOf(types, count * 2);
            starts = java.util.Arrays.copyOf(starts, count * 2);
            ends = java.util.Arrays.copyOf(ends, count * 2);
            hashes = java.util.Arrays.copyOf(hashes, count * 2);
        }
        types[count] = type;
        starts[count] = start;
        ends[count] = end;
        count++;
        lastType = type;
    }

    /** The char at {@code i}, or 0 past the end. */
    private char at(int i) {
        return i < length ? chars[i] : 0;
    }

    private void twoChar(char second, int both, int one, int start) {
        if (at(pos + 1) == second) {
            emit(both, start, pos += 2);
        } else {
            emit(one, start, ++pos);
        }
    }

    /** The grammar's NL rule: inside parentheses, or after an operator, an indented line goes on. */
    private boolean continuesExpression() {
        char next = at(pos);
        boolean indented = next == ' ' || next == '\t';
        return (depth > 0 && (indented || next == ')')) || (indented && endsWithOperator());
    }

    private boolean endsWithOperator() {
        return switch (lastType) {
            case ChainLexer.ASSIGN, ChainLexer.PLUS, ChainLexer.MINUS, ChainLexer.STAR, ChainLexer.SLASH,
                    ChainLexer.UNIT_PER, ChainLexer.DOT_OP, ChainLexer.ARROW, ChainLexer.COMMA, ChainLexer.CARET -> true;
            default -> false;
        };
    }

    /** The grammar's glued(): a '/' with no space before it and a letter (or %) after it is part of a unit. */
    private boolean glued(int start) {
        if (start == 0) {
            return false;
        }
        char before = start - 1 < from ? ' ' : chars[start - 1];
        boolean gluedBefore = before != ' ' && before != '\t' && before != '\n' && before != '\r' && before != '(';
        if (!gluedBefore || start + 1 >= length) {
            return false;
        }
        int after = text.codePointAt(start + 1);
        return Character.isLetter(after) || after == '%';
    }

    // ---- strings, numbers, names, formats ----------------------------------------------------

    private void string(int start) {
        if (text.startsWith("\"\"\"", start)) {
            int close = text.indexOf("\"\"\"", start + 3);
            if (close < 0) {
                throw DirectParser.DECLINED;
            }
            pos = close + 3;
            emit(ChainLexer.TRIPLE_STRING, start, pos);
            return;
        }
        int i = start + 1;
        while (true) {
            char c = at(i);
            if (i >= length || c == '\n' || c == '\r') {
                throw DirectParser.DECLINED; // unterminated: the grammar reports it
            }
            if (c == '"') {
                break;
            }
            if (c == '\\') {
                char escaped = at(i + 1);
                if (escaped != '"' && escaped != '\\' && escaped != 'n' && escaped != 't') {
                    throw DirectParser.DECLINED; // an unknown escape is an error
                }
                i += 2;
            } else {
                i++;
            }
        }
        pos = i + 1;
        emit(ChainLexer.STRING, start, pos);
    }

    /**
     * The grammar's NUMBER, the longest one that starts here: 3,000 (groups of exactly three
     * digits), 3_000, 8.03e9, .5. Anything the grammar would read as BAD_NUMBER is declined.
     */
    private void number(int start) {
        int i = digits(start);
        if (i == start) {
            i = digits(start + 1); // .5: no groups, no underscores
        } else if (at(i) == ',' && isDigit(at(i + 1))) {
            if (i - start > 3) {
                throw DirectParser.DECLINED;
            }
            while (at(i) == ',' && isDigit(at(i + 1))) {
                int groupEnd = digits(i + 1);
                if (groupEnd - (i + 1) != 3) {
                    throw DirectParser.DECLINED;
                }
                i = groupEnd;
            }
            if (at(i) == '.' && isDigit(at(i + 1))) {
                i = digits(i + 1);
            }
        } else {
            i = underscored(i);
            if (at(i) == '.' && isDigit(at(i + 1))) {
                i = underscored(digits(i + 1));
            }
        }
        char e = at(i);
        if (e == 'e' || e == 'E') {
            int j = i + 1;
            if (at(j) == '+' || at(j) == '-') {
                j++;
            }
            if (isDigit(at(j))) {
                i = digits(j);
            }
        }
        pos = i;
        emit(ChainLexer.NUMBER, start, i);
    }

    private int digits(int i) {
        while (isDigit(at(i))) {
            i++;
        }
        return i;
    }

    /** ('_' DIGIT+)* after digits. */
    private int underscored(int i) {
        while (at(i) == '_' && isDigit(at(i + 1))) {
            i = digits(i + 1);
        }
        return i;
    }

    private void identifier(int start) {
        int hash = chars[start];
        int i = start + 1;
        while (i < length && (isLetter(chars[i]) || isDigit(chars[i]))) {
            hash = 31 * hash + chars[i];
            i++;
        }
        pos = i;
        emit(keyword(start, i), start, i);
        hashes[count - 1] = hash;
    }

    /** The keywords, as arrays: compared with the text's chars, no String is read. */
    private static final char[] AS = "as".toCharArray();
    private static final char[] IN = "in".toCharArray();
    private static final char[] TO = "to".toCharArray();
    private static final char[] FN = "fn".toCharArray();
    private static final char[] USE = "use".toCharArray();
    private static final char[] NOTE = "note".toCharArray();
    private static final char[] UNIT = "unit".toCharArray();
    private static final char[] CHAIN = "chain".toCharArray();
    private static final char[] DRILL = "drill".toCharArray();
    private static final char[] CHECK = "check".toCharArray();
    private static final char[] INPUTS = "inputs".toCharArray();
    private static final char[] DERIVE = "derive".toCharArray();
    private static final char[] SANITY = "sanity".toCharArray();
    private static final char[] WITHIN = "within".toCharArray();
    private static final char[] DIMENSION = "dimension".toCharArray();

    /** The keyword type of text[start, end), or IDENT. */
    private int keyword(int start, int end) {
        return switch (end - start) {
            case 2 -> is(AS, start) ? ChainLexer.AS : is(IN, start) ? ChainLexer.IN
                    : is(TO, start) ? ChainLexer.TO : is(FN, start) ? ChainLexer.FN : ChainLexer.IDENT;
            case 3 -> is(USE, start) ? ChainLexer.USE : ChainLexer.IDENT;
            case 4 -> is(NOTE, start) ? ChainLexer.NOTE : is(UNIT, start) ? ChainLexer.UNIT : ChainLexer.IDENT;
            case 5 -> is(CHAIN, start) ? ChainLexer.CHAIN : is(DRILL, start) ? ChainLexer.DRILL
                    : is(CHECK, start) ? ChainLexer.CHECK : ChainLexer.IDENT;
            case 6 -> is(INPUTS, start) ? ChainLexer.INPUTS : is(DERIVE, start) ? ChainLexer.DERIVE
                    : is(SANITY, start) ? ChainLexer.SANITY : is(WITHIN, start) ? ChainLexer.WITHIN : ChainLexer.IDENT;
            case 9 -> is(DIMENSION, start) ? ChainLexer.DIMENSION : ChainLexer.IDENT;
            default -> ChainLexer.IDENT;
        };
    }

    /** Whether text[start, start + word.length) is {@code word}; the caller knows the lengths match. */
    private boolean is(char[] word, int start) {
        for (int i = 0; i < word.length; i++) {
            if (chars[start + i] != word[i]) {
                return false;
            }
        }
        return true;
    }

    /** FORMAT_SPEC, {@code :,.2f} or {@code :.1eng}, if one starts here; else COLON. */
    private void colon(int start) {
        int i = start + 1;
        boolean spec = false;
        if (at(i) == ',') {
            spec = true;
            i++;
            if (at(i) == '.' && isDigit(at(i + 1))) {
                i = digits(i + 1);
            }
        } else if (at(i) == '.' && isDigit(at(i + 1))) {
            spec = true;
            i = digits(i + 1);
        }
        if (!spec) {
            emit(ChainLexer.COLON, start, ++pos);
            return;
        }
        if (text.startsWith("eng", i)) {
            i += 3;
        } else if (at(i) == 'e' || at(i) == 'f' || at(i) == 'g') {
            i++;
        }
        char next = at(i);
        if (next == '.' || isDigit(next) || isLetter(next)) {
            throw DirectParser.DECLINED;
        }
        pos = i;
        emit(ChainLexer.FORMAT_SPEC, start, i);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** The grammar's LETTER fragment (with '_'). */
    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '\u00B5'
                || (c >= '\u00C0' && c <= '\u024F' && c != '\u00D7' && c != '\u00F7')
                || (c >= '\u0370' && c <= '\u04FF');
    }
}
