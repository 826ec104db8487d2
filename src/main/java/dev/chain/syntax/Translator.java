package dev.chain.syntax;

import dev.chain.ast.Annotation;
import dev.chain.ast.BinaryOp;
import dev.chain.ast.CompareOp;
import dev.chain.ast.Condition;
import dev.chain.ast.DimRef;
import dev.chain.ast.Expr;
import dev.chain.ast.GroupKind;
import dev.chain.ast.Keywords;
import dev.chain.ast.QualifiedName;
import dev.chain.ast.Spread;
import dev.chain.ast.Stmt;
import dev.chain.ast.Template;
import dev.chain.ast.Text;
import dev.chain.ast.UnitRef;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.diag.Suggestions;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.antlr.ChainLexer;
import dev.chain.syntax.antlr.ChainParser;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ErrorNode;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Translates ANTLR's parse tree into the project's AST, once, attaching a span to every node.
 * Statements whose subtree holds a syntax error were already reported and are skipped.
 */
final class Translator {
    /** Deeper expressions are rejected so that the recursive passes after this one cannot overflow. */
    static final int MAX_EXPRESSION_DEPTH = 1_000;

    private final SourceFile source;
    private final Diagnostics diagnostics;
    private final OffsetMap offsets;

    /** Whether a value on its own is a statement (the REPL's) or an error (a file's). */
    private final boolean bareValues;

    Translator(SourceFile source, Diagnostics diagnostics, OffsetMap offsets, boolean bareValues) {
        this.source = source;
        this.diagnostics = diagnostics;
        this.offsets = offsets;
        this.bareValues = bareValues;
    }

    /** Thrown inside one statement's translation; the statement is dropped and the diagnostic kept. */
    private static final class Rejected extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient Diagnostic diagnostic;

