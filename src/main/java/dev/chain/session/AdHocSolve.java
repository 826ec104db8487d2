package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Clause;
import dev.chain.ast.Condition;
import dev.chain.ast.FigureKind;
import dev.chain.ast.Stmt;
import dev.chain.check.BindingInfo;
import dev.chain.check.FigureSpec;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.Inputs;
import dev.chain.eval.Solve;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.SyntaxParser;
import java.util.List;

/**
 * A search that is not in the file: {@code chain solve --for batch=1..1024 --where 'floor <= 20 ms'}.
 * It is made into the {@code solve} a chain would write, {@code for batch in 1 .. 1024} with
 * {@code check floor <= 20 ms} under it, and checked with the chain by the one checker (the
 * condition's names and dimensions as a check's, the range as a sweep's); the search then runs
 * the compiled chain at the points it needs ({@link Solve}).
 */
public final class AdHocSolve {
    /** The option the input and its range come from, and the one the condition comes from. */
    public static final String FOR = "--for";
    public static final String WHERE = "--where";

    /** The chain with the search's figure added; the figure (one axis, one check); the condition as written. */
    public record Prepared(LoadedChain chain, FigureSpec figure, SourceFile where) {
        /** The input searched. */
        public BindingInfo input() {
            return figure.axes().get(0).input();
        }

        /** How finely the range is searched: see {@link Solve#resolution}. */
        public Solve.Resolution resolution() {
            return Solve.resolution(chain.program(), figure);
        }

        /** @throws ChainException only when cancelled */
        public Solve.Result run(Inputs overrides) {
            return Solve.run(chain.code(), figure, overrides, resolution());
        }
    }

    private AdHocSolve() {}

    /**
     * The statements of {@code file} with the search's figure after them, checked. Null after adding
     * diagnostics, each in a source named after the option it is about: {@code --for batch} for the
     * input and its range, {@code --where} for the condition.
     */
    public static Prepared prepare(Engine engine, ChainFile file, String range, String condition, Diagnostics diagnostics) {
        Diagnostics found = new Diagnostics();
        Clause.For sweep = SyntaxParser.parseOver(FOR, range, "NAME=RANGE, such as " + FOR + " batch=1..1024", found);
        SourceFile where = new SourceFile(WHERE, condition);
        Condition parsed = SyntaxParser.parseCondition(where, 0, found);
        AdHocSweep.Prepared prepared = null;
        if (sweep != null && parsed != null && !found.hasErrors()) {
            // A solve, as a chain file writes one: its range may be wider than a table's, as it evaluates only what it needs.
            Stmt.Check check = new Stmt.Check(parsed, new Span(where, 0, condition.length()));
            prepared = AdHocSweep.load(engine, file, false, FigureKind.SOLVE, List.of(sweep), List.of(check), found);
        }
        found.all().forEach(diagnostics::add);
        return prepared == null ? null : new Prepared(prepared.chain(), prepared.figure(), where);
    }
}
