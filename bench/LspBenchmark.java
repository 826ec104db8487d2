import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;

/**
 * The language server's budgets, measured on `./chain lsp` as an editor runs it (bench/run lsp):
 *   initialize  time from starting the process to the answer to `initialize`, median of RUNS starts
 *   edits       time from sending an edit to receiving its diagnostics, warm, on the card's longest
 *               chain: each edit waits for the one before (an editor's debounce would hide nothing)
 *   memory      the server's heap after a full collection, every 1,000 of 10,000 edits (jcmd)
 * Run with the shaded jar on the class path: java -cp target/chain.jar bench/LspBenchmark.java PART...
 */
public final class LspBenchmark {
    private static final Path CHAIN = Path.of("chains/02-inter-token-floor.chain");

    static final class Client implements LanguageClient {
        final Map<Integer, CompletableFuture<Long>> published = new ConcurrentHashMap<>();
        volatile int errors;

        CompletableFuture<Long> version(int v) {
            return published.computeIfAbsent(v, k -> new CompletableFuture<>());
        }

        @Override
        public void publishDiagnostics(PublishDiagnosticsParams p) {
            long now = System.nanoTime();
            errors = p.getDiagnostics().size();
            if (p.getVersion() != null) {
                version(p.getVersion()).complete(now);
            }
        }

        @Override
        public void telemetryEvent(Object object) {}

        @Override
        public void showMessage(MessageParams p) {}

