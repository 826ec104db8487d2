package dev.chain.units;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The dimensions and units in scope. The registry holds only what .chain files declared (the
 * stdlib prelude first); Java provides the machinery: dimension vectors and prefix parsing.
 *
 * <p>Registries nest: a chain's own declarations go into a child of the engine's registry, so one
 * chain's units never leak into the next. Base-dimension indices come from one counter shared by
 * the whole tree, so dimensions from different layers never collide.
 */
public final class UnitRegistry {
    private final UnitRegistry parent;
    private final AtomicInteger nextBaseIndex;
    private final Map<Integer, String> baseNames = new LinkedHashMap<>();
    private final Map<Integer, Unit> baseUnits = new LinkedHashMap<>();
    private final Map<String, Dimension> dimensions = new LinkedHashMap<>();
    private final Map<Dimension, String> dimensionNames = new LinkedHashMap<>();
    private final Map<String, Unit> units = new LinkedHashMap<>();
    /** A derived dimension's own unit, the first of size 1 declared of it: W for Energy/Time. */
    private final Map<Dimension, Unit> ownUnits = new LinkedHashMap<>();

    public UnitRegistry() {
        this(null, new AtomicInteger());
    }

    private UnitRegistry(UnitRegistry parent, AtomicInteger nextBaseIndex) {
        this.parent = parent;
        this.nextBaseIndex = nextBaseIndex;
    }

    /** A registry that sees everything here and keeps its own declarations to itself. */
    public UnitRegistry child() {
        return new UnitRegistry(this, nextBaseIndex);
    }

    /**
     * A child that numbers the base dimensions declared in it (and in its own children) from where
     * this registry's stand now, on a counter of its own: an editor checks a chain that declares a
     * dimension again on every keystroke, and on the shared counter each check would make every
     * dimension vector one longer. Only for a registry to which nothing more is declared while the
     * fork is in use (the engine's, whose prelude is the only stdlib module that declares dimensions).
     */
    public UnitRegistry fork() {
        return new UnitRegistry(this, new AtomicInteger(nextBaseIndex.get()));
    }

    // ---- declaring ---------------------------------------------------------------------------

    public Dimension declareBaseDimension(String name) {
        int index = nextBaseIndex.getAndIncrement();
        Dimension d = Dimension.base(index);
        baseNames.put(index, name);
        declareDimension(name, d);
        return d;
    }

    /** Names a dimension; the first name a dimension gets is the one messages use. */
    public void declareDimension(String name, Dimension dimension) {
        dimensions.put(name, dimension);
        if (dimensionName(dimension) == null) {
            dimensionNames.put(dimension, name);
        }
    }

    /** Declares a unit under all its names. A unit of a base dimension with factor 1 is its base unit. */
    public void declareUnit(Unit unit) {
        for (String name : unit.names()) {
            units.put(name, unit);
        }
        int base = unit.dimension().baseIndex();
        if (base >= 0 && unit.factor() == 1.0 && baseUnit(base) == null) {
            baseUnits.put(base, unit);
        }
        Dimension d = unit.dimension();
        if (base < 0 && !d.isNone() && unit.factor() == 1.0 && unitOf(d) == null) {
            ownUnits.put(d, unit);
        }
    }

    /**
     * Takes in what a module used here declared, so that its units read in the file that uses it
     * (and in that file alone: a module's declarations are its own registry's, never the engine's,
     * so a chain that does not use it, or the module's file checked on its own, does not see them).
     * A name this registry has already is kept.
     */
    public void include(UnitRegistry module) {
        takeIn(module.baseNames, baseNames);
        takeIn(module.baseUnits, baseUnits);
        takeIn(module.dimensions, dimensions);
        takeIn(module.dimensionNames, dimensionNames);
        takeIn(module.units, units);
        takeIn(module.ownUnits, ownUnits);
    }

    private static <K, V> void takeIn(Map<K, V> from, Map<K, V> into) {
        for (Map.Entry<K, V> e : from.entrySet()) {
            into.putIfAbsent(e.getKey(), e.getValue());
        }
    }

    // ---- looking up --------------------------------------------------------------------------

