package dev.chain.session.repl;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Clause;
import dev.chain.ast.SolveOptions;
import dev.chain.check.FigureSpec;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.FigureValues;
import dev.chain.render.FigureWriter;
import dev.chain.render.SolveReport;
import dev.chain.session.Engine;
import dev.chain.session.FigureRun;
import dev.chain.session.OptionsFigure;
import dev.chain.source.SourceFile;
import dev.chain.syntax.SyntaxParser;
import java.util.List;

/**
 * The REPL's figures given on a line, {@code :sweep} and {@code :solve}: what {@code chain sweep}
 * and {@code chain solve} take, read by the grammar from the line as typed, built into a figure of
 * the session's program by the builder those commands use ({@link OptionsFigure}), run by the one
 * runner at the session's inputs ({@code :set} ones held at every point) and written by their
 * writers. The session is left as it was.
 */
final class FigureCommands {
    private final Engine engine;
    private final SessionState state;

    FigureCommands(Engine engine, SessionState state) {
        this.engine = engine;
        this.state = state;
    }

    /**
     * {@code :sweep batch=1..256 floor}: the session's chain evaluated at each point, as a table;
     * its {@code --over}s then its {@code --show}, read from {@code from} in {@code line}.
     */
    Reply sweep(String line, int from) {
        SourceFile source = new SourceFile(ReplSession.SOURCE, line);
        Diagnostics problems = new Diagnostics();
        List<Clause> clauses = SyntaxParser.parseSweep(source, from, problems);
        if (clauses == null) {
            return Reply.failure(problems.all());
        }
        OptionsFigure.Prepared<FigureSpec.Table> prepared = OptionsFigure.table(engine, session(source), true, clauses, problems);
        if (prepared == null) {
            return Reply.failure(problems.all());
        }
        FigureRun.Result result = prepared.run(state.overrides(), ModuleSet.rebinder(engine, state, prepared.chain().program()));
        if (!result.drawn()) {
            return Reply.failure(result.diagnostics());
        }
        FigureRun.Written written = result.written();
        String table = FigureWriter.table(written.chain().program(), written.own(), (FigureSpec.Table) written.figure(),
                result.points(), FigureWriter.Format.TEXT);
        // What holds at the session's inputs need not at other points (a sweep goes beyond them): a
        // check that fails at some, or a value without one there, is a warning, as chain sweep says it.
        return written(table, Diagnostics.asWarnings(result.diagnostics()));
    }

    /**
     * {@code :solve batch=1..1024 check floor <= 20 ms}: where the condition turns over the range, each
     * turn on a line as {@code chain solve} prints it; its {@code --for} then its {@code --where},
     * read from {@code from} in {@code line}.
     */
    Reply solve(String line, int from) {
        SourceFile source = new SourceFile(ReplSession.SOURCE, line);
        Diagnostics problems = new Diagnostics();
        SolveOptions options = SyntaxParser.parseSolve(source, from, problems);
        if (options == null) {
            return Reply.failure(problems.all());
        }
        OptionsFigure.Prepared<FigureSpec.Solve> prepared = OptionsFigure.solve(engine, session(source), true, options, problems);
        if (prepared == null) {
            return Reply.failure(problems.all());
        }
        FigureRun.Result result = prepared.run(state.overrides(), null);
        if (!result.drawn()) { // no turn in the range, no point with a value, or the session's own error
            return Reply.failure(result.diagnostics());
        }
        FigureRun.Written written = result.written();
        FigureValues.Turns turns = (FigureValues.Turns) result.values(); // what a solve given as options evaluates to
        String report = new SolveReport(written.chain().program(), written.own(), prepared.figure(), turns.result()).text();
        return written(report, result.diagnostics());
    }

    /** The session's statements, as a file the figure is added to; its source, the line typed. */
    private ChainFile session(SourceFile source) {
        return new ChainFile(source, state.statements());
    }

    /**
     * The figure's text, a line each, then the warnings said of it, with the severity the command
     * line's says them with, each on a line with its last note, which says where (at which points, with which
     * module), and the line it is about.
     */
    private static Reply written(String text, List<Diagnostic> said) {
        Reply.Builder out = new Reply.Builder();
        for (String row : text.split("\n")) {
            out.add(Reply.Style.RESULT, row);
        }
        for (Diagnostic d : said) {
            out.add(Reply.Style.WARNING, (d.isError() ? "error: " : "warning: ") + d.message()
                    + (d.notes().isEmpty() ? "" : ", " + d.notes().get(d.notes().size() - 1))
                    + (d.span() == null ? "" : " (line " + d.span().line() + ")"));
        }
        return out.build();
    }
}
