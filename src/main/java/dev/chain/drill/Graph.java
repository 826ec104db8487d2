package dev.chain.drill;

import dev.chain.ast.Expr;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FunctionInfo;
import dev.chain.eval.CompiledFunction;
import dev.chain.eval.CompiledProgram;
import dev.chain.eval.Compiler;
import dev.chain.eval.Linker;
import dev.chain.eval.Node;
import dev.chain.eval.Nodes;
import dev.chain.units.Dimension;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chain's derivation as the drill searches it: every binding the chain's values depend on (its
 * own, and the modules' it names, down to their written constants), each compiled with every name
 * and number in its formula a {@link Leaf} of its own, a slot that one change can move. Evaluating
 * it with one leaf changed is evaluating the chain with that one slip made; the code is the
 * evaluator's ({@link Compiler#expression}), not a second one.
 *
 * <p>The slots: the chain's bindings at their own slots (so that the chain's functions, which read
 * them, read these), then the modules' bindings and the leaves, as they are met.
 */
public final class Graph {
    private static final double[] NO_FRAME = new double[0];

    /**
     * A binding of the derivation: its slot, how a message names it ({@code kv},
     * {@code model.kv_heads}), its code over the slots, the leaves of its formula.
     */
    record Vertex(int slot, String name, Dimension dimension, Code code, List<Leaf> leaves) {}

    /**
     * A binding's formula over the slots, NaN where it faults: on the command line the evaluator's
     * {@link Node} ({@link #of(Node)}); in the practice script, a call into the page's script, which
     * holds the evaluator, so that the practice script carries no second one ({@link Practice}).
     */
    public interface Code {
        double run(double[] slots);
    }

    /**
     * The evaluator's code as a {@link Code}: NaN where it faults, since a change the diagnosis tries
     * (a factor left out, a constant swapped), varied inputs or a learner's earlier answer can make
     * a divisor zero ({@code chunks / steps} with {@code steps} zero), and such a change gives no
     * number to match.
     */
    static Code of(Node node) {
        return new Evaluated(node);
    }

    /** {@link #of}: a class, not a lambda, as chain check runs it (a first lambda costs milliseconds cold: StartupClassesTest). */
    private record Evaluated(Node node) implements Code {
        @Override
        public double run(double[] slots) {
            try {
                return node.run(slots, NO_FRAME);
            } catch (dev.chain.eval.Fault e) {
                return Double.NaN;
            }
        }
    }

    /** A module's constant, which a leaf of its dimension may have been swapped for: how a message names and shows it. */
    record Constant(String name, double value, Dimension dimension, String shown) {}

    private final CheckedProgram chain;
    private final Linker linker;
    private final Map<BindingInfo, Vertex> vertices = new IdentityHashMap<>();
    /** In an order where each vertex comes after those its formula names. */
    private final List<Vertex> order = new ArrayList<>();
    private final List<Leaf> leaves = new ArrayList<>();
    /** Each vertex's formula as the evaluator compiled it, as {@link #order} has the vertices: what the practice mode's model carries. */
    private final List<Node> formulas = new ArrayList<>();
    private final Map<CheckedProgram, String> aliases = new IdentityHashMap<>();
    /** The modules whose bindings are vertices, in the order they were met. */
    private final List<CheckedProgram> owners = new ArrayList<>();
    private final QuantityFormatter formatter;
    /** The vertices by slot (null where a slot is a leaf's); made once the graph is whole. */
    private Vertex[] bySlot;
    private List<Constant> constants;
    private int size;
    private final int chainSize;

    /**
     * A graph read from data (the practice script's model, {@link Practice}): its vertices in
     * order, its leaves, its modules' constants; no checked program and no linker.
     */
    Graph(int size, int chainSize, List<Vertex> order, List<Constant> constants) {
        this.chain = null;
        this.linker = null;
        this.formatter = null;
        this.size = size;
        this.chainSize = chainSize;
        this.constants = constants;
        this.order.addAll(order);
        this.bySlot = new Vertex[size];
        for (Vertex v : order) {
            bySlot[v.slot()] = v;
            leaves.addAll(v.leaves());
        }
    }

    private Graph(CheckedProgram chain, Linker linker) {
        this.chain = chain;
        this.linker = linker;
        this.size = chain.bindings().size();
        this.chainSize = size;
        this.formatter = new QuantityFormatter(chain.units());
        for (Map.Entry<String, CheckedProgram> e : chain.imports().entrySet()) {
            aliases.putIfAbsent(e.getValue(), e.getKey());
        }
    }

