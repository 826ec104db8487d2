package dev.chain.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.format.Formatter;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DocumentFormattingParams;
import org.eclipse.lsp4j.DocumentSymbol;
import org.eclipse.lsp4j.DocumentSymbolParams;
import org.eclipse.lsp4j.FormattingOptions;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.ResponseErrorException;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code chain lsp} end to end: a client (lsp4j's launcher) drives the server over pipes, as an
 * editor does, on the card's chains; every answer is checked against what the card says.
 */
class LanguageServerTest {
    @TempDir
    Path dir;

    private Client client;
    private LanguageServer server;
    private Launcher<LanguageServer> launcher;
    private ChainLanguageServer implementation;
    private InitializeResult initialized;

    /** What the server sends the editor: diagnostics by document, and log messages. */
    static final class Client implements LanguageClient {
        final Map<String, LinkedBlockingQueue<PublishDiagnosticsParams>> diagnostics = new ConcurrentHashMap<>();
        final List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();

        LinkedBlockingQueue<PublishDiagnosticsParams> of(String uri) {
            return diagnostics.computeIfAbsent(uri, u -> new LinkedBlockingQueue<>());
        }

        @Override
        public void telemetryEvent(Object object) {}

        @Override
        public void publishDiagnostics(PublishDiagnosticsParams params) {
            of(params.getUri()).add(params);
        }

        @Override
        public void showMessage(MessageParams params) {
            log.add(params.getMessage());
        }

        @Override
        public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams params) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void logMessage(MessageParams params) {
            log.add(params.getMessage());
        }

        @Override
        public CompletableFuture<Void> refreshInlayHints() {
            return CompletableFuture.completedFuture(null);
        }
    }

    @BeforeEach
    void start() throws Exception {
        PipedInputStream serverIn = new PipedInputStream(1 << 16);
        PipedOutputStream clientOut = new PipedOutputStream(serverIn);
        PipedInputStream clientIn = new PipedInputStream(1 << 16);
        PipedOutputStream serverOut = new PipedOutputStream(clientIn);
        implementation = new ChainLanguageServer(Map.of("XDG_CACHE_HOME", dir.resolve("cache").toString()), false);
        implementation.listen(serverIn, serverOut);
        client = new Client();
        launcher = LSPLauncher.createClientLauncher(client, clientIn, clientOut);
        launcher.startListening();
        server = launcher.getRemoteProxy();
        InitializeParams params = new InitializeParams();
        params.setCapabilities(new ClientCapabilities());
        initialized = server.initialize(params).get(10, TimeUnit.SECONDS);
        server.initialized(new InitializedParams());
    }

    @AfterEach
    void stop() throws Exception {
        server.shutdown().get(10, TimeUnit.SECONDS);
        server.exit();
        assertEquals(0, implementation.exitCode().get(10, TimeUnit.SECONDS), "exit after shutdown is exit 0");
        assertTrue(client.log.isEmpty(), () -> "no internal errors: " + client.log);
    }

    // ---- helpers ---------------------------------------------------------------------------------

    private final Map<String, Integer> versions = new ConcurrentHashMap<>();

    private String open(Path path, String text) throws Exception {
        String uri = path.toAbsolutePath().toUri().toString();
        versions.put(uri, 1);
        server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "chain", 1, text)));
        return uri;
    }

    private String open(Path path) throws Exception {
        return open(path, Files.readString(path, StandardCharsets.UTF_8));
    }

    /** The diagnostics of the version last sent (earlier ones may be skipped: a burst is analysed once). */
    private List<Diagnostic> diagnostics(String uri) throws InterruptedException {
        int version = versions.get(uri);
        while (true) {
            PublishDiagnosticsParams p = client.of(uri).poll(20, TimeUnit.SECONDS);
            assertNotNull(p, "diagnostics were published for " + uri);
            if (p.getVersion() == null || p.getVersion() >= version) {
                return p.getDiagnostics();
            }
        }
    }

    /** Replaces the first occurrence of {@code old} (at line/character positions) with {@code replacement}. */
    private String edit(String uri, String text, String old, String replacement) {
        int offset = text.indexOf(old);
        assertTrue(offset >= 0, old);
        SourceFile source = new SourceFile("x", text);
        Range range = new Range(Positions.position(source, offset), Positions.position(source, offset + old.length()));
        int version = versions.merge(uri, 1, Integer::sum);
        server.getTextDocumentService().didChange(new DidChangeTextDocumentParams(new VersionedTextDocumentIdentifier(uri, version),
                List.of(new TextDocumentContentChangeEvent(range, replacement))));
        return text.substring(0, offset) + replacement + text.substring(offset + old.length());
    }

    /** Waits until everything the server sent before now has arrived, then forgets the diagnostics of {@code uri} so far. */
    private void settle(String uri) throws Exception {
        server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri), new Position(0, 0))).get(10, TimeUnit.SECONDS);
        client.of(uri).clear();
    }

    private static Position at(String text, String before, int skip) {
        int offset = text.indexOf(before) + skip;
        assertTrue(offset >= skip, before);
        return Positions.position(new SourceFile("x", text), offset);
    }

    private Hover hover(String uri, Position p) throws Exception {
        return server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri), p)).get(10, TimeUnit.SECONDS);
    }

    private List<String> completions(String uri, Position p) throws Exception {
        var result = server.getTextDocumentService().completion(new CompletionParams(new TextDocumentIdentifier(uri), p))
                .get(10, TimeUnit.SECONDS);
        List<String> labels = new ArrayList<>();
        for (CompletionItem item : result.getRight().getItems()) {
            labels.add(item.getLabel());
        }
        return labels;
    }

    private List<? extends Location> definition(String uri, Position p) throws Exception {
        return server.getTextDocumentService().definition(new DefinitionParams(new TextDocumentIdentifier(uri), p))
                .get(10, TimeUnit.SECONDS).getLeft();
    }

    private static final Path FLOOR = Path.of("chains/02-inter-token-floor.chain");

    // ---- the tests ---------------------------------------------------------------------------------

    @Test
    void itSaysWhatItCanDo() {
        var c = initialized.getCapabilities();
        assertTrue(c.getHoverProvider().getLeft());
        assertTrue(c.getDefinitionProvider().getLeft());
        assertTrue(c.getDocumentFormattingProvider().getLeft());
        assertTrue(c.getDocumentSymbolProvider().getLeft());
        assertNotNull(c.getInlayHintProvider());
        assertTrue(c.getCompletionProvider().getTriggerCharacters().contains("."));
        assertEquals("chain", initialized.getServerInfo().getName());
    }

    @Test
    void theCardsChainsCheckCleanAsCheckSays() throws Exception {
        try (var chains = Files.list(Path.of("chains"))) {
            for (Path chain : chains.filter(p -> p.toString().endsWith(".chain")).sorted().toList()) {
                String uri = open(chain);
                assertEquals(List.of(), diagnostics(uri), chain.toString());
            }
        }
        String card = open(Path.of("chains/performance-debugging-chains.card"));
        assertEquals(List.of(), diagnostics(card));
    }

    /** A note's card link to no card file beside the chain is the error check gives, at the link (issue 42). */
    @Test
    void aNotesCardLinkToNoCardIsAnErrorAtTheLink(@org.junit.jupiter.api.io.TempDir Path folder) throws Exception {
        Path chain = folder.resolve("ratio.chain");
        String text = Files.readString(Path.of("src/test/resources/links/ratio.chain"));
        Files.writeString(folder.resolve("first.card"), "card \"The first card\"\ninclude \"ratio.chain\"\n");
        Files.writeString(folder.resolve("second.card"), "card \"The second card\"\ninclude \"ratio.chain\"\n");
        String uri = open(chain, text);
        assertEquals(List.of(), diagnostics(uri), "first.card and second.card are beside it");
        text = edit(uri, text, "(card:second)", "(card:third)");
        List<Diagnostic> found = diagnostics(uri);
        assertEquals(1, found.size(), found.toString());
        assertTrue(found.get(0).getMessage().startsWith("`[second card](card:third)` links to no card: there is no third.card beside this chain"),
                found.get(0).getMessage());
        assertEquals(at(text, "card:third", 0), found.get(0).getRange().getStart());
        assertEquals(at(text, "card:third", "card:third".length()), found.get(0).getRange().getEnd());
    }

    @Test
    void hoverShowsTheValueItsFormulaWithValuesAndItsDimension() throws Exception {
        String text = Files.readString(FLOOR);
        String uri = open(FLOOR, text);
        Hover h = hover(uri, at(text, "  floor   =", 3));
        String shown = h.getContents().getRight().getValue();
        assertTrue(shown.contains("floor = (weights + kv) / gpu.hbm_bandwidth = (16.06 GB + 34.36 GB) / 3.35 TB/s = 15.05 ms"), shown);
        assertTrue(shown.contains("dimension  s (time)"), shown);
        assertEquals(13, h.getRange().getStart().getLine());

        // a use of it, further down; a module's value with its @source; a unit; a function
        assertTrue(hover(uri, at(text, "share = floor", 9)).getContents().getRight().getValue().contains("15.05 ms"));
        String bandwidth = hover(uri, at(text, "gpu.hbm_bandwidth -> ms", 6)).getContents().getRight().getValue();
        assertTrue(bandwidth.contains("3.35 TB/s") && bandwidth.contains("source     NVIDIA H100 datasheet")
                && bandwidth.contains("label      HBM bandwidth"), bandwidth);
        String unit = hover(uri, at(text, "-> TFLOP", 4)).getContents().getRight().getValue();
        assertTrue(unit.contains("TFLOP: unit of FLOP (compute), 1 TFLOP = 1,000,000,000,000 FLOP"), unit);
        String check = hover(uri, at(text, "check share in", 2)).getContents().getRight().getValue();
        assertTrue(check.contains("✓ 62.71% is in 50% .. 80%"), check);
        assertNull(hover(uri, new Position(2, 0)), "nothing on a blank line");
    }

    @Test
    void theValueOfEachBindingSitsAtTheEndOfItsLine() throws Exception {
        String text = Files.readString(FLOOR);
        String uri = open(FLOOR, text);
        List<InlayHint> hints = server.getTextDocumentService()
                .inlayHint(new InlayHintParams(new TextDocumentIdentifier(uri), new Range(new Position(0, 0), new Position(100, 0))))
                .get(10, TimeUnit.SECONDS);
        InlayHint floor = hints.stream().filter(h -> h.getPosition().getLine() == 13).findFirst().orElseThrow();
        assertEquals("= 15.05 ms", floor.getLabel().getLeft());
        assertEquals(text.lines().toList().get(13).indexOf(":,.2f") + 5, floor.getPosition().getCharacter(),
                "after the code, before the comment");
        assertTrue(hints.stream().noneMatch(h -> h.getPosition().getLine() == 7), "batch = 64 shows as written: no hint");
        assertTrue(hints.stream().anyMatch(h -> h.getLabel().getLeft().equals("✓ 62.71% is in 50% .. 80%")));
    }

    @Test
    void completionOffersModuleMembersUnitsModulesAndTemplateNames() throws Exception {
        String text = Files.readString(FLOOR);
        String uri = open(FLOOR, text);
        List<String> members = completions(uri, at(text, "gpu.hbm_bandwidth -> ms", 4));
        assertTrue(members.contains("gpu.hbm_bandwidth"), members.toString());
        assertTrue(members.contains("gpu.bf16_peak"), members.toString());

        List<String> placeholders = completions(uri, at(text, "({weights}", 5)); // "{wei|ghts"
        assertTrue(placeholders.contains("weights"), placeholders.toString());

        text = edit(uri, text, "  p50   = 24 ms\n", "  p50   = 24 ms\n  more = 3 Gi\n  z = kv_\n");
        List<String> units = completions(uri, at(text, "3 Gi", 4));
        assertTrue(units.contains("GiB") && !units.contains("kv"), units.toString());
        List<String> names = completions(uri, at(text, "z = kv_", 7));
        assertEquals(List.of("kv_read"), names, "names bound above the cursor");
        List<String> after = completions(uri, at(text, "context = ", 10)); // bound below: not offered
        assertFalse(after.contains("floor"), after.toString());

        String other = open(dir.resolve("u.chain"), "use h10\n");
        List<String> modules = completions(other, new Position(0, 7));
        assertTrue(modules.contains("h100_sxm") && modules.contains("h100_pcie"), modules.toString());
    }

    @Test
    void definitionGoesToTheBindingTheUseAndTheStdlibsCopy() throws Exception {
        String text = Files.readString(FLOOR);
        String uri = open(FLOOR, text);
        Location stdlib = definition(uri, at(text, "gpu.hbm_bandwidth -> ms", 6)).get(0);
        Path copy = Path.of(java.net.URI.create(stdlib.getUri()));
        assertTrue(copy.startsWith(dir.resolve("cache").resolve("chain").resolve("stdlib")), copy.toString());
        assertEquals(Files.readString(Path.of("stdlib/h100_sxm.chain")), Files.readString(copy));
        assertFalse(Files.getPosixFilePermissions(copy).contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE),
                "the copy is read-only");
        int line = Files.readAllLines(Path.of("stdlib/h100_sxm.chain")).indexOf("hbm_bandwidth = 3.35 TB/s");
        assertEquals(new Range(new Position(line, 0), new Position(line, "hbm_bandwidth".length())), stdlib.getRange());

        Location weights = definition(uri, at(text, "(weights + kv)", 2)).get(0);
        assertEquals(uri, weights.getUri());
        assertEquals(11, weights.getRange().getStart().getLine());
        assertEquals(3, definition(uri, at(text, "gpu.hbm_bandwidth -> ms", 1)).get(0).getRange().getStart().getLine(),
                "the alias goes to its use");
        Location module = definition(uri, at(text, "use llama31_8b", 6)).get(0);
        assertTrue(module.getUri().endsWith("/llama31_8b.chain"), module.getUri());
        Location function = definition(open(dir.resolve("f.chain"), "use inference\nv = inference.amdahl(0.5, 2)\n"),
                new Position(1, 16)).get(0);
        assertTrue(function.getUri().endsWith("/inference.chain"), function.getUri());
    }

    @Test
    void aPlaceholderLeadsToItsBindingAndAnIncludeToItsChain() throws Exception {
        String text = Files.readString(FLOOR);
        String uri = open(FLOOR, text);
        assertEquals(11, definition(uri, at(text, "({weights}", 3)).get(0).getRange().getStart().getLine(),
                "a placeholder goes to the binding it shows");
        assertTrue(hover(uri, at(text, "({weights}", 3)).getContents().getRight().getValue().contains("16.06 GB"));
        assertEquals(3, definition(uri, at(text, "{gpu.hbm_bandwidth}", 2)).get(0).getRange().getStart().getLine(),
                "a placeholder's alias goes to its use");
        Path cardPath = Path.of("chains/performance-debugging-chains.card");
        String cardText = Files.readString(cardPath);
        String card = open(cardPath, cardText);
        Location chain = definition(card, at(cardText, "include \"02-inter-token-floor.chain\"", 10)).get(0);
        assertTrue(chain.getUri().endsWith("/chains/02-inter-token-floor.chain"), chain.getUri());
    }

    @Test
    void theOutlineHasGroupsBindingsAndChecks() throws Exception {
        String uri = open(FLOOR);
        List<DocumentSymbol> symbols = new ArrayList<>();
        for (var s : server.getTextDocumentService().documentSymbol(new DocumentSymbolParams(new TextDocumentIdentifier(uri)))
                .get(10, TimeUnit.SECONDS)) {
            symbols.add(s.getRight());
        }
        List<String> names = symbols.stream().map(DocumentSymbol::getName).toList();
        assertEquals(List.of("The inter-token floor and a mixed step", "gpu", "model", "inputs", "floor", "mixed",
                "{small_chunk:#} chunk", "sanity",
                "Step time against batch: the floor and a mixed step, {model.name} on one {gpu.name}",
                "The decode floor and the mixed step on the {gpu.name}'s roofline"), names);
        DocumentSymbol floor = symbols.get(4);
        assertEquals(List.of("weights", "kv", "floor"), floor.getChildren().stream().map(DocumentSymbol::getName).toList());
        assertEquals("15.05 ms", floor.getChildren().get(2).getDetail());
        DocumentSymbol sanity = symbols.get(7);
        assertTrue(sanity.getChildren().stream().anyMatch(s -> s.getName().equals("check share in 50% .. 80%")));
        DocumentSymbol plot = symbols.get(8);
        assertEquals("plot", plot.getDetail());
        assertEquals(List.of("for batch in 1 .. 256 x2", "show floor, mixed", "check mixed > floor"),
                plot.getChildren().stream().map(DocumentSymbol::getName).toList());
    }

    /** A plot's axis ends are code like any other: their units hover, and a wrong one is reported where it is. */
    @Test
    void aPlotsAxisEndsHoverAndAreChecked() throws Exception {
        String text = Files.readString(FLOOR);
        String uri = open(FLOOR, text);
        assertEquals(List.of(), diagnostics(uri));
        text = edit(uri, text, "show floor, mixed", "show floor, mixed in 0 ms .. 30 ms");
        assertEquals(List.of(), diagnostics(uri));
        String unit = hover(uri, at(text, ".. 30 ms", 7)).getContents().getRight().getValue();
        assertTrue(unit.contains("ms: unit of s (time), 1 ms = 0.001 s"), unit);

        text = edit(uri, text, ".. 30 ms", ".. 30 GB");
        List<Diagnostic> wrong = diagnostics(uri);
        assertEquals(1, wrong.size(), wrong.toString());
        assertTrue(wrong.get(0).getMessage().startsWith("an axis's ends are of one dimension, and this is B (information)"),
                wrong.get(0).getMessage());
        assertEquals(lineOf(text, "30 GB"), wrong.get(0).getRange().getStart().getLine());
        assertEquals(text.lines().toList().get(lineOf(text, "30 GB")).indexOf("30 GB"), wrong.get(0).getRange().getStart().getCharacter());
    }

    @Test
    void anEditIsCheckedAgainAndItsMistakesComeWithTheirFixes() throws Exception {
        String text = Files.readString(FLOOR);
        String uri = open(FLOOR, text);
        assertEquals(List.of(), diagnostics(uri));

        text = edit(uri, text, "batch   = 64", "batch   = 32");
        List<Diagnostic> failed = diagnostics(uri);
        assertEquals(1, failed.size(), failed.toString());
        Diagnostic check = failed.get(0);
        assertTrue(check.getMessage().startsWith("check failed: 41.34% is not in 50% .. 80%"), check.getMessage());
        assertEquals(lineOf(text, "check share in"), check.getRange().getStart().getLine(), "shown at the check");
        assertTrue(check.getRelatedInformation().stream().anyMatch(r -> r.getMessage().equals("is 41.34%")),
                "with the value of its side");
        assertTrue(hover(uri, at(text, "  floor   =", 3)).getContents().getRight().getValue().contains("9.92 ms"));

        text = edit(uri, text, "p50   = 24 ms", "p50   = 24 ms * 5 KB / 5 kB");
        List<Diagnostic> kb = diagnostics(uri);
        Diagnostic ambiguous = kb.get(0);
        assertTrue(ambiguous.getMessage().startsWith("`KB` is ambiguous: kB (1000 B) or KiB (1024 B)?"), ambiguous.getMessage());
        assertTrue(ambiguous.getMessage().contains("\nhint: SI `k`"), "the hint under the message");
        List<CodeAction> actions = new ArrayList<>();
        for (var a : server.getTextDocumentService().codeAction(new CodeActionParams(new TextDocumentIdentifier(uri),
                ambiguous.getRange(), new CodeActionContext(kb))).get(10, TimeUnit.SECONDS)) {
            actions.add(a.getRight());
        }
        assertEquals(List.of("Replace `KB` with `kB`", "Replace `KB` with `KiB`"), actions.stream().map(CodeAction::getTitle).toList());
        TextEdit fix = actions.get(0).getEdit().getChanges().get(uri).get(0);
        assertEquals("kB", fix.getNewText());
        assertEquals(ambiguous.getRange(), fix.getRange());

        // while a line is broken, the values above it still show
        text = edit(uri, text, "p50   = 24 ms * 5 KB / 5 kB", "p50   = 24 ms +");
        assertFalse(diagnostics(uri).isEmpty());
        assertTrue(hover(uri, at(text, "  floor   =", 3)).getContents().getRight().getValue().contains("9.92 ms"));
    }

    @Test
    void formattingIsChainFmt() throws Exception {
        String messy = "chain \"m\"\ninputs\nbatch=64\n  context =4,096 token # ctx\nderive d\n  kv=batch*context*2 B/token->GB\n";
        String uri = open(dir.resolve("messy.chain"), messy);
        List<? extends TextEdit> edits = server.getTextDocumentService()
                .formatting(new DocumentFormattingParams(new TextDocumentIdentifier(uri), new FormattingOptions(2, true)))
                .get(10, TimeUnit.SECONDS);
        assertEquals(1, edits.size());
        assertEquals(new Range(new Position(0, 0), new Position(6, 0)), edits.get(0).getRange());
        assertEquals(Formatter.format(new SourceFile("m", messy)).text(), edits.get(0).getNewText());

        String formatted = open(dir.resolve("ok.chain"), Files.readString(FLOOR));
        assertEquals(List.of(), server.getTextDocumentService()
                .formatting(new DocumentFormattingParams(new TextDocumentIdentifier(formatted), new FormattingOptions(2, true)))
                .get(10, TimeUnit.SECONDS), "a formatted file needs no edit");
    }

    @Test
    void aLocalModuleThatChangesChecksItsChainsAgain() throws Exception {
        Path fleet = dir.resolve("fleet.chain");
        Files.writeString(fleet, "hbm_bandwidth = 2.91 TB/s\n");
        Path chain = dir.resolve("floor.chain");
        String text = "use fleet as gpu\nfloor = 16 GB / gpu.hbm_bandwidth -> ms\ncheck floor > 5 ms\n";
        String uri = open(chain, text);
        assertEquals(List.of(), diagnostics(uri));

        String module = open(fleet);
        assertEquals(List.of(), diagnostics(module));
        settle(uri); // opening the module analysed its user again
        edit(module, "hbm_bandwidth = 2.91 TB/s\n", "2.91", "4");
        assertEquals(List.of(), diagnostics(module));
        List<Diagnostic> after = diagnostics(uri);
        assertEquals(1, after.size(), "the unsaved module changed the chain's value: " + after);
        assertTrue(after.get(0).getMessage().startsWith("check failed: 4 ms is not greater than 5 ms"), after.get(0).getMessage());

        server.getTextDocumentService().didClose(new DidCloseTextDocumentParams(new TextDocumentIdentifier(module)));
        assertEquals(List.of(), diagnostics(uri), "closed, the module is read from the disk again");

        // a module with errors: shown at the use, with the module's own place as related information
        Files.writeString(fleet, "hbm_bandwidth = 2.91 TB/s +\n");
        server.getWorkspaceService().didChangeWatchedFiles(new org.eclipse.lsp4j.DidChangeWatchedFilesParams(
                List.of(new org.eclipse.lsp4j.FileEvent(fleet.toUri().toString(), org.eclipse.lsp4j.FileChangeType.Changed))));
        List<Diagnostic> broken = diagnostics(uri);
        assertTrue(broken.get(0).getMessage().startsWith("module `fleet` has errors"), broken.toString());
        assertEquals(0, broken.get(0).getRange().getStart().getLine());
        assertTrue(broken.get(0).getRelatedInformation().get(0).getLocation().getUri().endsWith("/fleet.chain"));
    }

    @Test
    void badInputGetsDiagnosticsAndTheServerGoesOn() throws Exception {
        String binary = open(dir.resolve("junk.chain"), "x = 1\n\0\0\1\2binary");
        assertTrue(diagnostics(binary).get(0).getMessage().contains("binary file"));
        String broken = open(dir.resolve("broken.chain"), "x = (1 +\nderive\n  = 3\n\"unterminated\n");
        assertFalse(diagnostics(broken).isEmpty());
        hover(broken, new Position(0, 0)); // answered, with or without something to say

        StringBuilder huge = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            huge.append("v").append(i).append(" = ").append(i).append(" GB\n");
        }
        String big = open(dir.resolve("big.chain"), huge.toString());
        assertEquals(List.of(), diagnostics(big));

        ExecutionException unknown = assertThrows(ExecutionException.class,
                () -> launcher.getRemoteEndpoint().request("chain/noSuchRequest", null).get(10, TimeUnit.SECONDS));
        assertTrue(unknown.getCause() instanceof ResponseErrorException, unknown.toString());

        String uri = open(FLOOR);
        assertEquals(List.of(), diagnostics(uri), "still serving");
    }

    /** The line (from 0) where {@code what} first is in {@code text}. */
    private static int lineOf(String text, String what) {
        return (int) text.substring(0, text.indexOf(what)).chars().filter(c -> c == '\n').count();
    }
}
