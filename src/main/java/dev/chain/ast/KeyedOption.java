package dev.chain.ast;

import dev.chain.source.Span;

/**
 * The text of an option that names a benchmark's file and a key in it, as the grammar's
 * {@code keyedOption} reads it: {@code p50=bench.json#median_itl_ms} ({@code --observe}),
 * {@code floor=#median_itl_ms} ({@code --against}, and {@code --over} with {@code --runs}), or
 * {@code bench.json#median_itl_ms} (an input's {@code @observed}). The file's path and the key are
 * as written (the path without the blanks around it, each {@code ##} of it read as the {@code #}
 * it stands for); {@code name} and {@code file} are null where the text has none.
 */
public record KeyedOption(Expr.NameRef name, String file, Span fileSpan, String key, Span keySpan, Span span) {
    /**
     * Where the key starts in {@code FILE#KEY} as written: after the first {@code #} that is not
     * one of a pair ({@code ##} is a {@code #} of the path, pairs read first, as the grammar's
     * lexer reads them); -1 where there is none.
     */
    public static int keyStart(String written) {
        for (int i = 0; i < written.length(); i++) {
            if (written.charAt(i) == '#') {
                if (i + 1 < written.length() && written.charAt(i + 1) == '#') {
                    i++;
                } else {
                    return i + 1;
                }
            }
        }
        return -1;
    }

    /** A path as written before its key, each {@code ##} the {@code #} it stands for. */
    public static String path(String written) {
        return written.replace("##", "#");
    }

    /** A path as it is written before a key: each {@code #} of it twice. */
    public static String written(String path) {
        return path.replace("#", "##");
    }
}
