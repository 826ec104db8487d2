package dev.chain.session;

import dev.chain.ast.Value;
import dev.chain.check.BarePercent;
import dev.chain.check.BindingInfo;
import dev.chain.check.Bounds;
import dev.chain.diag.Diagnostic;
import dev.chain.source.Span;
import dev.chain.units.BareNumber;
import dev.chain.units.Dimension;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.UnitRegistry;
import java.util.function.Function;

/**
 * A value typed for an input where it is set, by {@code --set}, {@code --free} or the REPL's
 * {@code :set}: whether it fits the input, in one place for all three. Its dimension is the
 * input's; it is no bare number where the input is written in percent; it keeps to the input's
 * bounds. Each hint shows the command again with the value mended, as {@code command} writes it
 * ({@code typed -> "--set mfu='" + typed + "'"}).
 */
public record InputFit(BindingInfo target, Function<String, String> command, UnitRegistry units, QuantityFormatter formatter) {

    /**
     * The problem with a value of {@code dimension} typed at {@code at} as {@code typed}, or null
     * when it is the input's. {@code instead}: a whole command with a value that fits, to show
     * when the unit is wrong ({@code --set context='4,096 token'}).
     */
    public Diagnostic wrongDimension(Dimension dimension, Span at, String typed, String instead) {
        if (dimension.equals(target.dimension())) {
            return null;
        }
        Diagnostic d = Diagnostic.error(at, "`" + target.name() + "` is " + units.describe(target.dimension())
                + ", but this is " + units.describe(dimension));
        String unit = formatter.text(1, target.dimension()).replaceFirst("^1 ?", "");
        if (unit.isEmpty()) {
            return d.withHint("give a plain number");
        }
        // A bare number lacks only the unit; a number with the wrong unit is replaced, not extended.
        return d.withHint(BareNumber.lacksUnit(dimension, target.dimension()) ? BareNumber.hint(command.apply(typed + " " + unit))
                : "give a value in " + unit + ", such as " + instead);
    }

    /** The problem with {@code given}, of the input's dimension, from {@code low} to {@code high} (a value: the same), or null. */
    public Diagnostic outside(Value.QuantityValue given, double low, double high) {
        Diagnostic bare = BarePercent.problem(target, given, low, high, units, command);
        return bare != null ? bare : Bounds.of(target).outside(target, low, high, given.span(), formatter);
    }
}
