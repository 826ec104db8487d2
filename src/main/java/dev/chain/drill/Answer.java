package dev.chain.drill;

import dev.chain.units.Dimension;

/**
 * What the learner typed, as chain read it: the text, its value in base units and dimension, and
 * the unit written after its number (null for a number alone). An answer chain could not read has
 * a problem instead ({@link #unread}).
 */
public record Answer(String written, double si, Dimension dimension, String unit, String problem) {
    public static Answer read(String written, double si, Dimension dimension, String unit) {
        return new Answer(written, si, dimension, unit, null);
    }

    public static Answer unread(String written, String problem) {
        return new Answer(written, Double.NaN, null, null, problem);
    }

    public boolean bare() {
        return unit == null;
    }
}
