package dev.chain.render;

import dev.chain.check.BindingInfo;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;

/**
 * The values a renderer shows: any binding the chain can see, in base units, and how to write it;
 * where the chain's inputs are ranges, each value's lowest and highest over their box.
 */
public interface Values {
    double valueOf(BindingInfo binding);

    QuantityFormatter formatter();

    /** The lowest value of a binding over the inputs' box; NaN where it takes one value (a module's constants always do). */
    default double lowOf(BindingInfo binding) {
        return Double.NaN;
    }

    /** The highest value of a binding over the inputs' box; NaN where it takes one value. */
    default double highOf(BindingInfo binding) {
        return Double.NaN;
    }

    /** Where an input's value was measured ({@code --observe}, {@code @observed}); null for a value not measured. */
    default dev.chain.observe.Observation observed(BindingInfo binding) {
        return null;
    }

    /** A binding as the chain shows it: in its {@code ->} unit and {@code :spec} format if it has them. */
    default QuantityFormatter.Formatted formatted(BindingInfo binding) {
        return formatter().format(valueOf(binding), binding.dimension(), binding.display(), binding.format());
    }

    /**
     * A binding as {@code run} shows it: its value, or text; for a range, its nominal value and then
     * its ends, {@code 15.05 ms (12.6 .. 18.1 ms)}.
     */
    default String text(BindingInfo binding) {
        if (binding.isText()) {
            return binding.text();
        }
        QuantityFormatter.Formatted nominal = formatted(binding);
        double low = lowOf(binding);
        if (Double.isNaN(low)) {
            return nominal.text();
        }
        // An input's ends as written (its digits, or its own format), a value's in its format
        // (`-> token:.3g`); without one, with three digits.
        FormatSpec ends = binding.format();
        return RangeText.run(nominal.text(), low, highOf(binding), nominal.unit(), ends);
    }
}
