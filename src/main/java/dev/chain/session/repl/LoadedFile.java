package dev.chain.session.repl;

import dev.chain.ast.Steps;
import dev.chain.ast.Stmt;
import dev.chain.source.SourceFile;
import java.util.ArrayList;
import java.util.List;

/**
 * A chain file loaded with {@code :load}: its statements, and its steps in the order {@code :step}
 * walks them (every binding and check, groups flattened).
 */
record LoadedFile(SourceFile source, List<Stmt> statements, List<Step> steps) {
    LoadedFile {
        statements = List.copyOf(statements);
        steps = List.copyOf(steps);
    }

    /**
     * One step: a binding or a check, with the group it sits in. {@code first} marks the first
     * step of its group, before which the group's label is shown; {@code width} is the longest
     * binding name of the group, to align the {@code =} signs as {@code chain run} does.
     */
    record Step(Stmt stmt, Stmt.Group group, boolean first, int width) {}

    static LoadedFile of(SourceFile source, List<Stmt> statements) {
        List<Step> steps = new ArrayList<>();
        Steps.walk(statements, new Steps.Visitor() {
            @Override
            public void group(Stmt.Group g) {
                int width = Steps.nameWidth(g.members());
                boolean first = true;
                for (Stmt m : g.members()) {
                    steps.add(new Step(m, g, first, width));
                    first = false;
                }
            }

            @Override
            public void binding(Stmt.Binding b) {
                steps.add(new Step(b, null, false, b.name().length()));
            }

            @Override
            public void check(Stmt.Check c) {
                steps.add(new Step(c, null, false, 0));
            }
        });
        return new LoadedFile(source, statements, steps);
    }
}
