package dev.chain.observe;

import dev.chain.diag.Suggestions;
import dev.chain.observe.JsonScanner.Token;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSON result files: vLLM's {@code --save-result} (one object; {@code --append-result}
 * writes one per line), SGLang's {@code --output-file} (one object per line) and AIPerf's
 * {@code profile_export_aiperf.json} (one object of metric blocks, each with its unit).
 *
 * <p>Of each object, its scalars are kept, AIPerf's metric blocks too, and of the lists only the
 * one asked for; a {@code --save-detailed} file's 10,000 per-request lists are scanned over, never
 * parsed ({@link JsonScanner}). Python's json writes NaN and Infinity, which strict JSON refuses,
 * so the reader is lenient.
 */
final class JsonResults {
    private JsonResults() {}

    /** A key: an optional line ({@code 3:}), a name, and an optional statistic ({@code :p99}, or AIPerf's {@code .p99}). */
    private static final Pattern LINE = Pattern.compile("^(\\d+):(.+)$");
    private static final Pattern STATISTIC = Pattern.compile("^(mean|median|min|max|p\\d+(?:\\.\\d+)?)$");

    /** What a member of an object was, where it was not a number or text. */
    private enum Shape { NULL, BOOLEAN, LIST, OBJECT }

    /** An AIPerf metric: its unit and its statistics. */
    private record Block(String unit, Map<String, Double> stats) {}

    /** A list asked for: its numbers, flattened (vLLM's itls is a list per request). */
    private record Numbers(double[] values, int size) {}

    /** One top-level object: each member by name, as far as it was read. */
    private static final class Record {
        final Map<String, Object> members = new LinkedHashMap<>();
    }

    /**
     * Every result of a JSON file, each line's scalars and metric blocks, and of its lists those
     * named: read once, then asked for any key of any line ({@link #read}), so that the 2,000
     * runs of a JSON Lines file are read in one pass, not one pass per run (109 s for 2,000).
     */
    static final class Results {
        private final List<Record> records;
        private final java.util.Set<String> lists;

        private Results(List<Record> records, java.util.Set<String> lists) {
            this.records = records;
            this.lists = lists;
        }

        /** Whether the list {@code key} asks a statistic of (or none) was read. */
        boolean has(String key) {
            String list = list(key);
            return list == null || lists.contains(list);
        }

        java.util.Set<String> lists() {
            return lists;
        }

        int count() {
            return records.size();
        }
    }

    /** The list a key asks a statistic of ({@code itls} of {@code 3:itls:p50}), or null. */
    static String list(String key) {
        Matcher line = LINE.matcher(key);
        return listName(line.matches() ? line.group(2) : key);
    }

    /** Reads every result of {@code text}, the lists named in {@code lists} with them. */
    static Results parse(java.io.InputStream text, String file, java.util.Set<String> lists) throws ObserveError {
        List<Record> records = new ArrayList<>();
        try {
            JsonScanner reader = new JsonScanner(text);
            while (reader.peek() != Token.END) {
                if (reader.peek() != Token.BEGIN_OBJECT) {
                    throw ObserveError.file(file + " holds JSON that is not a benchmark's result: "
                            + "it is " + describe(reader.peek()) + ", where a result is an object", null)
                            .withNote(Format.known());
                }
                records.add(record(reader, lists));
            }
        } catch (JsonScanner.Malformed e) {
            throw ObserveError.file(file + " is not valid JSON: " + e.getMessage(), null);
        }
        if (records.isEmpty()) {
            throw ObserveError.file(file + " holds no result: it is empty", null).withNote(Format.known());
        }
        return new Results(records, java.util.Set.copyOf(lists));
    }

