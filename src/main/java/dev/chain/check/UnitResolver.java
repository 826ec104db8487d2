package dev.chain.check;

import dev.chain.ast.UnitRef;
import dev.chain.diag.Diagnostic;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.Prefix;
import dev.chain.units.Unit;
import dev.chain.units.UnitRegistry;
import dev.chain.units.UnitTerm;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Resolves units as written ({@code TB/s}) against the registry, and explains the ones that do
 * not resolve: the classic pitfalls ({@code KB}, {@code FLOPS}) get their own answer, anything
 * else the closest units that do exist.
 */
final class UnitResolver {
    private final UnitRegistry registry;
    /** Each unknown unit's hint scans every unit spelling; only the errors a report shows get one. */
    private final HintBudget hints = new HintBudget();

    UnitResolver(UnitRegistry registry) {
        this.registry = registry;
    }

    /** The unit, or null after adding the reason to {@code errors}. */
    /**
     * Units resolved so far, by the text they were written as: a chain writes GB or ms hundreds
     * of times, and each resolution would otherwise keep its own copy alive to the end.
     */
    private final java.util.Map<String, DisplayUnit> resolved = new java.util.HashMap<>();

    DisplayUnit resolve(UnitRef ref, Predicate<String> isValueName, List<Diagnostic> errors) {
        // A unit written as one bare name (GB, ms) is that name, of which the parser keeps one
        // String: no copy of the text per use, and a hash computed once.
        List<UnitRef.Factor> factors = ref.factors();
        String only = factors.size() == 1 ? factors.get(0).name() : null;
        String text = only != null && ref.span().end() - ref.span().start() == only.length() ? only : ref.text();
        DisplayUnit known = resolved.get(text);
        if (known != null) {
            return known;
        }
        DisplayUnit unit = resolveNew(ref, text, isValueName, errors);
        if (unit != null) {
            resolved.put(text, unit);
        }
        return unit;
    }

    private DisplayUnit resolveNew(UnitRef ref, String text, Predicate<String> isValueName, List<Diagnostic> errors) {
        if (ref.factors().isEmpty()) {
            return DisplayUnit.none(); // `-> 1`: a plain number
        }
        double factor = 1.0;
        Dimension dimension = Dimension.NONE;
        boolean ok = true;
        boolean glued = false;
        for (UnitRef.Factor f : ref.factors()) {
            UnitTerm term = registry.resolve(f.name());
            if (term == null) {
                errors.add(unknown(f, isValueName));
                ok = false;
                continue;
            }
            if (term.unit().glued() && Math.abs(f.exponent()) != 1) {
                // `75%^8` is 75 of the unit %^8, 7.5e-15, where (75%)^8, 10.01%, is what anyone means.
                String symbol = term.unit().symbol();
                String power = "^" + f.exponent();
                String number = numberBefore(ref.span());
                errors.add(Diagnostic.error(f.span(), "`" + symbol + power + "` raises the unit " + symbol
                                + ", not the number before it")
                        .withHint("raise the quantity, in parentheses: (" + (number == null ? "..." : number + symbol) + ")" + power));
                ok = false;
                continue;
            }
            factor *= Math.pow(term.factor(), f.exponent());
            dimension = dimension.multiply(term.unit().dimension().power(f.exponent()));
            glued = ref.factors().size() == 1 && f.exponent() == 1 && term.prefix() == null && term.unit().glued();
        }
        if (ok && !dimension.withinLimits()) {
            errors.add(Diagnostic.error(ref.span(), "the dimension of this unit is too large: " + registry.describe(dimension))
                    .withNote("a dimension's exponents are at most " + Dimension.MAX_EXPONENT));
            return null;
        }
        // Spaces are allowed around `^` and `·` (B ^ 2), but a unit is shown glued: B^2, not B ^ 2.
        String shown = text.indexOf(' ') < 0 && text.indexOf('\t') < 0 ? text : text.replaceAll("\\s+", "");
        // `-> 1/s` is shown as chain writes a unit of nothing per something, /s, which reads back.
        shown = shown.startsWith("1/") ? shown.substring(1) : shown;
        return ok ? new DisplayUnit(shown, factor, dimension, glued) : null;
    }

