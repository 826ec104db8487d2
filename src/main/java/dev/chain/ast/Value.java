package dev.chain.ast;

import dev.chain.source.Span;

/** The right-hand side of a binding or one evaluated line: text, or a quantity with display options. */
public sealed interface Value {
    Span span();

    record TextValue(Text text, Span span) implements Value {}

    /**
     * {@code expr -> unit :spec}. {@code target} and {@code format} (the raw spec, e.g. {@code ,.0f})
     * may each be null.
     */
    record QuantityValue(Expr expr, UnitRef target, String format, Span formatSpan, Span span) implements Value {}
}
