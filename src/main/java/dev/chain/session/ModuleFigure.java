package dev.chain.session;

import dev.chain.check.FigureInfo;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.Inputs;
import dev.chain.eval.Sweep;
import dev.chain.render.CheckText;
import java.util.ArrayList;
import java.util.List;

/**
 * A table of a chain file over modules, {@code for gpu in h100_sxm, h200_sxm, b200} (issue 29
 * item 1): each module (or pair, for two aliases) is the chain run again with the alias bound to
 * it ({@link ModuleChoice}), the figure's other input swept in it as any figure's is; the table
 * collects each module's points in turn, with the modules' names as its rows' labels.
 */
final class ModuleFigure {
    private ModuleFigure() {}

    /**
     * The figure's values over its modules. A module that is none, or lacks a value the chain
     * reads, a point without a value and a check of the figure that fails are diagnostics, each
     * naming the module; the first two stop the figure.
     *
     * @throws ChainException when the figure cannot be drawn (its reasons are in {@code diagnostics} already)
     */
    static Sweep run(Engine engine, Parsed parsed, List<String> overrides, boolean skipUnknown, FigureInfo figure,
                     Diagnostics diagnostics) {
        List<List<ModuleChoice.Binding>> each = new ArrayList<>();
        for (FigureInfo.ModuleAxis axis : figure.modules()) {
            List<ModuleChoice.Binding> modules = new ArrayList<>();
            for (int m = 0; m < axis.modules().size(); m++) {
                modules.add(new ModuleChoice.Binding(axis.alias(), axis.modules().get(m), axis.spans().get(m)));
            }
            each.add(modules);
        }
        List<List<ModuleChoice.Binding>> alternatives = ModuleChoice.alternatives(each);
        List<List<String>> labels = new ArrayList<>();
        List<double[]> points = new ArrayList<>();
        List<double[]> lows = new ArrayList<>(); // each point's ends over the inputs' ranges (its value where there are none)
        List<double[]> highs = new ArrayList<>();
        boolean ranged = false;
        for (List<ModuleChoice.Binding> bound : alternatives) {
            ChainRun run = ChainRun.execute(engine, parsed, overrides, skipUnknown, bound, false);
            if (run.chain() == null || run.evaluation() == null) {
                run.diagnostics().forEach(diagnostics::add);
                throw new ChainException(List.of());
            }
            LoadedChain chain = run.chain();
            FigureInfo own = chain.program().figures().get(figure.index());
            Inputs values = chain.overrides(overrides, skipUnknown, new Diagnostics());
            Sweep sweep = Sweep.figure(chain.code(), own, values);
            String with = "with " + ModuleSweep.at(bound);
            for (Sweep.Unevaluated u : sweep.unevaluated()) {
                diagnostics.add(sweep.unevaluatedDiagnostic(u, chain.formatter()).withNote(with));
            }
            if (!sweep.complete()) {
                throw new ChainException(List.of());
            }
            CheckText text = new CheckText(chain.program(), run);
            for (Sweep.Failure f : sweep.failures()) {
                Diagnostic failure = text.sweepFailure(f, sweep);
                diagnostics.add(failure.withNote(with));
            }
            List<String> names = new ArrayList<>();
            for (ModuleChoice.Binding b : bound) {
                names.add(ModuleSweep.label(chain.program(), b));
            }
            labels.add(names);
            ranged |= sweep.ranged();
            for (int p = 0; p < sweep.size(); p++) {
                points.add(sweep.values()[p]);
                lows.add(sweep.ranged() ? sweep.lows()[p] : sweep.values()[p]);
                highs.add(sweep.ranged() ? sweep.highs()[p] : sweep.values()[p]);
            }
        }
        return new Sweep(figure.axes(), figure.shown(), points.toArray(new double[0][]), List.of(), new double[0][], List.of(),
                labels, ranged ? lows.toArray(new double[0][]) : null, ranged ? highs.toArray(new double[0][]) : null, List.of());
    }
}
