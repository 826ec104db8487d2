package dev.chain.check;

import dev.chain.ast.Value;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;

/** A value evaluated on its own (REPL line, {@code chain eval}), with how to show it. */
public record EvaluateInfo(Value.QuantityValue value, Dimension dimension, DisplayUnit display, FormatSpec format) {}
