package dev.chain.check;

import dev.chain.diag.Suggestions;
import dev.chain.units.Prefix;
import dev.chain.units.Unit;
import dev.chain.units.UnitRegistry;
import dev.chain.units.UnitTerm;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * "Did you mean ...?" for a unit that does not exist, aware of how units are built: a rate
 * written without its slash ({@code Gbs} is {@code Gb/s}, {@code GiBs} is {@code GiB/s}), the
 * network habit {@code Gbps}, a plural ({@code tokens}, and {@code parms} misspelt), a case slip ({@code mb} is {@code MB} or
 * {@code Mb}, and chain will not pick one), and otherwise the nearest spelling. Each candidate is
 * shown with what it means: {@code `Mb` (megabit)}.
 */
final class UnitSuggestions {
    private static final int LIMIT = 3;

    private static final Map<Prefix, String> PREFIX_NAMES = Map.ofEntries(
            Map.entry(Prefix.KILO, "kilo"), Map.entry(Prefix.MEGA, "mega"), Map.entry(Prefix.GIGA, "giga"),
            Map.entry(Prefix.TERA, "tera"), Map.entry(Prefix.PETA, "peta"), Map.entry(Prefix.EXA, "exa"),
            Map.entry(Prefix.MILLI, "milli"), Map.entry(Prefix.MICRO, "micro"), Map.entry(Prefix.MICRO_U, "micro"),
            Map.entry(Prefix.MICRO_GREEK, "micro"), Map.entry(Prefix.NANO, "nano"), Map.entry(Prefix.PICO, "pico"),
            Map.entry(Prefix.KIBI, "kibi"), Map.entry(Prefix.MEBI, "mebi"), Map.entry(Prefix.GIBI, "gibi"),
            Map.entry(Prefix.TEBI, "tebi"), Map.entry(Prefix.PEBI, "pebi"), Map.entry(Prefix.EXBI, "exbi"));

    private final UnitRegistry registry;

    UnitSuggestions(UnitRegistry registry) {
        this.registry = registry;
    }

    /** A hint for an unknown unit, or null when nothing is close. */
    String hint(String written, List<String> allNames) {
        String singular = singular(written);
        if (singular != null) {
            return "units are written in the singular, as in `10 " + singular + "`: did you mean " + shown(singular) + "?";
        }
        List<String> candidates = candidates(written, allNames);
        if (candidates.isEmpty()) {
            return null;
        }
        List<String> described = new ArrayList<>();
        for (String c : candidates) {
            described.add(shown(c));
        }
        return "did you mean " + orList(described) + "?";
    }

    /** What {@link #hint} suggests, as replacements for the written unit: the singular, or the candidates. */
    List<String> replacements(String written, List<String> allNames) {
        String singular = singular(written);
        return singular != null ? List.of(singular) : candidates(written, allNames);
    }

    /** The candidates in order of preference, at most {@value #LIMIT}. */
    List<String> candidates(String written, List<String> allNames) {
        Set<String> out = new LinkedHashSet<>();
        String perSecond = perTime(written);
        if (perSecond != null) {
            return List.of(perSecond); // not also `Gb/ps`: nobody means picoseconds there
        }
        out.addAll(splits(written, longest(allNames)));
        out.addAll(Suggestions.closest(written, allNames, LIMIT));
        if (out.isEmpty() && written.length() > 3 && written.endsWith("s")) {
            // A plural misspelt (parms, prams): what its singular would be, as `tokens` is `token`.
            out.addAll(Suggestions.closest(written.substring(0, written.length() - 1), allNames, LIMIT));
        }
        List<String> list = new ArrayList<>(out);
        return list.size() > LIMIT ? list.subList(0, LIMIT) : list;
    }

    /** {@code Gbps} and {@code MBps}: the `p` is "per", as network people write it. */
    private String perTime(String written) {
        for (String time : new String[] {"s", "h", "min"}) {
            String suffix = "p" + time;
            if (written.length() > suffix.length() && written.endsWith(suffix)) {
                String head = written.substring(0, written.length() - suffix.length());
                if (registry.resolve(head) != null && registry.resolve(time) != null) {
                    return head + "/" + time;
                }
            }
        }
        return null;
    }

    private static int longest(List<String> names) {
        int longest = 0;
        for (String n : names) {
            longest = Math.max(longest, n.length());
        }
        return longest;
    }

    /**
     * {@code GBs} is {@code GB/s}: two units glued without their slash. Both halves are a way to
     * write a unit, so neither is longer than the longest of them ({@code longest}): only the cuts
     * that leave both halves that short are tried, and a unit of 100,000 letters costs nothing.
     */
    private List<String> splits(String written, int longest) {
        List<String> out = new ArrayList<>();
        int last = Math.min(written.length() - 1, longest);
        for (int i = Math.max(1, written.length() - longest); i <= last; i++) {
            String head = written.substring(0, i);
            String tail = written.substring(i);
            if (registry.resolve(head) != null && registry.resolve(tail) != null) {
                out.add(head + "/" + tail);
            }
        }
        // Prefer a split whose second unit is a time (a rate), then the longest first unit.
        out.sort((a, b) -> {
            boolean ta = isTime(a.substring(a.indexOf('/') + 1));
            boolean tb = isTime(b.substring(b.indexOf('/') + 1));
            return ta != tb ? (ta ? -1 : 1) : Integer.compare(b.indexOf('/'), a.indexOf('/'));
        });
        return out;
    }

    private boolean isTime(String unit) {
        UnitTerm t = registry.resolve(unit);
        UnitTerm s = registry.resolve("s");
        return t != null && s != null && t.unit().dimension().equals(s.unit().dimension());
    }

    /** {@code tokens} for {@code token}: the count units have no plurals. */
    private String singular(String written) {
        if (written.length() > 1 && written.endsWith("s") && registry.resolve(written) == null) {
            String stem = written.substring(0, written.length() - 1);
            UnitTerm t = registry.resolve(stem);
            if (t != null && t.prefix() == null && stem.length() > 2) {
                return stem;
            }
        }
        return null;
    }

    /** {@code `Mb` (megabit)}, {@code `Gb/s` (gigabit per second)}, or just {@code `x`}. */
    private String shown(String unit) {
        String meaning = meaning(unit);
        return "`" + unit + "`" + (meaning == null ? "" : " (" + meaning + ")");
    }

    private String meaning(String unit) {
        String[] parts = unit.split("/");
        List<String> words = new ArrayList<>();
        for (String part : parts) {
            UnitTerm t = registry.resolve(part);
            if (t == null) {
                return null;
            }
            String name = longName(t.unit());
            if (name == null) {
                return null;
            }
            words.add((t.prefix() == null ? "" : PREFIX_NAMES.getOrDefault(t.prefix(), t.prefix().symbol())) + name);
        }
        if (words.size() == 1 && words.get(0).equals(parts[0])) {
            return null; // `token` (token) says nothing
        }
        return String.join(" per ", words);
    }

    /** The spelled-out name of a unit ({@code byte}, {@code second}), or its symbol when it has none. */
    private static String longName(Unit unit) {
        for (String n : unit.names()) {
            if (n.length() >= 3 && n.equals(n.toLowerCase(Locale.ROOT)) && n.chars().allMatch(Character::isLetter)) {
                return n;
            }
        }
        String symbol = unit.symbol();
        return symbol.chars().allMatch(Character::isLetter) ? symbol : null;
    }

    private static String orList(List<String> items) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                sb.append(i == items.size() - 1 ? " or " : ", ");
            }
            sb.append(items.get(i));
        }
        return sb.toString();
    }
}
