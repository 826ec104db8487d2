package dev.chain.syntax;

import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.IntStream;
import org.antlr.v4.runtime.misc.Interval;

/**
 * ASCII text as the lexer reads it: each letter and digit is shown to the lexer's automaton as
 * the one character that stands for all that the grammar tells apart from it ({@link #CLASSES}),
 * while a token's text is the text as written. The automaton then meets `a` where the text has
 * any of forty-odd letters, and `0` for any digit.
 *
 * <p>Why: ANTLR's lexer builds its DFA as it runs, one edge per (state, character) the first
 * time that character is met in that state, each edge a closure over the grammar's ATN, which a
 * cold start computes in the bytecode interpreter. Inside a name every letter was an edge of its
 * own; with classes, the few that stand for all (docs/performance.md has what this bought).
 * Characters outside ASCII are never cached by ANTLR's DFA and reach it as they are (the text
 * then goes through {@code CharStreams}, not this class).
 *
 * <p>Member code in the grammar that looks at characters ({@code _input.LA}) sees the classes
 * too: it asks only about spaces, tabs, parentheses, '/', '%' and whether a character is a
 * letter, all of which keep their answer. {@code LexerInputTest} checks the classes against the
 * grammar's ATN: a lexer rule that comes to tell two letters apart fails it.
 */
final class LexerInput implements CharStream {
    /**
     * The lexer's view of each ASCII character. Letters are one class but for those a lexer rule
     * names: `e` and `E` (an exponent), `f`, `g`, `n`, `k`, `m`, `b`, `t` (the format types `f`, `g`,
     * `e`, `eng` and `kmbt`),
     * `x` (a geometric factor, `x1.5`), and `_` (a digit separator as well as a letter). Digits
     * are one class. Every other character is its own.
     */
    static final byte[] CLASSES = classes();

    private static byte[] classes() {
        byte[] classes = new byte[128];
        for (int c = 0; c < 128; c++) {
            classes[c] = (byte) c;
        }
        for (int c = 'a'; c <= 'z'; c++) {
            classes[c] = 'a';
        }
        for (int c = 'A'; c <= 'Z'; c++) {
            classes[c] = 'a';
        }
        for (char kept : "eEfgnkmbtx".toCharArray()) {
            classes[kept] = (byte) kept;
        }
        for (int c = '0'; c <= '9'; c++) {
            classes[c] = '0';
        }
        return classes;
    }

    private final String text;
    /** The text's characters, each one byte. */
    private final byte[] ascii;
    private final String name;
    private int position;

    /** {@code text} must be ASCII, as {@code ascii} is: its characters in order. */
    LexerInput(String text, byte[] ascii, String name) {
        this.text = text;
        this.ascii = ascii;
        this.name = name;
    }

    /** The character's class (mapped here, as the lexer reads: a pass over the text first cost more). */
    @Override
    public int LA(int i) {
        int offset = i > 0 ? position + i - 1 : position + i;
        if (i == 0 || offset < 0 || offset >= ascii.length) {
            return i == 0 ? 0 : IntStream.EOF; // LA(0) is undefined
        }
        return CLASSES[ascii[offset]];
    }

    @Override
    public String getText(Interval interval) {
        int start = Math.min(interval.a, ascii.length);
        int end = Math.min(interval.b + 1, ascii.length);
        return text.substring(start, Math.max(start, end));
    }

    @Override
    public void consume() {
        if (position >= ascii.length) {
            throw new IllegalStateException("cannot consume EOF");
        }
        position++;
    }

    @Override
    public int index() {
        return position;
    }

    @Override
    public int size() {
        return ascii.length;
    }

    /** The whole text is held: marks are not needed. */
    @Override
    public int mark() {
        return -1;
    }

    @Override
    public void release(int marker) {}

    @Override
    public void seek(int index) {
        position = index;
    }

    @Override
    public String getSourceName() {
        return name == null || name.isEmpty() ? UNKNOWN_SOURCE_NAME : name;
    }

    @Override
    public String toString() {
        return text;
    }
}