        /** @param diagnostic null when the problem was already reported (by the token scan) */
        Rejected(Diagnostic diagnostic) {
            super(diagnostic == null ? "reported" : diagnostic.message(), null, false, false);
            this.diagnostic = diagnostic;
        }
    }

    // ---- files and statements -------------------------------------------------------------

    /** Names that statements dropped for their errors would have defined. */
    private final java.util.Set<String> unparsedNames = new java.util.HashSet<>();

    java.util.Set<String> unparsedNames() {
        return unparsedNames;
    }

    /** {@code name = ...} and {@code fn name(...}: the name a broken statement meant to define. */
    private void rememberName(ParserRuleContext ctx) {
        Token first = ctx.getStart();
        if (first == null || ctx.getChildCount() < 2) {
            return;
        }
        ParseTree second = ctx.getChild(1);
        if (first.getType() == ChainLexer.IDENT && second instanceof TerminalNode t
                && t.getSymbol().getType() == ChainLexer.ASSIGN) {
            unparsedNames.add(first.getText());
        } else if (first.getType() == ChainLexer.FN && second instanceof TerminalNode t
                && t.getSymbol().getType() == ChainLexer.IDENT) {
            unparsedNames.add(t.getText());
        }
    }

    /** Lines under a figure that were dropped for their errors, by what they would have given it. */
    private final java.util.Set<dev.chain.ast.ChainFile.LostClause> lostClauses = new java.util.HashSet<>();

    java.util.Set<dev.chain.ast.ChainFile.LostClause> lostClauses() {
        return lostClauses;
    }

    /**
     * A broken statement under a figure ({@code for gamma in 1,2,3}): the figure is told what its
     * lines would have given it, by each line's first word, so that the checker does not report it
     * as sweeping, showing or checking nothing. A statement left open ({@code for b in (1,}) runs
     * over the lines after it, and takes theirs too.
     */
    private void rememberClauses(List<Token> tokens) {
        Stmt.Figure figure = structure.figure();
        if (figure == null) {
            return;
        }
        for (int i = 0; i < tokens.size(); i++) {
            Token first = tokens.get(i);
            if (i > 0 && first.getLine() == tokens.get(i - 1).getLine()) {
                continue;
            }
            String word = switch (first.getType()) {
                case ChainLexer.FOR -> Keywords.FOR;
                case ChainLexer.SHOW -> Keywords.SHOW;
                case ChainLexer.CHECK -> Keywords.CHECK;
                // observed is no keyword; a misspelling of it is reported as one (clause) and meant as it
                case ChainLexer.IDENT -> first.getText().equals(Keywords.OBSERVED)
                        || !Suggestions.closest(first.getText(), List.of(Keywords.OBSERVED), 1).isEmpty()
                        ? Keywords.OBSERVED : null;
                default -> null;
            };
            if (word != null) {
                lostClauses.add(new dev.chain.ast.ChainFile.LostClause(figure.span(), word));
            }
        }
    }

    /** Statements translated so far, placed in their groups and figures; annotations waiting for a statement. */
    private final FileStructure structure = new FileStructure();
    private final List<Annotation> pending = new ArrayList<>();

    /**
     * Translates the next statement of a file, parsed from {@code tokens}. {@code mayHaveErrors} is
     * false when the parser reported no error for it, which spares walking its tree to look for one.
     */
    void add(ChainParser.StatementContext ctx, boolean mayHaveErrors, List<Token> tokens) {
        if (mayHaveErrors && (hasError(ctx) || hasError(ctx.getParent()))) {
            // A word before a token the lexer could not finish (plot "abc, its string unterminated) is no
            // value on its own: that token is the mistake, reported, and saying the word does nothing would repeat it.
            rememberName(ctx);
            lost(tokens);
            return;
        }
        try {
            if (ctx instanceof ChainParser.AnnotationContext a) {
                pending.add(annotation(a));
                return;
            }
            dev.chain.ast.Clause clause = clause(ctx);
            if (clause != null) {
                addClause(clause);
                return;
            }
            Stmt stmt = statement(ctx, List.copyOf(pending));
            if (!structure.add(stmt) && !pending.isEmpty()) {
                diagnostics.add(Diagnostic.error(pending.get(0).span(),
                                "an annotation must come before a binding, unit, dimension or function")
                        .withLabel(stmt.span(), "this statement takes no annotation"));
            }
            pending.clear();
        } catch (Rejected r) {
            rememberName(ctx);
            lost(tokens);
            if (r.diagnostic != null) {
                diagnostics.add(r.diagnostic);
            }
        }
    }

    /** A figure's clause joins the figure above it; anywhere else it is a mistake. */
    private void addClause(dev.chain.ast.Clause clause) {
        if (!pending.isEmpty()) {
            diagnostics.add(Diagnostic.error(pending.get(0).span(),
                            "an annotation must come before a binding, unit, dimension or function")
                    .withLabel(clause.span(), "this statement takes no annotation"));
            pending.clear();
        }
        if (!structure.addClause(clause)) {
            String word = clause.span().text().split("\\s", 2)[0];
            diagnostics.add(Diagnostic.error(clause.span(), "`" + word + "` belongs under a table, plot or roofline")
                    .withHint("start the figure with its header on the line above: table \"Step time against batch\"")
                    .withNote("a figure's lines (for, show, check) follow its header, with no other statement between"));
        }
    }

    /** A line that was not parsed at all (refused before parsing). */
    void skipped(List<Token> tokens) {
        lost(tokens);
    }

    /**
     * A statement dropped for its errors, which were reported: an annotation before it no longer
     * applies, and what it meant to give a figure is not reported missing as well. A figure's header
     * ({@code table "...} and no more; not {@code table = ...}, a binding) takes its lines with it.
     */
    private void lost(List<Token> tokens) {
        pending.clear();
        rememberClauses(tokens);
        Token first = tokens.get(0);
        if (first.getType() == ChainLexer.IDENT && dev.chain.ast.FigureKind.named(first.getText()) != null
                && (tokens.size() < 2 || tokens.get(1).getType() != ChainLexer.ASSIGN)) {
            structure.loseFigure();
        }
    }

    /** The file's statements, groups nested. */
    List<Stmt> finish() {
        if (!pending.isEmpty()) {
            diagnostics.add(Diagnostic.error(pending.get(0).span(), "annotation with nothing after it to annotate"));
            pending.clear();
        }
        return structure.statements();
    }

    Stmt statement(ChainParser.StatementContext ctx, List<Annotation> annotations) {
        Span span = span(ctx);
        if (ctx instanceof ChainParser.ChainHeaderContext c) {
            return new Stmt.ChainHeader(text(c.text()), span);
        }
        if (ctx instanceof ChainParser.DrillContext c) {
            return new Stmt.Drill(text(c.text()), span);
        }
        if (ctx instanceof ChainParser.UseContext c) {
            return new Stmt.Use(name(c.name()), c.IDENT() == null ? null : c.IDENT().getText(), span(c.name()), span);
        }
        if (ctx instanceof ChainParser.InputsGroupContext c) {
            return new Stmt.Group(GroupKind.INPUTS, "inputs", null, template(c.text()), List.of(), span);
        }
        if (ctx instanceof ChainParser.DeriveGroupContext c) {
            Template labelTemplate = c.label().STRING() == null ? null
                    : TemplateParser.parse(text(c.label().STRING().getSymbol()), diagnostics);
            return new Stmt.Group(GroupKind.DERIVE, label(c.label()), labelTemplate, template(c.text()), List.of(), span);
        }
        if (ctx instanceof ChainParser.SanityGroupContext c) {
            return new Stmt.Group(GroupKind.SANITY, "sanity", null, template(c.text()), List.of(), span);
        }
        if (ctx instanceof ChainParser.NoteContext c) {
            Text text = text(c.text());
            return new Stmt.Note(text, TemplateParser.parse(text, diagnostics), span);
        }
        if (ctx instanceof ChainParser.DirectiveContext c) {
            return directive(c, span);
        }
        if (ctx instanceof ChainParser.DimensionDeclContext c) {
            return new Stmt.DimensionDecl(c.IDENT().getText(), c.dimExpr() == null ? null : dim(c.dimExpr()), annotations, span);
        }
        if (ctx instanceof ChainParser.UnitDeclContext c) {
            List<String> names = new ArrayList<>();
            List<Span> nameSpans = new ArrayList<>();
            for (ChainParser.UnitNameContext n : c.unitName()) {
                names.add(n.getText());
                nameSpans.add(span(n));
            }
            DimRef baseOf = c.dimExpr() == null ? null : dim(c.dimExpr());
            Expr definition = c.expr() == null ? null : expr(c.expr(), 0);
            return new Stmt.UnitDecl(names, nameSpans, baseOf, definition, annotations, span);
        }
        if (ctx instanceof ChainParser.FnDeclContext c) {
            List<Stmt.Param> params = new ArrayList<>();
            for (ChainParser.ParamContext p : c.param()) {
                params.add(new Stmt.Param(p.IDENT().getText(), p.dimExpr() == null ? null : dim(p.dimExpr()), span(p)));
            }
            DimRef returns = c.dimExpr() == null ? null : dim(c.dimExpr());
            return new Stmt.FnDecl(c.IDENT().getText(), span(c.IDENT().getSymbol()), params, returns,
                    expr(c.expr(), 0), annotations, span);
        }
        if (ctx instanceof ChainParser.CheckContext c) {
            return new Stmt.Check(condition(c.condition()), span);
        }
        if (ctx instanceof ChainParser.BindingContext c) {
            return new Stmt.Binding(c.IDENT().getText(), span(c.IDENT().getSymbol()), value(c.value()), annotations, span);
        }
        if (ctx instanceof ChainParser.BareValueContext c) {
            if (!bareValues) {
                throw new Rejected(Diagnostic.error(span, "a value on its own does nothing in a file")
                        .withHint(c.value() instanceof ChainParser.TextValueContext
                                ? "bind it to a name, or use it as a note: note \"...\""
                                : "bind it to a name: name = " + span.text()));
            }
            return new Stmt.Evaluate(value(c.value()), span);
        }
        throw new IllegalStateException("unhandled statement " + ctx.getClass().getSimpleName());
    }

    /** The statements of a card file, which are a word and a string: {@code include "x.chain"}. */
    private Stmt directive(ChainParser.DirectiveContext c, Span span) {
        Token word = c.IDENT(0).getSymbol();
        String name = word.getText();
        Text text = text(c.text());
        TerminalNode option = c.IDENT().size() > 1 ? c.IDENT(1) : null;
        dev.chain.ast.FigureKind figure = dev.chain.ast.FigureKind.named(name);
        if (figure != null) {
            if (option != null) {
                throw new Rejected(Diagnostic.error(span(option.getSymbol()), "unexpected `" + option.getText() + "` after the title")
                        .withHint("a figure's options go on the lines below its header: for, show ... as"));
            }
            return new Stmt.Figure(figure, text, TemplateParser.parse(text, diagnostics), List.of(), List.of(), span);
        }
        if (option != null && !name.equals(Keywords.LINKS)) {
            throw new Rejected(Diagnostic.error(span(option.getSymbol()), "unexpected `" + option.getText() + "` after the text")
                    .withHint("only `links \"BASE\" RULE` takes a word after its text"));
        }
        return switch (name) {
            case Keywords.CARD -> new Stmt.CardHeader(text, span);
            case Keywords.INTRO -> new Stmt.Intro(text, TemplateParser.parse(text, diagnostics), span);
            case Keywords.INCLUDE -> new Stmt.Include(text, span);
            case Keywords.NEXT -> new Stmt.NextCard(text, span);
            case Keywords.LINKS -> new Stmt.Links(text, option == null ? null : option.getText(),
                    option == null ? null : span(option.getSymbol()), span);
            default -> {
                Diagnostic d = Diagnostic.error(span(word), "unknown statement `" + name + "`");
                String close = closestStatement(name);
                throw new Rejected(close != null
                        ? d.withHint("did you mean `" + close + "`?").withFixes(span(word), List.of(close))
                        : d.withHint("a statement that takes text is chain, drill, note, table, plot, roofline, or in a card"
                                + " file card, intro, include, next or links; a binding is written name = value"));
            }
        };
    }

    /** The text statement a misspelt word was probably meant to be. */
    private static String closestStatement(String written) {
        List<String> close = Suggestions.closest(written, Keywords.TEXT_STATEMENTS, 1);
        return close.isEmpty() ? null : close.get(0);
    }

    // ---- figures ------------------------------------------------------------------------------

    /** A figure's clause ({@code for}, {@code show}); null for any other statement. */
    private dev.chain.ast.Clause clause(ChainParser.StatementContext ctx) {
        if (ctx instanceof ChainParser.ForClauseContext c) {
            Expr.NameRef name = nameRef(c.name());
            dev.chain.ast.Domain domain = c.sweepDomain() == null ? null : domain(c.sweepDomain());
            TerminalNode scale = c.IDENT();
            return new dev.chain.ast.Clause.For(name, domain, scale == null ? null : scale.getText(),
                    scale == null ? null : span(scale.getSymbol()), span(c));
        }
        if (ctx instanceof ChainParser.ForRowsClauseContext c) {
            return rows(c.name(), c.inputRows(), span(c));
        }
        if (ctx instanceof ChainParser.ShowValuesContext c) {
            List<Expr.NameRef> names = new ArrayList<>();
            for (ChainParser.NameContext n : c.name()) {
                names.add(nameRef(n));
            }
            List<dev.chain.ast.Clause.Show.Limits> limits = new ArrayList<>();
            if (c.axisLimits() != null) {
                List<ChainParser.ExprContext> ends = c.axisLimits().expr();
                for (int i = 0; i + 1 < ends.size(); i += 2) {
                    limits.add(new dev.chain.ast.Clause.Show.Limits(expr(ends.get(i), 0), expr(ends.get(i + 1), 0),
                            span(ends.get(i)).to(span(ends.get(i + 1)))));
                }
            }
            TerminalNode as = c.IDENT();
            return new dev.chain.ast.Clause.Show(names, limits, as == null ? null : as.getText(),
                    as == null ? null : span(as.getSymbol()), span(c));
        }
        if (ctx instanceof ChainParser.ShowPointContext c) {
            return new dev.chain.ast.Clause.Point(nameRef(c.name()), expr(c.expr(0), 0), expr(c.expr(1), 0), span(c));
        }
        if (ctx instanceof ChainParser.ObservedClauseContext c) {
            Token word = c.IDENT().getSymbol();
            if (!word.getText().equals(Keywords.OBSERVED)) {
                List<String> close = Suggestions.closest(word.getText(), List.of(Keywords.OBSERVED), 1);
                Diagnostic d = Diagnostic.error(span(word), "unknown statement `" + word.getText() + "`");
                throw new Rejected(close.isEmpty()
                        ? d.withHint("a figure's measured runs are written observed \"runs/\" batch = \"KEY\", floor = \"KEY\"")
                        : d.withHint("did you mean `" + Keywords.OBSERVED + "`?").withFixes(span(word), close));
            }
            List<dev.chain.ast.Clause.Observed.Key> keys = new ArrayList<>();
            for (ChainParser.ObservedKeyContext k : c.observedKey()) {
                Token name = k.IDENT().getSymbol();
                keys.add(new dev.chain.ast.Clause.Observed.Key(new Expr.NameRef(QualifiedName.of(name.getText()), span(name),
                        source.newNodeId()), text(k.text())));
            }
            return new dev.chain.ast.Clause.Observed(text(c.text()), keys, span(c));
        }
        return null;
    }

    private Expr.NameRef nameRef(ChainParser.NameContext ctx) {
        return new Expr.NameRef(name(ctx), span(ctx), source.newNodeId());
    }

    dev.chain.ast.Domain domain(ChainParser.SweepDomainContext ctx) {
        Span span = span(ctx);
        if (ctx instanceof ChainParser.ListDomainContext l) {
            List<Expr> points = new ArrayList<>();
            for (ChainParser.ExprContext e : l.expr()) {
                points.add(expr(e, 0));
            }
            return new dev.chain.ast.Domain.Points(points, span);
        }
        ChainParser.RangeDomainContext r = (ChainParser.RangeDomainContext) ctx;
        Expr low = expr(r.expr(0), 0);
        Expr high = expr(r.expr(1), 0);
        Expr step = r.BY() == null ? null : expr(r.expr(2), 0);
        TerminalNode geometric = r.GEOMETRIC();
        double factor = geometric == null ? Double.NaN : Literals.number(geometric.getText().substring(1));
        return new dev.chain.ast.Domain.Range(low, high, step, factor, geometric == null ? null : span(geometric.getSymbol()), span);
    }

    /**
     * A tree parsed on its own, not as a line of a file: a value ({@code chain eval}, {@code --set}),
     * a check's condition ({@code chain solve --where}), or an option's text: {@code --over}'s
     * {@code for} clause, {@code --show}'s {@code show} clause, the REPL's {@code :sweep}, its
     * {@code for} clauses and then its {@code show}, or its {@code :solve}, a {@code for} clause and
     * a condition. Its AST; null after reporting a problem.
     */
    Object standalone(ParserRuleContext ctx) {
        if (ctx == null || hasError(ctx)) {
            return null;
        }
        try {
            if (ctx instanceof ChainParser.ValueContext v) {
                return value(v);
            }
            if (ctx instanceof ChainParser.ConditionContext c) {
                return condition(c);
            }
            if (ctx instanceof ChainParser.OverContext o) {
                return over(o);
            }
            if (ctx instanceof ChainParser.ShownContext s) {
                return shown(s);
            }
            if (ctx instanceof ChainParser.KeyedOptionContext k) {
                return keyed(k);
            }
            if (ctx instanceof ChainParser.SolveCommandContext s) {
                return new dev.chain.ast.SolveOptions(over(s.over()), condition(s.condition()));
            }
            List<dev.chain.ast.Clause> clauses = new ArrayList<>();
            ChainParser.SweepCommandContext sweep = (ChainParser.SweepCommandContext) ctx;
            for (ChainParser.OverContext o : sweep.over()) {
                clauses.add(over(o));
            }
            clauses.add(shown(sweep.shown()));
            return clauses;
        } catch (Rejected r) {
            if (r.diagnostic != null) {
                diagnostics.add(r.diagnostic);
            }
            return null;
        }
    }

    private dev.chain.ast.KeyedOption keyed(ChainParser.KeyedOptionContext ctx) {
        TerminalNode name = ctx.IDENT();
        Expr.NameRef ref = name == null ? null
                : new Expr.NameRef(QualifiedName.of(name.getText()), span(name.getSymbol()), source.newNodeId());
        String file = null;
        Span fileSpan = null;
        if (ctx.PATH() != null) {
            Span written = span(ctx.PATH().getSymbol());
            String text = written.text();
            int from = 0;
            int to = text.length();
            while (from < to && Character.isWhitespace(text.charAt(from))) {
                from++;
            }
            while (to > from && Character.isWhitespace(text.charAt(to - 1))) {
                to--;
            }
            file = dev.chain.ast.KeyedOption.path(text.substring(from, to));
            fileSpan = new Span(source, written.start() + from, written.start() + to);
        }
        Span key = span(ctx.KEY().getSymbol());
        return new dev.chain.ast.KeyedOption(ref, file, fileSpan, key.text(), key, span(ctx));
    }

    /** {@code --over batch=1,8} as {@code for batch in 1, 8}; {@code --over l,h=(24, 2304),(40, 6144)} as its rows. */
    private dev.chain.ast.Clause over(ChainParser.OverContext ctx) {
        if (ctx.inputRows() != null) {
            return rows(ctx.name(), ctx.inputRows(), span(ctx));
        }
        return new dev.chain.ast.Clause.For(nameRef(ctx.name(0)), domain(ctx.sweepDomain()), null, null, span(ctx));
    }

    /** {@code for l, h in (24, 2304), (40, 6144)}: a table's rows of several inputs. */
    private dev.chain.ast.Clause.Rows rows(List<ChainParser.NameContext> named, ChainParser.InputRowsContext ctx, Span span) {
        List<Expr.NameRef> names = new ArrayList<>();
        for (ChainParser.NameContext n : named) {
            names.add(nameRef(n));
        }
        List<dev.chain.ast.Clause.Rows.Row> rows = new ArrayList<>();
        for (ChainParser.InputRowContext row : ctx.inputRow()) {
            List<Value> values = new ArrayList<>();
            for (ChainParser.RowValueContext v : row.rowValue()) {
                values.add(v.text() != null ? new Value.TextValue(text(v.text()), span(v))
                        : new Value.QuantityValue(expr(v.expr(), 0), null, null, null, null, span(v)));
            }
            rows.add(new dev.chain.ast.Clause.Rows.Row(values, span(row)));
        }
        return new dev.chain.ast.Clause.Rows(names, rows, span);
    }

    private dev.chain.ast.Clause.Show shown(ChainParser.ShownContext ctx) {
        List<Expr.NameRef> names = new ArrayList<>();
        for (ChainParser.NameContext n : ctx.name()) {
            names.add(nameRef(n));
        }
        return new dev.chain.ast.Clause.Show(names, List.of(), null, null, span(ctx));
    }

    /** A group's template, or null when it has none (or it had errors, which are reported). */
    private Template template(ChainParser.TextContext ctx) {
        return ctx == null ? null : TemplateParser.parse(text(ctx), diagnostics);
    }

    private Annotation annotation(ChainParser.AnnotationContext ctx) {
        List<String> args = new ArrayList<>();
        List<Expr> values = new ArrayList<>();
        for (ChainParser.AnnotationArgContext arg : ctx.annotationArg()) {
            // An expression's tokens without the white space between them: `chain fmt` may space them anew.
            args.add(arg.text() != null ? text(arg.text()).value() : arg.getText());
            values.add(arg.text() != null ? null : expr(arg.expr(), 0));
        }
        return new Annotation(ctx.IDENT().getText(), args, values, span(ctx));
    }

    // ---- values and conditions ----------------------------------------------------------------

    Value value(ChainParser.ValueContext ctx) {
        Span span = span(ctx);
        if (ctx instanceof ChainParser.TextValueContext t) {
            return new Value.TextValue(text(t.text()), span);
        }
        ChainParser.QuantityValueContext q = (ChainParser.QuantityValueContext) ctx;
        Expr e = expr(q.expr(), 0);
        Spread spread = q.spread() == null ? null : spread(q.spread());
        UnitRef target = q.conversion() == null ? null : conversion(q.conversion());
        TerminalNode spec = q.FORMAT_SPEC();
        return new Value.QuantityValue(e, spread, target, spec == null ? null : spec.getText().substring(1),
                spec == null ? null : span(spec.getSymbol()), span);
    }

    /** The range written after an input's first expression: {@code .. 60%}, {@code (40% .. 60%)}, {@code ± 10%}. */
    private Spread spread(ChainParser.SpreadContext ctx) {
        Span span = span(ctx);
        if (ctx instanceof ChainParser.UpToSpreadContext u) {
            return new Spread.UpTo(expr(u.expr(), 0), span);
        }
        if (ctx instanceof ChainParser.AroundSpreadContext a) {
            return new Spread.Around(expr(a.expr(0), 0), expr(a.expr(1), 0), span);
        }
        return new Spread.PlusMinus(expr(((ChainParser.PlusMinusSpreadContext) ctx).expr(), 0), span);
    }

    private Condition condition(ChainParser.ConditionContext c) {
        Span span = span(c);
        if (c.IN() != null) {
            return new Condition.InRange(expr(c.expr(0), 0), expr(c.expr(1), 0), expr(c.expr(2), 0), span);
        }
        CompareOp op = Operators.compare(c.compareOp().getStart().getType());
        Expr tolerance = c.WITHIN() == null ? null : expr(c.expr(2), 0);
        if (op == CompareOp.APPROX && tolerance == null) {
            throw new Rejected(Diagnostic.error(span(c.compareOp()), "`≈` needs a tolerance")
                    .withHint("write `check a ≈ b within 1%`"));
        }
        if (op != CompareOp.APPROX && tolerance != null) {
            throw new Rejected(Diagnostic.error(span(c.WITHIN().getSymbol()), "`within` only follows `≈`")
                    .withHint("write `check a ≈ b within 1%`"));
        }
        return new Condition.Compare(op, expr(c.expr(0), 0), expr(c.expr(1), 0), tolerance, span);
    }

    // ---- expressions ----------------------------------------------------------------------

    private Expr expr(ChainParser.ExprContext ctx, int depth) {
        return chain(ctx.children, depth, true);
    }

    /** Left-associative chains: term (op term)* and factor (op factor)*. */
    private Expr chain(List<ParseTree> children, int depth, boolean additive) {
        Expr left = operand(children.get(0), depth + children.size() / 2);
        for (int i = 1; i + 1 < children.size(); i += 2) {
            Token op = ((TerminalNode) children.get(i)).getSymbol();
            Expr right = operand(children.get(i + 1), depth + (children.size() - i) / 2);
            BinaryOp binary = Operators.binary(op.getType());
            left = new Expr.Binary(binary, left, right, left.span().to(right.span()), source.newNodeId());
        }
        return left;
    }

    private Expr operand(ParseTree tree, int depth) {
        if (depth > MAX_EXPRESSION_DEPTH) {
            throw new Rejected(Diagnostic.error(span((ParserRuleContext) tree),
                            "expression too long or nested too deeply (more than " + MAX_EXPRESSION_DEPTH + " levels of operations)")
                    .withHint("split it into named steps: each binding can use the ones above it"));
        }
        if (tree instanceof ChainParser.TermContext t) {
            return chain(t.children, depth, false);
        }
        return factor((ChainParser.FactorContext) tree, depth);
    }

    private Expr factor(ChainParser.FactorContext ctx, int depth) {
        if (ctx.factor() != null) {
            Expr operand = operand(ctx.factor(), depth + 1);
            if (ctx.PLUS() != null) {
                return operand;
            }
            return new Expr.Negate(operand, span(ctx), source.newNodeId());
        }
        return power(ctx.power(), depth + 1);
    }

    private Expr power(ChainParser.PowerContext ctx, int depth) {
        Expr base = atom(ctx.atom(), depth);
        if (ctx.exponent() != null) {
            Expr exponent = atom(ctx.exponent().atom(), depth);
            if (ctx.exponent().MINUS() != null) {
                exponent = new Expr.Negate(exponent, span(ctx.exponent()), source.newNodeId());
            }
            base = new Expr.Power(base, exponent, base.span().to(exponent.span()), source.newNodeId());
        }
        if (ctx.unitExpr() == null) {
            return base;
        }
        UnitRef unit = unit(ctx.unitExpr());
        boolean afterNumber = ctx.exponent() != null || ctx.atom() instanceof ChainParser.NumberContext
                || ctx.atom() instanceof ChainParser.ParenContext;
        if (!afterNumber) {
            String written = base.span().text();
            throw new Rejected(Diagnostic.error(unit.span(),
                            "a unit can only follow a number, a power or a parenthesised expression")
                    .withLabel(base.span(), "this is a name, not a number")
                    .withHint("to give `" + written + "` a unit, multiply: " + written + " * 1 " + unit.text()
                            + "; if `" + unit.text() + "` is a value, put an operator between the two"));
        }
        return new Expr.Quantity(base, unit, base.span().to(unit.span()), source.newNodeId());
    }

    private Expr atom(ChainParser.AtomContext ctx, int depth) {
        Span span = span(ctx);
        if (ctx instanceof ChainParser.NumberContext) {
            return number(ctx.getStart(), span);
        }
        if (ctx instanceof ChainParser.BadNumberContext) {
            throw new Rejected(null); // the token scan reported it
        }
        if (ctx instanceof ChainParser.NameOrCallContext c) {
            if (c.call == null) {
                return new Expr.NameRef(name(c.name()), span, source.newNodeId());
            }
            List<Expr> args = new ArrayList<>();
            for (ChainParser.ExprContext arg : c.expr()) {
                args.add(expr(arg, depth + 1));
            }
            Expr.NameRef callee = new Expr.NameRef(name(c.name()), span(c.name()), source.newNodeId());
            return new Expr.Call(callee, args, span, source.newNodeId());
        }
        ChainParser.ParenContext p = (ChainParser.ParenContext) ctx;
        Expr inner = expr(p.expr(), depth + 1);
        if (p.conversion() != null) {
            inner = new Expr.Convert(inner, conversion(p.conversion()), span, source.newNodeId());
        }
        return new Expr.Paren(inner, span, source.newNodeId());
    }

    private Expr number(Token token, Span span) {
        double value = Literals.number(token.getText());
        if (Double.isInfinite(value)) {
            throw new Rejected(Diagnostic.error(span, "number too large: " + token.getText())
                    .withNote("the largest number chain can hold is about 1.8e308"));
        }
        if (value == 0 && Literals.nonZero(token.getText())) {
            throw new Rejected(Diagnostic.error(span, "number too small: " + token.getText() + " would be 0")
                    .withNote("the smallest number chain can hold is about 4.9e-324; write 0 if 0 is meant"));
        }
        return new Expr.NumberLit(value, span, source.newNodeId());
    }

    /**
     * Digits joined by commas that make no number ({@code 1,5}, {@code 1,2,3}); {@code points} when
     * they are on a figure's {@code for} line, where a comma separates points, not arguments.
     */
    static Diagnostic badNumber(Span span, boolean points) {
        String text = span.text();
        Diagnostic error = Diagnostic.error(span, "`" + text + "` is not a number");
        if (points) {
            return error.withHint("to list points, write `" + String.join(", ", text.split(","))
                    + "` (a comma and a space between two); a comma inside a number starts a group of exactly three digits (3,000), and the decimal point is `.`");
        }
        return error.withHint("a comma inside a number starts a group of exactly three digits (3,000); "
                        + "the decimal point is `.`; to separate two arguments write `, ` (a comma and a space)");
    }

    /**
     * Names by the text they were written as, one object each: a chain names `kv` or
     * `gpu.hbm_bandwidth` many times, and the AST lives as long as the program does.
     */
    private final java.util.Map<String, QualifiedName> names = new java.util.HashMap<>();

    private QualifiedName name(ChainParser.NameContext ctx) {
        List<TerminalNode> idents = ctx.IDENT();
        String text = idents.size() == 1 ? idents.get(0).getText() : ctx.getText();
        QualifiedName known = names.get(text);
        if (known != null) {
            return known;
        }
        List<String> parts = new ArrayList<>();
        for (TerminalNode id : idents) {
            parts.add(id.getText());
        }
        QualifiedName name = new QualifiedName(parts);
        names.put(text, name);
        return name;
    }

    // ---- units and dimensions ---------------------------------------------------------------

    /**
     * What {@code ->} converts to: a unit, {@code 1}, a plain number (a unit of no factors), or a
     * unit of nothing per something ({@code /s}, {@code 1/s}: each factor below the line).
     */
    private UnitRef conversion(ChainParser.ConversionContext ctx) {
        TerminalNode number = ctx.NUMBER();
        if (number != null && !number.getText().equals("1")) {
            throw new Rejected(Diagnostic.error(span(number.getSymbol()), "`-> " + number.getText() + "` is not a unit")
                    .withHint("convert to a unit (-> ms, -> GB/s, -> /s), or to 1 for a plain number: 90% -> 1 is 0.9"));
        }
        if (ctx.unitExpr() != null && (ctx.SLASH() != null || ctx.UNIT_PER() != null)) {
            UnitRef below = unit(ctx.unitExpr());
            List<UnitRef.Factor> factors = new ArrayList<>();
            for (UnitRef.Factor f : below.factors()) {
                factors.add(new UnitRef.Factor(f.name(), -f.exponent(), f.span()));
            }
            Token first = number != null ? number.getSymbol() : (ctx.SLASH() != null ? ctx.SLASH() : ctx.UNIT_PER()).getSymbol();
            return new UnitRef(factors, span(first).to(below.span()), source.newNodeId());
        }
        if (ctx.unitExpr() != null) {
            return unit(ctx.unitExpr());
        }
        return new UnitRef(List.of(), span(number.getSymbol()), source.newNodeId());
    }

    UnitRef unit(ChainParser.UnitExprContext ctx) {
        List<UnitRef.Factor> factors = new ArrayList<>();
        int sign = 1;
        for (ParseTree child : ctx.children) {
            if (child instanceof TerminalNode op) {
                sign = op.getSymbol().getType() == ChainLexer.UNIT_SLASH ? -1 : 1;
                continue;
            }
            ChainParser.UnitTermContext term = (ChainParser.UnitTermContext) child;
            String name = term.getStart().getText();
            int exponent = term.NUMBER() == null ? 1 : integerExponent(term.NUMBER(), term.MINUS() != null);
            factors.add(new UnitRef.Factor(name, sign * exponent, span(term)));
        }
        return new UnitRef(factors, span(ctx), source.newNodeId());
    }

    private DimRef dim(ChainParser.DimExprContext ctx) {
        List<DimRef.Factor> factors = new ArrayList<>();
        collectDim(ctx, 1, factors);
        return new DimRef(factors, span(ctx));
    }

    private void collectDim(ChainParser.DimExprContext ctx, int outerSign, List<DimRef.Factor> into) {
        int sign = outerSign;
        for (ParseTree child : ctx.children) {
            if (child instanceof TerminalNode op) {
                int type = op.getSymbol().getType();
                sign = (type == ChainLexer.SLASH || type == ChainLexer.UNIT_PER) ? -outerSign : outerSign;
                continue;
            }
            ChainParser.DimTermContext term = (ChainParser.DimTermContext) child;
            if (term.dimExpr() != null) {
                collectDim(term.dimExpr(), sign, into);
            } else if (term.IDENT() != null) {
                int exponent = term.NUMBER() == null ? 1 : integerExponent(term.NUMBER(), term.MINUS() != null);
                into.add(new DimRef.Factor(term.IDENT().getText(), sign * exponent, span(term)));
            } else if (!term.NUMBER().getText().equals("1")) {
                throw new Rejected(Diagnostic.error(span(term), "a dimension is written with names, or 1 for none")
                        .withHint("for example Bytes/Time, Compute/Time or 1"));
            }
        }
    }

    private int integerExponent(TerminalNode number, boolean negative) {
        String text = number.getText();
        double value = Literals.number(text);
        if (value != Math.rint(value) || Math.abs(value) > 64) {
            throw new Rejected(Diagnostic.error(span(number.getSymbol()), "a unit's exponent must be a small whole number"));
        }
        return (negative ? -1 : 1) * (int) value;
    }

    // ---- text --------------------------------------------------------------------------------

    Text text(ChainParser.TextContext ctx) {
        return text(ctx.getStart());
    }

    private Text text(Token token) {
        Span span = offsets.span(token);
        String raw = token.getText();
        if (token.getType() != ChainLexer.STRING && token.getType() != ChainLexer.TRIPLE_STRING) {
            // The parser's recovery can leave a text rule without its string (`chain` alone on a line).
            throw new Rejected(Diagnostic.error(span, "expected text in double quotes here")
                    .withHint("for example: chain \"The inter-token floor\""));
        }
        if (token.getType() == ChainLexer.TRIPLE_STRING) {
            String body = raw.substring(3, raw.length() - 3);
            String value = Literals.tripleQuoted(body);
            return new Text(value, span, span.start() + 3, false);
        }
        String value = Literals.unescape(raw);
        if (value == null) {
            throw new Rejected(Diagnostic.error(span, "unknown escape sequence in string")
                    .withHint("a string may contain \\\" \\\\ \\n and \\t; for long prose use \"\"\"triple quotes\"\"\""));
        }
        return new Text(value, span, span.start() + 1, value.length() != raw.length() - 2);
    }

    private String label(ChainParser.LabelContext ctx) {
        if (ctx.IDENT() != null) {
            return ctx.IDENT().getText();
        }
        if (ctx.STRING() == null) { // `derive` alone: the parser recovered without a label token
            throw new Rejected(Diagnostic.error(span(ctx.getParent()), "`derive` needs a label")
                    .withHint("name the group: derive floor, or derive \"512 chunk\""));
        }
        String value = Literals.unescape(ctx.STRING().getText());
        return value == null ? ctx.STRING().getText() : value;
    }

    // ---- spans ----------------------------------------------------------------------------------

    private Span span(ParserRuleContext ctx) {
        return offsets.span(ctx.getStart(), ctx.getStop());
    }

    private Span span(Token token) {
        return offsets.span(token);
    }

    /** Whether the tree holds a token the lexer could only half-recognise, which the token scan reported. */
    private static boolean hasBrokenToken(ParseTree tree) {
        if (tree instanceof ErrorNode e) {
            int type = e.getSymbol().getType();
            return type == ChainLexer.UNTERMINATED_STRING || type == ChainLexer.ERROR_CHAR || type == ChainLexer.BAD_NUMBER;
        }
        for (int i = 0; i < tree.getChildCount(); i++) {
            if (hasBrokenToken(tree.getChild(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasError(ParseTree tree) {
        if (tree instanceof ErrorNode) {
            return true;
        }
        if (tree instanceof ParserRuleContext ctx) {
            if (ctx.exception != null) {
                return true;
            }
            for (int i = 0; i < ctx.getChildCount(); i++) {
                if (hasError(ctx.getChild(i))) {
                    return true;
                }
            }
        }
        return false;
    }

    SourceFile source() {
        return source;
    }
}
