package dev.chain.syntax;

/**
 * One String per spelling of a word in a text, found by its place in the text without cutting it
 * out first: a chain names {@code GB}, {@code token} or a binding thousands of times, and the AST
 * keeps one copy. An open-addressing table of the words seen so far.
 */
final class WordTable {
    private final String text;
    private String[] words = new String[256];
    /** log2 of the table's length. */
    private int bits = 8;
    private int size;

    WordTable(String text) {
        this.text = text;
    }

    /** The word text[start, end), the same String each time it is asked for. */
    String word(int start, int end) {
        int hash = 0;
        for (int i = start; i < end; i++) {
            hash = 31 * hash + text.charAt(i);
        }
        int mask = words.length - 1;
        int length = end - start;
        for (int slot = slot(hash); ; slot = (slot + 1) & mask) {
            String known = words[slot];
            if (known == null) {
                String word = text.substring(start, end);
                words[slot] = word;
                if (++size * 2 > words.length) {
                    grow();
                }
                return word;
            }
            if (known.length() == length && text.regionMatches(start, known, 0, length)) {
                return known;
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
        String[] old = words;
        words = new String[old.length * 2];
        bits++;
        int mask = words.length - 1;
        for (String word : old) {
            if (word != null) {
                int slot = slot(word.hashCode());
                while (words[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                words[slot] = word;
            }
        }
    }
}
