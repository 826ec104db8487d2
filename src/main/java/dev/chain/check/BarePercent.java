package dev.chain.check;

import dev.chain.ast.UnitRef;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.units.BareNumber;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.UnitRegistry;

/**
 * A bare number given to an input its chain writes in percent ({@code mfu = 50%}): {@code --set
 * mfu=50} is a plain 50, which is 5,000%, a plausible number nobody meant (examples/ranges then
 * printed a 0.7 ms TTFT and exited 0). One of 1 or more is an error that asks for the unit; a
 * fraction below 1 ({@code 0.5}) reads as what it is, 50%. The command line's {@code --set} and the
 * REPL's {@code :set} ask here, and so does a figure's point or range end ({@code for alpha in 50 .. 90},
 * or {@code chain sweep --over alpha=50..90}, which swept alpha from 5,000% to 9,000%); the rule and
 * its words are {@link BareNumber}'s, which chain drill's grading asks of an answer too.
 */
public final class BarePercent {
    private BarePercent() {}

    /**
     * The error for {@code given}, set to {@code target} as {@code low} .. {@code high} (the same
     * for one value), or null where it is not a bare number of 1 or more for a percentage.
     * {@code example} writes a corrected command from the number as typed.
     */
    public static Diagnostic problem(BindingInfo target, Value.QuantityValue given, double low, double high, UnitRegistry units,
                                     java.util.function.Function<String, String> example) {
        double highest = Math.max(Math.abs(low), Math.abs(high));
        if (!writtenInPercent(target) || given == null || given.target() != null || given.expr().writtenUnit() != null
                || given.expr().literal() == null || !BareNumber.lacksPercent(highest)) {
            return null;
        }
        String typed = given.span().text().strip();
        return error(target, given.span(), highest, given.spread() != null ? "up to " : "",
                example.apply(typed.replace(" ..", "% ..") + "%"), units);
    }

    /**
     * The error for a figure's point, range end or step {@code point} of value {@code value}, swept
     * for {@code target}: null where it is not a bare number of 1 or more for a percentage.
     */
    public static Diagnostic problem(BindingInfo target, dev.chain.ast.Expr point, double value, UnitRegistry units) {
        if (!writtenInPercent(target) || point.literal() == null || point.withoutMinus().writtenUnit() != null || !BareNumber.lacksPercent(value)) {
            return null;
        }
        return error(target, point.span(), value, "", point.span().text().strip() + "%", units);
    }

    /** `mfu` is written in percent, but `50` without a unit is 5,000%; hint: the number written with its unit. */
    private static Diagnostic error(BindingInfo target, dev.chain.source.Span typed, double value, String upTo, String corrected,
                                    UnitRegistry units) {
        String percent = new QuantityFormatter(units).text(value * 100, target.dimension()) + "%";
        return Diagnostic.error(typed, BareNumber.percentWords(target.name(), typed.text().strip(), upTo + percent))
                .withHint(BareNumber.percentHint(corrected, percent));
    }

    private static boolean writtenInPercent(BindingInfo target) {
        Value.QuantityValue q = target.decl() == null ? null : target.decl().value().quantity();
        UnitRef unit = q == null ? null : q.expr().writtenUnit();
        return unit != null && unit.factors().size() == 1 && unit.factors().get(0).name().equals("%");
    }
}
