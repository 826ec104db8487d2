package dev.chain.lsp;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * One editor session, for the launcher's training run (cli.Training): a client drives the server
 * over pipes through every request it answers, so that the classes a session loads (lsp4j's, the
 * server's) go into the class-data-sharing archive and {@code chain lsp} answers {@code initialize} sooner.
 */
public final class TrainingSession {
    private TrainingSession() {}

    public static void run(Path chain, Path cache) throws Exception {
        PipedInputStream serverIn = new PipedInputStream(1 << 16);
        PipedOutputStream clientOut = new PipedOutputStream(serverIn);
        PipedInputStream clientIn = new PipedInputStream(1 << 16);
        PipedOutputStream serverOut = new PipedOutputStream(clientIn);
        ChainLanguageServer server = new ChainLanguageServer(Map.of("XDG_CACHE_HOME", cache.toString()), false);
        server.listen(serverIn, serverOut);
        CompletableFuture<Void> diagnosed = new CompletableFuture<>();
        Launcher<LanguageServer> launcher = LSPLauncher.createClientLauncher(new LanguageClient() {
            @Override
            public void telemetryEvent(Object object) {}

            @Override
            public void publishDiagnostics(PublishDiagnosticsParams diagnostics) {
                if (Integer.valueOf(2).equals(diagnostics.getVersion())) {
                    diagnosed.complete(null);
                }
            }

            @Override
            public void showMessage(MessageParams messageParams) {}

            @Override
            public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams requestParams) {
                return CompletableFuture.completedFuture(null);
            }

            @Override
            public void logMessage(MessageParams message) {}
        }, clientIn, clientOut);
        launcher.startListening();
        LanguageServer remote = launcher.getRemoteProxy();
        InitializeParams init = new InitializeParams();
        init.setCapabilities(new ClientCapabilities());
        remote.initialize(init).get(60, TimeUnit.SECONDS);
        remote.initialized(new InitializedParams());
        String uri = chain.toUri().toString();
        TextDocumentIdentifier doc = new TextDocumentIdentifier(uri);
        var text = remote.getTextDocumentService();
        text.didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "chain", 1, Files.readString(chain))));
        text.didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, 2),
                List.of(new TextDocumentContentChangeEvent(new Range(new Position(0, 0), new Position(0, 0)), "# trained\n"))));
        diagnosed.get(60, TimeUnit.SECONDS);
        Position p = new Position(3, 3);
        text.hover(new HoverParams(doc, p)).get(60, TimeUnit.SECONDS);
        text.completion(new CompletionParams(doc, p)).get(60, TimeUnit.SECONDS);
        text.definition(new DefinitionParams(doc, p)).get(60, TimeUnit.SECONDS);
        text.inlayHint(new InlayHintParams(doc, new Range(new Position(0, 0), new Position(100, 0)))).get(60, TimeUnit.SECONDS);
        text.documentSymbol(new DocumentSymbolParams(doc)).get(60, TimeUnit.SECONDS);
        text.formatting(new DocumentFormattingParams(doc, new FormattingOptions(2, true))).get(60, TimeUnit.SECONDS);
        remote.shutdown().get(60, TimeUnit.SECONDS);
        remote.exit();
        server.exitCode().get(60, TimeUnit.SECONDS);
        try {
            clientOut.close();
            serverOut.close();
        } catch (IOException e) {
            // closed already
        }
    }
}
