package dev.chain.syntax;

import dev.chain.ast.QualifiedName;
import java.util.List;

/**
 * One String per spelling of a word in a text, found by its place in the text without cutting it
 * out first: a chain names {@code GB}, {@code token} or a binding thousands of times, and the AST
 * keeps one copy. The same goes for a plain name's {@link QualifiedName}. An open-addressing
 * table of the words seen so far.
 */
final class WordTable {
    /** Expected characters of text per distinct word, for the table's first size (see {@link #WordTable}). */
    private static final int CHARS_PER_WORD = 32;

    private final String text;
    /** The text's chars (see {@link DirectLexer}). */
    private final char[] chars;
    private String[] words;
    /** Each word's String hash, so that a probe compares two ints before it reads a String. */
    private int[] hashes;
    /** The QualifiedName of each word used as a plain name, made when first asked for. */
    private QualifiedName[] names;
    /** log2 of the table's length. */
    private int bits;
    private int size;

    /**
     * Sized for the text at once: a generated chain of a million statements has ~860,000 distinct
     * names in 31 MB, and growing to that by doubling rehashed every word twenty times, each
     * rehash reading Strings scattered over the heap (a third of the parse's time).
     */
    WordTable(String text) {
        this(text, text.toCharArray());
    }

    WordTable(String text, char[] chars) {
        this.text = text;
        this.chars = chars;
        bits = 8;
        while ((1 << bits) < 2L * text.length() / CHARS_PER_WORD && bits < 30) {
            bits++;
        }
        words = new String[1 << bits];
        hashes = new int[1 << bits];
        names = new QualifiedName[1 << bits];
    }

    /** The word text[start, end), the same String each time it is asked for. */
    String word(int start, int end) {
        int slot = slotOf(start, end); // before reading the array, which adding a word may replace
        return words[slot];
    }

    /** The word text[start, end) as an unqualified name, the same object each time. */
    QualifiedName name(int start, int end) {
        int slot = slotOf(start, end);
        QualifiedName name = names[slot];
        if (name == null) {
            name = new QualifiedName(List.of(words[slot]));
            names[slot] = name;
        }
        return name;
    }

    /** The word's slot, after adding it if it is new. */
    private int slotOf(int start, int end) {
        if ((size + 1) * 2 > words.length) {
            grow();
        }
        int hash = 0;
        for (int i = start; i < end; i++) {
            hash = 31 * hash + chars[i];
        }
        int mask = words.length - 1;
        int length = end - start;
        for (int slot = slot(hash); ; slot = (slot + 1) & mask) {
            String known = words[slot];
            if (known == null) {
                words[slot] = text.substring(start, end);
                hashes[slot] = hash;
                size++;
                return slot;
            }
            if (hashes[slot] == hash && known.length() == length && text.regionMatches(start, known, 0, length)) {
                return slot;
            }
        }
    }

    /**
     * Fibonacci hashing: the top bits of the hash times 2^32/phi. Names that differ in their last
     * character (w100, w101, ...) have consecutive String hashes, which would fill runs of
     * neighbouring slots and make linear probing slow.
     */
    private int slot(int hash) {
        return (hash * 0x9E3779B9) >>> (32 - bits);
    }

    private void grow() {
        String[] oldWords = words;
        int[] oldHashes = hashes;
        QualifiedName[] oldNames = names;
        words = new String[oldWords.length * 2];
        hashes = new int[oldWords.length * 2];
        names = new QualifiedName[oldWords.length * 2];
        bits++;
        int mask = words.length - 1;
        for (int i = 0; i < oldWords.length; i++) {
            if (oldWords[i] != null) {
                int slot = slot(oldHashes[i]);
                while (words[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                words[slot] = oldWords[i];
                hashes[slot] = oldHashes[i];
                names[slot] = oldNames[i];
            }
        }
    }
}
