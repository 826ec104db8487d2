package dev.chain.ast;

import dev.chain.source.Span;

/** The right-hand side of a binding or one evaluated line: text, or a quantity with display options. */
public sealed interface Value {
    Span span();

    <R> R accept(Visitor<R> visitor);

    /** This value when it is a quantity, null when it is text: each kind says, a new one too. */
    QuantityValue quantity();

    /** A pass over values: a new kind does not compile until each pass handles it. */
    interface Visitor<R> {
        R visitText(TextValue text);

        R visitQuantity(QuantityValue quantity);
    }

    record TextValue(Text text, Span span) implements Value {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitText(this);
        }

        @Override
        public QuantityValue quantity() {
            return null;
        }
    }

    /**
     * {@code expr -> unit :spec}. {@code target} and {@code format} (the raw spec, e.g. {@code ,.0f})
     * may each be null. {@code spread} is the range of an input known only to lie in one
     * ({@code 40% .. 60%}: {@code expr} is then its first expression, see {@link Spread}), or null.
     */
    record QuantityValue(Expr expr, Spread spread, UnitRef target, String format, Span formatSpan, Span span) implements Value {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitQuantity(this);
        }

        @Override
        public QuantityValue quantity() {
            return this;
        }
    }
}
