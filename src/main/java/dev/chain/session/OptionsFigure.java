package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Clause;
import dev.chain.ast.FigureKind;
import dev.chain.ast.SolveOptions;
import dev.chain.ast.Stmt;
import dev.chain.ast.Template;
import dev.chain.ast.Text;
import dev.chain.check.FigureSpec;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.Inputs;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.SyntaxParser;
import java.util.ArrayList;
import java.util.List;

/**
 * A figure that is not in the file, given as options: {@code chain sweep --over batch=1,8,16,64
 * --over gpu=h100_sxm,b200 --show floor,mixed} and the REPL's {@code :sweep}, or
 * {@code chain solve --for batch=1..1024 --where 'floor <= 20 ms'} and the REPL's {@code :solve}. The grammar reads the options'
 * text into the clauses a chain would write ({@code for batch in 1, 8, 16, 64}, {@code for gpu in
 * h100_sxm, b200}, {@code show floor, mixed}, a solve's {@code check}), and the figure is checked
 * with the chain by the one checker and run by the one runner ({@link FigureRun}), so the command
 * line, the REPL and a file cannot disagree.
 */
public final class OptionsFigure {
    /** The chain with the figure added, and the figure. */
    public record Prepared<F extends FigureSpec>(LoadedChain chain, F figure) {
        /**
         * The figure evaluated as a sweep beyond the chain's own inputs: at {@code inputs}, the
         * chain's own checks held at every point too, a table over modules binding each through
         * {@code modules}.
         */
        public FigureRun.Result run(Inputs inputs, FigureRun.Rebinder modules) {
            dev.chain.render.BindingValues own;
            try {
                own = chain.values(chain.evaluate(inputs));
            } catch (dev.chain.diag.ChainException e) {
                return FigureRun.Result.failed(e.diagnostics());
            }
            FigureRun.Scene scene = new FigureRun.Scene(chain, own, inputs, null, modules, true);
            return FigureRun.run(scene, figure);
        }
    }

    private OptionsFigure() {}

    /**
     * {@code file}'s statements with a table of {@code clauses} after them ({@code for} clauses, then
     * a {@code show}: {@link SyntaxParser#parseOver}, {@link SyntaxParser#parseShow},
     * {@link SyntaxParser#parseSweep}), checked; null after adding diagnostics.
     *
     * @param session whether {@code file} is the REPL's session (values on their own allowed)
     */
    public static Prepared<FigureSpec.Table> table(Engine engine, ChainFile file, boolean session, List<Clause> clauses,
                                                   Diagnostics diagnostics) {
        LoadedChain chain = load(engine, file, session, FigureKind.TABLE, "sweep", clauses, List.of(), diagnostics);
        // The last figure: the table just added, a Table as its header word says.
        return chain == null ? null : new Prepared<>(chain, (FigureSpec.Table) last(chain));
    }

    /**
     * {@code file}'s statements with the solve of {@code options} after them, checked: {@code chain
     * solve}'s {@code --for} and {@code --where} ({@link SyntaxParser#parseOver},
     * {@link SyntaxParser#parseCondition}), or the REPL's {@code :solve} ({@link SyntaxParser#parseSolve});
     * null after adding diagnostics, each located where its part was written.
     *
     * @param session whether {@code file} is the REPL's session (values on their own allowed)
     */
    public static Prepared<FigureSpec.Solve> solve(Engine engine, ChainFile file, boolean session, SolveOptions options,
                                                   Diagnostics diagnostics) {
        // A solve, as a chain file writes one: its range may be wider than a table's, as it evaluates only what it needs.
        Stmt.Check check = new Stmt.Check(options.where(), options.where().span());
        LoadedChain chain = load(engine, file, session, FigureKind.SOLVE, "sweep", List.of(options.over()), List.of(check), diagnostics);
        return chain == null ? null : new Prepared<>(chain, (FigureSpec.Solve) last(chain));
    }

