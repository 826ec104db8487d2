package dev.chain.lsp;

import dev.chain.ast.ChainFile;
import dev.chain.check.CheckedCard;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.session.Analysis;
import dev.chain.session.CardRun;
import dev.chain.session.ChainSources;
import dev.chain.session.Engine;
import dev.chain.source.Span;
import dev.chain.syntax.SyntaxParser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.services.LanguageClient;

/**
 * The open documents and their analyses, on one worker thread. Edits are applied as they arrive
 * (on the protocol's thread), and each queues an analysis; an analysis that finds its document
 * edited again since it was queued leaves it to the next one, so a burst of keystrokes costs one
 * analysis. Requests run on the same thread, after the analyses queued before them, and analyse a
 * document first if its analysis is behind its text: every answer is about the text as it is. A
 * long request (an outline) runs the analyses queued meanwhile between its steps, and answers are
 * sent from a thread of their own, so that no request holds up another file's diagnostics.
 *
 * <p>An edit of the document being analysed cancels that analysis ({@link dev.chain.eval.Cancellation},
 * as the REPL's Ctrl-C does), which stops at its next run of the chain or function call; an
 * analysis that ends after an edit of its text, cancelled or not, is dropped, its diagnostics never
 * published: the edit queued the analysis of the newer text, which follows at once. So a chain
 * whose figures take seconds holds up neither the next keystroke's diagnostics nor a request.
 *
 * <p>The engine is the one {@code chain check} uses: each analysis runs on a fork of one engine
 * that loads each stdlib module once ({@link Engine#fork}), so the editor and {@code check} cannot
 * disagree. A local module is read from the editor when it is open; when it changes (edited,
 * saved, closed, or changed on disk), every open chain that looked for it is analysed again.
 */
final class Workspace {
    /** Deep but legal input recurses deeply, as on the command line (see Main). */
    private static final long STACK_BYTES = 256L * 1024 * 1024;

    private final Map<String, Document> documents = new ConcurrentHashMap<>();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(task -> {
        Thread t = new Thread(null, task, "chain-lsp", STACK_BYTES);
        t.setDaemon(true);
        return t;
    });
    /**
     * The analyses waiting for the worker, in the order their edits came. A long request runs them
     * between its steps ({@link #runQueuedAnalyses}), so that an edit's diagnostics do not wait for
     * the outline of a file of 40,000 lines.
     */
    private final Queue<Runnable> analyses = new ConcurrentLinkedQueue<>();
    /**
     * Sends the answers. lsp4j writes a response on the thread that completes it, and a large one
     * (that outline is megabytes of JSON) must not hold the worker up either.
     */
    private final ExecutorService replies = Executors.newSingleThreadExecutor(task -> {
        Thread t = new Thread(task, "chain-lsp-replies");
        t.setDaemon(true);
        return t;
    });
    private final Locations locations;
    private final boolean debug;
    private volatile LanguageClient client;
    /** Guards {@link #running}: an edit cancels the analysis only while it runs. */
    private final Object runningLock = new Object();
    /** The document the worker is analysing and the version it read, or null. */
    private Document running;
    private int runningVersion;
    private Thread runner;
    private Engine engine;
    /** Whether the client refreshes inlay hints when told to (a module changed under a chain). */
    volatile boolean refreshHints;
    /** Whether the client runs VS Code's {@code editor.action.triggerSuggest} (see {@link CompletionItems#at}). */
    volatile boolean triggerSuggest;
    /** Whether hovers are Markdown (a code block), the client's first choice unless it prefers plain text. */
    volatile boolean markdownHover = true;

    Workspace(Map<String, String> environment, boolean debug) {
        this.locations = new Locations(this::uriOfSource, environment);
        this.debug = debug;
    }

    void connect(LanguageClient client) {
        this.client = client;
    }

    Locations locations() {
        return locations;
    }

    /** The open document whose source has this name, as the editor names it. */
    private String uriOfSource(String sourceName) {
        for (Document d : documents.values()) {
            if (d.source.name().equals(sourceName)) {
                return d.uri;
            }
        }
        return null;
    }

    // ---- the worker ----------------------------------------------------------------------------

