package dev.chain.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * An editor as the server sees one: {@code chain lsp} in a process of its own, spoken to in raw
 * frames on its standard input (bytes as written, right or wrong), its messages read from its
 * standard output by a thread of their own, in the order they came.
 */
public final class StdioClient implements AutoCloseable {
    private final Process process;
    private final OutputStream in;
    private final LinkedBlockingQueue<JsonObject> received = new LinkedBlockingQueue<>();
    /** Every message received, taken or not, in order. */
    private final List<JsonObject> history = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final Thread reader;
    private final Thread errors;

    /** Starts {@code chain lsp} with {@code cache} as its XDG_CACHE_HOME (the stdlib's copies go there). */
    public StdioClient(Path cache, String... options) throws IOException {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(javaBin, "-cp", System.getProperty("java.class.path"), "dev.chain.cli.Main", "lsp"));
        command.addAll(List.of(options));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("XDG_CACHE_HOME", cache.toString());
        process = pb.start();
        in = process.getOutputStream();
        InputStream out = process.getInputStream();
        reader = new Thread(() -> {
            try {
                for (JsonObject m = read(out); m != null; m = read(out)) {
                    history.add(m);
                    received.add(m);
                }
            } catch (IOException e) {
                // the server ended
            }
        }, "stdio-client");
        reader.setDaemon(true);
        reader.start();
        errors = new Thread(() -> {
            try {
                process.getErrorStream().transferTo(err);
            } catch (IOException e) {
                // gone
            }
        }, "stdio-client-stderr");
        errors.setDaemon(true);
        errors.start();
    }

    /** One frame: its Content-Length, then the body. */
    public static byte[] frame(String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return concat(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), body);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Writes these bytes as they are. */
    public StdioClient raw(byte[] bytes) throws IOException {
        in.write(bytes);
        in.flush();
        return this;
    }

    public StdioClient send(String json) throws IOException {
        return raw(frame(json));
    }

    public StdioClient request(int id, String method, String params) throws IOException {
        return send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\"" + (params == null ? "" : ",\"params\":" + params) + "}");
    }

    public StdioClient notify(String method, String params) throws IOException {
        return send("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"" + (params == null ? "" : ",\"params\":" + params) + "}");
    }

    /** initialize (with these client capabilities) and initialized. */
    public JsonObject initialize(String capabilities) throws Exception {
        request(1, "initialize", "{\"processId\":null,\"rootUri\":null,\"capabilities\":" + capabilities + "}");
        JsonObject answer = response(1);
        notify("initialized", "{}");
        return answer;
    }

    public StdioClient open(Path file) throws IOException {
        return open(uri(file), Files.readString(file));
    }

    public StdioClient open(String uri, String text) throws IOException {
        JsonObject doc = new JsonObject();
        doc.addProperty("uri", uri);
        doc.addProperty("languageId", "chain");
        doc.addProperty("version", 1);
        doc.addProperty("text", text);
        return notify("textDocument/didOpen", "{\"textDocument\":" + doc + "}");
    }

    public static String uri(Path file) {
        return file.toAbsolutePath().toUri().toString();
    }

    /** The next message that {@code wanted} accepts (those before it are dropped); fails after 60 s. */
    public JsonObject next(Predicate<JsonObject> wanted, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            JsonObject m = received.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (m == null) {
                throw new AssertionError("no " + what + " from the server within 60 s; alive: " + process.isAlive()
                        + "; standard error: " + stderr());
            }
            if (wanted.test(m)) {
                return m;
            }
        }
    }

    /** The response to request {@code id} (notifications and other responses before it are dropped). */
    public JsonObject response(int id) throws InterruptedException {
        return next(m -> !m.has("method") && m.has("id") && !m.get("id").isJsonNull() && m.get("id").getAsInt() == id, "response to " + id);
    }

    /** The next diagnostics published for {@code uri}. */
    public JsonObject diagnostics(String uri) throws InterruptedException {
        return next(m -> isDiagnostics(m, uri), "diagnostics for " + uri).getAsJsonObject("params");
    }

    public static boolean isDiagnostics(JsonObject m, String uri) {
        return m.has("method") && m.get("method").getAsString().equals("textDocument/publishDiagnostics")
                && m.getAsJsonObject("params").get("uri").getAsString().equals(uri);
    }

    /** Every message received so far, in order. */
    public List<JsonObject> history() {
        return List.copyOf(history);
    }

    public Process process() {
        return process;
    }

    public String stderr() {
        synchronized (err) {
            return err.toString(StandardCharsets.UTF_8);
        }
    }

    /** shutdown and exit; the exit code. */
    public int stop() throws Exception {
        request(999_999, "shutdown", null);
        response(999_999);
        notify("exit", null);
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError("the server did not exit");
        }
        errors.join(5_000);
        return process.exitValue();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    /** The next message on the server's output; null at its end. */
    private static JsonObject read(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                return null;
            }
            head.append((char) c);
        }
        int length = -1;
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        if (length < 0) {
            throw new IOException("a message from the server without a Content-Length: " + head);
        }
        JsonElement m = JsonParser.parseString(new String(in.readNBytes(length), StandardCharsets.UTF_8));
        return m.getAsJsonObject();
    }
}