    /** The number {@code key} names in the results: of its line ({@code 3:}), or of the last. */
    static Reading read(Results results, String file, String key) throws ObserveError {
        List<Record> records = results.records;
        Record last = records.get(records.size() - 1);
        if (last.members.get(key) instanceof Double && format(last, file) != Format.AIPERF) {
            // A key written in the file with its colons: a key present as written is matched first.
            return bench(format(last, file), last, file, key, true);
        }
        Matcher line = LINE.matcher(key);
        int wantedLine = line.matches() ? parseLine(line.group(1)) : 0;
        String name = line.matches() ? line.group(2) : key;
        if (wantedLine > records.size()) {
            int count = records.size();
            throw ObserveError.key(file + " has " + count + (count == 1 ? " result" : " results") + ", not " + wantedLine,
                    "lines count from 1; leave the line out for the last one");
        }
        Record r = wantedLine == 0 ? last : records.get(wantedLine - 1);
        Format format = format(r, file);
        return format == Format.AIPERF ? aiperf(r, file, name) : bench(format, r, file, name, false);
    }

    private static int parseLine(String digits) throws ObserveError {
        try {
            int n = Integer.parseInt(digits);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // too many digits: no file has that many lines
        }
        throw ObserveError.key("there is no result " + digits + " in a file", "lines count from 1");
    }

    /** The name of the list a key asks a statistic of ({@code itls} of {@code itls:p50}), or null. */
    private static String listName(String name) {
        int colon = name.lastIndexOf(':');
        return colon < 0 ? null : name.substring(0, colon);
    }

    private static Record record(JsonScanner reader, java.util.Set<String> lists) throws JsonScanner.Malformed {
        Record r = new Record();
        reader.beginObject();
        while (reader.hasNext()) {
            String member = reader.nextName();
            r.members.put(member, value(reader, lists.contains(member), member.equals("records")));
        }
        reader.endObject();
        return r;
    }

    private static Object value(JsonScanner reader, boolean wantedList, boolean records) throws JsonScanner.Malformed {
        switch (reader.peek()) {
            case NUMBER:
                return reader.nextDouble();
            case STRING:
                return reader.nextString();
            case NULL:
                reader.nextNull();
                return Shape.NULL;
            case BOOLEAN:
                reader.nextBoolean();
                return Shape.BOOLEAN;
            case BEGIN_ARRAY:
                if (!wantedList) {
                    reader.skipValue();
                    return Shape.LIST;
                }
                double[] values = new double[1024];
                int[] size = {0};
                values = numbers(reader, values, size, 0);
                return values == null ? Shape.LIST : new Numbers(values, size[0]);
            case BEGIN_OBJECT:
                return object(reader, records);
            default:
                reader.skipValue();
                return Shape.OBJECT;
        }
    }

    /** The numbers of a list, nested lists flattened; null when it holds something else. */
    private static double[] numbers(JsonScanner reader, double[] into, int[] size, int depth) throws JsonScanner.Malformed {
        reader.beginArray();
        double[] values = into;
        boolean numbers = true;
        while (reader.hasNext()) {
            Token t = reader.peek();
            if (t == Token.NUMBER && values != null) {
                if (size[0] == values.length) {
                    values = Arrays.copyOf(values, values.length * 2);
                }
                values[size[0]++] = reader.nextListNumber();
            } else if (t == Token.BEGIN_ARRAY && depth < 4 && values != null) {
                values = numbers(reader, values, size, depth + 1);
            } else {
                reader.skipValue();
                numbers = false;
            }
        }
        reader.endArray();
        return numbers ? values : null;
    }

    /** An AIPerf metric block ({@code unit} and statistics), AIPerf's older {@code records} of them, or an object skipped. */
    private static Object object(JsonScanner reader, boolean records) throws JsonScanner.Malformed {
        reader.beginObject();
        String unit = null;
        Map<String, Double> stats = new LinkedHashMap<>();
        Map<String, Object> nested = new LinkedHashMap<>();
        while (reader.hasNext()) {
            String name = reader.nextName();
            Token t = reader.peek();
            if (name.equals("unit") && t == Token.STRING) {
                unit = reader.nextString();
            } else if (t == Token.NUMBER) {
                stats.put(name, reader.nextDouble());
            } else if (records && t == Token.BEGIN_OBJECT) {
                nested.put(name, object(reader, false));
            } else {
                reader.skipValue();
            }
        }
        reader.endObject();
        if (unit != null) {
            return new Block(unit, stats);
        }
        return records && !nested.isEmpty() ? nested : Shape.OBJECT;
    }

