package dev.chain.check;

import dev.chain.ast.Expr;
import dev.chain.ast.UnitRef;
import dev.chain.source.SourceFile;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * What the checker learned about each syntax node, kept in arrays indexed by the node's id when
 * the node comes from the program's own source. An identity map would do the same, but at a
 * million statements its table is hundreds of megabytes written at random places, which the
 * garbage collector rescans on every young collection; these arrays are written almost in order.
 * Nodes from other sources (the REPL re-checks earlier inputs with each new one) go to a map.
 *
 * <p>The arrays are pages made when first written, so the table need not know how many nodes
 * there will be: the REPL's session source grows as lines are typed.
 */
final class NodeTable<V> {
    private static final int PAGE_BITS = 12;
    private static final int PAGE_MASK = (1 << PAGE_BITS) - 1;

    private final SourceFile source;
    private Object[][] pages;
    private Map<Object, V> others;

    NodeTable(SourceFile source) {
        this.source = source;
        this.pages = new Object[16][];
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
            if (id >>> PAGE_BITS >= pages.length) {
                pages = java.util.Arrays.copyOf(pages, Math.max(pages.length * 2, (id >>> PAGE_BITS) + 1));
            }
            Object[] page = pages[id >>> PAGE_BITS];
            if (page == null) {
                page = new Object[1 << PAGE_BITS];
                pages[id >>> PAGE_BITS] = page;
            }
            page[id & PAGE_MASK] = value;
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
            Object[] page = id >>> PAGE_BITS < pages.length ? pages[id >>> PAGE_BITS] : null;
            return page == null ? null : (V) page[id & PAGE_MASK];
        }
        return others == null ? null : others.get(node);
    }
}
