package dev.chain.units;

/**
 * A unit to show a value in: its text as written ({@code GB/s}), its size in base units and its
 * dimension. {@code glued} units are written without a space: {@code 63%}, {@code 5.28x}.
 */
public record DisplayUnit(String text, double factor, Dimension dimension, boolean glued) {
    public static DisplayUnit none() {
        return new DisplayUnit("", 1.0, Dimension.NONE, true);
    }

    public boolean isEmpty() {
        return text.isEmpty();
    }
}
