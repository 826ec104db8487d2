package dev.chain.observe;

import dev.chain.diag.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A page of Prometheus text exposition saved from a server's {@code /metrics} (vLLM's, SGLang's):
 * {@code # TYPE} lines and samples {@code name{label="value"} 42}. A gauge or counter is read by
 * name, its labels optional ({@code vllm:num_requests_running{model_name="x"}}); a histogram by
 * {@code :mean} (sum / count), {@code :pNN} (estimated from the buckets as histogram_quantile
 * does), {@code :count} or {@code :sum}. The unit is the family's {@code # UNIT} where the page
 * has one (OpenMetrics), otherwise the base unit its name ends in, as Prometheus' naming
 * conventions ask ({@code _seconds}, {@code _bytes}); a name without one is a plain count.
 */
final class PrometheusText {
    private PrometheusText() {}

    private static final Pattern SAMPLE = Pattern.compile(
            "^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)\\})?\\s+(\\S+)(\\s+-?\\d+)?\\s*$");
    private static final Pattern LABEL = Pattern.compile("\\s*([a-zA-Z_][a-zA-Z0-9_]*)\\s*=\\s*\"((?:[^\"\\\\]|\\\\.)*)\"\\s*,?");
    private static final Pattern STAT = Pattern.compile("^(.*):(mean|sum|count|p\\d+(?:\\.\\d+)?)$");

    /** Whether the text reads as exposition: its first line that says anything is a comment of it or a sample. */
    static boolean looksLike(String firstLine) {
        String line = firstLine.strip();
        return line.startsWith("# HELP ") || line.startsWith("# TYPE ") || line.startsWith("# UNIT ")
                || SAMPLE.matcher(line).matches();
    }

    /** A sample, with the line of the page it is on. */
    private record Sample(String name, Map<String, String> labels, double value, int line) {}

    static Reading read(String text, String file, String key) throws ObserveError {
        Map<String, String> types = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        List<Sample> samples = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                String[] words = line.split("\\s+", 4);
                if (words.length >= 4 && words[1].equals("TYPE")) {
                    types.put(words[2], words[3].strip());
                } else if (words.length >= 4 && words[1].equals("UNIT")) {
                    units.put(words[2], words[3].strip());
                }
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            if (!m.matches()) {
                throw ObserveError.file(file + ":" + (i + 1) + ": not a line of Prometheus' text exposition: " + line,
                        "a sample is written name{label=\"value\"} 42");
            }
            Map<String, String> labels = labels(m.group(3), file, i + 1);
            samples.add(new Sample(m.group(1), labels, number(m.group(4), file, i + 1, "a sample's value"), i + 1));
        }
        return answer(key, file, types, units, samples);
    }

    private static Map<String, String> labels(String text, String file, int line) throws ObserveError {
        Map<String, String> labels = new TreeMap<>();
        if (text == null || text.isBlank()) {
            return labels;
        }
        Matcher m = LABEL.matcher(text);
        int at = 0;
        while (at < text.length() && m.find(at) && m.start() == at) {
            labels.put(m.group(1), unescape(m.group(2)));
            at = m.end();
        }
        if (at < text.strip().length()) {
            throw ObserveError.file(file + ":" + line + ": labels not as the exposition format writes them: {" + text + "}",
                    "labels are written {name=\"value\", other=\"value\"}");
        }
        return labels;
    }

    /**
     * A label value as it is meant: the exposition format escapes a backslash, a double quote and a
     * line feed in one as {@code \\}, {@code \"} and {@code \n}, and a key names a label value
     * the same way, so both are read back in one pass ({@code \\n} is a backslash and an n). A
     * backslash before anything else is kept, as written.
     */
    static String unescape(String written) {
        StringBuilder out = new StringBuilder(written.length());
        for (int i = 0; i < written.length(); i++) {
            char c = written.charAt(i);
            char next = i + 1 < written.length() ? written.charAt(i + 1) : 0;
            if (c == '\\' && (next == '\\' || next == '"' || next == 'n')) {
                out.append(next == 'n' ? '\n' : next);
                i++;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** A number of the page, {@code what} it is (a sample's value, a bucket's bound) said where it is not one. */
    private static double number(String text, String file, int line, String what) throws ObserveError {
        switch (text) {
            case "+Inf", "Inf":
                return Double.POSITIVE_INFINITY;
            case "-Inf":
                return Double.NEGATIVE_INFINITY;
            case "NaN":
                return Double.NaN;
            default:
                try {
                    return Double.parseDouble(text);
                } catch (NumberFormatException e) {
                    throw ObserveError.file(file + ":" + line + ": `" + text + "` is not a number, as " + what + " must be",
                            "Prometheus writes numbers as Go does: 0.025, 1.28e+06, +Inf, -Inf, NaN");
                }
        }
    }

    // ---- the key ----------------------------------------------------------------------------

    private static Reading answer(String key, String file, Map<String, String> types, Map<String, String> units,
                                  List<Sample> samples) throws ObserveError {
        String stat = null;
        String rest = key;
        Matcher s = STAT.matcher(key);
        if (s.matches() && !s.group(1).isEmpty()) {
            rest = s.group(1);
            stat = s.group(2);
        }
        String name = rest;
        Map<String, String> wanted = new TreeMap<>();
        int brace = rest.indexOf('{');
        if (brace >= 0) {
            if (!rest.endsWith("}")) {
                throw ObserveError.key("`" + key + "`: labels end with }", "write name{label=\"value\"}, then :p99 or :mean for a histogram");
            }
            name = rest.substring(0, brace);
            String inside = rest.substring(brace + 1, rest.length() - 1);
            Matcher m = LABEL.matcher(inside);
            int at = 0;
            while (at < inside.length() && m.find(at) && m.start() == at) {
                wanted.put(m.group(1), unescape(m.group(2)));
                at = m.end();
            }
            if (at < inside.strip().length()) {
                throw ObserveError.key("`" + key + "`: labels are written {name=\"value\"}", null);
            }
        }
        String family = family(name, types);
        String type = types.getOrDefault(family, "untyped");
        String unit = unit(family, units);
        if (unit == null) {
            throw ObserveError.key(file + ": the unit of `" + family + "`, " + units.get(family) + ", is not one chain reads",
                    "chain reads seconds, bytes, ratios, tokens and requests");
        }
        boolean histogram = type.equals("histogram") || type.equals("gaugehistogram");
        if (histogram || type.equals("summary")) {
            return distribution(key, file, family, type, stat, wanted, unit, samples);
        }
        if (stat != null) {
            throw ObserveError.key(file + ": `" + family + "` is a " + type + ", one number per series: it has no :" + stat,
                    "ask for " + rest);
        }
        List<Sample> matching = new ArrayList<>();
        for (Sample sample : samples) {
            if ((sample.name().equals(name) || sample.name().equals(name + "_total")) && matches(sample.labels(), wanted)) {
                matching.add(sample);
            }
        }
        if (matching.isEmpty()) {
            throw missing(key, name, wanted, file, samples);
        }
        if (matching.size() > 1) {
            throw several(key, file, matching.stream().map(Sample::labels).toList());
        }
        double v = matching.get(0).value();
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            throw ObserveError.key(file + ": `" + key + "` is " + (Double.isNaN(v) ? "NaN" : "infinite") + ", not a measurement", null);
        }
        return new Reading(v, unit, Format.PROMETHEUS.shortName());
    }

    /** The family a name belongs to: itself, or the counter it is the {@code _total} of. */
    private static String family(String name, Map<String, String> types) {
        if (!types.containsKey(name) && name.endsWith("_total") && types.containsKey(name.substring(0, name.length() - 6))) {
            return name.substring(0, name.length() - 6);
        }
        return name;
    }

    /** The chain unit of a family; null where its {@code # UNIT} is one chain does not read. */
    static String unit(String family, Map<String, String> units) {
        String declared = units.get(family);
        String suffix = declared != null ? declared : family.replaceFirst("_total$", "").replaceFirst("^.*_", "");
        return switch (suffix) {
            case "seconds" -> "s";
            case "milliseconds" -> "ms";
            case "bytes" -> "B";
            case "tokens" -> "token";
            case "requests" -> "request";
            case "ratio", "perc" -> ""; // a fraction: 0.9, not 90
            default -> declared != null && !declared.isEmpty() ? null : "";
        };
    }

    private static boolean matches(Map<String, String> labels, Map<String, String> wanted) {
        for (Map.Entry<String, String> e : wanted.entrySet()) {
            if (!e.getValue().equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** A histogram's (or a summary's) one series: its buckets, or quantiles, with its sum and count. */
    private static Reading distribution(String key, String file, String family, String type, String stat,
                                        Map<String, String> wanted, String unit, List<Sample> samples) throws ObserveError {
        if (stat == null) {
            throw ObserveError.key(file + ": `" + family + "` is a " + type + ", not one number",
                    "ask for " + key + ":p50, " + key + ":p99 or " + key + ":mean");
        }
        Map<Map<String, String>, List<Sample>> series = new LinkedHashMap<>();
        for (Sample sample : samples) {
            String n = sample.name();
            boolean part = n.equals(family + "_bucket") || n.equals(family + "_sum") || n.equals(family + "_count")
                    || (type.equals("summary") && n.equals(family));
            if (part && matches(sample.labels(), wanted)) {
                Map<String, String> labels = new TreeMap<>(sample.labels());
                labels.remove("le");
                labels.remove("quantile");
                series.computeIfAbsent(labels, k -> new ArrayList<>()).add(sample);
            }
        }
        if (series.isEmpty()) {
            throw missing(key, family, wanted, file, samples);
        }
        if (series.size() > 1) {
            throw several(key, file, new ArrayList<>(series.keySet()));
        }
        List<Sample> parts = series.values().iterator().next();
        double sum = Double.NaN;
        double count = Double.NaN;
        List<Quantiles.Bucket> buckets = new ArrayList<>();
        Map<Double, Double> quantiles = new LinkedHashMap<>();
        for (Sample p : parts) {
            if (p.name().endsWith("_sum")) {
                sum = p.value();
            } else if (p.name().endsWith("_count")) {
                count = p.value();
            } else if (p.name().endsWith("_bucket") && p.labels().containsKey("le")) {
                buckets.add(new Quantiles.Bucket(number(p.labels().get("le"), file, p.line(), "a bucket's bound (le)"), p.value()));
            } else if (p.labels().containsKey("quantile")) {
                quantiles.put(number(p.labels().get("quantile"), file, p.line(), "a quantile"), p.value());
            }
        }
        String plain = "";
        if (stat.equals("count")) {
            return finite(count, plain, key, file);
        }
        if (stat.equals("sum")) {
            return finite(sum, unit, key, file);
        }
        if (count == 0 || (Double.isNaN(count) && buckets.isEmpty())) {
            throw ObserveError.key(file + ": `" + family + "` has no samples: its count is " + (Double.isNaN(count) ? "missing" : "0"),
                    "the server observed nothing yet; scrape /metrics after the benchmark ran");
        }
        if (stat.equals("mean")) {
            return finite(sum / count, unit, key, file);
        }
        // p99.9 is the quantile 0.999 as the page writes it, not 99.9 / 100 = 0.9990000000000001
        double q = new java.math.BigDecimal(stat.substring(1)).movePointLeft(2).doubleValue();
        if (q > 1) {
            throw ObserveError.key("`:" + stat + "` is past the 100th percentile", null);
        }
        if (type.equals("summary")) {
            Double v = quantiles.get(q);
            if (v == null) {
                List<String> has = new ArrayList<>();
                for (double k : quantiles.keySet()) {
                    has.add(":p" + java.math.BigDecimal.valueOf(k).movePointRight(2).stripTrailingZeros().toPlainString());
                }
                throw ObserveError.key(file + ": the summary `" + family + "` has no quantile " + q + " (:" + stat + ")",
                        has.isEmpty() ? "it has no quantiles, only its :sum and :count" : "it has " + String.join(", ", has));
            }
            return finite(v, unit, key, file);
        }
        double v = Quantiles.histogram(q, buckets.toArray(new Quantiles.Bucket[0]));
        if (Double.isNaN(v)) {
            throw ObserveError.key(file + ": `" + family + "` has no samples to estimate :" + stat + " from",
                    "a histogram needs its buckets up to le=\"+Inf\" and observations in them");
        }
        return finite(v, unit, key, file);
    }

    private static Reading finite(double v, String unit, String key, String file) throws ObserveError {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            throw ObserveError.key(file + ": `" + key + "` is " + (Double.isNaN(v) ? "missing or NaN" : "infinite") + ", not a measurement", null);
        }
        return new Reading(v, unit, Format.PROMETHEUS.shortName());
    }

    private static ObserveError missing(String key, String name, Map<String, String> wanted, String file, List<Sample> samples) {
        Set<String> names = new LinkedHashSet<>();
        boolean named = false;
        for (Sample s : samples) {
            String family = s.name().replaceFirst("_(bucket|sum|count)$", "");
            names.add(family);
            named |= family.equals(name) || s.name().equals(name) || s.name().equals(name + "_total");
        }
        if (named && !wanted.isEmpty()) {
            return ObserveError.key(file + ": no series of `" + name + "` has the labels " + wanted, null);
        }
        List<String> close = Suggestions.closest(name, names, 3);
        ObserveError e = ObserveError.key(file + " (Prometheus) has no metric `" + name + "`",
                close.isEmpty() ? null : "did you mean " + Suggestions.orList(close) + "?");
        return e;
    }

    private static ObserveError several(String key, String file, List<Map<String, String>> series) {
        List<String> shown = new ArrayList<>();
        for (Map<String, String> labels : series.subList(0, Math.min(4, series.size()))) {
            shown.add(labels.toString());
        }
        return ObserveError.key(file + ": `" + key + "` matches " + series.size() + " series; name one by its labels",
                "such as " + key.replaceFirst("(:[a-z0-9.]+)?$", "") + "{...}, one of " + String.join(", ", shown));
    }
}
