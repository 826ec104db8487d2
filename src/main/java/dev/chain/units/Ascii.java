package dev.chain.units;

/**
 * ASCII's digits, where Character.isDigit takes every script's: a number a reader types
 * (TypedNumber), a format's precision and a CommonMark list's marker are written in ASCII digits
 * (isDigit also took Arabic-Indic ones, which TypedNumber then read as other digits).
 */
public final class Ascii {
    private Ascii() {}

    public static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }
}
