package dev.chain.drill;

import dev.chain.units.Dimension;
import java.util.ArrayList;
import java.util.List;

/**
 * A drill read from data, not from a checked program: the graph's vertices and leaves, the modules'
 * constants, the declared mistakes and the steps, each formula a {@link Graph.Code} handed in. The
 * explorable page's practice mode (the second script, chain-practice.js) builds one from its model
 * and grades with the same {@link Grader} and {@link Diagnosis} as {@code chain drill}; a formula's
 * code there is a call into the page's script, which holds the evaluator.
 *
 * <p>Built in order: {@link #vertex}, then that vertex's {@link #leaf}s, vertex by vertex in an order
 * where each comes after those its formula names; then {@link #grader}.
 */
public final class Practice {
    private final int size;
    private final int chainSize;
    private final List<Graph.Vertex> order = new ArrayList<>();
    private final List<Graph.Constant> constants = new ArrayList<>();
    private final List<Diagnosis.Declared> declared = new ArrayList<>();
    private final Step[] steps;
    private Grader grader;
    private Graph graph;

    /** A drill of {@code size} slots, the first {@code chainSize} the chain's own bindings. */
    public Practice(int size, int chainSize) {
        this.size = size;
        this.chainSize = chainSize;
        this.steps = new Step[chainSize];
    }

    /** How many of the slots are the chain's own bindings. */
    public int chainSize() {
        return chainSize;
    }

    /** A binding of the derivation at {@code slot}, named as a message names it, whose value {@code code} gives. */
    public void vertex(int slot, String name, Dimension dimension, Graph.Code code) {
        order.add(new Graph.Vertex(slot, name, dimension, code, new ArrayList<>()));
    }

    /**
     * A leaf of the last vertex's formula ({@link Leaf}); {@code role} is 0 for a factor, 1 a divisor,
     * 2 a term, 3 any other; {@code swapShown} null where no constant may be swapped for it.
     */
    public void leaf(int slot, int source, double value, Dimension dimension, int role, String text,
                     double swapOwn, String swapShown) {
        Graph.Vertex v = order.get(order.size() - 1);
        v.leaves().add(new Leaf(slot, source, value, dimension, Leaf.Role.values()[role], v.slot(), text,
                swapShown == null ? null : new Leaf.Swap(swapOwn, swapShown)));
    }

    /** A module's constant a leaf of its dimension may have been swapped for. */
    public void constant(String name, double value, Dimension dimension, String shown) {
        constants.add(new Graph.Constant(name, value, dimension, shown));
    }

    /** A mistake the author declared on the binding at {@code slot} ({@code @mistake}). */
    public void declared(int slot, String words, Graph.Code code) {
        declared.add(new Diagnosis.Declared(slot, words, code, null));
    }

    /** A step the learner may answer. */
    public void step(Step step) {
        steps[step.slot()] = step;
    }

    /** The step at the chain's slot {@code slot}; null where that binding is no step. */
    public Step step(int slot) {
        return slot >= 0 && slot < steps.length ? steps[slot] : null;
    }

    /** Every binding's value by the chain's slot at the chain's own inputs. */
    public double[] values() {
        double[] all = graph().evaluate(null, null);
        double[] out = new double[chainSize];
        System.arraycopy(all, 0, out, 0, chainSize);
        return out;
    }

    /**
     * Grades an answer to the step at {@code slot}, given the learner's earlier answers (their steps'
     * slots and values, read, of their dimension), at the chain's own inputs.
     */
    public Grade grade(int slot, Answer answer, int[] earlierSlots, double[] earlierValues, Units units) {
        if (grader == null) {
            Tolerance[] tolerances = new Tolerance[chainSize];
            for (Step s : steps) {
                if (s != null) {
                    tolerances[s.slot()] = s.tolerance();
                }
            }
            grader = new Grader(graph(), units, tolerances, declared);
        }
        return grader.grade(steps[slot], answer, earlierSlots, earlierValues, grader.fixed(null));
    }

    private Graph graph() {
        if (graph == null) {
            graph = new Graph(size, chainSize, order, constants);
        }
        return graph;
    }
}
