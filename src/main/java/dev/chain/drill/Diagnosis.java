package dev.chain.drill;

import dev.chain.units.Dimension;
import java.util.ArrayList;
import java.util.List;

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
    private final Units units;
    /** The author's declared mistakes, each with its step's slot. */
    private final List<Declared> declared;

    /**
     * A mistake the author wrote on the binding at {@code slot}, in their words, and its value for
     * given slots; {@code formula} the evaluator's code of it (null in the practice script, which
     * runs it in the page's).
     */
    record Declared(int slot, String words, Graph.Code code, dev.chain.eval.Node formula) {
        double value(double[] slots) {
            return code.run(slots);
        }
    }

    Diagnosis(Graph graph, Units units, List<Declared> declared) {
        this.graph = graph;
        this.units = units;
        this.declared = declared;
    }

    /**
     * The causes that give {@code answer} (base units, of the step's dimension) for {@code of},
     * the other values as {@code fixed} has them (the learner's inputs and earlier answers).
     */
    List<Cause> explain(Step of, Answer answer, double[] fixed) {
        int step = of.slot();
        Tolerance tolerance = of.tolerance();
        // A list, not a map keyed by the words: the explorable page's script compiles this, and a
        // hash map there would bring every record's hashCode and equals into it (docs/architecture.md).
        List<Ranked> found = new ArrayList<>();
        double[] base = graph.evaluate(fixed, null);
        int at = step;
        String name = of.name();
        double right = base[at];
        double x = answer.si();
        for (Declared d : declared) {
            if (d.slot() == step && tolerance.holds(x, d.value(base))) {
                add(found, 0, new Cause("declared", List.of(name), d.words()));
            }
        }
        for (Declared d : declared) {
            int earlier = d.slot();
            if (earlier == step || !graph.dependsOn(step, earlier) || fixed != null && !Double.isNaN(fixed[earlier])) {
                continue;
            }
            String earlierName = graph.vertex(earlier).name();
            double mistaken = d.value(base);
            double[] slots = graph.evaluate(fixed, change(earlier, v -> mistaken));
            if (tolerance.holds(x, slots[at])) {
                add(found, 3, new Cause("carried", List.of(earlierName, name),
                        "the mistake in `" + earlierName + "` carried forward: " + d.words()));
            }
        }
        for (Leaf leaf : graph.leaves()) {
            if (leaf.within() != step && !graph.dependsOn(step, leaf.within())) {
                continue;
            }
            if (fixed != null && graph.own(leaf.within()) && !Double.isNaN(fixed[leaf.within()])) {
                continue; // the learner gave that step's value: a slip inside it does not reach here
            }
            for (Slip slip : slips(leaf)) {
                double[] slots = graph.evaluate(fixed, change(leaf.slot(), slip.change));
                if (slots[at] != right && tolerance.holds(x, slots[at])) {
                    add(found, rank(step, leaf, slip), placed(step, leaf, slip));
                }
            }
        }
        ratios(found, of, answer, right);
        List<Ranked> ranked = new ArrayList<>(found);
        ranked.sort(java.util.Comparator.comparingInt(Ranked::rank));
        List<Cause> out = new ArrayList<>();
        for (Ranked r : ranked) {
            out.add(r.cause());
        }
        return out;
    }

    /** A cause and how likely a learner is to have made it (lower first): declared, a slip in writing, in this step, carried, in a module. */
    private record Ranked(int rank, Cause cause) {}

    /** Adds a cause unless one in the same words is there: the first found keeps its rank. */
    private static void add(List<Ranked> found, int rank, Cause c) {
        for (Ranked r : found) {
            if (r.cause().words().equals(c.words())) {
                return;
            }
        }
        found.add(new Ranked(rank, c));
    }

    /**
     * A leaf's slip's rank: in this step, then in an earlier one, then inside a module's formula; a
     * swap after the other slips, and among swaps, names with a word in common first
     * ({@code heads} for {@code kv_heads}); then the nearer formula first: a swap in
     * {@code model.kv_bytes_per_token}, which {@code kv} names, before one in {@code model.head_dim},
     * which that names in turn.
     */
    private int rank(int step, Leaf leaf, Slip slip) {
        int place = leaf.within() == step ? 2 : graph.own(leaf.within()) ? 3 : 4;
        int swap = slip.kind().equals("swap") ? (shareAWord(slip.names().get(0), slip.names().get(1)) ? 1 : 2) : 0;
        int depth = Math.max(0, Math.min(9, graph.depth(step, leaf.within())));
        return place * 100 + swap * 10 + depth;
    }

    private static boolean shareAWord(String a, String b) {
        List<String> words = words(a);
        for (String w : words(b)) {
            for (String v : words) {
                if (v.equals(w)) { // String's equals: List.contains would call every class's
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The words of a name after its module's alias ({@code kv} and {@code heads} of
     * {@code model.kv_heads}); split at each {@code _} by hand, as String.split would bring the
     * page's script the regular expressions (docs/architecture.md).
     */
    private static List<String> words(String name) {
        List<String> out = new ArrayList<>();
        int start = name.lastIndexOf('.') + 1;
        for (int end = name.indexOf('_', start); end >= 0; end = name.indexOf('_', start)) {
            out.add(name.substring(start, end));
            start = end + 1;
        }
        out.add(name.substring(start));
        while (out.size() > 1 && out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1); // as split drops trailing empty words
        }
        return out;
    }

    /** A slip on a leaf, said where it is: in this step, in a module's formula, or in an earlier step (carried forward). */
    private Cause placed(int step, Leaf leaf, Slip slip) {
        int within = leaf.within();
        String name = graph.vertex(within).name();
        if (within == step) {
            return new Cause(slip.kind, slip.names, slip.words);
        }
        if (graph.own(within)) {
            List<String> names = new ArrayList<>();
            names.add(name);
            names.addAll(slip.names);
            return new Cause("carried", names, "in `" + name + "`, " + slip.words + ", carried forward");
        }
        return new Cause(slip.kind, slip.names, slip.words + " (in `" + name + "`)");
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
        for (Graph.Constant c : candidates(leaf)) {
            out.add(new Slip("swap", List.of(c.name(), leaf.text()), "`" + c.name() + "` (" + c.shown() + ") in place of " + t
                    + " (" + leaf.swap().shown() + ")", v -> c.value()));
        }
        return out;
    }

    /**
     * The constants a leaf may have been swapped for: the modules' bindings of its dimension, for a
     * leaf that names a module's constant (the attention heads for the KV heads, the interconnect's
     * bandwidth for the HBM's), or that is a number written out with a unit (FP8's byte for BF16's 2).
     */
    private List<Graph.Constant> candidates(Leaf leaf) {
        List<Graph.Constant> out = new ArrayList<>();
        if (leaf.swap() == null) {
            return out;
        }
        for (Graph.Constant c : graph.swappable()) {
            if (!c.name().equals(leaf.text()) && c.dimension().equals(leaf.dimension()) && c.value() != leaf.swap().own()) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * Slips in writing the answer: a factor of 1,000 (a prefix), of 1.024 (GB for GiB) where the
     * step's derivation has bytes in it, of 8 (bits for bytes) where its dimension has.
     */
    private void ratios(List<Ranked> found, Step of, Answer answer, double right) {
        String step = of.name();
        Tolerance tolerance = of.tolerance();
        double x = answer.si();
        for (int k = -3; k <= 3; k++) {
            if (k == 0) {
                continue;
            }
            double factor = Math.pow(1000, k);
            if (tolerance.holds(x, right * factor)) {
                String meant = renamed(answer, factor);
                add(found, 1, new Cause("prefix", meant == null ? List.of(step) : List.of(answer.unit(), meant),
                        (k > 0 ? units.text(factor, Dimension.NONE) + "x" : "1/" + units.text(1 / factor, Dimension.NONE))
                        + " the right value: a prefix slip" + (meant == null ? "" : " (" + number(answer) + " is the answer in "
                        + meant + ", not " + answer.unit() + ")")));
            }
        }
        if (of.binary()) { // a share of params off by 1.074 is no GiB written for GB
            // Of the factors the answer is off by, to the digits typed, the one that renames the unit
            // written (1.6 GB, 1.56 GiB right: 1.074, GiB for GB), else the first: 1.6 is also 1.049x
            // of 1.5625, the factor of MiB, which would say MiB of an answer in GB.
            Cause binary = null;
            boolean renames = false; // binary names the unit meant
            for (int k = 1; k <= 4; k++) {
                for (int sign = -1; sign <= 1; sign += 2) {
                    double factor = Math.pow(BINARY, sign * k);
                    if (tolerance.holds(x, right * factor) && !tolerance.holds(right * factor, right)) {
                        String meant = renamed(answer, factor);
                        String prefix = "kMGT".substring(k - 1, k);
                        Cause c = new Cause("binary-prefix", meant == null ? List.of(step) : List.of(answer.unit(), meant),
                                "a binary prefix for a decimal one, or the reverse: " + (meant == null ? "your value is off by "
                                        + units.text(factor, Dimension.NONE) : number(answer) + " is the answer in " + meant
                                        + ", not " + answer.unit()) + " (1 " + prefix.toUpperCase() + "iB = "
                                        + units.text(Math.pow(BINARY, k), Dimension.NONE) + " " + prefix + "B)");
                        if (binary == null || meant != null && !renames) {
                            binary = c;
                            renames = meant != null;
                        }
                    }
                }
            }
            if (binary != null) {
                add(found, 1, binary);
            }
        }
        if (of.information()) {
            if (tolerance.holds(x, right * 8)) {
                add(found, 1, new Cause("bits-bytes", List.of(step), "8x the right value: bits where bytes are meant (1 B = 8 bit)"));
            }
            if (tolerance.holds(x, right / 8)) {
                add(found, 1, new Cause("bits-bytes", List.of(step), "1/8 of the right value: bytes where bits are meant (1 B = 8 bit)"));
            }
        }
    }

    private static String number(Answer answer) {
        String w = answer.written().strip();
        return answer.unit() != null && w.endsWith(answer.unit()) ? w.substring(0, w.length() - answer.unit().length()).strip() : w;
    }

    /** The unit in which the learner's number is the right value ({@code ms} for {@code 15.05 s} when 15.05 ms is right); null where none is. */
    private String renamed(Answer answer, double factor) {
        return answer.unit() == null ? null : units.respelled(answer.unit(), factor);
    }
}
