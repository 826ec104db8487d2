package dev.chain.drill;

import dev.chain.eval.Node;
import dev.chain.units.Dimension;
import java.util.ArrayList;
import java.util.List;

/**
 * A drill as the practice mode's script reads it ({@code web.PracticeScript}, which builds a
 * {@link Practice} from it): the graph's vertices in order with their leaves, the modules'
 * constants, the declared mistakes and the steps, as records that the page model's writer writes
 * as JSON ({@code web.ModelWriter}, which leaves dimensions behind: here a dimension is its
 * exponents). The formulas are the page script's to run ({@link #formulas}): formula {@code i} is
 * vertex {@code i}'s, then the declared mistakes', after the vertices'.
 */
public record PracticeModel(int size, int chainSize, List<VertexModel> vertices, List<ConstantModel> constants,
                            List<DeclaredModel> declared, List<StepModel> steps, List<NamedDimension> dimensions) {

    /**
     * The units of a chain's registry ({@link #units}), for reading a typed answer and saying what
     * grading says of another dimension with the command line's words: its base dimensions' names by
     * index, its dimensions' names (the first a dimension gets is the one messages use), its units as
     * declared. One table serves every chain of a page whose registry is the same (the stdlib's):
     * the page's practice models carry each table once. A chain's own model adds the dimensions of
     * its graph that the registry does not name ({@link PracticeModel#dimensions}).
     */
    public record UnitTable(List<String> bases, List<NamedDimension> dimensions, List<UnitModel> units) {}

    /**
     * A dimension: its exponents, its name as a message says it ({@code information}; null for a
     * name after its first, and for a dimension of the graph with none), and the units chain picks
     * for its values (null for a name after its first).
     */
    public record NamedDimension(String name, int[] dimension, dev.chain.units.QuantityFormatter.UnitChoice auto) {}

    /** A unit ({@link dev.chain.units.Unit}): its prefix families by {@link dev.chain.units.Prefix.Family}'s ordinal. */
    public record UnitModel(List<String> names, double factor, int[] dimension, int[] prefixes, boolean glued, boolean plural,
                            boolean count) {}

    /** A vertex: its slot, how a message names it, its dimension's exponents, its leaves. */
    public record VertexModel(int slot, String name, int[] dimension, List<LeafModel> leaves) {}

    /** A leaf ({@link Leaf}): its role by {@link Leaf.Role}'s ordinal; {@code swapShown} null for no swap. */
    public record LeafModel(int slot, int source, double value, int[] dimension, int role, String text, double swapOwn,
                            String swapShown) {}

    /** A module's constant a leaf may have been swapped for. */
    public record ConstantModel(String name, double value, int[] dimension, String shown) {}

    /** A declared mistake: its step's slot and the author's words. */
    public record DeclaredModel(int slot, String words) {}

    /** A step, with its dimension's exponents (the writer leaves the step's dimension behind). */
    public record StepModel(Step step, int[] dimension) {}

    /** The model of a drill. */
    public static PracticeModel of(Drill drill) {
        Graph graph = drill.graph();
        List<VertexModel> vertices = new ArrayList<>();
        for (Graph.Vertex v : graph.order()) {
            List<LeafModel> leaves = new ArrayList<>();
            for (Leaf l : v.leaves()) {
                // A name's value is its binding's, read from the slots: its own (NaN) is not written, as the page's DOM has no NaN.
                leaves.add(new LeafModel(l.slot(), l.source(), l.named() ? 0 : l.value(), exponents(l.dimension()), l.role().ordinal(), l.text(),
                        l.swap() == null ? 0 : l.swap().own(), l.swap() == null ? null : l.swap().shown()));
            }
            vertices.add(new VertexModel(v.slot(), v.name(), exponents(v.dimension()), leaves));
        }
        List<ConstantModel> constants = new ArrayList<>();
        for (Graph.Constant c : graph.swappable()) {
            constants.add(new ConstantModel(c.name(), c.value(), exponents(c.dimension()), c.shown()));
        }
        List<DeclaredModel> declared = new ArrayList<>();
        for (Diagnosis.Declared d : drill.declared()) {
            declared.add(new DeclaredModel(d.slot(), d.words()));
        }
        List<StepModel> steps = new ArrayList<>();
        for (dev.chain.check.BindingInfo b : drill.steps()) {
            Step s = drill.step(b);
            steps.add(new StepModel(s, exponents(s.dimension())));
        }
        return new PracticeModel(graph.size(), graph.chainSize(), vertices, constants, declared, steps,
                graphDimensions(drill.chain().units(), graph));
    }

    /** The graph's dimensions that the registry names none of (FLOP/param/token), unnamed: the units chain shows them in. */
    private static List<NamedDimension> graphDimensions(dev.chain.units.UnitRegistry registry, Graph graph) {
        List<NamedDimension> dimensions = new ArrayList<>();
        dev.chain.units.QuantityFormatter formatter = new dev.chain.units.QuantityFormatter(registry);
        for (Graph.Vertex v : graph.order()) {
            List<Dimension> own = new ArrayList<>();
            own.add(v.dimension());
            for (Leaf l : v.leaves()) {
                own.add(l.dimension());
            }
            for (Dimension d : own) {
                if (d != null && registry.dimensionName(d) == null && !listed(dimensions, d)) {
                    dimensions.add(new NamedDimension(null, exponents(d), formatter.choice(d, null, null)));
                }
            }
        }
        return dimensions;
    }

    /** The table of the units of a drill's chain: its registry's. */
    public static UnitTable units(Drill drill) {
        dev.chain.units.UnitRegistry registry = drill.chain().units();
        List<String> bases = new ArrayList<>();
        List<NamedDimension> dimensions = new ArrayList<>();
        dev.chain.units.QuantityFormatter formatter = new dev.chain.units.QuantityFormatter(registry);
        for (String name : registry.allDimensionNames()) {
            Dimension d = registry.dimension(name);
            boolean first = name.equals(registry.dimensionName(d));
            dimensions.add(new NamedDimension(first ? dev.chain.units.UnitRegistry.humanName(name) : null, exponents(d),
                    first ? formatter.choice(d, null, null) : null));
            while (bases.size() < d.length()) {
                bases.add(registry.baseUnits(Dimension.base(bases.size())));
            }
        }
        List<UnitModel> units = new ArrayList<>();
        for (dev.chain.units.Unit u : registry.allUnits()) {
            int[] families = new int[u.prefixes().size()];
            int n = 0;
            for (dev.chain.units.Prefix.Family f : dev.chain.units.Prefix.Family.values()) {
                if (u.prefixes().contains(f)) {
                    families[n++] = f.ordinal();
                }
            }
            units.add(new UnitModel(u.names(), u.factor(), exponents(u.dimension()), families, u.glued(), u.plural(), u.count()));
        }
        return new UnitTable(bases, dimensions, units);
    }

    private static boolean listed(List<NamedDimension> dimensions, Dimension d) {
        for (NamedDimension n : dimensions) {
            if (n.auto() != null && Dimension.of(n.dimension()).equals(d)) {
                return true;
            }
        }
        return false;
    }

    /** The formulas the page's script runs for the practice script: the vertices', then the declared mistakes'. */
    public static List<Node> formulas(Drill drill) {
        List<Node> out = new ArrayList<>(drill.graph().formulas());
        for (Diagnosis.Declared d : drill.declared()) {
            out.add(d.formula());
        }
        return out;
    }

    private static int[] exponents(Dimension d) {
        int[] out = new int[d.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = d.exponent(i);
        }
        return out;
    }
}
