package dev.chain.session;

import dev.chain.ast.UnitRef;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.diag.Diagnostic;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.UnitRegistry;

/**
 * A bare number given to an input its chain writes in percent ({@code mfu = 50%}): {@code --set
 * mfu=50} is a plain 50, which is 5,000%, a plausible number nobody meant (examples/ranges then
 * printed a 0.7 ms TTFT and exited 0). One of 1 or more is an error that asks for the unit; a
 * fraction below 1 ({@code 0.5}) reads as what it is, 50%. The command line's {@code --set} and the
 * REPL's {@code :set} ask here.
 */
public final class BarePercent {
    private BarePercent() {}

    /**
     * The error for {@code given}, set to {@code target} with {@code highest} its largest value
     * (a range's high end), or null where it is not a bare number of 1 or more for a percentage.
     * {@code example} writes a corrected command from the number as typed.
     */
    public static Diagnostic problem(BindingInfo target, Value.QuantityValue given, double highest, UnitRegistry units,
                                     java.util.function.Function<String, String> example) {
        if (!writtenInPercent(target) || given == null || given.target() != null || given.expr().writtenUnit() != null
                || given.expr().literal() == null || !(Math.abs(highest) >= 1)) {
            return null;
        }
        String typed = given.span().text().strip();
        String percent = new QuantityFormatter(units).text(highest * 100, target.dimension()) + "%";
        return Diagnostic.error(given.span(), "`" + target.name() + "` is written in percent, but `" + typed
                        + "` without a unit is " + (given.spread() != null ? "up to " : "") + percent)
                .withHint("write the unit: " + example.apply(typed.replace(" ..", "% ..") + "%")
                        + " (or " + percent + ", if that is meant)");
    }

    private static boolean writtenInPercent(BindingInfo target) {
        Value.QuantityValue q = target.decl() == null ? null : target.decl().value().quantity();
        UnitRef unit = q == null ? null : q.expr().writtenUnit();
        return unit != null && unit.factors().size() == 1 && unit.factors().get(0).name().equals("%");
    }
}
