package dev.chain.check;

import dev.chain.ast.Steps;
import dev.chain.ast.Stmt;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The bindings the checker has not reached yet, by name (the first binding of each name): what a
 * name that is not defined yet may mean, for "used before it is defined" and did-you-mean. Only a
 * mistake asks, so the table is built on the first question rather than up front, which in a
 * chain of a million statements cost two hash operations per binding for nothing.
 */
final class LaterBindings {
    private final List<Stmt> statements;
    /** Built on the first question; null until then. */
    private Map<String, Stmt.Binding> later;
    /** Until the table is built: the last binding the checker began, in file order. */
    private Stmt.Binding lastBegun;

    LaterBindings(List<Stmt> statements) {
        this.statements = statements;
    }

    /** The checker begins a binding: from now on it is not "later". Bindings begin in file order. */
    void begin(Stmt.Binding binding) {
        if (later == null) {
            lastBegun = binding;
        } else {
            later.remove(binding.name(), binding);
        }
    }

    Stmt.Binding get(String name) {
        return table().get(name);
    }

    boolean containsKey(String name) {
        return table().containsKey(name);
    }

    Set<String> names() {
        return table().keySet();
    }

    private Map<String, Stmt.Binding> table() {
        if (later == null) {
            later = new HashMap<>();
            firstOfEachName(statements);
            if (lastBegun != null) {
                removeBegun(statements);
            }
        }
        return later;
    }

    private void firstOfEachName(List<Stmt> list) {
        Steps.walk(list, new Steps.Visitor() {
            @Override
            public void group(Stmt.Group g) {
                firstOfEachName(g.members());
            }

            @Override
            public void binding(Stmt.Binding b) {
                later.putIfAbsent(b.name(), b);
            }

            @Override
            public void check(Stmt.Check c) {}
        });
    }

    /** Takes out the bindings up to and including lastBegun, which bindings begin in file order. */
    private void removeBegun(List<Stmt> list) {
        Steps.walk(list, new Steps.Visitor() {
            private boolean passed;

            @Override
            public void group(Stmt.Group g) {
                Steps.walk(g.members(), this);
            }

            @Override
            public void binding(Stmt.Binding b) {
                if (!passed) {
                    later.remove(b.name(), b);
                    passed = b == lastBegun;
                }
            }

            @Override
            public void check(Stmt.Check c) {}
        });
    }
}
