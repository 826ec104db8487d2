package dev.chain.drill;

import dev.chain.ast.Annotation;
import dev.chain.ast.Expr;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.eval.Compiler;
import dev.chain.units.Dimension;
import java.util.List;
import java.util.Map;

/**
 * A chain's {@code @tolerance(1%)} and {@code @mistake("words", expr)} annotations, as the drill
 * reads them; the checker proved their form and dimensions ({@code Checker}), so what is here is
 * known to be well made.
 */
final class Annotations {
    private Annotations() {}

    /**
     * Reads the chain's annotations: each step's tolerance by its slot, its declared mistakes, and
     * where each mistake is written ({@code written}, for the checker's error at it).
     */
    static void read(Graph graph, Tolerance[] tolerances, List<Diagnosis.Declared> declared,
                     Map<Diagnosis.Declared, Expr> written) {
        CheckedProgram chain = graph.chain();
        for (BindingInfo b : chain.bindings()) {
            for (Annotation a : b.decl().annotations()) {
                if (a.name().equals("tolerance") && a.values().size() == 1 && a.values().get(0) != null) {
                    Expr e = a.values().get(0);
                    Double amount = chain.constantValue(e);
                    Dimension d = chain.type(e);
                    if (amount != null && d != null) {
                        tolerances[b.slot()] = new Tolerance(d.isNone(), amount);
                    }
                } else if (a.name().equals("mistake") && a.values().size() == 2 && a.values().get(1) != null) {
                    Expr e = a.values().get(1);
                    if (chain.type(e) != null) {
                        dev.chain.eval.Node formula = Compiler.expression(chain, graph.linker(), e, (w, compiled) -> compiled);
                        Diagnosis.Declared d = new Diagnosis.Declared(b.slot(), a.args().get(0), Graph.of(formula), formula);
                        declared.add(d);
                        written.put(d, e);
                    }
                }
            }
        }
    }
}
