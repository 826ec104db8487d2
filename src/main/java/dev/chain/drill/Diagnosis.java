package dev.chain.drill;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.units.Dimension;
import dev.chain.units.Prefix;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.UnitRegistry;
import dev.chain.units.UnitTerm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Why a wrong answer is wrong, found from the derivation alone: every single change to it that
 * gives the learner's number within the step's tolerance. A change is a slip on one leaf of the
 * graph (a factor left out, doubled, halved or inverted; a constant swapped for another of its
 * dimension from the modules in use), on an earlier step (carried forward), a slip in writing the
 * answer (a prefix, a binary prefix for a decimal one, bits for bytes), or a mistake the author
 * declared ({@code @mistake}).
 */
final class Diagnosis {
    private static final double BINARY = 1024.0 / 1000.0;

    private final Graph graph;
    private final UnitRegistry units;
    private final QuantityFormatter formatter;
    private final Map<BindingInfo, List<Declared>> declared;

    /** A mistake the author wrote on a binding, and its value for given slots. */
    record Declared(BindingInfo binding, String words, dev.chain.eval.Node code, dev.chain.ast.Expr written) {
        double value(double[] slots) {
            return code.run(slots, new double[0]);
        }
    }

    Diagnosis(Graph graph, UnitRegistry units, Map<BindingInfo, List<Declared>> declared) {
        this.graph = graph;
        this.units = units;
        this.formatter = new QuantityFormatter(units);
        this.declared = declared;
    }

    /**
     * The causes that give {@code answer} (base units, of the step's dimension) for {@code step},
     * the other values as {@code fixed} has them (the learner's inputs and earlier answers).
     */
    List<Cause> explain(BindingInfo step, Answer answer, double[] fixed, Tolerance tolerance) {
        Map<String, Ranked> found = new LinkedHashMap<>();
        double[] base = graph.evaluate(fixed, null);
        int at = graph.slot(step);
        double right = base[at];
        double x = answer.si();
        for (Declared d : declared.getOrDefault(step, List.of())) {
            if (tolerance.holds(x, d.value(base))) {
                add(found, 0, new Cause("declared", List.of(step.name()), d.words()));
            }
        }
        for (Map.Entry<BindingInfo, List<Declared>> e : declared.entrySet()) {
            BindingInfo earlier = e.getKey();
            if (earlier == step || !graph.dependsOn(step, earlier) || fixed != null && !Double.isNaN(fixed[graph.slot(earlier)])) {
                continue;
            }
            for (Declared d : e.getValue()) {
                double mistaken = d.value(base);
                double[] slots = graph.evaluate(fixed, change(graph.slot(earlier), v -> mistaken));
                if (tolerance.holds(x, slots[at])) {
                    add(found, 3, new Cause("carried", List.of(earlier.name(), step.name()),
                            "the mistake in `" + earlier.name() + "` carried forward: " + d.words()));
                }
            }
        }
        for (Leaf leaf : graph.leaves()) {
            if (leaf.within() != step && !graph.dependsOn(step, leaf.within())) {
                continue;
            }
            if (fixed != null && leaf.within().owner() == graph.chain() && !Double.isNaN(fixed[graph.slot(leaf.within())])) {
                continue; // the learner gave that step's value: a slip inside it does not reach here
            }
            for (Slip slip : slips(leaf)) {
                double[] slots = graph.evaluate(fixed, change(leaf.slot(), slip.change));
                if (slots[at] != right && tolerance.holds(x, slots[at])) {
                    add(found, rank(step, leaf, slip), placed(step, leaf, slip));
                }
            }
        }
        ratios(found, step, answer, right, tolerance);
        List<Ranked> ranked = new ArrayList<>(found.values());
        ranked.sort(java.util.Comparator.comparingInt(Ranked::rank));
        List<Cause> out = new ArrayList<>();
        for (Ranked r : ranked) {
            out.add(r.cause());
        }
        return out;
    }

    /** A cause and how likely a learner is to have made it (lower first): declared, a slip in writing, in this step, carried, in a module. */
    private record Ranked(int rank, Cause cause) {}

    private static void add(Map<String, Ranked> found, int rank, Cause c) {
        found.putIfAbsent(c.words(), new Ranked(rank, c));
    }

