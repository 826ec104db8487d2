package dev.chain.session.repl;

import dev.chain.check.BindingInfo;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.CheckResult;
import dev.chain.render.CheckText;
import dev.chain.render.FigureMarkdown;
import dev.chain.render.SweepReport;
import dev.chain.render.Values;
import dev.chain.session.Engine;
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

    static Reply run(Engine engine, SessionState state, List<ModuleSweep.Over> overs, List<String> shows) {
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
        ModuleSet.Rebound firstChain = null;
        List<BindingInfo> firstShown = null;
        for (List<ModuleChoice.Binding> bound : ModuleChoice.alternatives(each)) {
            Diagnostics problems = new Diagnostics();
            ModuleSet.Rebound rebound = ModuleSet.rebind(engine, state, bound, problems);
            List<BindingInfo> shown = rebound == null ? null : ModuleSweep.shown(rebound.chain().program(), shows, ":sweep", problems);
            if (shown == null) {
                return Reply.failure(problems.all());
            }
            Values values = rebound.chain().values(rebound.evaluation());
            List<String> names = new ArrayList<>();
            List<String> at = new ArrayList<>();
            for (ModuleChoice.Binding b : bound) {
                names.add(ModuleSweep.label(rebound.chain().program(), b));
                at.add(b.alias() + " = " + b.module());
            }
            labels.add(names);
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
            CheckText text = new CheckText(rebound.chain().program(), values);
            for (CheckResult r : rebound.evaluation().checks()) {
                if (!r.passed()) {
                    failures.add(Reply.Style.FAILED, "✗ check " + CheckText.source(r) + ": " + text.outcome(r)
                            + ", with " + String.join(", ", at));
                }
            }
            if (first == null) {
                first = values;
                firstChain = rebound;
                firstShown = shown;
            }
        }
        List<List<String>> rows = new FigureMarkdown(firstChain.chain().program(), first).moduleTableRows(aliases, labels,
                List.of(), firstShown, points.toArray(new double[0][]), ranged ? lows.toArray(new double[0][]) : null,
                ranged ? highs.toArray(new double[0][]) : null, false);
        Reply.Builder out = new Reply.Builder();
        for (String line : SweepReport.aligned(rows, FigureMarkdown.moduleLabels(aliases, List.of(), firstShown)).split("\n")) {
            out.add(Reply.Style.RESULT, line);
        }
        return out.build().then(failures.build());
    }
}
