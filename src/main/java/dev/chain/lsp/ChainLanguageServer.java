package dev.chain.lsp;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionOptions;
import org.eclipse.lsp4j.CompletionOptions;
import org.eclipse.lsp4j.DidChangeWatchedFilesRegistrationOptions;
import org.eclipse.lsp4j.FileSystemWatcher;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.Registration;
import org.eclipse.lsp4j.RegistrationParams;
import org.eclipse.lsp4j.SaveOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.TextDocumentSyncOptions;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;

/**
 * {@code chain lsp}: a language server over standard input and output, a thin layer over the
 * engine {@code chain check} uses (see {@link Workspace}). Diagnostics as {@code check} reports
 * them, on open and on every change; hover, inlay values, completion, definition (into the
 * stdlib's read-only copies too), the outline, quick fixes and formatting ({@code chain fmt}'s).
 * Bad input gets diagnostics or an error response; nothing in a request takes the server down.
 */
public final class ChainLanguageServer implements LanguageServer, LanguageClientAware {
    /** lsp4j logs through java.util.logging, to standard error: quiet unless --debug. Held, as loggers are weakly kept. */
    private static final Logger LSP4J = Logger.getLogger("org.eclipse.lsp4j");

    private final Workspace workspace;
    private final TextDocuments documents;
    private final WorkspaceFiles files;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private final boolean debug;
    private volatile boolean shutdown;
    private volatile boolean watchFiles;
    private volatile LanguageClient client;

    public ChainLanguageServer(Map<String, String> environment, boolean debug) {
        this.debug = debug;
        this.workspace = new Workspace(environment, debug);
        this.documents = new TextDocuments(workspace);
        this.files = new WorkspaceFiles(workspace);
    }

    /** Serves one client on these streams until it says exit or closes them; returns the exit code. */
    public static int run(InputStream in, OutputStream out, Map<String, String> environment, boolean debug) {
        LSP4J.setLevel(debug ? Level.INFO : Level.OFF);
        ChainLanguageServer server = new ChainLanguageServer(environment, debug);
        Future<Void> listening = server.listen(in, out);
        Thread input = new Thread(() -> {
            try {
                listening.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                // the input broke off: end as if it was closed
            }
            server.exit.complete(server.shutdown ? 0 : 1);
        }, "chain-lsp-input");
        input.setDaemon(true);
        input.start();
        int code = server.exit.join();
        server.workspace.shutdown();
        return code;
    }

    /** Connects the server to a client on these streams and starts reading requests. */
    public Future<Void> listen(InputStream in, OutputStream out) {
        Launcher<LanguageClient> launcher = Connection.create(this, in, out, debug);
        connect(launcher.getRemoteProxy());
        return launcher.startListening();
    }

    @Override
    public void connect(LanguageClient client) {
        this.client = client;
        workspace.connect(client);
    }

    @Override
    public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
        ClientCapabilities client = params.getCapabilities();
        if (client != null && client.getTextDocument() != null && client.getTextDocument().getHover() != null) {
            List<String> formats = client.getTextDocument().getHover().getContentFormat();
            // the client's first choice; Markdown (a code block) unless it asks for plain text first
            workspace.markdownHover = formats == null || formats.isEmpty() || !formats.get(0).equals("plaintext");
        }
        if (client != null && client.getWorkspace() != null) {
            var w = client.getWorkspace();
            watchFiles = w.getDidChangeWatchedFiles() != null && Boolean.TRUE.equals(w.getDidChangeWatchedFiles().getDynamicRegistration());
            workspace.refreshHints = w.getInlayHint() != null && Boolean.TRUE.equals(w.getInlayHint().getRefreshSupport());
        }
        workspace.triggerSuggest = client != null && clientCommands(client.getExperimental()).contains("editor.action.triggerSuggest");
        ServerCapabilities capabilities = new ServerCapabilities();
        TextDocumentSyncOptions sync = new TextDocumentSyncOptions();
        sync.setOpenClose(true);
        sync.setChange(TextDocumentSyncKind.Incremental);
        sync.setSave(new SaveOptions(false));
        capabilities.setTextDocumentSync(sync);
        capabilities.setHoverProvider(true);
        capabilities.setInlayHintProvider(true);
        capabilities.setCompletionProvider(new CompletionOptions(false, List.of(".", "{", ">")));
        capabilities.setDefinitionProvider(true);
        capabilities.setDocumentSymbolProvider(true);
        capabilities.setCodeActionProvider(new CodeActionOptions(List.of(CodeActionKind.QuickFix)));
        capabilities.setDocumentFormattingProvider(true);
        return CompletableFuture.completedFuture(new InitializeResult(capabilities, new ServerInfo("chain", dev.chain.session.ChainVersion.VERSION)));
    }

    /** The client-side commands a client says it runs: {@code experimental.commands.commands}, as rust-analyzer reads them. */
    private static List<String> clientCommands(Object experimental) {
        if (experimental instanceof com.google.gson.JsonObject e && e.get("commands") instanceof com.google.gson.JsonObject c
                && c.get("commands") instanceof com.google.gson.JsonArray names) {
            List<String> out = new java.util.ArrayList<>();
            for (com.google.gson.JsonElement name : names) {
                if (name.isJsonPrimitive()) {
                    out.add(name.getAsString());
                }
            }
            return out;
        }
        return List.of();
    }

    @Override
    public void initialized(InitializedParams params) {
        workspace.warmUp(); // the engine loads its prelude now, not before initialize is answered
        LanguageClient c = client;
        if (watchFiles && c != null) {
            // a local module saved or changed by another program: its users are analysed again
            var options = new DidChangeWatchedFilesRegistrationOptions(List.of(new FileSystemWatcher(Either.forLeft("**/*.chain"))));
            c.registerCapability(new RegistrationParams(List.of(
                    new Registration("chain-files", "workspace/didChangeWatchedFiles", options))));
        }
    }

    @Override
    public CompletableFuture<Object> shutdown() {
        shutdown = true;
        // Answered on the worker, after the work queued before it: what that work publishes (the
        // empty diagnostics of a file just closed) reaches the client before the answer does.
        return workspace.submit("shutdown", () -> null, null);
    }

    @Override
    public void exit() {
        exit.complete(shutdown ? 0 : 1);
    }

    @Override
    public TextDocumentService getTextDocumentService() {
        return documents;
    }

    @Override
    public WorkspaceService getWorkspaceService() {
        return files;
    }

    /** The exit code, once the client said exit or closed the input. */
    public CompletableFuture<Integer> exitCode() {
        return exit;
    }

}
