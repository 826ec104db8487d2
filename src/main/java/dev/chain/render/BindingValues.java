package dev.chain.render;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.eval.Band;
import dev.chain.eval.CheckValues;
import dev.chain.eval.Origin;
import dev.chain.eval.Values;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;

/**
 * A chain's values as a renderer names them: by binding, its own or a module's, with how to write
 * each. The slots of {@link Values} are the chain's own bindings; a module's constant is a point.
 */
public interface BindingValues extends Values {
    /** The chain whose bindings the slots are. */
    CheckedProgram program();

    /** A binding the chain can see: its own, by slot; a module's, its constant. */
    Band band(BindingInfo binding);

    @Override
    default Band band(int slot) {
        return band(program().bindings().get(slot));
    }

    /** What a template or a step shows has no check's outcome in it; values that have checks say them. */
    @Override
    default CheckValues check(int index) {
        throw new UnsupportedOperationException("these values have no checks");
    }

    /** Where a binding's value came from: only the chain's own inputs can come from elsewhere. */
    default Origin origin(BindingInfo binding) {
        return Origin.WRITTEN;
    }

    QuantityFormatter formatter();

    /** A binding's nominal value, in base units. */
    default double valueOf(BindingInfo binding) {
        return band(binding).nominal();
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
        Band band = band(binding);
        if (!band.ranged()) {
            return nominal.text();
        }
        // An input's ends as written (its digits, or its own format), a value's in its format
        // (`-> token:.3g`); without one, with three digits.
        FormatSpec ends = binding.format();
        return RangeText.run(nominal.text(), band.low(), band.high(), nominal.unit(), ends);
    }
}