    /**
     * Answers a request: runs {@code work} on the worker, and completes the answer on the thread
     * that sends it. Anything {@code work} throws (a bug, a resource limit) is reported to the
     * client's log and answered with {@code fallback}: bad input never takes the server down.
     */
    <T> CompletableFuture<T> submit(String what, Supplier<T> work, T fallback) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        worker.execute(() -> {
            T result = fallback;
            try {
                result = work.get();
            } catch (Throwable t) {
                problem(what, t);
            }
            T done = result;
            try {
                replies.execute(() -> answer.complete(done));
            } catch (java.util.concurrent.RejectedExecutionException ending) {
                answer.complete(done); // exit came first (a client may send it with shutdown): nothing sends answers now
            }
        });
        return answer;
    }

    /** Queues an analysis (or anything that publishes diagnostics) behind those queued before it. */
    private void queueAnalysis(String what, Runnable analysis) {
        analyses.add(() -> {
            try {
                analysis.run();
            } catch (Throwable t) {
                problem(what, t);
            }
        });
        worker.execute(this::runQueuedAnalyses);
    }

    /** Runs the analyses waiting, in order. Only on the worker: a long request calls it between its steps. */
    void runQueuedAnalyses() {
        for (Runnable next = analyses.poll(); next != null; next = analyses.poll()) {
            next.run();
        }
    }

    private void problem(String what, Throwable t) {
        String message = "chain lsp: " + what + " failed: " + t + " (a bug in chain; the server goes on)";
        LanguageClient c = client;
        if (c != null) {
            c.logMessage(new MessageParams(MessageType.Error, message));
        }
        if (debug) {
            t.printStackTrace();
        }
    }

    /** Warms the engine up off the critical path: the prelude, and the JIT on a first chain. */
    void warmUp() {
        worker.execute(() -> {
            try {
                engine();
            } catch (Throwable t) {
                problem("warm-up", t);
            }
        });
    }

    private Engine engine() {
        if (engine == null) {
            engine = new Engine();
        }
        return engine;
    }

    void shutdown() {
        worker.shutdownNow();
        replies.shutdownNow();
    }

    // ---- documents -------------------------------------------------------------------------------

    void open(String uri, int version, String text) {
        Document d = new Document(uri, version, text);
        documents.put(uri, d);
        schedule(d, version);
    }

    void change(String uri, int version, List<TextDocumentContentChangeEvent> changes) {
        Document d = documents.get(uri);
        if (d == null) {
            return;
        }
        synchronized (d) {
            String text = d.text();
            for (TextDocumentContentChangeEvent change : changes) {
                text = apply(d, text, change);
            }
            d.setText(text);
            d.version = version;
        }
        synchronized (runningLock) {
            if (running == d && runningVersion != version) {
                dev.chain.eval.Cancellation.request(runner);
            }
        }
        schedule(d, version);
    }

    /** One change: the whole text, or a range of it replaced. */
    private static String apply(Document d, String text, TextDocumentContentChangeEvent change) {
        if (change.getRange() == null) {
            return change.getText();
        }
        dev.chain.source.SourceFile now = new dev.chain.source.SourceFile(d.uri, text);
        int start = Positions.offset(now, change.getRange().getStart());
        int end = Math.max(start, Positions.offset(now, change.getRange().getEnd()));
        return text.substring(0, start) + change.getText() + text.substring(end);
    }

    /**
     * The editor closed a file: its diagnostics are cleared, after any analysis of it already queued
     * or running (which publishes nothing once it is closed), so that no error is shown on a closed
     * file; then the chains that use it read it from the disk.
     */
    void close(String uri) {
        Document d = documents.remove(uri);
        if (d != null) {
            queueAnalysis("close", () -> {
                LanguageClient c = client;
                if (c != null) {
                    c.publishDiagnostics(new PublishDiagnosticsParams(uri, List.of()));
                }
                if (d.path != null) {
                    changed(List.of(d.path));
                }
            });
        }
    }

    /** Files changed on disk (saved, created, deleted): the chains that use them are analysed again. */
    void changed(Collection<Path> paths) {
        queueAnalysis("re-analysis", () -> {
            boolean any = false;
            for (Document d : documents.values()) {
                if (d.analysis != null && !java.util.Collections.disjoint(d.analysis.modules(), paths)) {
                    analyse(d);
                    any = true;
                }
            }
            if (any) {
                refreshInlayHints();
            }
        });
    }

    private void schedule(Document d, int version) {
        queueAnalysis("analysis", () -> {
            if (documents.get(d.uri) == d && current(d) == version) {
                boolean dependents = analyse(d);
                if (dependents) {
                    refreshInlayHints();
                }
            }
        });
    }

    private static int current(Document d) {
        synchronized (d) {
            return d.version;
        }
    }

    /**
     * The open document, analysed as it is now; null if it is not open. Only on the worker. An edit
     * during the analysis cancels it, and the newer text is analysed in turn.
     */
    Document analysed(String uri) {
        Document d = documents.get(uri);
        while (d != null && d.analysed != current(d)) {
            analyse(d);
        }
        return d;
    }

    /**
     * Analyses a document as it is now and publishes its diagnostics; then the open chains that use
     * it as a module, which may say something else now, and theirs, each once. Returns whether
     * there were any.
     */
    private boolean analyse(Document first) {
        java.util.Set<Document> done = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        java.util.ArrayDeque<Document> queue = new java.util.ArrayDeque<>(List.of(first));
        while (!queue.isEmpty()) {
            Document d = queue.poll();
            if (!done.add(d)) {
                continue;
            }
            analyseOne(d);
            if (d.path != null && !d.card) {
                for (Document other : documents.values()) {
                    if (!done.contains(other) && other.analysis != null && other.analysis.modules().contains(d.path)) {
                        queue.add(other);
                    }
                }
            }
        }
        return done.size() > 1;
    }

    private void analyseOne(Document d) {
        int version;
        dev.chain.source.SourceFile source;
        synchronized (runningLock) {
            synchronized (d) {
                version = d.version;
                source = d.source;
            }
            running = d;
            runningVersion = version;
            runner = Thread.currentThread();
        }
        try {
            analyseOne(d, version, source);
        } finally {
            synchronized (runningLock) {
                running = null;
                dev.chain.eval.Cancellation.clear(runner); // a request that came as it ended must not stop the next one
            }
        }
    }

    /** Analyses {@code source}, the text of {@code d} at {@code version}; publishes only if it is still the text. */
    private void analyseOne(Document d, int version, dev.chain.source.SourceFile source) {
        String stdlib = locations.stdlibSource(d.path);
        if (stdlib != null) {
            // A copy that go-to-definition opened is checked as the stdlib module it is: its `use`s
            // are the stdlib's, not the other copies beside it (each of which has a stdlib name).
            source = new dev.chain.source.SourceFile(stdlib, source.text());
        }
        Analysis analysis = null;
        ChainFile cardFile = null;
        List<Diagnostic> diagnostics;
        if (source.text().length() > ChainSources.MAX_FILE_BYTES) {
            diagnostics = List.of(Diagnostic.error(new Span(source, 0, 0), "file too large: "
                    + source.text().length() + " characters; chain reads .chain files of up to "
                    + ChainSources.MAX_FILE_BYTES + " bytes").withNote("a chain card is a few kilobytes"));
        } else if (d.card) {
            Diagnostics found = new Diagnostics();
            CheckedCard card = CardRun.load(source, found);
            if (!found.hasErrors() && d.path != null) {
                CardRun.checkIncludes(card, d.path.getParent(), found);
            }
            cardFile = SyntaxParser.parseFile(new dev.chain.source.SourceFile(source.name(), source.text()), new Diagnostics());
            diagnostics = found.all();
        } else {
            analysis = Analysis.of(engine(), source, this::openText);
            diagnostics = analysis.diagnostics();
        }
        int now = current(d);
        if (now != version) {
            if (debug) {
                System.err.println("chain lsp: dropped the analysis of " + d.uri + " version " + version + ": version " + now + " replaced it");
            }
            return; // edited meanwhile (and so cancelled): the newer text's analysis is queued
        }
        d.analysis = analysis;
        d.cardFile = cardFile;
        d.diagnostics = diagnostics;
        d.analysed = version;
        publish(d, source, version);
    }

    /** An open file's text, for a local module the editor has open. */
    private String openText(Path path) {
        for (Document d : documents.values()) {
            if (path.equals(d.path)) {
                synchronized (d) {
                    return d.text();
                }
            }
        }
        return null;
    }

    private void publish(Document d, dev.chain.source.SourceFile source, int version) {
        LanguageClient c = client;
        if (c == null || documents.get(d.uri) != d) {
            return; // closed while it was analysed: its diagnostics were cleared
        }
        List<org.eclipse.lsp4j.Diagnostic> shown = new ArrayList<>(LspDiagnostics.of(source, d.diagnostics, locations));
        c.publishDiagnostics(new PublishDiagnosticsParams(d.uri, shown, version));
    }

    private void refreshInlayHints() {
        LanguageClient c = client;
        if (c != null && refreshHints) {
            c.refreshInlayHints();
        }
    }

}
