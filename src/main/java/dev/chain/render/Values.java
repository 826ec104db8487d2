package dev.chain.render;

import dev.chain.check.BindingInfo;
import dev.chain.units.QuantityFormatter;

/** The values a renderer shows: any binding the chain can see, in base units, and how to write it. */
public interface Values {
    double valueOf(BindingInfo binding);

    QuantityFormatter formatter();

    /** A binding as the chain shows it: in its {@code ->} unit and {@code :spec} format if it has them. */
    default QuantityFormatter.Formatted formatted(BindingInfo binding) {
        return formatter().format(valueOf(binding), binding.dimension(), binding.display(), binding.format());
    }

    default String text(BindingInfo binding) {
        return binding.isText() ? binding.text() : formatted(binding).text();
    }
}
