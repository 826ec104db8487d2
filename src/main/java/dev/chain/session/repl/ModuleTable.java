package dev.chain.session.repl;

import dev.chain.ast.Clause;
import dev.chain.check.BindingInfo;
import dev.chain.check.FigureSpec;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.CheckResult;
import dev.chain.eval.Sweep;
import dev.chain.render.CheckText;
import dev.chain.render.FigureMarkdown;
import dev.chain.render.SweepReport;
import dev.chain.render.Values;
import dev.chain.session.AdHocSweep;
import dev.chain.session.Engine;
import dev.chain.session.LoadedChain;
import dev.chain.session.ModuleChoice;
import dev.chain.session.ModuleSweep;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code :sweep gpu=h100_sxm,b200 floor}: the session on each module in turn, as {@code chain sweep
 * --over gpu=...} runs a file on each (issue 29), a row per module (a matrix for two aliases: GPUs
 * down, models across), each row's label the module's {@code name}. Each is the session rebound as
 * {@code :set gpu=...} rebinds it ({@link ModuleSet#rebind}), with the inputs set before; nothing of
 * it stays in the session.
 */
final class ModuleTable {
    private ModuleTable() {}

    /**
     * The table: a row per module (or pair of them), and with {@code others} (an input and its
     * points) a row per point of each, as {@code chain sweep --over gpu=h100_sxm,b200 --over batch=1,64} prints it.
     */
    static Reply run(Engine engine, SessionState state, List<ModuleSweep.Over> overs, List<Clause.For> others, Clause.Show show) {
        List<List<ModuleChoice.Binding>> each = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        for (ModuleSweep.Over over : overs) {
            each.add(over.modules());
            aliases.add(over.alias());
        }
        List<List<String>> labels = new ArrayList<>();
        List<double[]> points = new ArrayList<>();
        List<double[]> lows = new ArrayList<>();
        List<double[]> highs = new ArrayList<>();
        boolean ranged = false;
        Reply.Builder failures = new Reply.Builder();
        Values first = null;
        LoadedChain firstChain = null;
        List<BindingInfo> firstShown = null;
        List<FigureSpec.Axis> axes = List.of();
        for (List<ModuleChoice.Binding> bound : ModuleChoice.alternatives(each)) {
            Diagnostics problems = new Diagnostics();
            ModuleSet.Rebound rebound = ModuleSet.rebind(engine, state, bound, problems);
            if (rebound == null) {
                return Reply.failure(problems.all());
            }
            List<String> names = new ArrayList<>();
            List<String> at = new ArrayList<>();
            for (ModuleChoice.Binding b : bound) {
                names.add(ModuleChoice.label(rebound.chain().program(), b));
                at.add(b.alias() + " = " + b.module());
            }
            String with = ", with " + String.join(", ", at);
            labels.add(names);
            LoadedChain chain = rebound.chain();
            Values values;
            List<BindingInfo> shown;
            if (others.isEmpty()) {
                values = chain.values(rebound.evaluation());
                shown = ModuleSweep.shown(chain.program(), show, problems);
                if (shown == null) {
                    return Reply.failure(problems.all());
                }
                double[] point = new double[shown.size()];
                double[] low = new double[shown.size()];
                double[] high = new double[shown.size()];
                for (int v = 0; v < point.length; v++) {
                    point[v] = values.valueOf(shown.get(v));
                    low[v] = Double.isNaN(values.lowOf(shown.get(v))) ? point[v] : values.lowOf(shown.get(v));
                    high[v] = Double.isNaN(values.highOf(shown.get(v))) ? point[v] : values.highOf(shown.get(v));
                    ranged |= low[v] < high[v];
                }
                points.add(point);
                lows.add(low);
                highs.add(high);
                CheckText text = new CheckText(chain.program(), values);
                for (CheckResult r : rebound.evaluation().checks()) {
                    if (!r.passed()) {
                        failures.add(Reply.Style.FAILED, "✗ check " + CheckText.source(r) + ": " + text.outcome(r) + with);
                    }
                }
            } else {
                // The other input swept on this module, as :sweep sweeps it on the session's own.
                List<Clause> clauses = new ArrayList<>(others);
                clauses.add(show);
                AdHocSweep.Prepared prepared = AdHocSweep.prepare(engine, rebound.file(), true, clauses, problems);
                if (prepared == null) {
                    return Reply.failure(problems.all());
                }
                chain = prepared.chain();
                Sweep sweep;
                try {
                    values = chain.values(chain.evaluate(rebound.overrides()));
                    sweep = prepared.run(rebound.overrides());
                } catch (ChainException e) {
                    return Reply.failure(e.diagnostics());
                }
                for (int p = 0; p < sweep.size(); p++) {
                    points.add(sweep.values()[p]);
                    lows.add(sweep.ranged() ? sweep.lows()[p] : sweep.values()[p]);
                    highs.add(sweep.ranged() ? sweep.highs()[p] : sweep.values()[p]);
                }
                ranged |= sweep.ranged();
                for (Sweep.Unevaluated u : sweep.unevaluated()) { // its cells show —
                    failures.add(Reply.Style.FAILED, "✗ " + u.first().message() + ", " + sweep.pointsText(u.points(), chain.formatter())
                            + with);
                }
                CheckText text = new CheckText(chain.program(), values);
                for (Sweep.Failure f : sweep.failures()) {
                    failures.add(Reply.Style.FAILED, "✗ check " + CheckText.source(f.first()) + " "
                            + text.sweepFailure(f, sweep).message().substring("check ".length()) + with);
                }
                axes = first == null ? prepared.figure().axes() : axes; // the first alternative's, as its values are
                shown = prepared.figure().shown();
            }
            if (first == null) {
                first = values;
                firstChain = chain;
                firstShown = shown;
            }
        }
        List<List<String>> rows = new FigureMarkdown(firstChain.program(), first).moduleTableRows(aliases, labels,
                axes, firstShown, points.toArray(new double[0][]), ranged ? lows.toArray(new double[0][]) : null,
                ranged ? highs.toArray(new double[0][]) : null, false);
        Reply.Builder out = new Reply.Builder();
        for (String line : SweepReport.aligned(rows, FigureMarkdown.moduleLabels(aliases, axes, firstShown)).split("\n")) {
            out.add(Reply.Style.RESULT, line);
        }
        return out.build().then(failures.build());
    }
}
