package dev.chain.check;

import dev.chain.ast.Annotation;
import dev.chain.ast.Clause;
import dev.chain.ast.Domain;
import dev.chain.ast.Expr;
import dev.chain.ast.Keywords;
import dev.chain.ast.Stmt;
import dev.chain.diag.Diagnostic;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a {@code fit}, proven once as {@code chain fit}'s options are: each {@code for NAME
 * [in LO .. HI]} an input to free ({@code --free NAME[=LO .. HI]}) within the range given or its
 * own, and its one {@code observed "runs/" INPUT = "KEY", VALUE = "KEY"} line the runs, the key
 * naming an input the runs' point ({@code --over}), the one naming a derived value what they
 * measured ({@code --against}). The runs are read when the chain runs, as a plot's are.
 */
final class FitClauses {
    private final FigureChecker figures;
    private final CheckedProgram program;
    private final ExprTyper typer;
    private final List<Diagnostic> errors;

    FitClauses(FigureChecker figures, CheckedProgram program, ExprTyper typer, List<Diagnostic> errors) {
        this.figures = figures;
        this.program = program;
        this.typer = typer;
        this.errors = errors;
    }

    /** The fit, or null after reporting what is wrong with it. */
    FitSpec check(Stmt.Figure figure, List<Clause.For> sweeps, List<Clause.Show> shows, List<Clause.Observed> observed, int index) {
        int before = figures.errorCount();
        for (Clause.Show show : shows) {
            errors.add(Diagnostic.error(show.span(), "a fit shows the value its runs measured, which its `observed` line names")
                    .withHint("remove this line: the value fitted is the derived one the observed line names, as in"
                            + " observed \"runs/\" batch = \"max_concurrency\", step = \"median_itl_ms\""));
        }
        for (Stmt.Check check : figure.checks()) {
            errors.add(Diagnostic.error(check.span(), "a fit holds no checks: its runs are measurements, its residuals what it says")
                    .withHint("put the check in a group of the chain: it sees the fitted values there"));
        }
        if (sweeps.isEmpty()) {
            if (!figures.lost(figure, Keywords.FOR)) {
                errors.add(Diagnostic.error(figure.span(), "this fit frees no input")
                        .withHint("add a line under it with an input to fit and its bounds: for efficiency in 50% .. 100%"));
            }
        } else if (sweeps.size() > FitSpec.MAX_FREE) {
            errors.add(Diagnostic.error(sweeps.get(FitSpec.MAX_FREE).span(), "a fit frees at most " + FitSpec.MAX_FREE
                            + " inputs; this is a fifth")
                    .withLabel(sweeps.get(0).span(), "the first")
                    .withHint("free fewer: each input freed needs a run more, and the runs must tell them apart"));
        }
        List<FitSpec.Free> freed = new ArrayList<>();
        for (Clause.For sweep : sweeps.subList(0, Math.min(FitSpec.MAX_FREE, sweeps.size()))) {
            FitSpec.Free free = free(sweep, freed);
            if (free != null) {
                freed.add(free);
            }
        }
        FigureSpec.Plot plot = plot(figure, observed, freed, index);
        return figures.errorCount() > before || plot == null ? null : new FitSpec(figure, plot, freed, index);
    }

    /** {@code for efficiency [in 50% .. 100%]}: the input and its bounds; null after reporting. */
    private FitSpec.Free free(Clause.For sweep, List<FitSpec.Free> freed) {
        figures.noScale(sweep, "fit");
        // A module's alias is refused by input(), as for a sweep; a name is resolved once, so that an unknown one is said once.
        boolean module = sweep.name().name().parts().size() == 1 && program.imports.containsKey(sweep.name().name().last());
        BindingInfo named = module ? null : typer.shownBinding(sweep.name());
        if (named != null && !named.input() && !named.isText() && !named.isPoisoned() && named.owner() == program) {
            errors.add(Diagnostic.error(sweep.name().span(), "`" + named.name() + "` is derived: a fit frees inputs of the chain")
                    .withLabel(named.decl().span(), "it is computed here")
                    .withHint("free an input it is computed from; the fit gives the value its runs measured"));
            return null;
        }
        BindingInfo input = module || named != null ? figures.input(sweep.name()) : null;
        if (input == null) {
            return null;
        }
        Span at = sweep.name().span();
        for (FitSpec.Free other : freed) {
            if (other.input() == input) {
                errors.add(Diagnostic.error(at, "`" + input.name() + "` is freed twice").withLabel(other.at(), "first freed here"));
                return null;
            }
        }
        for (FigureSpec f : program.figures) {
            for (FitSpec.Free other : f.freed()) {
                if (other.input() == input) {
                    errors.add(Diagnostic.error(at, "`" + input.name() + "` is fitted by an earlier fit: an input takes one value")
                            .withLabel(other.at(), "fitted here")
                            .withHint("fit it once, to all its runs"));
                    return null;
                }
            }
        }
        for (Annotation a : input.decl().annotations()) {
            if (a.name().equals("observed")) {
                errors.add(Diagnostic.error(at, "`" + input.name() + "` is measured: its value is read from a benchmark's file")
                        .withLabel(a.span(), "measured here")
                        .withHint("free an input the chain writes, or remove the @observed"));
                return null;
            }
        }
        if (sweep.domain() == null) {
            if (input.range() == null) {
                errors.add(Diagnostic.error(sweep.span(), "`" + input.name() + "` has no range to fit within: the chain gives it one value")
                        .withHint("give its bounds, as in for " + input.name() + " in LO .. HI, or write it as a range in the chain"));
                return null;
            }
            return new FitSpec.Free(input, input.range().low(), input.range().high(), at);
        }
        double[] bounds = sweep.domain().accept(new Domain.Visitor<double[]>() {
            @Override
            public double[] visitPoints(Domain.Points points) {
                errors.add(Diagnostic.error(points.span(), "a fit takes a range to fit `" + input.name() + "` within, not points")
                        .withHint("give its bounds, as in for " + input.name() + " in LO .. HI"));
                return null;
            }

            @Override
            public double[] visitRange(Domain.Range range) {
                if (range.step() != null || range.geometric()) {
                    Span step = range.step() != null ? range.step().span() : range.factorSpan();
                    errors.add(Diagnostic.error(step, "a fit searches the whole of its range: it takes no step")
                            .withHint("remove it: for " + input.name() + " in " + range.low().span().text() + " .. "
                                    + range.high().span().text()));
                    return null;
                }
                Double low = figures.constant(range.low(), input.dimension(), input);
                Double high = figures.constant(range.high(), input.dimension(), input);
                if (low == null || high == null || figures.outside(input, low, range.low().span())
                        || figures.outside(input, high, range.high().span())) {
                    return null;
                }
                if (!(high > low)) {
                    errors.add(Diagnostic.error(range.span(), "a range to fit within goes from its low end up to its high end")
                            .withHint("write the lower bound first, and a higher one after it"));
                    return null;
                }
                return new double[] {low, high};
            }
        });
        return bounds == null ? null : new FitSpec.Free(input, bounds[0], bounds[1], at);
    }

