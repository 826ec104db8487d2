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

    /** A binding of the derivation: its slot, its code over the slots, the leaves of its formula. */
    record Vertex(BindingInfo binding, int slot, Node code, List<Leaf> leaves) {}

    private final CheckedProgram chain;
    private final Linker linker;
    private final Map<BindingInfo, Vertex> vertices = new IdentityHashMap<>();
    /** In an order where each vertex comes after those its formula names. */
    private final List<Vertex> order = new ArrayList<>();
    private final List<Leaf> leaves = new ArrayList<>();
    private final Map<CheckedProgram, String> aliases = new IdentityHashMap<>();
    private int size;

    private Graph(CheckedProgram chain, Linker linker) {
        this.chain = chain;
        this.linker = linker;
        this.size = chain.bindings().size();
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
        return graph;
    }

    public CheckedProgram chain() {
        return chain;
    }

    Linker linker() {
        return linker;
    }

    List<Leaf> leaves() {
        return leaves;
    }

    Vertex vertexOf(BindingInfo b) {
        return vertices.get(b);
    }

    int size() {
        return size;
    }

    /** The value of a module's binding, as the module computed it. */
    double moduleValue(BindingInfo b) {
        return linker.value(b);
    }

    /** The modules in use: the chain's, and those its modules' bindings were found in. */
    List<CheckedProgram> modules() {
        List<CheckedProgram> out = new ArrayList<>(chain.imports().values());
        for (Vertex v : order) {
            CheckedProgram p = v.binding().owner();
            if (p != chain && !out.contains(p)) {
                out.add(p);
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
        List<Leaf> own = new ArrayList<>();
        Node code;
        if (b.owner() == chain ? b.input() : b.input() || b.owner().constantValue(formula) != null) {
            // A value written out is one: the leaves are where it is used, not where it is written.
            code = new Nodes.Const(b.owner() == chain ? inputValue(b) : linker.value(b));
        } else {
            Roles roles = Roles.in(formula);
            code = Compiler.expression(b.owner(), linker, formula, (written, compiled) -> {
                BindingInfo named = written.asName() == null ? null : named(b.owner(), written.asName());
                if (named == null && !(compiled instanceof Nodes.Const)) {
                    return compiled;
                }
                Leaf leaf = new Leaf(size++, written, named, compiled instanceof Nodes.Const c ? c.value() : Double.NaN,
                        b.owner().type(written), roles.of(written), b, null);
                own.add(leaf);
                return new Nodes.Slot(leaf.slot());
            });
            for (int i = 0; i < own.size(); i++) {
                Leaf l = own.get(i);
                if (l.source() != null && vertex(l.source()) == null) {
                    own.set(i, new Leaf(l.slot(), l.written(), null, linker.value(l.source()), l.dimension(), l.role(), b, null));
                }
            }
        }
        List<Leaf> named = new ArrayList<>();
        for (Leaf l : own) {
            Leaf withText = new Leaf(l.slot(), l.written(), l.source(), l.value(), l.dimension(), l.role(), b,
                    l.source() != null ? name(l.source()) : l.written().span().text());
            named.add(withText);
            leaves.add(withText);
        }
        Vertex v = new Vertex(b, slot, code, named);
        vertices.put(b, v);
        order.add(v);
        return v;
    }

    private double inputValue(BindingInfo b) {
        return b.range() != null ? b.range().nominal() : chain.constantValue(b.decl().value().quantity().expr());
    }

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
                double value = l.source() != null ? slots[vertices.get(l.source()).slot()] : l.value();
                slots[l.slot()] = change != null && change.slot() == l.slot() ? change.apply(value) : value;
            }
            double given = fixed == null ? Double.NaN : fixed[v.slot()];
            double value = !Double.isNaN(given) ? given : run(v, slots);
            slots[v.slot()] = change != null && change.slot() == v.slot() ? change.apply(value) : value;
        }
        return slots;
    }

    /**
     * A vertex's value; NaN where it faults: a change the diagnosis tries (a factor left out, a
     * constant swapped), varied inputs or a learner's earlier answer can make a divisor zero
     * ({@code chunks / steps} with {@code steps} zero), and such a change gives no number to match.
     */
    private static double run(Vertex v, double[] slots) {
        try {
            return v.code().run(slots, NO_FRAME);
        } catch (dev.chain.eval.Fault e) {
            return Double.NaN;
        }
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

    /** Whether {@code b}'s value depends on {@code on}'s. */
    boolean dependsOn(BindingInfo b, BindingInfo on) {
        Vertex v = vertices.get(b);
        if (v == null) {
            return false;
        }
        for (Leaf l : v.leaves()) {
            if (l.source() == on || l.source() != null && dependsOn(l.source(), on)) {
                return true;
            }
        }
        return false;
    }

    /**
     * How many formulas down from {@code b}'s {@code on} is: 0 for {@code b} itself, 1 for a binding
     * its formula names, and so on by the shortest way; -1 where {@code b} does not depend on it.
     */
    int depth(BindingInfo b, BindingInfo on) {
        if (b == on) {
            return 0;
        }
        Vertex v = vertices.get(b);
        int best = -1;
        if (v != null) {
            for (Leaf l : v.leaves()) {
                int below = l.source() == null ? -1 : depth(l.source(), on);
                if (below >= 0 && (best < 0 || below + 1 < best)) {
                    best = below + 1;
                }
            }
        }
        return best;
    }

    Dimension dimension(BindingInfo b) {
        return b.dimension();
    }
}
