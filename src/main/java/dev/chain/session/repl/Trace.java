package dev.chain.session.repl;

import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.render.FormulaPrinter;
import dev.chain.render.BindingValues;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The derivation tree of a value, back to its inputs, each node with its formula and value:
 * <pre>
 * floor = (weights + kv) / gpu.hbm_bandwidth = 15.05 ms
 * ├─ weights = model.params * 2 B/param = 16.06 GB
 * │  └─ model.params = 8,030,261,248 param  (llama31_8b)
 * </pre>
 * The tree stops at a module's values (trace {@code llama31_8b.params} to go inside one), and a
 * value met a second time is shown without its subtree. It also stops {@value #MAX_DEPTH} levels
 * down, at a value whose own trace goes on: each level indents by three columns, so a chain of
 * 3,000 steps, each from the one before, printed 13.6 MB of indentation. The output is now at
 * most a line per value, each at most {@value #MAX_DEPTH} levels in.
 */
final class Trace {
    /** Deeper than any card's derivation (theirs are under ten); a line then starts within 60 columns. */
    static final int MAX_DEPTH = 20;

    private final BindingValues values;
    private final Set<BindingInfo> overridden;
    private final Set<BindingInfo> expanded = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Reply.Line> lines = new ArrayList<>();

    /** @param overridden inputs changed with {@code :set} */
    private Trace(BindingValues values, Set<BindingInfo> overridden) {
        this.values = values;
        this.overridden = overridden;
    }

    static List<Reply.Line> of(String name, BindingInfo root, BindingValues values, Set<BindingInfo> overridden) {
        Trace t = new Trace(values, overridden);
        t.node(name, root, root, "", "", 0);
        return t.lines;
    }

    private void node(String name, BindingInfo b, BindingInfo root, String lead, String childLead, int depth) {
        boolean foreign = b.owner() != root.owner();
        boolean again = !foreign && expanded.contains(b);
        Map<BindingInfo, String> children = foreign || again ? Map.of() : Dependencies.of(b);
        boolean deep = depth == MAX_DEPTH && !children.isEmpty();
        if (deep) {
            children = Map.of(); // not marked expanded: met again higher up, it is shown in full there
        } else if (!foreign) {
            expanded.add(b);
        }
        StringBuilder text = new StringBuilder(lead).append(name).append(" = ");
        if (b.isText()) {
            text.append('"').append(b.text()).append('"');
        } else {
            Value.QuantityValue q = b.decl().value().quantity();
            if (!b.input() && !foreign && !again && q != null) {
                text.append(new FormulaPrinter(b.owner(), null, " * ").print(q.expr())).append(" = ");
            }
            text.append(values.text(b));
        }
        String note = foreign ? b.owner().moduleName()
                : again ? "above"
                : deep ? ":trace " + name + " for what it comes from"
                : b.name().equals(ReplSession.LAST_VALUE) ? "the last value"
                : b.input() ? (overridden.contains(b) ? "input, changed with :set" : "input")
                : null;
        if (note != null) {
            text.append("  (").append(note).append(')');
        }
        lines.add(new Reply.Line(Reply.Style.STEP, text.toString()));
        int i = 0;
        for (Map.Entry<BindingInfo, String> child : children.entrySet()) {
            boolean last = ++i == children.size();
            node(child.getValue(), child.getKey(), root, childLead + (last ? "└─ " : "├─ "), childLead + (last ? "   " : "│  "),
                    depth + 1);
        }
    }
}
