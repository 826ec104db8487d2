package dev.chain.eval;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Inputs set from outside a chain ({@code --set}, the REPL's {@code :set}, a sweep's point), by
 * slot, in base units: a value, or a range with its nominal value. An input not set keeps the
 * chain's own value, or its own range; one set to a value loses its range, and one set to a range
 * gains one. Immutable.
 */
public final class Inputs {
    public static final Inputs NONE = new Inputs(Map.of(), Map.of());

    private final Map<Integer, Double> values;
    private final Map<Integer, InputRange> ranges;

    private Inputs(Map<Integer, Double> values, Map<Integer, InputRange> ranges) {
        this.values = values;
        this.ranges = ranges;
    }

    /** These inputs, with slot {@code slot} set to {@code value}. */
    public Inputs with(int slot, double value) {
        Map<Integer, Double> v = new LinkedHashMap<>(values);
        v.put(slot, value);
        Map<Integer, InputRange> r = new LinkedHashMap<>(ranges);
        r.remove(slot);
        return new Inputs(Collections.unmodifiableMap(v), Collections.unmodifiableMap(r));
    }

    /** These inputs, with slot {@code slot} set to the range {@code low .. high} around {@code nominal}. */
    public Inputs with(int slot, double nominal, double low, double high) {
        Map<Integer, Double> v = new LinkedHashMap<>(values);
        v.put(slot, nominal);
        Map<Integer, InputRange> r = new LinkedHashMap<>(ranges);
        r.put(slot, new InputRange(slot, low, high));
        return new Inputs(Collections.unmodifiableMap(v), Collections.unmodifiableMap(r));
    }

    /** These inputs, and {@code more} over them. */
    public Inputs with(Inputs more) {
        Inputs out = this;
        for (Map.Entry<Integer, Double> e : more.values.entrySet()) {
            InputRange r = more.ranges.get(e.getKey());
            out = r == null ? out.with(e.getKey(), e.getValue()) : out.with(e.getKey(), e.getValue(), r.low(), r.high());
        }
        return out;
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** Each input set, by slot: its value, or its range's nominal value. */
    public Map<Integer, Double> values() {
        return values;
    }

    /** The range slot {@code slot} is set to, or null when it is set to a value or not set. */
    public InputRange range(int slot) {
        return ranges.get(slot);
    }

    /** Whether some input is set to a range. */
    public boolean hasRanges() {
        return !ranges.isEmpty();
    }

    /** The values as the compiled program takes them: by slot, NaN for a slot not set; null for none. */
    public double[] overrides(int slots) {
        if (values.isEmpty()) {
            return null;
        }
        double[] given = new double[slots];
        java.util.Arrays.fill(given, Double.NaN);
        for (Map.Entry<Integer, Double> e : values.entrySet()) {
            given[e.getKey()] = e.getValue();
        }
        return given;
    }

    /** The ranges set, as the compiled program takes them ({@link Program#box}). */
    public InputRange[] ranges() {
        return ranges.values().toArray(new InputRange[0]);
    }
}
