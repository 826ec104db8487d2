package dev.chain.lsp;

import dev.chain.format.Formatter;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.LocationLink;
import org.eclipse.lsp4j.SymbolInformation;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.TextDocumentService;

/** The protocol's text document requests, each answered on the workspace's worker from the document's analysis. */
final class TextDocuments implements TextDocumentService {
    private final Workspace workspace;

    TextDocuments(Workspace workspace) {
        this.workspace = workspace;
    }

    @Override
    public void didOpen(DidOpenTextDocumentParams params) {
        var doc = params.getTextDocument();
        workspace.open(doc.getUri(), doc.getVersion(), doc.getText() == null ? "" : doc.getText());
    }

    @Override
    public void didChange(DidChangeTextDocumentParams params) {
        workspace.change(params.getTextDocument().getUri(), params.getTextDocument().getVersion(), params.getContentChanges());
    }

    @Override
    public void didClose(DidCloseTextDocumentParams params) {
        workspace.close(params.getTextDocument().getUri());
    }

    @Override
    public void didSave(DidSaveTextDocumentParams params) {
        java.nio.file.Path path = Document.pathOf(params.getTextDocument().getUri());
        if (path != null) {
            workspace.changed(List.of(path));
        }
    }

    @Override
    public CompletableFuture<Hover> hover(HoverParams params) {
        String uri = params.getTextDocument().getUri();
        return workspace.submit("hover", () -> {
            Document d = workspace.analysed(uri);
            if (d == null || d.analysis == null) {
                return null;
            }
            return Hovers.at(d.analysis, Positions.offset(d.analysis.source(), params.getPosition()), workspace.markdownHover);
        }, null);
    }

    @Override
    public CompletableFuture<List<InlayHint>> inlayHint(InlayHintParams params) {
        String uri = params.getTextDocument().getUri();
        return workspace.submit("inlay hints", () -> {
            Document d = workspace.analysed(uri);
            if (d == null || d.analysis == null) {
                return List.of();
            }
            return InlayHints.in(d.analysis, d.analysis.source(), params.getRange());
        }, List.of());
    }

    @Override
    public CompletableFuture<Either<List<CompletionItem>, CompletionList>> completion(CompletionParams params) {
        String uri = params.getTextDocument().getUri();
        return workspace.submit("completion", () -> {
            Document d = workspace.analysed(uri);
            if (d == null || d.analysis == null) {
                return Either.<List<CompletionItem>, CompletionList>forRight(new CompletionList(List.of()));
            }
            int offset = Positions.offset(d.analysis.source(), params.getPosition());
            return Either.<List<CompletionItem>, CompletionList>forRight(
                    CompletionItems.at(d.analysis, d.analysis.source(), offset, workspace.triggerSuggest));
        }, Either.forRight(new CompletionList(List.of())));
    }

    @Override
    public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(DefinitionParams params) {
        String uri = params.getTextDocument().getUri();
        return workspace.submit("definition", () -> {
            Document d = workspace.analysed(uri);
            Location found = null;
            if (d != null && d.analysis != null) {
                found = Definitions.of(d.analysis.program(), Positions.offset(d.analysis.source(), params.getPosition()),
                        workspace.locations());
            } else if (d != null && d.cardFile != null) {
                found = Definitions.ofCard(d.cardFile, d.path == null ? null : d.path.getParent(),
                        Positions.offset(d.cardFile.source(), params.getPosition()));
            }
            return Either.<List<? extends Location>, List<? extends LocationLink>>forLeft(Definitions.list(found));
        }, Either.forLeft(List.of()));
    }

    @Override
    public CompletableFuture<List<Either<SymbolInformation, DocumentSymbol>>> documentSymbol(DocumentSymbolParams params) {
        String uri = params.getTextDocument().getUri();
        return workspace.submit("document symbols", () -> {
            Document d = workspace.analysed(uri);
            List<DocumentSymbol> symbols = d == null ? List.of()
                    : d.analysis != null ? Symbols.of(d.analysis.source(), d.analysis.program().file().statements(), d.analysis,
                            workspace::runQueuedAnalyses)
                    : d.cardFile != null ? Symbols.of(d.cardFile.source(), d.cardFile.statements(), null, workspace::runQueuedAnalyses)
                    : List.of();
            return symbols.stream().map(Either::<SymbolInformation, DocumentSymbol>forRight).toList();
        }, List.of());
    }

    @Override
    public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
        String uri = params.getTextDocument().getUri();
        return workspace.submit("code actions", () -> {
            Document d = workspace.analysed(uri);
            if (d == null) {
                return List.of();
            }
            return CodeActions.in(uri, d.source, d.diagnostics, params.getRange(), workspace.locations()).stream()
                    .map(Either::<Command, CodeAction>forRight).toList();
        }, List.of());
    }

    /** The whole text in {@code chain fmt}'s layout, as one edit; none for a file with syntax errors (they are shown). */
    @Override
    public CompletableFuture<List<? extends TextEdit>> formatting(DocumentFormattingParams params) {
        String uri = params.getTextDocument().getUri();
        return workspace.submit("formatting", () -> {
            Document d = workspace.analysed(uri);
            if (d == null) {
                return List.<TextEdit>of();
            }
            Formatter.Result result = Formatter.format(d.source);
            if (!result.ok() || result.text().equals(d.source.text())) {
                return List.<TextEdit>of();
            }
            return List.of(new TextEdit(Positions.all(d.source), result.text()));
        }, List.of());
    }
}
