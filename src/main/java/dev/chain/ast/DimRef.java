package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/** A dimension as written in a declaration or a parameter type: {@code Bytes/Time} is [Bytes^1, Time^-1]. */
public record DimRef(List<Factor> factors, Span span) {
    /** {@code name} is a dimension name, or "1" for the dimensionless. */
    public record Factor(String name, int exponent, Span span) {}

    public DimRef {
        factors = List.copyOf(factors);
    }

    public String text() {
        return span.text();
    }
}