    private static String describe(Token t) {
        return switch (t) {
            case BEGIN_ARRAY -> "a list";
            case STRING -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "true or false";
            case NULL -> "null";
            default -> "not an object";
        };
    }

    // ---- which format -----------------------------------------------------------------------

    /** vLLM and SGLang both write a flat object; each has keys the other never writes. */
    private static Format format(Record r, String file) throws ObserveError {
        for (Object v : r.members.values()) {
            if (v instanceof Block) {
                return Format.AIPERF;
            }
        }
        if (r.members.get("records") instanceof Map<?, ?>) {
            return Format.AIPERF;
        }
        Map<String, Object> m = r.members;
        if (m.containsKey("mean_e2e_latency_ms") || m.containsKey("total_output_tokens_retokenized")
                || m.containsKey("concurrency")) {
            return Format.SGLANG;
        }
        if (m.containsKey("endpoint_type") || m.containsKey("total_token_throughput") || m.containsKey("median_e2el_ms")
                || m.containsKey("max_concurrent_requests") || m.containsKey("tokenizer_id")) {
            return Format.VLLM;
        }
        throw ObserveError.file(file + " is JSON, but not a result chain knows", null).withNote(Format.known());
    }

    // ---- vLLM and SGLang --------------------------------------------------------------------

    private static Reading bench(Format format, Record r, String file, String key, boolean asWritten) throws ObserveError {
        String list = asWritten ? null : listName(key);
        String name = list == null ? key : list;
        Object value = r.members.get(name);
        if (value == null) {
            throw missing(file, key, keys(r, format), format);
        }
        String unit = BenchUnits.of(format, name);
        if (value instanceof Numbers || value == Shape.LIST) {
            if (list == null) {
                throw ObserveError.key(file + ": `" + key + "` is a list of one value per request, not a number",
                        "ask for a statistic of it: " + key + ":mean, " + key + ":p50 or " + key + ":p99");
            }
            if (!(value instanceof Numbers numbers) || numbers.size() == 0) {
                throw ObserveError.key(file + ": `" + name + "` holds no numbers to take a statistic of", null);
            }
            String stat = key.substring(list.length() + 1);
            double v = statistic(numbers, stat, file, key);
            return reading(v, unit, format, file, name);
        }
        if (list != null) {
            throw ObserveError.key(file + ": `" + name + "` is one value, not a list: ask for `" + name + "` itself", null);
        }
        if (value instanceof Double d) {
            return reading(d, unit, format, file, name);
        }
        throw notANumber(file, key, value);
    }

