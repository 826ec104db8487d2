package dev.chain.eval;

import dev.chain.ast.Expr;
import dev.chain.ast.UnitRef;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.Ref;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.source.Span;
import dev.chain.units.QuantityFormatter;

/**
 * A {@link Fault} as the command line reports it: a located diagnostic, the fault's message with
 * the note or hint that helps there.
 */
final class Faults {
    private Faults() {}

    static ChainException of(Fault fault) {
        Span span = fault.site() == null ? null : ((SourceSite) fault.site()).span();
        Diagnostic d = Diagnostic.error(span, fault.message());
        d = switch (fault.kind()) {
            case DIVISION_BY_ZERO -> d.withHint(zeroDivisor((SourceSite) fault.site()));
            case ZERO_DIFFERENCE -> zeroDifference(d, (SourceSite) fault.site(), fault.value());
            case UNDERFLOW -> d.withNote("chain computes with 64-bit floating point, whose smallest value is about 4.9e-324;"
                    + " check the exponents of the inputs");
            case NO_REAL_POWER -> d.withNote("a negative number raised to a fractional power");
            case NOT_FINITE -> Double.isNaN(fault.value())
                    ? d.withNote("an intermediate value overflowed (above 1.8e308) and met a zero or another overflow")
                    : d.withNote("chain computes with 64-bit floating point; check the exponents of the inputs");
            case OFF_ROOFLINE -> d.withHint("a step on a roofline does FLOPs, moves bytes and takes time, each more than zero");
            case POLE -> d.withHint("a division by something that is zero somewhere in the ranges has no value there:"
                    + " narrow the ranges so that it stays away from zero");
            case CANCELLED -> d.withNote("nothing was changed: the session is as it was before this input");
            case OUT_OF_DOMAIN -> d;
        };
        return new ChainException(d);
    }

    /**
     * What helps where a divisor is zero: a number written as zero is a mistake of the formula
     * (no guard makes sense of {@code tokens / 0 token}); an input given zero is a value to change,
     * or, if zero is one it may take, to guard; any other value, a guard with the least it may be.
     */
    private static String zeroDivisor(SourceSite site) {
        String written = site.text();
        if (site.divisor() == null) {
            return "a quantity that can be zero needs a guard, such as max(" + written + ", ...)";
        }
        if (site.owner().constantValue(site.divisor()) != null) {
            return "`" + written + "` is zero as written, and nothing divides by zero: write the value meant";
        }
        Expr.NameRef name = site.divisor().unparenthesized().asName();
        if (name != null && site.owner().ref(name) instanceof Ref.Binding b && b.binding().input()) {
            return "give the input `" + written + "` a value other than zero; if zero is a value it may take, guard the division"
                    + " with the least it may be: max(" + written + ", " + least(b.binding()) + ")";
        }
        if (name != null && site.owner().ref(name) instanceof Ref.Param) {
            return "`" + written + "` is the function's parameter, zero in this call: pass a value other than zero,"
                    + " or guard the division with the least it may be: max(" + written + ", ...)";
        }
        String inside = site.divisor().unparenthesized().span().text();
        return "if `" + inside + "` can be zero, guard the division with the least it may be: max(" + inside
                + ", ...); if not, find the input that makes it zero";
    }

    /**
     * The least a count may be other than zero, one of its unit ({@code 1 request} for
     * {@code batch = 0 request}, 1 for a plain number), by the rule that says which inputs are
     * counted in whole numbers ({@link Solve#countedInWholeNumbers}); {@code ...} for any other
     * quantity (a time, bytes), whose least chain cannot guess.
     */
    private static String least(BindingInfo input) {
        if (input.dimension() == null || !input.owner().units().countedInWholeUnits(input.dimension())) {
            return "...";
        }
        Value.QuantityValue q = input.decl() == null ? null : input.decl().value().quantity();
        UnitRef unit = q == null ? null : q.expr().writtenUnit();
        return unit == null ? "1" : "1 " + unit.text();
    }

    /** A division by {@code a - b} where a and b are equal: a guard such as max() would hide that. */
    private static Diagnostic zeroDifference(Diagnostic d, SourceSite site, double minuend) {
        Expr.Binary difference = site.difference();
        String a = difference.left().span().text();
        String b = difference.right().span().text();
        if (!written(difference.left()) || !written(difference.right())) { // a value written out needs no label
            String value = new QuantityFormatter(site.owner().units()).text(minuend, site.owner().type(difference.left()));
            d = d.withLabel(difference.left().span(), "is " + value).withLabel(difference.right().span(), "is " + value + " too");
        }
        return d.withNote("`" + a + "` and `" + b + "` are equal, so their difference is zero and the ratio has no value")
                .withHint("check the inputs that make them equal; if equal values are possible, derive something"
                        + " that stays finite, or say what the card means with a check");
    }

    private static boolean written(Expr e) {
        return e.literal() != null || e.writtenUnit() != null;
    }
}
