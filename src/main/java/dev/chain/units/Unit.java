package dev.chain.units;

import java.util.List;
import java.util.Set;

/**
 * A unit declared in a .chain file: its names (the first is its symbol), its size in the base
 * unit of its dimension, the prefix families it accepts, whether it is written glued to the
 * number ({@code 63%}, {@code 5.28x}), and whether prose writes it in the plural
 * ({@code @plural}: a count noun, 26,483 pages; a symbol such as USD never is), and whether it is
 * a count ({@code @count}: shown whole, never with a prefix chain picks, though it takes the
 * prefixes it is declared with when written: 2 Mtoken, USD/Mtoken).
 */
public record Unit(List<String> names, double factor, Dimension dimension, Set<Prefix.Family> prefixes,
                   boolean glued, boolean plural, boolean count, String source) {
    public Unit {
        names = List.copyOf(names);
        prefixes = Set.copyOf(prefixes);
    }

    public String symbol() {
        return names.get(0);
    }

    /** Whether chain may show a value in this unit with a prefix it picks (GB, ms): a count is shown whole. */
    public boolean shownWithPrefixes() {
        return !count && !prefixes.isEmpty();
    }

    public boolean accepts(Prefix prefix) {
        return prefixes.contains(prefix.family());
    }
}
