package dev.chain.observe;

import dev.chain.check.BindingInfo;

/**
 * An input whose value was measured: the number read from a benchmark's result file, and where.
 *
 * @param binding the input it sets
 * @param file    the file as the option or the chain names it ({@code bench.json})
 * @param key     what was read of it ({@code median_itl_ms})
 * @param format  the file's format ({@code vLLM}, {@code Prometheus})
 * @param si      the value in base units
 */
public record Observation(BindingInfo binding, String file, String key, String format, double si) {
    /** Where the number came from, as run and the card say it: {@code bench.json, median_itl_ms}. */
    public String where() {
        return file + ", " + key;
    }
}