    /** The number a unit follows, as written (`75` of `75%^8`, `1.5e3`), or null where a name or `)` comes before it. */
    private static String numberBefore(dev.chain.source.Span unit) {
        String text = unit.file().text();
        int end = unit.start();
        while (end > 0 && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        int start = end;
        while (start > 0 && start > end - 64 && (Character.isDigit(text.charAt(start - 1)) || ",._eE+-".indexOf(text.charAt(start - 1)) >= 0)) {
            start--;
        }
        while (start < end && !Character.isDigit(text.charAt(start))) { // a sign or an operator before the digits
            start++;
        }
        boolean afterName = start > 0 && (Character.isLetter(text.charAt(start - 1)) || text.charAt(start - 1) == '_');
        return start < end && !afterName && Character.isDigit(text.charAt(end - 1)) ? text.substring(start, end) : null;
    }

    Diagnostic unknown(UnitRef.Factor f, Predicate<String> isValueName) {
        String name = f.name();
        Diagnostic pitfall = pitfall(name, f);
        if (pitfall != null) {
            return pitfall;
        }
        Diagnostic d = Diagnostic.error(f.span(), "unknown unit `" + name + "`");
        if (isValueName.test(name)) {
            d = d.withHint("`" + name + "` is a value, not a unit; to divide by it, put spaces around `/`"
                    + " (a glued `/` belongs to the unit before it)");
            int slash = f.span().start() - 1;
            if (slash >= 0 && f.span().file().text().charAt(slash) == '/') {
                d = d.withFixes(new dev.chain.source.Span(f.span().file(), slash, slash + 1), List.of(" / "));
            }
            return d;
        }
        if (!hints.take()) {
            return d;
        }
        UnitSuggestions suggestions = new UnitSuggestions(registry);
        List<String> names = candidateNames();
        String hint = suggestions.hint(name, names);
        return hint == null ? d : d.withHint(hint).withFixes(f.span(), name.length(), suggestions.replacements(name, names));
    }

    /** KB and FLOPS, which are wrong in a way worth explaining; a prefix alone, `77M`, as papers write a count. */
    private Diagnostic pitfall(String name, UnitRef.Factor f) {
        if (name.equals("K")) { // a thousand as papers (and chain's own :kmbt) write one, 15.7K; SI's kilo is k
            String number = numberBefore(f.span());
            String n = number == null ? "15.7" : number;
            return Diagnostic.error(f.span(), "`K` is not a unit: papers write a thousand so, where the kilo prefix is a lower-case `k`")
                    .withHint("write the power of ten, " + n + "e3, or `k` before a unit, " + n + " ktoken or " + n + " kB");
        }
        for (Prefix p : new Prefix[] {Prefix.KILO, Prefix.MEGA, Prefix.GIGA, Prefix.TERA, Prefix.PETA, Prefix.EXA}) {
            if (p.symbol().equals(name)) {
                String number = numberBefore(f.span());
                String n = number == null ? "77" : number;
                return Diagnostic.error(f.span(), "`" + name + "` is a prefix, not a unit")
                        .withHint("write it before a unit, " + n + " " + name + "param or " + n + " " + name
                                + "B, or write the power of ten, " + n + "e" + Math.round(Math.log10(p.factor())));
            }
        }
        if (name.startsWith("K") && !name.startsWith("Ki") && name.length() > 1) {
            String rest = name.substring(1);
            UnitTerm decimal = registry.resolve("k" + rest);
            if (decimal != null) {
                Unit unit = decimal.unit();
                if (unit.accepts(Prefix.KIBI)) {
                    return Diagnostic.error(f.span(), "`" + name + "` is ambiguous: k" + rest + " (1000 " + rest
                                    + ") or Ki" + rest + " (1024 " + rest + ")?")
                            .withHint("SI `k` (lower case) is 1000; IEC `Ki` is 1024; chain never guesses which one `K` means")
                            .withFixes(f.span(), name.length(), List.of("k" + rest, "Ki" + rest));
                }
                return Diagnostic.error(f.span(), "unknown unit `" + name + "`")
                        .withHint("the kilo prefix is a lower-case `k`: did you mean `k" + rest + "`?")
                        .withFixes(f.span(), name.length(), List.of("k" + rest));
            }
        }
        String withoutPrefix = name;
        String prefix = "";
        for (Prefix p : Prefix.ALL) {
            if (p.family() == Prefix.Family.SI_LARGE && name.startsWith(p.symbol()) && name.length() > p.symbol().length()) {
                withoutPrefix = name.substring(p.symbol().length());
                prefix = p.symbol();
                break;
            }
        }
        for (String candidate : new String[] {name, withoutPrefix}) {
            String p = candidate == name ? "" : prefix;
            if (candidate.equalsIgnoreCase("flops") && !candidate.equals("FLOPs")) {
                return Diagnostic.error(f.span(), "`" + name + "` is ambiguous: a rate (" + p + "FLOP/s) or an amount of work ("
                                + p + "FLOP)?")
                        .withHint("write `" + p + "FLOP/s` for floating-point operations per second, `" + p
                                + "FLOP` (plural `" + p + "FLOPs`) for a number of them")
                        .withFixes(f.span(), name.length(), List.of(p + "FLOP/s", p + "FLOP"));
            }
        }
        return null;
    }

    /** Every way to write a unit in scope: its names, and its names with each prefix it takes. */
    List<String> candidateNames() {
        Set<String> names = new LinkedHashSet<>();
        for (Unit u : registry.allUnits()) {
            for (String n : u.names()) {
                names.add(n);
                for (Prefix p : Prefix.ALL) {
                    if (u.accepts(p) && p != Prefix.MICRO_GREEK) {
                        names.add(p.symbol() + n);
                    }
                }
            }
        }
        return new ArrayList<>(names);
    }
}