    /**
     * The graph of a checked, compiled chain; {@code modules} gives the modules' values and
     * functions (the engine that loaded them).
     */
    public static Graph of(CompiledProgram code, Linker modules) {
        CheckedProgram chain = code.program();
        Linker linker = new Linker() {
            @Override
            public double value(BindingInfo b) {
                return modules.value(b);
            }

            @Override
            public CompiledFunction function(FunctionInfo f) {
                return f.owner() == chain ? code.function(f.index()) : modules.function(f);
            }
        };
        Graph graph = new Graph(chain, linker);
        for (BindingInfo b : chain.bindings()) {
            graph.vertex(b);
        }
        graph.bySlot = new Vertex[graph.size];
        for (Vertex v : graph.order) {
            graph.bySlot[v.slot()] = v;
        }
        graph.constants = graph.constants();
        return graph;
    }

    public CheckedProgram chain() {
        return chain;
    }

    Linker linker() {
        return linker;
    }

    /** The vertices in an order where each comes after those its formula names. */
    List<Vertex> order() {
        return order;
    }

    /** Each vertex's formula as the evaluator compiled it, in {@link #order}'s order. */
    List<Node> formulas() {
        return formulas;
    }

    List<Leaf> leaves() {
        return leaves;
    }

    Vertex vertexOf(BindingInfo b) {
        return vertices.get(b);
    }

    /** The vertex at a slot; null where the slot is a leaf's or an input's the graph does not derive. */
    Vertex vertex(int slot) {
        return slot >= 0 && slot < bySlot.length ? bySlot[slot] : null;
    }

    Dimension dimension(int slot) {
        return bySlot[slot].dimension();
    }

    /** How many slots the chain's own bindings take: the first ones. */
    int chainSize() {
        return chainSize;
    }

    /** Whether the binding at a slot is the chain's own (not a module's). */
    boolean own(int slot) {
        return slot < chainSize();
    }

    /** The modules' constants of a dimension, with a value other than 0: what a swap may put in a leaf's place. */
    List<Constant> swappable() {
        return constants;
    }

    int size() {
        return size;
    }

    /** The modules in use (the chain's, and those its modules' bindings were found in): their constants, as a swap names and shows them. */
    private List<Constant> constants() {
        List<CheckedProgram> modules = new ArrayList<>(chain.imports().values());
        for (CheckedProgram p : owners) {
            if (!modules.contains(p)) {
                modules.add(p);
            }
        }
        List<Constant> out = new ArrayList<>();
        for (CheckedProgram module : modules) {
            for (BindingInfo b : module.bindings()) {
                double v = b.dimension() == null ? Double.NaN : linker.value(b);
                if (Double.isFinite(v) && v != 0) {
                    out.add(new Constant(name(b), v, b.dimension(), formatter.text(v, b.dimension())));
                }
            }
        }
        return out;
    }

    /** How a message names a binding: {@code kv}, {@code model.kv_heads} (by the chain's alias of its module). */
    String name(BindingInfo b) {
        CheckedProgram owner = b.owner();
        if (owner == chain) {
            return b.name();
        }
        String alias = aliases.get(owner);
        return (alias != null ? alias : owner.moduleName()) + "." + b.name();
    }

    private Vertex vertex(BindingInfo b) {
        Vertex known = vertices.get(b);
        if (known != null || b.dimension() == null || b.decl().value().quantity() == null) {
            return known;
        }
        int slot = b.owner() == chain ? b.slot() : size++;
        Expr formula = b.decl().value().quantity().expr();
        List<Written> own = new ArrayList<>();
        Node code;
        if (b.owner() == chain ? b.input() : b.input() || b.owner().constantValue(formula) != null) {
            // A value written out is one: the leaves are where it is used, not where it is written.
            code = new Nodes.Const(b.owner() == chain ? b.writtenValue() : linker.value(b));
        } else {
            Roles roles = Roles.in(formula);
            code = Compiler.expression(b.owner(), linker, formula, (written, compiled) -> {
                BindingInfo named = written.asName() == null ? null : named(b.owner(), written.asName());
                if (named == null && !(compiled instanceof Nodes.Const)) {
                    return compiled;
                }
                int at = size++;
                own.add(new Written(at, written, named, compiled instanceof Nodes.Const c ? c.value() : Double.NaN,
                        b.owner().type(written), roles.of(written)));
                return new Nodes.Slot(at);
            });
        }
        List<Vertex> sources = new ArrayList<>();
        for (Written w : own) {
            sources.add(w.named == null ? null : vertex(w.named));
        }
        List<Leaf> made = new ArrayList<>();
        for (int i = 0; i < own.size(); i++) {
            Written w = own.get(i);
            Vertex source = sources.get(i);
            // A name of a value the graph does not derive is its value, as a number written out is.
            BindingInfo named = source == null ? null : w.named;
            double value = w.named != null && source == null ? linker.value(w.named) : w.value;
            boolean moduleName = named != null && named.owner() != chain;
            boolean withUnit = named == null && w.written.writtenUnit() != null;
            double swapped = moduleName ? linker.value(named) : value;
            Leaf leaf = new Leaf(w.slot, source == null ? -1 : source.slot(), value, w.dimension, w.role, slot,
                    named != null ? name(named) : w.written.span().text(),
                    (moduleName || withUnit) && w.dimension != null ? new Leaf.Swap(swapped, formatter.text(swapped, w.dimension)) : null);
            made.add(leaf);
            leaves.add(leaf);
        }
        Vertex v = new Vertex(slot, name(b), b.dimension(), of(code), made);
        formulas.add(code);
        vertices.put(b, v);
        if (b.owner() != chain && !owners.contains(b.owner())) {
            owners.add(b.owner());
        }
        order.add(v);
        return v;
    }

