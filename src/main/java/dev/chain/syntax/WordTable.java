package dev.chain.syntax;

import dev.chain.ast.QualifiedName;
import java.util.Arrays;
import java.util.List;

/**
 * One String per spelling of a word in a text, found by its place in the text without cutting it
 * out first: a chain names {@code GB}, {@code token} or a binding thousands of times, and the AST
 * keeps one copy. The same goes for a name's {@link QualifiedName}, plain or qualified.
 *
 * <p>An open-addressing table of longs, each a word's String hash and its index: a probe reads
 * one array and compares hashes before it reads any String. The words themselves are kept in the
 * order they were first seen, so that the names of a statement, new at about the same time, sit
 * near each other in memory.
 */
final class WordTable {
    /** Expected characters of text per distinct word, for the table's first size (see {@link #WordTable}). */
    private static final int CHARS_PER_WORD = 32;

    private final String text;
    /** The text's chars (see {@link DirectLexer}). */
    private final char[] chars;
    /** Per slot: (hash << 32) | (index + 1), or 0 when empty. */
    private long[] slots;
    /** log2 of the number of slots. */
    private int bits;
    /** By index: the words, and the QualifiedName of each, made when first asked for. */
    private String[] words;
    private QualifiedName[] names;
    private int size;

    WordTable(String text) {
        this(text, text.toCharArray());
    }

    /**
     * Sized for the text at once: a generated chain of a million statements has ~860,000 distinct
     * names in 31 MB, and growing to that by doubling rehashed every word twenty times.
     */
    WordTable(String text, char[] chars) {
        this.text = text;
        this.chars = chars;
        bits = 8;
        while ((1 << bits) < 2L * text.length() / CHARS_PER_WORD && bits < 30) {
            bits++;
        }
        slots = new long[1 << bits];
        words = new String[1 << (bits - 1)];
        names = new QualifiedName[1 << (bits - 1)];
    }

    /** The word text[start, end), the same String each time it is asked for. */
    String word(int start, int end) {
        return word(start, end, hash(start, end));
    }

    /** As above, given the word's String hash (the lexer computes it as it reads a name). */
    String word(int start, int end, int hash) {
        int index = indexOf(start, end, hash); // before reading the array, which adding a word may replace
        return words[index];
    }

    /** The word text[start, end), of String hash {@code hash}, as an unqualified name, the same object each time. */
    QualifiedName name(int start, int end, int hash) {
        int index = indexOf(start, end, hash);
        QualifiedName name = names[index];
        if (name == null) {
            name = new QualifiedName(List.of(words[index]));
            names[index] = name;
        }
        return name;
    }

    /** The name spelled text[start, end) ({@code gpu.hbm_bandwidth}) if one was kept, else null. */
    QualifiedName knownName(int start, int end) {
        int index = indexOf(start, end);
        return names[index];
    }

    /** Keeps {@code name} as the one spelled text[start, end). */
    void keepName(int start, int end, QualifiedName name) {
        int index = indexOf(start, end);
        names[index] = name;
    }

    /** String.hashCode() of text[start, end). */
    private int hash(int start, int end) {
        int hash = 0;
        for (int i = start; i < end; i++) {
            hash = 31 * hash + chars[i];
        }
        return hash;
    }

    private int indexOf(int start, int end) {
        return indexOf(start, end, hash(start, end));
    }

    /** The word's index, after adding it if it is new. */
    private int indexOf(int start, int end, int hash) {
        int length = end - start;
        int mask = slots.length - 1;
        for (int slot = slot(hash); ; slot = (slot + 1) & mask) {
            long entry = slots[slot];
            if (entry == 0) {
                return add(start, end, hash, slot);
            }
            if ((int) (entry >>> 32) == hash) {
                int index = (int) entry - 1;
                String known = words[index];
                if (known.length() == length && text.regionMatches(start, known, 0, length)) {
                    return index;
                }
            }
        }
    }

    private int add(int start, int end, int hash, int slot) {
        if (size == words.length) {
            words = Arrays.copyOf(words, size * 2);
            names = Arrays.copyOf(names, size * 2);
        }
        int index = size++;
        words[index] = text.substring(start, end);
        slots[slot] = entry(hash, index);
        if (size * 2 > slots.length) {
            grow();
        }
        return index;
    }

    private static long entry(int hash, int index) {
        return ((long) hash << 32) | (index + 1L);
    }

    /**
     * Fibonacci hashing: the top bits of the hash times 2^32/phi. Names that differ in their last
     * character (w100, w101, ...) have consecutive String hashes, which would fill runs of
     * neighbouring slots and make linear probing slow.
     */
    private int slot(int hash) {
        return (hash * 0x9E3779B9) >>> (32 - bits);
    }

    /** Twice the slots; the entries carry their hashes, so no String is read. */
    private void grow() {
        long[] old = slots;
        bits++;
        slots = new long[old.length * 2];
        int mask = slots.length - 1;
        for (long entry : old) {
            if (entry != 0) {
                int slot = slot((int) (entry >>> 32));
                while (slots[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                slots[slot] = entry;
            }
        }
    }
}
