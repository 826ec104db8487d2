package dev.chain.web;

/**
 * A JSON value as {@link ModelReader} reads it: in the page, the browser's own {@code JSON.parse}
 * ({@link JsTree}); on the JVM, for the tests, Gson's. Numbers come out exactly either way.
 */
interface Tree {
    /** Whether an object has the member {@code key}, null or not. */
    boolean has(String key);

    /** The member {@code key} of an object; null when it is missing or JSON null. */
    Tree get(String key);

    /** The length of an array. */
    int size();

    /** An item of an array; null for JSON null. */
    Tree at(int index);

    String string();

    /** A number; also "NaN", "Infinity" and "-Infinity", which JSON has no numbers for. */
    double number();

    boolean bool();
}
