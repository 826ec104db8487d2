package dev.chain.session;

import dev.chain.ast.Clause;
import dev.chain.ast.Domain;
import dev.chain.ast.Expr;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureSpec;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.diag.Suggestions;
import dev.chain.eval.Inputs;
import dev.chain.eval.Sweep;
import dev.chain.render.CheckText;
import dev.chain.render.Values;
import java.util.ArrayList;
import java.util.List;

/**
 * A sweep over modules, {@code chain sweep --over gpu=h100_sxm,h200_sxm,b200} (issue 29 item 1):
 * each alternative (a module, or a pair of them for a grid of two aliases) is the chain run with
 * that alias bound ({@link ModuleChoice}, as {@code --set gpu=...}), swept over the other inputs
 * if any are given, as any {@code chain sweep} is; the table collects each alternative's values.
 */
public final class ModuleSweep {
    /** An alias and the modules it takes, as {@code --over gpu=...} lists them. */
    public record Over(String alias, List<ModuleChoice.Binding> modules) {}

    /**
     * The table: a row per point of each alternative in turn (the first alias slowest).
     *
     * @param labels   each alternative's modules as its rows show them: the module's {@code name}
     * @param first    the first alternative's values, which choose each column's unit
     * @param axes     the other inputs swept (the first alternative's), empty when none is
     * @param points   {@code [point][value]}, every alternative's in turn
     * @param warnings failed checks and points without a value, each saying at which modules
     * @param lows     where inputs are ranges, each point's values' lowest over their box (its value
     *                 where it is no range), {@code highs} their highest; both null without ranges
     */
    public record Table(List<String> aliases, List<List<String>> labels, CheckedProgram program, Values first,
                        List<FigureSpec.Axis> axes, List<BindingInfo> shown, double[][] points, List<Diagnostic> warnings,
                        List<List<String>> modules, List<List<String>> warnedWith, double[][] lows, double[][] highs) {}

    private ModuleSweep() {}

    /**
     * The {@code overs} whose name is the alias of a {@code use} of {@code program}, their points
     * read as modules ({@code --over gpu=h100_sxm,b200}, as a figure's {@code for gpu in h100_sxm, b200});
     * a point that is no module's name, or a range, is reported.
     */
    public static List<Over> overs(CheckedProgram program, List<Clause.For> overs, Diagnostics diagnostics) {
        List<Over> found = new ArrayList<>();
        for (Clause.For over : overs) {
            String alias = over.name().name().toString();
            if (program.use(alias) == null) {
                continue;
            }
            if (!(over.domain() instanceof Domain.Points points)) {
                diagnostics.add(Diagnostic.error(over.domain().span(), "`" + alias + "` takes modules, not a range")
                        .withHint("list them by name: " + alias + "=" + program.use(alias).module() + ",..."));
                continue;
            }
            List<ModuleChoice.Binding> modules = new ArrayList<>();
            for (Expr point : points.points()) { // one that is no module's name (1, a.b) is said so when bound
                modules.add(new ModuleChoice.Binding(alias, point.span().text(), point.span()));
            }
            found.add(new Over(alias, modules));
        }
        return found;
    }

