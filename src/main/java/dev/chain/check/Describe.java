package dev.chain.check;

import dev.chain.ast.Expr;
import dev.chain.diag.Diagnostic;
import dev.chain.source.Span;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.Prefix;
import dev.chain.units.Unit;
import dev.chain.units.UnitRegistry;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The wording of dimension errors: both sides in base units and by name, each under its own
 * operand, and a fix where one is clear ("divide the right-hand side by a time (s)").
 */
final class Describe {
    /** How many units a failed conversion lists as examples of what the value converts to. */
    private static final int EXAMPLES = 8;

    private final UnitRegistry units;

    Describe(UnitRegistry units) {
        this.units = units;
    }

    String of(Dimension d) {
        return units.describe(d);
    }

    /** {@code 3 GB + 2 ms}: the caret under the operator, each operand labelled with its dimension. */
    Diagnostic mismatch(String verb, Expr.Binary b, Dimension left, Dimension right) {
        Diagnostic d = Diagnostic.error(operator(b.left().span(), b.right().span(), b.span()),
                        "cannot " + verb + " " + of(left) + " and " + of(right))
                .withLabel(b.left().span(), of(left))
                .withLabel(b.right().span(), of(right));
        return withFix(d, left, right, "right-hand side");
    }

    Diagnostic conversion(Span valueSpan, Dimension value, Span targetSpan, DisplayUnit target) {
        // `-> token/s` is token/s: say what the target is only when its text does not.
        String targetDimension = of(target.dimension());
        String to = target.isEmpty() ? "a plain number"
                : target.text().equals(targetDimension) ? target.text()
                : target.text() + ", which is " + targetDimension;
        Diagnostic d = Diagnostic.error(targetSpan, "cannot convert " + of(value) + " to " + to)
                .withLabel(valueSpan, "this is " + of(value));
        String fix = fix(target.dimension(), value, "value");
        if (fix != null) {
            d = d.withHint(fix);
        }
        return d.withNote(convertsTo(value));
    }

    Diagnostic comparison(Span span, Span leftSpan, Dimension left, Span rightSpan, Dimension right) {
        Span at = operator(leftSpan, rightSpan, span);
        Diagnostic d = Diagnostic.error(at, "cannot compare " + of(left) + " with " + of(right))
                .withLabel(leftSpan, of(left))
                .withLabel(rightSpan, of(right));
        return withFix(d, left, right, "right-hand side");
    }

    Diagnostic withFix(Diagnostic d, Dimension wanted, Dimension actual, String side) {
        String fix = fix(wanted, actual, side);
        return fix == null ? d : d.withHint(fix);
    }

    /**
     * When {@code actual} differs from {@code wanted} by one factor, says how to make them agree:
     * "invert the right-hand side", "multiply the right-hand side by a time (s)", "divide the
     * value by a number of tokens (token)". Null when they are further apart (B and s differ by
     * B/s: suggesting a multiplication by a bandwidth would be a guess, not a fix).
     */
    String fix(Dimension wanted, Dimension actual, String side) {
        if (!wanted.isNone() && actual.equals(wanted.power(-1))) {
            return "invert the " + side + ": it is " + units.baseUnits(actual) + ", and 1 / (" + units.baseUnits(actual)
                    + ") is " + of(wanted);
        }
        Dimension missing = wanted.divide(actual);
        int index = -1;
        for (int i = 0; i < missing.length(); i++) {
            if (missing.exponent(i) != 0) {
                if (index >= 0) {
                    return null;
                }
                index = i;
            }
        }
        if (index < 0) {
            return null;
        }
        int exponent = missing.exponent(index);
        Dimension factor = Dimension.base(index).power(Math.abs(exponent));
        String verb = exponent > 0 ? "multiply" : "divide";
        return verb + " the " + side + " by " + factor(factor, index, Math.abs(exponent));
    }

    /** "a time (s)", "a number of tokens (token)", "an amount of information (B)", or "s^2". */
    private String factor(Dimension factor, int baseIndex, int exponent) {
        if (exponent != 1) {
            return units.baseUnits(factor);
        }
        String name = units.dimensionName(factor);
        String symbol = units.baseUnits(factor);
        if (name == null) {
            return symbol;
        }
        String human = UnitRegistry.humanName(name);
        String phrase;
        if (human.endsWith("s")) {
            phrase = "a number of " + human;
        } else if (human.equals("time")) {
            phrase = "a time";
        } else {
            phrase = "an amount of " + human;
        }
        return phrase + " (" + symbol + ")";
    }

    /** "B (information) converts to B, kB, MB, GB, ..." for a failed conversion. */
    String convertsTo(Dimension d) {
        List<String> examples = examples(d);
        String what = of(d);
        if (d.isNone()) {
            return "a plain number converts to %, x or no unit at all";
        }
        return what + " converts to " + String.join(", ", examples);
    }

    /** Units of exactly this dimension with a few of their prefixed forms, or the base form and its prefixes. */
    List<String> examples(Dimension d) {
        Set<String> out = new LinkedHashSet<>();
        List<Unit> direct = new ArrayList<>();
        for (Unit u : units.allUnits()) {
            if (u.dimension().equals(d)) {
                direct.add(u);
            }
        }
        for (Unit u : direct) {
            out.add(u.symbol());
            for (Prefix p : new Prefix[] {Prefix.KILO, Prefix.MEGA, Prefix.GIGA, Prefix.TERA, Prefix.GIBI,
                    Prefix.MILLI, Prefix.MICRO, Prefix.NANO}) {
                if (u.accepts(p)) {
                    out.add(p.symbol() + u.symbol());
                }
            }
        }
        if (direct.isEmpty()) {
            String base = units.baseUnits(d);
            // Nothing per something is written with its `/` (-> /s), the prefix below the line (/ns).
            String above = base.startsWith("1/") ? "/" : "";
            base = above.isEmpty() ? base : base.substring(2);
            out.add(above + base);
            String first = base.split("[/·^]")[0];
            Unit leading = units.unit(first);
            if (leading != null) {
                for (Prefix p : new Prefix[] {Prefix.GIGA, Prefix.TERA, Prefix.GIBI, Prefix.MILLI, Prefix.MICRO, Prefix.NANO}) {
                    if (leading.accepts(p) && (above.isEmpty() ? p != Prefix.NANO : p.factor() < 1)) {
                        out.add(above + p.symbol() + base);
                    }
                }
            }
        }
        List<String> list = new ArrayList<>(out);
        if (list.size() > EXAMPLES) {
            list = new ArrayList<>(list.subList(0, EXAMPLES));
            list.add("...");
        }
        return list;
    }

    /** The operator between two operands, or {@code whole} if none is written between them. */
    static Span operator(Span left, Span right, Span whole) {
        Span op = left.end() <= right.start() ? Span.operatorBetween(left, right) : null;
        return op == null ? whole : op;
    }
}
