package dev.chain.ast;

import dev.chain.source.Span;

/**
 * A string from the source: a title, a template, a note. {@code value} has escapes resolved;
 * {@code contentOffset} is where the content starts in the file, so that a position inside a
 * template ({@code {unknown}}) maps back to a line and column when the string has no escapes.
 */
public record Text(String value, Span span, int contentOffset, boolean hasEscapes) {}
