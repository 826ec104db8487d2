package dev.chain.session;

import dev.chain.check.EvaluateInfo;
import dev.chain.units.Dimension;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.UnitRegistry;

/** One evaluated expression: its value in base units, its dimension, and how to show it. */
public record ExpressionResult(EvaluateInfo info, double si, UnitRegistry units) {
    public Dimension dimension() {
        return info.dimension();
    }

    public QuantityFormatter.Formatted formatted() {
        return new QuantityFormatter(units).format(si, info.dimension(), info.display(), info.format());
    }
}
