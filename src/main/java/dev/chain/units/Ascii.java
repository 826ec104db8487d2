package dev.chain.units;

/**
 * Character classes of ASCII alone, where Character's would do for the JVM: in the explorable
 * page's script each of Character.isDigit, isUpperCase and isLetterOrDigit brings TeaVM's Unicode
 * tables (9.5 KB of the 150 KB budget). A number is written in ASCII digits (the JVM's isDigit
 * also took Arabic-Indic ones, which TypedNumber then read as other digits).
 */
public final class Ascii {
    private Ascii() {}

    public static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    public static boolean letterOrDigit(char c) {
        return digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