    /** A leaf as its formula writes it, before the graph knows whether the binding it names is a vertex. */
    private record Written(int slot, Expr written, BindingInfo named, double value, Dimension dimension, Leaf.Role role) {}

    private static BindingInfo named(CheckedProgram owner, Expr.NameRef ref) {
        return owner.ref(ref) instanceof dev.chain.check.Ref.Binding r ? r.binding() : null;
    }

    /** One change to the derivation: a leaf's value made another (a function of what it was), or a binding's value fixed. */
    interface Change {
        /** The leaf's or binding's slot. */
        int slot();

        double apply(double value);
    }

    /**
     * Every binding's value, with {@code fixed} (by slot; NaN for none, null for no such) in place
     * of what the formula gives and {@code change} (or null) made.
     */
    double[] evaluate(double[] fixed, Change change) {
        double[] slots = new double[size];
        for (Vertex v : order) {
            for (Leaf l : v.leaves()) {
                double value = l.named() ? slots[l.source()] : l.value();
                slots[l.slot()] = change != null && change.slot() == l.slot() ? change.apply(value) : value;
            }
            double given = fixed == null ? Double.NaN : fixed[v.slot()];
            double value = !Double.isNaN(given) ? given : v.code().run(slots);
            slots[v.slot()] = change != null && change.slot() == v.slot() ? change.apply(value) : value;
        }
        return slots;
    }

    /** The slot of a binding's value in {@link #evaluate}'s result. */
    int slot(BindingInfo b) {
        Vertex v = vertices.get(b);
        return v == null ? -1 : v.slot();
    }

    /** The chain's bindings that are derived (not inputs, not text), in order: what a drill asks for. */
    public List<BindingInfo> steps() {
        List<BindingInfo> out = new ArrayList<>();
        for (BindingInfo b : chain.bindings()) {
            if (!b.input() && vertices.get(b) != null) {
                out.add(b);
            }
        }
        return out;
    }

    /** Whether the value at slot {@code b} depends on the value at slot {@code on}. */
    boolean dependsOn(int b, int on) {
        Vertex v = vertex(b);
        if (v == null) {
            return false;
        }
        for (Leaf l : v.leaves()) {
            if (l.source() == on || l.named() && dependsOn(l.source(), on)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a dimension {@code has} accepts is in the derivation of slot {@code b}: its own, a leaf's
     * of its formula, or one of a binding it depends on, each looked at once.
     */
    boolean involves(int b, java.util.function.Predicate<Dimension> has) {
        return involves(b, has, new boolean[size]);
    }

    private boolean involves(int b, java.util.function.Predicate<Dimension> has, boolean[] seen) {
        Vertex v = vertex(b);
        if (v == null || seen[b]) {
            return false;
        }
        seen[b] = true;
        if (has.test(v.dimension())) {
            return true;
        }
        for (Leaf l : v.leaves()) {
            if (has.test(l.dimension()) || l.named() && involves(l.source(), has, seen)) {
                return true;
            }
        }
        return false;
    }

    /**
     * How many formulas down from slot {@code b}'s slot {@code on} is: 0 for {@code b} itself, 1 for
     * a binding its formula names, and so on by the shortest way; -1 where {@code b} does not depend on it.
     */
    int depth(int b, int on) {
        if (b == on) {
            return 0;
        }
        Vertex v = vertex(b);
        int best = -1;
        if (v != null) {
            for (Leaf l : v.leaves()) {
                int below = l.named() ? depth(l.source(), on) : -1;
                if (below >= 0 && (best < 0 || below + 1 < best)) {
                    best = below + 1;
                }
            }
        }
        return best;
    }

}