    /**
     * Its {@code observed} line as the plot {@code chain fit} draws: the runs' input along x at its
     * own value, the value measured the one line; null after reporting.
     */
    private FigureSpec.Plot plot(Stmt.Figure figure, List<Clause.Observed> observed, List<FitSpec.Free> freed, int index) {
        if (observed.isEmpty()) {
            if (!figures.lost(figure, Keywords.OBSERVED)) {
                errors.add(Diagnostic.error(figure.span(), "this fit names no runs to fit to")
                        .withHint("add a line under it: observed \"runs/\" batch = \"max_concurrency\", step = \"median_itl_ms\""
                                + " (the runs' input, then the value they measured)"));
            }
            return null;
        }
        Clause.Observed runs = figures.oneObserved(observed, "fit");
        if (runs == null) {
            return null;
        }
        int before = errors.size();
        Clause.Observed.Key over = null;
        Clause.Observed.Key against = null;
        BindingInfo input = null;
        BindingInfo value = null;
        for (Clause.Observed.Key key : runs.keys()) {
            BindingInfo b = typer.shownBinding(key.name());
            String name = key.name().name().toString();
            if (b == null || b.isPoisoned()) {
                continue;
            }
            if (key.key().value().isBlank()) {
                errors.add(Diagnostic.error(key.key().span(), "no key named").withHint("give the key of each run's file that holds its " + name));
            } else if (b.isText() || b.owner() != program) {
                errors.add(Diagnostic.error(key.name().span(), "`" + name + "` is " + (b.isText() ? "text" : "a value of a module")
                                + ": the runs give a point of one of the chain's inputs, and a value the chain derives")
                        .withHint("name the runs' input, then the value they measured: batch = \"max_concurrency\", step = \"median_itl_ms\""));
            } else if (b.input() && isFreed(b, freed)) {
                errors.add(Diagnostic.error(key.name().span(), "`" + name + "` is freed by this fit: the runs' own input cannot be fitted")
                        .withHint("free another input; the runs say where each is along " + name));
            } else if (b.input() ? over != null : against != null) {
                errors.add(Diagnostic.error(key.name().span(), b.input()
                                ? "a fit's runs lie along one input; `" + name + "` is a second"
                                : "a fit fits one value; `" + name + "` is a second")
                        .withLabel((b.input() ? over : against).name().span(), "the first")
                        .withHint(b.input() ? "keep the input each run sets; the chain gives the others" : "make a fit for each"));
            } else if (b.input()) {
                over = key;
                input = b;
            } else {
                against = key;
                value = b;
            }
        }
        if (errors.size() > before) {
            return null;
        }
        if (over == null || against == null) {
            errors.add(Diagnostic.error(runs.span(), over == null ? "the runs do not say where each is: no key names an input of the chain"
                            : "the runs measure nothing to fit: no key names a value the chain derives")
                    .withHint(over == null ? "add the key of each run's input: batch = \"max_concurrency\""
                            : "add the key of the value measured: step = \"median_itl_ms\""));
            return null;
        }
        // The input's own value, as the chain writes it: the plot's one point until the runs give theirs.
        Expr own = input.decl().value().quantity().expr();
        Double at = input.writtenValue();
        Clause.For along = new Clause.For(over.name(), new Domain.Points(List.of(own), own.span()), null, null, over.name().span());
        FigureSpec.Axis x = new FigureSpec.Axis(input, new double[] {at == null ? Double.NaN : at}, along);
        FigureSpec.Runs measured = new FigureSpec.Runs(runs, runs.runs().value(), over, List.of(value), List.of(against));
        return new FigureSpec.Plot(figure, x, List.of(value), false, false, new double[1][], measured, List.of(), index);
    }

    private static boolean isFreed(BindingInfo b, List<FitSpec.Free> freed) {
        for (FitSpec.Free f : freed) {
            if (f.input() == b) {
                return true;
            }
        }
        return false;
    }
}
