package dev.chain.eval;

/**
 * A value as chain carries it, in base units: its nominal value, and its lowest and highest over
 * the box of the ranged inputs. A point is a band whose three numbers are equal, so "is it a
 * range?" has one answer, {@link #ranged()}, and no sentinel stands for "not a range".
 */
public record Band(double nominal, double low, double high) {
    /** A value that takes one value: a module's constant, an input given as a number, any value without ranged inputs. */
    public static Band point(double value) {
        return new Band(value, value, value);
    }

    /** Whether the value takes more than one value over the box. */
    public boolean ranged() {
        return low < high;
    }
}