    /**
     * {@code chain sweep --runs} and {@code chain fit}: {@code chain}'s statements with a plot titled
     * {@code title} of {@code show}'s values (null: none) and those the runs measured, as a card writes one: over
     * the input {@code over} names ({@code batch=#max_concurrency}) at its own value as the chain
     * writes it, and the runs {@code runs} ({@code PATH,...}) as its {@code observed} line, keyed by
     * {@code over} and each of {@code against} ({@code floor=#median_itl_ms}). The runner draws it at
     * the runs' points ({@link FigureRun.Scene#sweeping}). Null after adding diagnostics, each
     * located in its option.
     */
    public static Prepared<FigureSpec.Plot> runs(Engine engine, LoadedChain chain, String runs, String over, List<String> against,
                                                  Clause.Show show, String title, Diagnostics diagnostics) {
        int before = diagnostics.size();
        Clause.Observed.Key x = key("--over", over, diagnostics);
        List<dev.chain.ast.Expr.NameRef> names = new ArrayList<>(show == null ? List.of() : show.names());
        List<Clause.Observed.Key> keys = new ArrayList<>(x == null ? List.of() : List.of(x));
        for (String a : against) {
            Clause.Observed.Key key = key("--against", a, diagnostics);
            if (key != null && names.stream().noneMatch(n -> n.name().equals(key.name().name()))) {
                names.add(name(key.name().name().last(), key.name().span())); // a value measured is a line of the plot too, beside its runs' points
            }
            if (key != null) {
                keys.add(key);
            }
        }
        if (diagnostics.size() > before) {
            return null;
        }
        // The input at its own value as written, one point of its dimension; a name that is no input, the checker says why.
        Span at = x.name().span();
        dev.chain.check.BindingInfo input = chain.program().binding(x.name().name().last());
        dev.chain.ast.Expr own = input != null && input.input() && input.decl().value().quantity() != null
                ? input.decl().value().quantity().expr() : new dev.chain.ast.Expr.NumberLit(1, at, at.file().newNodeId());
        Clause.For sweep = new Clause.For(name(x.name().name().last(), at), new dev.chain.ast.Domain.Points(List.of(own), own.span()), null, null, at);
        Span where = new Span(new SourceFile("--runs", runs), 0, runs.length());
        Clause.Observed observed = new Clause.Observed(new Text(runs, where, 0, false), keys, where);
        LoadedChain plotted = load(engine, chain.program().file(), false, FigureKind.PLOT, title,
                List.of(sweep, new Clause.Show(names, List.of(), null, null, show == null ? keys.get(1).name().span() : show.span()), observed), List.of(), diagnostics);
        return plotted == null ? null : new Prepared<>(plotted, (FigureSpec.Plot) last(plotted));
    }

    /** A plot of runs' title: the chain's, then {@code what} ({@code expected against observed}). */
    public static String runsTitle(dev.chain.check.CheckedProgram program, String what) {
        return program.title() == null ? Character.toUpperCase(what.charAt(0)) + what.substring(1) : program.title().value() + ": " + what;
    }

    /**
     * {@code --over batch=#max_concurrency} or {@code --against floor=#median_itl_ms}, read by the
     * grammar into the key a plot's {@code observed} line writes; null after reporting.
     */
    private static Clause.Observed.Key key(String option, String text, Diagnostics diagnostics) {
        dev.chain.ast.KeyedOption k = SyntaxParser.parseKeyed(option, text, true, false, "NAME=#KEY with --runs, a key of each run's file, such as "
                + option + " " + (option.equals("--over") ? "batch=#max_concurrency" : "floor=#median_itl_ms"), diagnostics);
        return k == null ? null : new Clause.Observed.Key(k.name(), new Text(k.key(), k.keySpan(), k.keySpan().start(), false));
    }

    private static dev.chain.ast.Expr.NameRef name(String name, Span at) {
        return new dev.chain.ast.Expr.NameRef(dev.chain.ast.QualifiedName.of(name), at, at.file().newNodeId());
    }

    /** {@code file}'s statements with a figure of these clauses and checks after them, checked with the chain. */
    private static LoadedChain load(Engine engine, ChainFile file, boolean session, FigureKind kind, String titled,
                                    List<Clause> clauses, List<Stmt.Check> checks, Diagnostics diagnostics) {
        Span first = clauses.get(0).span();
        Text title = new Text(titled, first, first.start(), false);
        Stmt.Figure figure = new Stmt.Figure(kind, title, new Template(title, List.of(new Template.Literal(titled))),
                clauses, checks, first);
        List<Stmt> statements = new ArrayList<>(file.statements());
        statements.add(figure);
        ChainFile extended = file.with(statements);
        return session ? engine.loadSession(extended, diagnostics) : engine.loadStatements(extended, diagnostics);
    }

    private static FigureSpec last(LoadedChain chain) {
        List<FigureSpec> figures = chain.program().figures();
        return figures.get(figures.size() - 1);
    }
}
