package dev.chain.eval;

/**
 * Where an input's value comes from. Every front end asks an origin what it needs to know (is the
 * value held fixed, and where was it taken from) rather than testing its kind, so a new origin
 * (a fitted value, a distribution's sample) is one more record here.
 */
public sealed interface Origin permits Origin.Written, Origin.Set, Origin.Measured, Origin.Fitted {
    /** The chain's own value: written in the file, or derived from what is. */
    Origin WRITTEN = new Written();
    /** Set from outside: {@code --set}, the REPL's {@code :set}, a reader's box on the page. */
    Origin SET = new Set();

    /**
     * Whether the value was taken from outside the chain's arithmetic, so that the explorable page
     * holds it fixed (no box for it) and a run shows where it came from instead of a formula.
     */
    default boolean fixed() {
        return false;
    }

    /** The kind {@code run --json} names: {@code input} for what the chain or a reader gave, {@code observed} for a measurement. */
    default String kind() {
        return "input";
    }

    /** How a {@linkplain #fixed() fixed} value was taken, as the explorable page says it beside the value: {@code measured}. */
    default String taken() {
        return "measured";
    }

    /** Where a {@linkplain #fixed() fixed} value came from, short, as run says it: {@code bench.json, median_itl_ms}. */
    default String where() {
        return "";
    }

    /** Where a fixed value came from, as the card says it: {@code median_itl_ms in bench.json (vLLM)}. */
    default String described() {
        return "";
    }

    /** Where a fixed value came from, field by field, as {@code run --json} writes its {@code source}. */
    default java.util.Map<String, String> fields() {
        return java.util.Map.of();
    }

    record Written() implements Origin {}

    record Set() implements Origin {}

    /**
     * Measured: the number read from a benchmark's result file.
     *
     * @param file   the file as the option or the chain names it ({@code bench.json})
     * @param key    what was read of it ({@code median_itl_ms})
     * @param format the file's format ({@code vLLM}, {@code Prometheus})
     */
    record Measured(String file, String key, String format) implements Origin {
        @Override
        public boolean fixed() {
            return true;
        }

        @Override
        public String kind() {
            return "observed";
        }

        @Override
        public String where() {
            return file + ", " + key;
        }

        @Override
        public String described() {
            return key + " in " + file + " (" + format + ")";
        }

        @Override
        public java.util.Map<String, String> fields() {
            java.util.Map<String, String> fields = new java.util.LinkedHashMap<>();
            fields.put("file", file);
            fields.put("key", key);
            fields.put("format", format);
            return fields;
        }
    }

    /**
     * Fitted: the value a chain's {@code fit} gives a freed input, a range of its 95% interval.
     *
     * @param runs  the runs as the fit names them ({@code runs/})
     * @param key   what they measured ({@code median_itl_ms})
     * @param count how many runs
     */
    record Fitted(String runs, String key, int count) implements Origin {
        @Override
        public boolean fixed() {
            return true;
        }

        @Override
        public String kind() {
            return "fitted";
        }

        @Override
        public String taken() {
            return "fitted";
        }

        @Override
        public String where() {
            return count + " runs in " + runs;
        }

        @Override
        public String described() {
            return "fitted to " + key + " of " + count + " runs in " + runs;
        }

        @Override
        public java.util.Map<String, String> fields() {
            java.util.Map<String, String> fields = new java.util.LinkedHashMap<>();
            fields.put("runs", runs);
            fields.put("key", key);
            fields.put("count", Integer.toString(count));
            return fields;
        }
    }
}