    /**
     * Runs every alternative of {@code modules} (with {@code others}, the numeric {@code --over}s,
     * swept in each); null after adding diagnostics: a module that is none or lacks a value the
     * chain reads (errors of the file: {@code fileErrors} is then set), or a wrong option.
     */
    public static Table run(Engine engine, Parsed parsed, List<Over> modules, List<Clause.For> others, Clause.Show shows,
                            List<String> sets, Diagnostics diagnostics, boolean[] fileErrors) {
        List<List<ModuleChoice.Binding>> each = new ArrayList<>();
        for (Over over : modules) {
            each.add(over.modules());
        }
        List<List<ModuleChoice.Binding>> alternatives = ModuleChoice.alternatives(each);
        List<String> aliases = new ArrayList<>();
        for (Over over : modules) {
            aliases.add(over.alias());
        }
        List<List<String>> labels = new ArrayList<>();
        List<double[]> points = new ArrayList<>();
        List<double[]> lows = new ArrayList<>(); // over the inputs' ranges: each point's ends (its values where there are none)
        List<double[]> highs = new ArrayList<>();
        boolean ranged = false;
        List<Diagnostic> warnings = new ArrayList<>();
        List<List<String>> chosen = new ArrayList<>();
        List<List<String>> warnedWith = new ArrayList<>();
        Table first = null;
        for (List<ModuleChoice.Binding> bound : alternatives) {
            ChainRun run = ChainRun.rebinder(engine, parsed, sets, List.of(), false).bind(bound); // its own figures are not asked for
            if (run.chain() == null || run.status() == ChainRun.Status.BAD_OVERRIDE || run.status() == ChainRun.Status.ERRORS) {
                run.diagnostics().forEach(diagnostics::add);
                fileErrors[0] = run.status() != ChainRun.Status.BAD_OVERRIDE;
                return null;
            }
            LoadedChain chain = run.chain();
            String where = ModuleChoice.where(bound);
            List<String> names = new ArrayList<>();
            List<String> modulesBound = new ArrayList<>();
            for (ModuleChoice.Binding b : bound) {
                names.add(ModuleChoice.label(chain.program(), b));
                modulesBound.add(b.module());
            }
            chosen.add(modulesBound);
            Inputs overrides = chain.overrides(sets, false, new Diagnostics());
            List<FigureSpec.Axis> axes = List.of();
            List<BindingInfo> shown;
            Values values = run;
            if (others.isEmpty()) {
                shown = shown(chain.program(), shows, diagnostics);
                if (shown == null) {
                    return null;
                }
                double[] point = new double[shown.size()];
                double[] low = new double[shown.size()];
                double[] high = new double[shown.size()];
                for (int v = 0; v < point.length; v++) {
                    point[v] = run.valueOf(shown.get(v));
                    boolean range = !Double.isNaN(run.lowOf(shown.get(v)));
                    ranged |= range;
                    low[v] = range ? run.lowOf(shown.get(v)) : point[v];
                    high[v] = range ? run.highOf(shown.get(v)) : point[v];
                }
                points.add(point);
                lows.add(low);
                highs.add(high);
                CheckText text = new CheckText(chain.program(), run);
                for (dev.chain.eval.CheckResult r : run.evaluation().checks()) {
                    if (!r.passed()) {
                        warnings.add(text.failure(r).asWarning().withNote("with " + where));
                    }
                }
                labels.add(names);
            } else {
                List<Clause> clauses = new ArrayList<>(others);
                clauses.add(shows);
                AdHocSweep.Prepared prepared = AdHocSweep.prepare(engine, chain.program().file(), false, clauses, diagnostics);
                if (prepared == null) {
                    return null;
                }
                Sweep sweep;
                dev.chain.eval.Evaluation own;
                LoadedChain swept = prepared.chain();
                try {
                    own = swept.evaluate(overrides);
                    sweep = prepared.run(overrides);
                } catch (ChainException e) {
                    e.diagnostics().forEach(diagnostics::add);
                    fileErrors[0] = true;
                    return null;
                }
                values = swept.values(own);
                for (Sweep.Unevaluated u : sweep.unevaluated()) {
                    warnings.add(sweep.unevaluatedDiagnostic(u, swept.formatter()).asWarning().withNote("with " + where));
                }
                CheckText text = new CheckText(swept.program(), values);
                for (Sweep.Failure f : sweep.failures()) {
                    warnings.add(text.sweepFailure(f, sweep).asWarning().withNote("with " + where));
                }
                ranged |= sweep.ranged();
                for (int p = 0; p < sweep.size(); p++) {
                    points.add(sweep.values()[p]);
                    lows.add(sweep.ranged() ? sweep.lows()[p] : sweep.values()[p]);
                    highs.add(sweep.ranged() ? sweep.highs()[p] : sweep.values()[p]);
                }
                axes = prepared.figure().axes();
                shown = prepared.figure().shown();
                labels.add(names);
                chain = swept;
            }
            while (warnedWith.size() < warnings.size()) {
                warnedWith.add(modulesBound);
            }
            if (first == null) {
                first = new Table(aliases, labels, chain.program(), values, axes, shown, null, warnings, chosen, warnedWith, null, null);
            }
        }
        return new Table(aliases, labels, first.program(), first.first(), first.axes(), first.shown(),
                points.toArray(new double[0][]), warnings, chosen, warnedWith, ranged ? lows.toArray(new double[0][]) : null,
                ranged ? highs.toArray(new double[0][]) : null);
    }

    /** The values {@code show} names, when no other input is swept (a figure's checker reads them otherwise). */
    public static List<BindingInfo> shown(CheckedProgram program, Clause.Show show, Diagnostics diagnostics) {
        List<BindingInfo> shown = new ArrayList<>();
        for (Expr.NameRef name : show.names()) {
            String written = name.name().toString();
            BindingInfo b = program.binding(written);
            if (b == null || b.isText()) {
                List<String> known = new ArrayList<>();
                for (BindingInfo k : program.bindings()) {
                    if (!k.isText()) {
                        known.add(k.name());
                    }
                }
                Diagnostic d = Diagnostic.error(name.span(), b == null ? "unknown name `" + written + "`"
                        : "`" + written + "` is text; a table shows quantities");
                List<String> close = Suggestions.closest(written, known, 3);
                diagnostics.add(close.isEmpty() ? d : d.withHint("did you mean " + Suggestions.orList(close) + "?"));
                return null;
            }
            shown.add(b);
        }
        return shown;
    }
}