    /**
     * A leaf's slip's rank: in this step, then in an earlier one, then inside a module's formula; a
     * swap after the other slips, and among swaps, names with a word in common first
     * ({@code heads} for {@code kv_heads}); then the nearer formula first: a swap in
     * {@code model.kv_bytes_per_token}, which {@code kv} names, before one in {@code model.head_dim},
     * which that names in turn.
     */
    private int rank(BindingInfo step, Leaf leaf, Slip slip) {
        int place = leaf.within() == step ? 2 : leaf.within().owner() == graph.chain() ? 3 : 4;
        int swap = slip.kind().equals("swap") ? (shareAWord(slip.names().get(0), slip.names().get(1)) ? 1 : 2) : 0;
        int depth = Math.max(0, Math.min(9, graph.depth(step, leaf.within())));
        return place * 100 + swap * 10 + depth;
    }

    private static boolean shareAWord(String a, String b) {
        java.util.Set<String> words = new java.util.HashSet<>(List.of(a.substring(a.lastIndexOf('.') + 1).split("_")));
        for (String w : b.substring(b.lastIndexOf('.') + 1).split("_")) {
            if (words.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /** A slip on a leaf, said where it is: in this step, in a module's formula, or in an earlier step (carried forward). */
    private Cause placed(BindingInfo step, Leaf leaf, Slip slip) {
        BindingInfo within = leaf.within();
        if (within == step) {
            return new Cause(slip.kind, slip.names, slip.words);
        }
        if (within.owner() == graph.chain()) {
            List<String> names = new ArrayList<>();
            names.add(within.name());
            names.addAll(slip.names);
            return new Cause("carried", names, "in `" + within.name() + "`, " + slip.words + ", carried forward");
        }
        return new Cause(slip.kind, slip.names, slip.words + " (in `" + graph.name(within) + "`)");
    }

    private record Slip(String kind, List<String> names, String words, java.util.function.DoubleUnaryOperator change) {}

    private static Graph.Change change(int slot, java.util.function.DoubleUnaryOperator f) {
        return new Graph.Change() {
            @Override
            public int slot() {
                return slot;
            }

            @Override
            public double apply(double value) {
                return f.applyAsDouble(value);
            }
        };
    }

    /** The slips worth trying on a leaf, by its role and dimension. */
    private List<Slip> slips(Leaf leaf) {
        List<Slip> out = new ArrayList<>();
        String t = "`" + leaf.text() + "`";
        List<String> names = List.of(leaf.text());
        boolean factor = leaf.role() == Leaf.Role.FACTOR || leaf.role() == Leaf.Role.DIVISOR;
        if (factor && leaf.dimensionless()) {
            out.add(new Slip("factor", names, "left out the factor " + t, v -> 1));
            out.add(new Slip("factor", names, leaf.role() == Leaf.Role.DIVISOR ? "multiplied by " + t + " where it divides"
                    : "divided by " + t + " where it multiplies", v -> 1 / v));
        }
        if (leaf.role() == Leaf.Role.TERM) {
            out.add(new Slip("factor", names, "left out " + t, v -> 0));
        }
        out.add(new Slip("factor", names, t + " doubled", v -> 2 * v));
        out.add(new Slip("factor", names, t + " halved", v -> v / 2));
        for (Candidate c : candidates(leaf)) {
            out.add(new Slip("swap", List.of(c.name, leaf.text()), "`" + c.name + "` (" + c.text + ") in place of " + t
                    + " (" + formatter.text(leaf.source() != null ? sourceValue(leaf) : leaf.value(), leaf.dimension()) + ")",
                    v -> c.value));
        }
        return out;
    }

    private double sourceValue(Leaf leaf) {
        return leaf.source().owner() == graph.chain() ? Double.NaN : graph.moduleValue(leaf.source());
    }

    private record Candidate(String name, double value, String text) {}

    /**
     * The constants a leaf may have been swapped for: the modules' bindings of its dimension, for a
     * leaf that names a module's constant (the attention heads for the KV heads, the interconnect's
     * bandwidth for the HBM's), or that is a number written out with a unit (FP8's byte for BF16's 2).
     */
    private List<Candidate> candidates(Leaf leaf) {
        List<Candidate> out = new ArrayList<>();
        boolean moduleName = leaf.source() != null && leaf.source().owner() != graph.chain();
        boolean written = leaf.source() == null && leaf.written().writtenUnit() != null;
        if (!moduleName && !written || leaf.dimension() == null) {
            return out;
        }
        double own = moduleName ? graph.moduleValue(leaf.source()) : leaf.value();
        for (CheckedProgram module : graph.modules()) {
            for (BindingInfo b : module.bindings()) {
                if (b == leaf.source() || b.dimension() == null || !b.dimension().equals(leaf.dimension())) {
                    continue;
                }
                double v = graph.moduleValue(b);
                if (v != own && Double.isFinite(v) && v != 0) {
                    out.add(new Candidate(graph.name(b), v, formatter.text(v, b.dimension())));
                }
            }
        }
        return out;
    }

    /** Slips in writing the answer: a factor of 1,000 (a prefix), of 1.024 (GB for GiB), of 8 (bits for bytes). */
    private void ratios(Map<String, Ranked> found, BindingInfo step, Answer answer, double right, Tolerance tolerance) {
        double x = answer.si();
        for (int k = -3; k <= 3; k++) {
            if (k == 0) {
                continue;
            }
            double factor = Math.pow(1000, k);
            if (tolerance.holds(x, right * factor)) {
                String meant = renamed(answer, factor);
                add(found, 1, new Cause("prefix", meant == null ? List.of(step.name()) : List.of(answer.unit(), meant),
                        (k > 0 ? formatter.text(factor, Dimension.NONE) + "x" : "1/" + formatter.text(1 / factor, Dimension.NONE))
                        + " the right value: a prefix slip" + (meant == null ? "" : " (" + number(answer) + " is the answer in "
                        + meant + ", not " + answer.unit() + ")")));
            }
        }
        for (int k = 1; k <= 4; k++) {
            for (int sign = -1; sign <= 1; sign += 2) {
                double factor = Math.pow(BINARY, sign * k);
                if (tolerance.holds(x, right * factor) && !tolerance.holds(right * factor, right)) {
                    String meant = renamed(answer, factor);
                    add(found, 1, new Cause("binary-prefix", meant == null ? List.of(step.name()) : List.of(answer.unit(), meant),
                            "a binary prefix for a decimal one, or the reverse: " + (meant == null ? "your value is off by "
                                    + formatter.text(factor, Dimension.NONE) : number(answer) + " is the answer in " + meant
                                    + ", not " + answer.unit()) + " (1 GiB = 1.074 GB)"));
                }
            }
        }
        if (mentionsInformation(step.dimension())) {
            if (tolerance.holds(x, right * 8)) {
                add(found, 1, new Cause("bits-bytes", List.of(step.name()), "8x the right value: bits where bytes are meant (1 B = 8 bit)"));
            }
            if (tolerance.holds(x, right / 8)) {
                add(found, 1, new Cause("bits-bytes", List.of(step.name()), "1/8 of the right value: bytes where bits are meant (1 B = 8 bit)"));
            }
        }
    }

    private static String number(Answer answer) {
        String w = answer.written().strip();
        return answer.unit() != null && w.endsWith(answer.unit()) ? w.substring(0, w.length() - answer.unit().length()).strip() : w;
    }

    private boolean mentionsInformation(Dimension d) {
        Dimension bytes = units.dimension("Information");
        if (bytes == null || bytes.baseIndex() < 0) {
            return false;
        }
        return d.exponent(bytes.baseIndex()) != 0;
    }

    /**
     * The unit in which the learner's number is the right value ({@code ms} for {@code 15.05 s} when
     * 15.05 ms is right): the written unit's first term with another prefix, or null where none is.
     */
    private String renamed(Answer answer, double factor) {
        if (answer.unit() == null) {
            return null;
        }
        String unit = answer.unit();
        int end = 0;
        while (end < unit.length() && unit.charAt(end) != '/' && unit.charAt(end) != '*' && unit.charAt(end) != '·' && unit.charAt(end) != ' ') {
            end++;
        }
        String first = unit.substring(0, end);
        UnitTerm term = units.resolve(first);
        if (term == null) {
            return null;
        }
        double want = (term.prefix() == null ? 1 : term.prefix().factor()) / factor;
        if (Math.abs(want - 1) < 1e-9) {
            return term.unit().symbol() + unit.substring(end);
        }
        for (Prefix p : Prefix.ALL) {
            if (p != Prefix.MICRO_U && p != Prefix.MICRO_GREEK && Math.abs(p.factor() / want - 1) < 1e-9 && term.unit().accepts(p)) {
                return p.symbol() + term.unit().symbol() + unit.substring(end);
            }
        }
        return null;
    }
}
