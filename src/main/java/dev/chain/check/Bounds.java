package dev.chain.check;

import dev.chain.ast.Annotation;
import dev.chain.ast.Expr;
import dev.chain.diag.Diagnostic;
import dev.chain.source.Span;
import dev.chain.units.FormatSpec;
import dev.chain.units.Plurals;
import dev.chain.units.QuantityFormatter;

/**
 * The values an input may take, as its annotations say ({@code @at_least(0%)}, {@code @at_most(100%)}),
 * in base units, an infinity on a side it says nothing of. A share above 100% or a batch of zero
 * makes every number after it nonsense, so whatever sets the input stays within them: its own
 * value, {@code --set} and the REPL's {@code :set}, a figure's points, a fit's range, the page's box
 * and slider, a drill's varied inputs. Read from the binding's annotations, which the checker
 * proved constants of the input's dimension.
 *
 * @param atLeast the {@code @at_least} annotation, or null
 * @param atMost  the {@code @at_most} annotation, or null
 */
public record Bounds(double least, double most, Annotation atLeast, Annotation atMost) {
    static final String AT_LEAST = "at_least";
    static final String AT_MOST = "at_most";

    /** The bounds of {@code input}; both infinite where it has none (a derived value has none). */
    public static Bounds of(BindingInfo input) {
        Annotation atLeast = null;
        Annotation atMost = null;
        if (input.decl() != null && input.input()) {
            for (Annotation a : input.decl().annotations()) {
                atLeast = a.name().equals(AT_LEAST) ? a : atLeast;
                atMost = a.name().equals(AT_MOST) ? a : atMost;
            }
        }
        return new Bounds(value(input, atLeast, Double.NEGATIVE_INFINITY), value(input, atMost, Double.POSITIVE_INFINITY), atLeast, atMost);
    }

    private static double value(BindingInfo input, Annotation a, double none) {
        Expr e = a == null || a.values().size() != 1 ? null : a.values().get(0);
        Double v = e == null ? null : input.owner().constantValue(e);
        return v == null ? none : v;
    }

    public boolean contains(double v) {
        return v >= least && v <= most;
    }

    /**
     * The error of {@code input} given {@code value} (base units) outside them, at {@code at}: what
     * the input may take, with the annotation that says so (labelled where it is in the same file,
     * else named in a note); null where the value is within them.
     */
    public Diagnostic outside(BindingInfo input, double value, Span at, QuantityFormatter formatter) {
        return outside(input, value, at, formatter, null);
    }

    /** As above, for a range set from {@code low} to {@code high} (the same for a value): its first end past them. */
    public Diagnostic outside(BindingInfo input, double low, double high, Span at, QuantityFormatter formatter) {
        Diagnostic d = outside(input, low, at, formatter, null);
        return d != null ? d : outside(input, high, at, formatter, null);
    }

    /** As above, with {@code hint} in place of the bounds' own (null: theirs). */
    public Diagnostic outside(BindingInfo input, double value, Span at, QuantityFormatter formatter, String hint) {
        if (contains(value)) {
            return null;
        }
        Annotation said = value < least ? atLeast : atMost;
        String bound = shown(input, said, value < least ? least : most, formatter);
        String given = shown(input, said, value, formatter, null);
        // 100.0001% past 100% is "100%" at four digits: it takes the digits that tell it from the bound.
        for (int digits = 5; digits <= 17 && given.equals(bound); digits++) {
            given = shown(input, said, value, formatter, FormatSpec.significant(digits));
        }
        Diagnostic d = Diagnostic.error(at, "`" + input.name() + "` is " + (value < least ? "at least " : "at most ") + bound
                + "; this is " + given);
        d = at != null && at.file() == said.span().file() ? d.withLabel(said.span(), "said here")
                : d.withNote("line " + said.span().line() + ": " + said.span().text().strip());
        return hint != null ? d.withHint(hint) : d.withHint(atLeast != null && atMost != null
                ? "give a value from " + shown(input, atLeast, least, formatter) + " to " + shown(input, atMost, most, formatter)
                : atLeast != null ? "give a value of at least " + shown(input, atLeast, least, formatter)
                : "give a value of at most " + shown(input, atMost, most, formatter));
    }

    /**
     * A value as prose writes it in the unit the bound {@code said} is written in: 120% beside 100%,
     * not 1.2; 4,096 tokens beside 2,048 tokens.
     */
    private static String shown(BindingInfo input, Annotation said, double value, QuantityFormatter formatter) {
        return shown(input, said, value, formatter, null);
    }

    private static String shown(BindingInfo input, Annotation said, double value, QuantityFormatter formatter, FormatSpec spec) {
        dev.chain.ast.UnitRef written = said.values().get(0).withoutMinus().writtenUnit();
        dev.chain.units.DisplayUnit unit = written == null ? null : input.owner().unit(written);
        return new Plurals(input.owner().units()).prose(formatter.format(value, input.dimension(), unit, spec));
    }

    /** The bounds as the author wrote them: {@code 0% .. 100%}, {@code at least 1}; null for none. */
    public String text() {
        if (atLeast != null && atMost != null) {
            return text(atLeast) + " .. " + text(atMost);
        }
        return atLeast != null ? "at least " + text(atLeast) : atMost != null ? "at most " + text(atMost) : null;
    }

    private static String text(Annotation a) {
        return a.values().get(0).span().text().strip();
    }
}
