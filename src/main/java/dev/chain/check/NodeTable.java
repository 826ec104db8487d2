package dev.chain.check;

import dev.chain.ast.Expr;
import dev.chain.ast.UnitRef;
import dev.chain.source.SourceFile;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What the checker learned about each syntax node, kept in an array indexed by the node's id when
 * the node comes from the program's own source. An identity map would do the same, but at a
 * million statements its table is hundreds of megabytes written at random places, which the
 * garbage collector rescans on every young collection; this array is written almost in order.
 * It is sized for the nodes the source has when checking starts (a file is parsed whole first),
 * so a site of thousands of small chains allocates no more than it uses. Nodes from other
 * sources (the REPL re-checks earlier inputs with each new one) go to a map.
 */
final class NodeTable<V> {
    private final SourceFile source;
    private Object[] values;
    private Map<Object, V> others;

    NodeTable(SourceFile source) {
        this.source = source;
        this.values = new Object[Math.max(16, source.nodeCount())];
    }

    void put(Expr node, V value) {
        put(node, node.span().file(), node.id(), value);
    }

    void put(UnitRef node, V value) {
        put(node, node.span().file(), node.id(), value);
    }

    V get(Expr node) {
        return get(node, node.span().file(), node.id());
    }

    V get(UnitRef node) {
        return get(node, node.span().file(), node.id());
    }

    private void put(Object node, SourceFile from, int id, V value) {
        if (from == source) {
            if (id >= values.length) {
                values = java.util.Arrays.copyOf(values, Math.max(values.length * 2, id + 1));
            }
            values[id] = value;
        } else {
            if (others == null) {
                others = new IdentityHashMap<>();
            }
            others.put(node, value);
        }
    }

    @SuppressWarnings("unchecked")
    private V get(Object node, SourceFile from, int id) {
        if (from == source) {
            return id < values.length ? (V) values[id] : null;
        }
        return others == null ? null : others.get(node);
    }
}
