package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Clause;
import dev.chain.ast.FigureKind;
import dev.chain.ast.Stmt;
import dev.chain.ast.Template;
import dev.chain.ast.Text;
import dev.chain.check.FigureSpec;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.Inputs;
import dev.chain.eval.Sweep;
import dev.chain.source.Span;
import dev.chain.syntax.SyntaxParser;
import java.util.ArrayList;
import java.util.List;

/**
 * A sweep that is not in the file: {@code chain sweep --over batch=1,8,16,64 --show floor,mixed},
 * or the REPL's {@code :sweep}. It is made into the figure a chain would write,
 * {@code table "..."} with {@code for batch in 1, 8, 16, 64} and {@code show floor, mixed}, and
 * checked with the chain by the one checker, so the command line and a file cannot disagree.
 */
public final class AdHocSweep {
    /** The chain with the sweep's figure added, and the figure. */
    public record Prepared(LoadedChain chain, FigureSpec figure) {
        /** Evaluates the chain at every point, its own checks with it: what holds for its inputs may not hold elsewhere. */
        public Sweep run(Inputs overrides) throws ChainException {
            return Sweep.run(chain.code(), figure, overrides, true);
        }
    }

    private AdHocSweep() {}

    /**
     * The statements of {@code file} with a table of {@code overs} ({@code NAME=POINTS}) and
     * {@code shows} (names) after them, checked. Null after adding diagnostics: each about what was
     * given (the points, the names), in a source named after the option it came from.
     *
     * @param session whether {@code file} is the REPL's session (values on their own allowed)
     */
    public static Prepared prepare(Engine engine, ChainFile file, boolean session, List<String> overs, String overLabel,
                                   List<String> shows, String showLabel, Diagnostics diagnostics) {
        int before = diagnostics.size();
        List<Clause> clauses = new ArrayList<>();
        for (String over : overs) {
            Clause.For sweep = over(over, overLabel, diagnostics);
            if (sweep != null) {
                clauses.add(sweep);
            }
        }
        Clause.Show show = show(shows, showLabel, diagnostics);
        if (diagnostics.size() > before || show == null) {
            return null;
        }
        clauses.add(show);
        return prepare(engine, file, session, clauses, diagnostics);
    }

    /** As above, the clauses parsed: {@code for} clauses, then a {@code show} ({@link SyntaxParser#parseSweep}). */
    public static Prepared prepare(Engine engine, ChainFile file, boolean session, List<Clause> clauses, Diagnostics diagnostics) {
        return load(engine, file, session, FigureKind.TABLE, clauses, List.of(), diagnostics);
    }

    /**
     * The statements of {@code file} with a table of these clauses (its {@code for} lines first)
     * and checks after them, checked with the chain; null after adding diagnostics.
     */
    static Prepared load(Engine engine, ChainFile file, boolean session, FigureKind kind, List<Clause> clauses,
                         List<Stmt.Check> checks, Diagnostics diagnostics) {
        Span first = clauses.get(0).span();
        Text title = new Text("sweep", first, first.start(), false);
        Stmt.Figure figure = new Stmt.Figure(kind, title, new Template(title, List.of(new Template.Literal("sweep"))),
                clauses, checks, first);
        List<Stmt> statements = new ArrayList<>(file.statements());
        statements.add(figure);
        ChainFile extended = new ChainFile(file.source(), statements, file.unparsedNames());
        LoadedChain chain = session ? engine.loadSession(extended, diagnostics) : engine.loadStatements(extended, diagnostics);
        if (chain == null) {
            return null;
        }
        List<FigureSpec> figures = chain.program().figures();
        return new Prepared(chain, figures.get(figures.size() - 1));
    }

    /** {@code batch=1,8,16,64}: an input and its points, read as a figure's {@code for batch in 1, 8, 16, 64}; null after reporting. */
    public static Clause.For over(String over, String label, Diagnostics diagnostics) {
        return SyntaxParser.parseOver(label, over, "NAME=POINTS, such as " + label + " batch=1,8,16,64 or " + label + " batch=1..256",
                diagnostics);
    }

    /** {@code floor,mixed} (each of {@code shows}, as an option given more than once): the values to show; null after reporting. */
    public static Clause.Show show(List<String> shows, String label, Diagnostics diagnostics) {
        return SyntaxParser.parseShow(label, String.join(",", shows), diagnostics);
    }
}
