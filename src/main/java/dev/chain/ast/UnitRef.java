package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/**
 * A unit as written: {@code TB/s} is [TB^1, s^-1]; {@code FLOP/param/token} is
 * [FLOP^1, param^-1, token^-1]. Names are resolved (with their prefixes) by the checker.
 */
public record UnitRef(List<Factor> factors, Span span, int id) {
    public record Factor(String name, int exponent, Span span) {}

    public UnitRef {
        factors = List.copyOf(factors);
    }

    /** The unit as the author wrote it, e.g. {@code TB/s}. */
    public String text() {
        return span.text();
    }
}