        @Override
        public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams p) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void logMessage(MessageParams p) {
            System.err.println("server: " + p.getMessage());
        }
    }

    record Server(Process process, Client client, LanguageServer remote) {}

    static Server start() throws Exception {
        Process p = new ProcessBuilder("./chain", "lsp").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        Client client = new Client();
        Launcher<LanguageServer> launcher = LSPLauncher.createClientLauncher(client, p.getInputStream(), p.getOutputStream());
        launcher.startListening();
        return new Server(p, client, launcher.getRemoteProxy());
    }

    static void initialize(Server s) throws Exception {
        InitializeParams params = new InitializeParams();
        params.setCapabilities(new ClientCapabilities());
        s.remote().initialize(params).get(30, TimeUnit.SECONDS);
        s.remote().initialized(new InitializedParams());
    }

    static void stop(Server s) throws Exception {
        s.remote().shutdown().get(30, TimeUnit.SECONDS);
        s.remote().exit();
        s.process().waitFor(30, TimeUnit.SECONDS);
    }

    static double percentile(List<Double> values, double p) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[Math.max(0, Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1))];
    }

    /**
     * Each start: the request is written the moment the process exists and the answer read as
     * bytes, so that none of this client's own set-up is counted; one start first, not counted.
     */
    static void initializeLatency(int runs) throws Exception {
        List<Double> ms = new ArrayList<>();
        byte[] initialize = frame("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}");
        byte[] stop = concat(frame("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}"),
                frame("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"));
        for (int i = 0; i <= runs; i++) {
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder("./chain", "lsp").redirectError(ProcessBuilder.Redirect.INHERIT).start();
            p.getOutputStream().write(initialize);
            p.getOutputStream().flush();
            readMessage(p.getInputStream());
            long t1 = System.nanoTime();
            if (i > 0) {
                ms.add((t1 - t0) / 1e6);
            }
            p.getOutputStream().write(stop);
            p.getOutputStream().close();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        System.out.printf("initialize: median %.0f ms, p90 %.0f ms, min %.0f ms, max %.0f ms of %d starts (budget 1,000 ms)%n",
                percentile(ms, 0.5), percentile(ms, 0.9), percentile(ms, 0), percentile(ms, 1), runs);
        String hello = System.getenv("HELLO_CP");
        if (hello != null) {
            // the floor: a JVM that starts, prints and exits, as bench/run startup runs it
            List<Double> floor = new ArrayList<>();
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            for (int i = 0; i < runs; i++) {
                long t0 = System.nanoTime();
                Process p = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData",
                        "-Xshare:auto", "-cp", hello, "Hello").start();
                p.getInputStream().readAllBytes();
                p.waitFor();
                floor.add((System.nanoTime() - t0) / 1e6);
            }
            System.out.printf("JVM hello world: median %.0f ms; initialize / hello world: %.2fx%n", percentile(floor, 0.5),
                    percentile(ms, 0.5) / percentile(floor, 0.5));
        }
    }

    static byte[] frame(String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return concat(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), body);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** One message's body, read as the protocol frames it. */
    static String readMessage(java.io.InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("the server closed its output");
            }
            head.append((char) c);
        }
        int length = Integer.parseInt(head.toString().replaceAll("(?s).*Content-Length: *(\\d+).*", "$1"));
        return new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }

    /** Toggles one digit of the batch (64, 65, 64, ...): every edit changes the values, and the chain stays valid. */
    static int edit(Server s, String uri, int version) {
        String digit = version % 2 == 0 ? "4" : "5";
        Range range = new Range(new Position(7, 13), new Position(7, 14)); // `  batch   = 64`: the 4
        s.remote().getTextDocumentService().didChange(new DidChangeTextDocumentParams(
                new VersionedTextDocumentIdentifier(uri, version), List.of(new TextDocumentContentChangeEvent(range, digit))));
        return version;
    }

    static void editsAndMemory(int warm, int measured, int total) throws Exception {
        Server s = start();
        initialize(s);
        String uri = CHAIN.toAbsolutePath().toUri().toString();
        s.remote().getTextDocumentService().didOpen(new DidOpenTextDocumentParams(
                new TextDocumentItem(uri, "chain", 1, Files.readString(CHAIN, StandardCharsets.UTF_8))));
        s.client().version(1).get(30, TimeUnit.SECONDS);
        long pid = javaPid(s.process());
        List<Double> latencies = new ArrayList<>();
        List<String> heap = new ArrayList<>();
        heap.add("0: " + heapUsed(pid));
        for (int v = 2; v <= total + 1; v++) {
            long t0 = System.nanoTime();
            edit(s, uri, v);
            long t1 = s.client().version(v).get(30, TimeUnit.SECONDS);
            s.client().published.remove(v);
            int done = v - 1;
            if (done > warm && done <= warm + measured) {
                latencies.add((t1 - t0) / 1e6);
            }
            if (done % 1000 == 0) {
                heap.add(done + ": " + heapUsed(pid));
            }
        }
        System.out.printf("edit -> diagnostics (%s, %d edits after %d to warm up): median %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms (budget: median 10 ms)%n",
                CHAIN, measured, warm, percentile(latencies, 0.5), percentile(latencies, 0.9), percentile(latencies, 0.99),
                percentile(latencies, 1));
        System.out.println("heap used after a full GC, by edits done: " + String.join(", ", heap));
        if (s.client().errors != 0) {
            System.out.println("(the last edit had " + s.client().errors + " diagnostics)");
        }
        stop(s);
    }

    /** The JVM under the launcher (which runs java as its child, or execs it). */
    static long javaPid(Process p) {
        return p.toHandle().descendants().filter(h -> h.info().command().map(c -> c.endsWith("/java")).orElse(false))
                .map(ProcessHandle::pid).findFirst().orElse(p.pid());
    }

    static String heapUsed(long pid) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        run(jcmd.toString(), Long.toString(pid), "GC.run");
        String info = run(jcmd.toString(), Long.toString(pid), "GC.heap_info");
        // "def new generation total 4928K, used 527K ..." and "tenured generation total 10944K, used 7089K"
        long used = 0;
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(generation|heap|space)\\s+total\\s+\\d+K, used (\\d+)K").matcher(info);
        while (m.find()) {
            used += Long.parseLong(m.group(2));
        }
        return String.format("%.1f MB", used / 1024.0);
    }

    static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    public static void main(String[] args) throws Exception {
        List<String> parts = args.length == 0 ? List.of("initialize", "edits") : Arrays.asList(args);
        int runs = Integer.parseInt(System.getenv().getOrDefault("RUNS", "21"));
        if (parts.contains("initialize")) {
            initializeLatency(runs);
        }
        if (parts.contains("edits")) {
            editsAndMemory(1_000, 2_000, 10_000);
        }
        System.exit(0);
    }
}