    private static Reading reading(double v, String unit, Format format, String file, String name) throws ObserveError {
        if (unit == null) {
            throw ObserveError.key(file + ": chain does not know the unit of `" + name + "` in " + format.shortName()
                    + "'s results", "the keys chain reads have their units from " + format.shortName()
                    + "'s source: the *_ms latencies, the throughputs, durations and token counts");
        }
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            throw ObserveError.key(file + ": `" + name + "` is " + (Double.isNaN(v) ? "NaN" : "infinite")
                    + ", not a measurement", "the benchmark measured nothing for it (no request completed?)");
        }
        return new Reading(v, unit, format.shortName());
    }

    private static double statistic(Numbers numbers, String stat, String file, String key) throws ObserveError {
        if (!STATISTIC.matcher(stat).matches()) {
            throw ObserveError.key(file + ": `" + stat + "` is not a statistic", "use mean, median, min, max or pNN, as " + key.substring(0, key.length() - stat.length()) + "p99");
        }
        for (int i = 0; i < numbers.size(); i++) {
            if (Double.isNaN(numbers.values()[i])) {
                // numpy's every statistic of it is nan; a sort put NaN last, and p50 and min said a number
                String list = key.substring(0, key.length() - stat.length() - 1);
                throw ObserveError.key(file + ": `" + list + "` holds NaN (value " + (i + 1) + " of " + numbers.size()
                        + "), so its " + stat + " is NaN, not a measurement", "the benchmark measured nothing for a request (it failed?)");
            }
        }
        return switch (stat) {
            case "mean" -> Quantiles.mean(numbers.values(), numbers.size());
            case "median" -> Quantiles.percentile(numbers.values(), numbers.size(), 50);
            case "min" -> Quantiles.percentile(numbers.values(), numbers.size(), 0);
            case "max" -> Quantiles.percentile(numbers.values(), numbers.size(), 100);
            default -> {
                double p = Double.parseDouble(stat.substring(1));
                if (p > 100) {
                    throw ObserveError.key(file + ": `" + stat + "` is past the 100th percentile", null);
                }
                yield Quantiles.percentile(numbers.values(), numbers.size(), p);
            }
        };
    }

    private static List<String> keys(Record r, Format format) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Object> e : r.members.entrySet()) {
            if (e.getValue() instanceof Double || e.getValue() instanceof Numbers || e.getValue() == Shape.LIST) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    private static ObserveError missing(String file, String key, List<String> keys, Format format) {
        List<String> close = Suggestions.closest(key, keys, 3);
        String list = listName(key) == null ? key : listName(key);
        boolean detailed = List.of("ttfts", "itls", "input_lens", "output_lens", "start_times").contains(list);
        ObserveError e = ObserveError.key(file + " (" + format.shortName() + ") has no `" + key + "`",
                detailed ? "the per-request lists are written with --save-detailed (SGLang: --output-details)"
                        : close.isEmpty() ? null : "did you mean " + Suggestions.orList(close) + "?");
        return keys.isEmpty() ? e : e.withNote("its numbers: " + abbreviate(keys));
    }

    private static String abbreviate(List<String> keys) {
        return keys.size() <= 12 ? String.join(", ", keys) : String.join(", ", keys.subList(0, 12)) + " and " + (keys.size() - 12) + " more";
    }

    private static ObserveError notANumber(String file, String key, Object value) {
        String what = value instanceof String s ? "the text \"" + s + "\"" : value == Shape.NULL ? "null"
                : value == Shape.BOOLEAN ? "true or false" : "an object";
        return ObserveError.key(file + ": `" + key + "` is " + what + ", not a number", null);
    }

    // ---- AIPerf -----------------------------------------------------------------------------

    private static Reading aiperf(Record r, String file, String key) throws ObserveError {
        Map<String, Block> blocks = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : r.members.entrySet()) {
            if (e.getValue() instanceof Block b) {
                blocks.put(e.getKey(), b);
            } else if (e.getKey().equals("records") && e.getValue() instanceof Map<?, ?> nested) {
                for (Map.Entry<?, ?> n : nested.entrySet()) {
                    if (n.getValue() instanceof Block b) {
                        blocks.put((String) n.getKey(), b);
                    }
                }
            }
        }
        int dot = key.lastIndexOf('.');
        String metric = dot < 0 ? key : key.substring(0, dot);
        Block block = blocks.get(metric);
        if (block == null) {
            List<String> close = Suggestions.closest(metric, blocks.keySet(), 3);
            throw ObserveError.key(file + " (AIPerf) has no metric `" + metric + "`",
                    close.isEmpty() ? null : "did you mean " + Suggestions.orList(close) + "?")
                    .withNote("its metrics: " + abbreviate(new ArrayList<>(blocks.keySet())));
        }
        if (dot < 0) {
            throw ObserveError.key(file + ": `" + key + "` is a metric of several statistics; ask for one",
                    "such as " + key + "." + (block.stats().containsKey("p99") ? "p99" : "avg")
                            + " (it has " + String.join(", ", block.stats().keySet()) + ")");
        }
        String stat = key.substring(dot + 1);
        Double v = block.stats().get(stat);
        if (v == null) {
            List<String> close = Suggestions.closest(stat, block.stats().keySet(), 3);
            throw ObserveError.key(file + ": `" + metric + "` has no `" + stat + "`",
                    close.isEmpty() ? null : "did you mean " + Suggestions.orList(close) + "?")
                    .withNote("it has " + String.join(", ", block.stats().keySet()));
        }
        String unit = BenchUnits.aiperf(block.unit());
        if (unit == null) {
            throw ObserveError.key(file + ": `" + metric + "` is in " + block.unit() + ", which chain has no unit for", null);
        }
        return reading(v, unit, Format.AIPERF, file, metric);
    }
}
