package dev.chain.ast;

import dev.chain.source.Span;

/**
 * The text of an option that names a benchmark's file and a key in it, as the grammar's
 * {@code keyedOption} reads it: {@code p50=bench.json#median_itl_ms} ({@code --observe}),
 * {@code floor=#median_itl_ms} ({@code --against}, and {@code --over} with {@code --runs}), or
 * {@code bench.json#median_itl_ms} (an input's {@code @observed}). The file's path and the key are
 * as written (the path without the blanks around it); {@code name} and {@code file} are null where
 * the text has none.
 */
public record KeyedOption(Expr.NameRef name, String file, Span fileSpan, String key, Span keySpan, Span span) {}
