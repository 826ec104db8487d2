package dev.chain.check;

import dev.chain.ast.Expr;
import dev.chain.diag.Diagnostic;
import dev.chain.source.Span;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.UnitRegistry;

/** The wording of dimension errors: both sides in base units and by name, and a fix where one is clear. */
final class Describe {
    private final UnitRegistry units;

    Describe(UnitRegistry units) {
        this.units = units;
    }

    String of(Dimension d) {
        return units.describe(d);
    }

    Diagnostic mismatch(String verb, Expr.Binary b, Dimension left, Dimension right) {
        Diagnostic d = Diagnostic.error(b.span(), "cannot " + verb + " " + of(left) + " and " + of(right))
                .withLabel(b.left().span(), of(left))
                .withLabel(b.right().span(), of(right));
        String fix = fix(left, right, "right-hand side");
        return fix == null ? d : d.withHint(fix);
    }

    Diagnostic conversion(Span valueSpan, Dimension value, Span targetSpan, DisplayUnit target) {
        Diagnostic d = Diagnostic.error(targetSpan, "cannot convert " + of(value) + " to " + target.text())
                .withLabel(valueSpan, "this is " + of(value))
                .withNote("`" + target.text() + "` is " + of(target.dimension()));
        String fix = fix(target.dimension(), value, "value");
        return fix == null ? d : d.withHint(fix);
    }

    Diagnostic comparison(Span span, Span leftSpan, Dimension left, Span rightSpan, Dimension right) {
        Diagnostic d = Diagnostic.error(span, "cannot compare " + of(left) + " with " + of(right))
                .withLabel(leftSpan, of(left))
                .withLabel(rightSpan, of(right));
        String fix = fix(left, right, "right-hand side");
        return fix == null ? d : d.withHint(fix);
    }

    /**
     * When {@code actual} is {@code wanted} times or divided by one simple factor, say which:
     * "multiply the right-hand side by a time". Null when the two are further apart.
     */
    String fix(Dimension wanted, Dimension actual, String side) {
        if (actual.equals(wanted.power(-1)) && !wanted.isNone()) {
            return "invert the " + side + " (it is " + of(actual) + ", " + of(wanted) + " was expected)";
        }
        Dimension missing = wanted.divide(actual);
        String factor = simpleFactor(missing);
        if (factor != null) {
            return "multiply the " + side + " by " + factor;
        }
        factor = simpleFactor(missing.power(-1));
        if (factor != null) {
            return "divide the " + side + " by " + factor;
        }
        return null;
    }

    /** "a time (s)" for a single named dimension; null for anything more complex. */
    private String simpleFactor(Dimension d) {
        if (d.isNone()) {
            return null;
        }
        String name = units.dimensionName(d);
        if (name == null) {
            return null;
        }
        String human = UnitRegistry.humanName(name);
        String article = "aeiou".indexOf(human.charAt(0)) >= 0 ? "an " : "a ";
        return article + human + " (" + units.baseUnits(d) + ")";
    }
}
