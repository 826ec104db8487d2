package dev.chain.lsp;

import dev.chain.ast.Keywords;
import dev.chain.ast.Stmt;
import dev.chain.check.BindingInfo;
import dev.chain.eval.CheckResult;
import dev.chain.render.CheckText;
import dev.chain.session.Analysis;
import dev.chain.session.ChainRun;
import dev.chain.session.repl.Scope;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.SymbolKind;

/**
 * The outline of a file: its groups with their bindings and checks inside, and the declarations
 * and {@code use}s around them, each binding with its value. A full {@link Stmt.Visitor}: a new
 * kind of statement does not compile until it says whether the outline shows it.
 */
final class Symbols implements Stmt.Visitor<DocumentSymbol> {
    private final SourceFile document;
    private final Analysis analysis;
    private final Scope scope;
    /** The evaluated checks by where they start, looked up once for the whole outline (not once per check). */
    private final Map<Integer, CheckResult> checks = new HashMap<>();
    private final CheckText checkText;
    /** Run between statements: the edits' analyses waiting for the worker (an outline can take long). */
    private final Runnable between;

    private Symbols(SourceFile document, Analysis analysis, Runnable between) {
        this.document = document;
        this.analysis = analysis;
        this.between = between;
        this.scope = analysis == null ? null : new EditorScope(analysis, document.text().length());
        ChainRun run = analysis == null ? null : analysis.values();
        this.checkText = run == null ? null : new CheckText(run.program(), run.values());
        if (run != null) {
            for (CheckResult r : run.evaluation().checks()) {
                checks.putIfAbsent(r.check().decl().span().start(), r);
            }
        }
    }

    /**
     * The outline of {@code statements} (a chain's, with its analysis; or a card's, with none),
     * running {@code between} between one statement and the next.
     */
    static List<DocumentSymbol> of(SourceFile document, List<Stmt> statements, Analysis analysis, Runnable between) {
        return new Symbols(document, analysis, between).all(statements);
    }

    private List<DocumentSymbol> all(List<Stmt> statements) {
        List<DocumentSymbol> out = new ArrayList<>();
        for (Stmt s : statements) {
            between.run();
            DocumentSymbol symbol = s.accept(this);
            if (symbol != null) {
                out.add(symbol);
            }
        }
        return out;
    }

    private DocumentSymbol symbol(String name, SymbolKind kind, Span whole, Span selection, String detail) {
        DocumentSymbol s = new DocumentSymbol(name.isBlank() ? "(unnamed)" : name, kind,
                LspDiagnostics.range(whole, document), LspDiagnostics.range(selection, document));
        if (detail != null && !detail.isEmpty()) {
            s.setDetail(detail);
        }
        return s;
    }

    @Override
    public DocumentSymbol visitChainHeader(Stmt.ChainHeader chainHeader) {
        return symbol(chainHeader.title().value(), SymbolKind.File, chainHeader.span(), chainHeader.title().span(), "chain");
    }

    @Override
    public DocumentSymbol visitDrill(Stmt.Drill drill) {
        return null;
    }

    @Override
    public DocumentSymbol visitUse(Stmt.Use use) {
        return symbol(use.boundName(), SymbolKind.Module, use.span(), use.span(), "use " + use.module());
    }

    @Override
    public DocumentSymbol visitGroup(Stmt.Group group) {
        Span whole = group.span();
        for (Stmt m : group.members()) {
            whole = whole.to(m.span());
        }
        DocumentSymbol s = symbol(group.label(), SymbolKind.Namespace, whole, group.span(), group.kind().keyword());
        s.setChildren(all(group.members()));
        return s;
    }

    @Override
    public DocumentSymbol visitNote(Stmt.Note note) {
        return null;
    }

    @Override
    public DocumentSymbol visitCardHeader(Stmt.CardHeader cardHeader) {
        return symbol(cardHeader.title().value(), SymbolKind.File, cardHeader.span(), cardHeader.title().span(), Keywords.CARD);
    }

    @Override
    public DocumentSymbol visitIntro(Stmt.Intro intro) {
        return null;
    }

    @Override
    public DocumentSymbol visitInclude(Stmt.Include include) {
        return symbol(include.path().value(), SymbolKind.File, include.span(), include.path().span(), Keywords.INCLUDE);
    }

    @Override
    public DocumentSymbol visitNextCard(Stmt.NextCard nextCard) {
        return null;
    }

    @Override
    public DocumentSymbol visitLinks(Stmt.Links links) {
        return null;
    }

    @Override
    public DocumentSymbol visitDimension(Stmt.DimensionDecl dimension) {
        return symbol(dimension.name(), SymbolKind.TypeParameter, dimension.span(), dimension.span(), "dimension");
    }

    @Override
    public DocumentSymbol visitUnit(Stmt.UnitDecl unit) {
        return symbol(String.join(", ", unit.names()), SymbolKind.Constant, unit.span(), unit.nameSpans().get(0), "unit");
    }

    @Override
    public DocumentSymbol visitFunction(Stmt.FnDecl function) {
        return symbol(function.name(), SymbolKind.Function, function.span(), function.nameSpan(), "fn");
    }

    @Override
    public DocumentSymbol visitBinding(Stmt.Binding binding) {
        BindingInfo info = analysis == null ? null : Hovers.bindingOf(analysis.program(), binding);
        String detail = null;
        boolean input = false;
        if (info != null) {
            input = info.input();
            detail = info.isText() ? "\"" + info.text() + "\"" : scope.hasValue(info) ? scope.text(info)
                    : info.dimension() == null ? null : info.owner().units().describe(info.dimension());
        }
        return symbol(binding.name(), input ? SymbolKind.Constant : SymbolKind.Variable, binding.span(), binding.nameSpan(), detail);
    }

    @Override
    public DocumentSymbol visitCheck(Stmt.Check check) {
        CheckResult found = checks.get(check.span().start());
        String outcome = found == null ? null : Hovers.outcome(checkText, found);
        return symbol("check " + check.condition().span().text(), SymbolKind.Boolean, check.span(), check.span(), outcome);
    }

    @Override
    public DocumentSymbol visitEvaluate(Stmt.Evaluate evaluate) {
        return null;
    }

    /** A figure, with its lines under it and its checks as children. */
    @Override
    public DocumentSymbol visitFigure(Stmt.Figure figure) {
        Span whole = figure.span();
        List<DocumentSymbol> children = new ArrayList<>();
        for (dev.chain.ast.Clause clause : figure.clauses()) {
            whole = whole.to(clause.span());
            children.add(symbol(clause.span().text().strip(), SymbolKind.Property, clause.span(), clause.span(), null));
        }
        for (Stmt.Check check : figure.checks()) {
            whole = whole.to(check.span());
            children.add(visitCheck(check));
        }
        DocumentSymbol s = symbol(figure.title().value(), SymbolKind.Event, whole, figure.title().span(),
                figure.kind().name().toLowerCase(java.util.Locale.ROOT));
        s.setChildren(children);
        return s;
    }
}