    /**
     * Whether a dimension of this name is this registry's own (declared in its file, or taken in
     * from a module it uses), not an outer one's (the prelude's), which a declaration may shadow.
     */
    public boolean declaresDimension(String name) {
        return dimensions.containsKey(name);
    }

    /** Whether this unit is this registry's own, as for {@link #declaresDimension}. */
    public boolean declaresUnit(Unit unit) {
        return units.containsValue(unit);
    }

    public Dimension dimension(String name) {
        Dimension d = dimensions.get(name);
        return d != null || parent == null ? d : parent.dimension(name);
    }

    /** A unit by one of its declared names, without prefixes. */
    public Unit unit(String name) {
        Unit u = units.get(name);
        return u != null || parent == null ? u : parent.unit(name);
    }

    /**
     * Resolves a written unit name, prefixes included: {@code ms}, {@code GiB}, {@code Gb}. An exact
     * name wins over a prefix reading ({@code min} is minutes, never milli-in). Null if unknown.
     */
    public UnitTerm resolve(String written) {
        Unit exact = unit(written);
        if (exact != null) {
            return new UnitTerm(written, null, exact);
        }
        if (written.isEmpty()) {
            return null;
        }
        for (Prefix prefix : Prefix.startingWith(written.charAt(0))) {
            if (written.length() > prefix.symbol().length() && written.startsWith(prefix.symbol())) {
                Unit u = unit(written.substring(prefix.symbol().length()));
                if (u != null && u.accepts(prefix)) {
                    return new UnitTerm(written, prefix, u);
                }
            }
        }
        return null;
    }

    /**
     * A unit as written, without the prefix of its first part: {@code Gparam} is {@code param},
     * {@code Mtoken/s} is {@code token/s}; a unit whose first part has none, or a power, is itself.
     * How a count is shown in the {@code kmbt} format, whose suffix is the magnitude: 405 Gparam is
     * 405B param, not 405 Gparam with no suffix.
     */
    public DisplayUnit withoutPrefix(DisplayUnit shown) {
        String text = shown.text();
        int end = 0;
        while (end < text.length() && "/·^".indexOf(text.charAt(end)) < 0) {
            end++;
        }
        if (end == 0 || (end < text.length() && text.charAt(end) == '^')) {
            return shown;
        }
        UnitTerm lead = resolve(text.substring(0, end));
        if (lead == null || lead.prefix() == null) {
            return shown;
        }
        return new DisplayUnit(lead.unit().symbol() + text.substring(end), shown.factor() / lead.prefix().factor(),
                shown.dimension(), shown.glued());
    }

    /** The name of a dimension for messages, lower case: "information", "bandwidth"; null if unnamed. */
    public String dimensionName(Dimension dimension) {
        String name = dimensionNames.get(dimension);
        if (name == null && parent != null) {
            name = parent.dimensionName(dimension);
        }
        return name;
    }

    /**
     * The unit a derived dimension's values are shown in, with its prefixes, where one of size 1
     * is declared of it: {@code unit W = 1 J/s} makes a power 5.6 kW, not 5.6 kJ/s. Null for a base
     * dimension (its base unit is that) and for a derived one without.
     */
    public Unit unitOf(Dimension dimension) {
        Unit u = ownUnits.get(dimension);
        return u != null || parent == null ? u : parent.unitOf(dimension);
    }

    public Unit baseUnit(int index) {
        Unit u = baseUnits.get(index);
        return u != null || parent == null ? u : parent.baseUnit(index);
    }

    /**
     * Whether a whole number of the dimension's base units is a whole number of what an author
     * counts: every base dimension in it is a count, whose base unit is shown with no prefix
     * (pages, tokens, tokens per page, dollars), or there is none (a plain number). Not so for time, information
     * or compute, written in ms, GB or TFLOP: a whole second or byte is rarely the unit meant.
     */
    public boolean countedInWholeUnits(Dimension d) {
        for (int i = 0; i < d.length(); i++) {
            if (d.exponent(i) != 0) {
                Unit base = baseUnit(i);
                if (base == null || base.shownWithPrefixes()) {
                    return false;
                }
            }
        }
        return true;
    }

    public String baseName(int index) {
        String n = baseNames.get(index);
        return n != null || parent == null ? n : parent.baseName(index);
    }

    /** Every unit in scope, each once, parents first. */
    public Collection<Unit> allUnits() {
        Map<Unit, Boolean> seen = new LinkedHashMap<>();
        if (parent != null) {
            parent.allUnits().forEach(u -> seen.put(u, true));
        }
        units.values().forEach(u -> seen.put(u, true));
        return new ArrayList<>(seen.keySet());
    }

    /** Every dimension name in scope. */
    public List<String> allDimensionNames() {
        List<String> names = parent == null ? new ArrayList<>() : parent.allDimensionNames();
        names.addAll(dimensions.keySet());
        return names;
    }

    // ---- describing --------------------------------------------------------------------------

    /** A dimension written in base units: {@code B/s}, {@code FLOP/param/token}, {@code 1}. */
    public String baseUnits(Dimension d) {
        // An array rather than this::baseSymbol: check's path spins no lambda (StartupClassesTest).
        String[] symbols = new String[d.length()];
        for (int i = 0; i < symbols.length; i++) {
            symbols[i] = d.exponent(i) == 0 ? null : baseSymbol(i);
        }
        return baseUnits(d, symbols);
    }

    /**
     * A dimension written in base units, each base dimension's symbol by its index in
     * {@code symbols} ("?" past its end): the practice mode's script, which has no registry, writes
     * them as this does.
     */
    public static String baseUnits(Dimension d, String[] symbols) {
        StringBuilder num = new StringBuilder();
        StringBuilder den = new StringBuilder();
        for (int i = 0; i < d.length(); i++) {
            int e = d.exponent(i);
            if (e == 0) {
                continue;
            }
            String s = i < symbols.length ? symbols[i] : "?";
            if (e > 0) {
                if (num.length() > 0) {
                    num.append('·');
                }
                num.append(s);
                if (e > 1) {
                    num.append('^').append(e);
                }
            } else {
                den.append('/').append(s);
                if (e < -1) {
                    den.append('^').append(-e);
                }
            }
        }
        if (num.length() == 0) {
            num.append('1');
        }
        return num.append(den).toString();
    }

    /** {@code B (information)}, {@code B/s (bandwidth)}, or just {@code FLOP/param/token}. */
    public String describe(Dimension d) {
        if (d.isNone()) {
            return "1 (dimensionless)";
        }
        String name = dimensionName(d);
        String units = baseUnits(d);
        return name == null ? units : units + " (" + humanName(name) + ")";
    }

    /**
     * {@code ComputeRate} becomes "compute rate": a word starts at each capital that follows a small
     * letter or starts a capitalised word, and is written in small letters, unless it is an
     * acronym (two capitals or more), which stays as written: {@code GPUs} is "GPUs" (it was
     * "g p us"), {@code KVBytes} "KV bytes".
     */
    public static String humanName(String dimensionName) {
        StringBuilder sb = new StringBuilder();
        int start = 0;
        int n = dimensionName.length();
        for (int i = 1; i <= n; i++) {
            boolean boundary = i == n;
            if (!boundary && Character.isUpperCase(dimensionName.charAt(i))) {
                char before = dimensionName.charAt(i - 1);
                boolean nextSmall = i + 1 < n && Character.isLowerCase(dimensionName.charAt(i + 1));
                // ...a capital after a small letter, or the last capital of a run that a small letter follows (KV|Bytes).
                boundary = Character.isLowerCase(before) || Character.isUpperCase(before) && nextSmall
                        && !(i + 2 == n && dimensionName.charAt(i + 1) == 's');
            }
            if (boundary) {
                String word = dimensionName.substring(start, i);
                if (sb.length() > 0) {
                    sb.append(' ');
                }
                sb.append(capitals(word) > 1 ? word : word.toLowerCase(java.util.Locale.ROOT));
                start = i;
            }
        }
        return sb.toString();
    }

    private static int capitals(String word) {
        int count = 0;
        for (int i = 0; i < word.length(); i++) {
            if (Character.isUpperCase(word.charAt(i))) {
                count++;
            }
        }
        return count;
    }

    String baseSymbol(int index) {
        Unit u = baseUnit(index);
        if (u != null) {
            return u.symbol();
        }
        String name = baseName(index);
        return name != null ? name : "?" + index;
    }
}
