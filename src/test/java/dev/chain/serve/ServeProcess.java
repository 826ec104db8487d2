package dev.chain.serve;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code chain serve PATH --port 0} in a process of its own, as an author runs it, and requests to it. */
public final class ServeProcess implements AutoCloseable {
    /** The card's inter-token floor, small: 15.05 ms at batch 64 and 4,096 tokens of context. */
    public static final String FLOOR = """
            chain "A decode floor"

            use h100_sxm as gpu
            use llama31_8b as model

            inputs "batch {batch}, {context} of context"
              batch   = 64
              context = 4,096 token

            derive floor "({weights} weights + {kv} KV) / {gpu.hbm_bandwidth} = {floor}"
              weights = model.params * 2 B/param -> GB:,.2f
              kv      = batch * context * model.kv_bytes_per_token -> GB:,.2f
              floor   = (weights + kv) / gpu.hbm_bandwidth -> ms:,.2f
            """;

    private static final Pattern URL = Pattern.compile("chain serve: (http://127\\.0\\.0\\.1:(\\d+)/) ");

    private final Process process;
    private final Path stderr;
    private final String url;
    private final int port;

    private ServeProcess(Process process, Path stderr, String url, int port) {
        this.process = process;
        this.stderr = stderr;
        this.url = url;
        this.port = port;
    }

    /** Starts it on {@code path} and waits for the line that gives its address (or 60 s). */
    public static ServeProcess start(Path path, Path scratch) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path stderr = Files.createTempFile(scratch, "serve", ".err");
        Process process = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), "dev.chain.cli.Main",
                "serve", path.toString(), "--port", "0")).redirectError(stderr.toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        Matcher m = URL.matcher(line == null ? "" : line);
        if (!m.find()) {
            process.destroyForcibly();
            throw new AssertionError("chain serve said " + line + "; " + Files.readString(stderr));
        }
        return new ServeProcess(process, stderr, m.group(1), Integer.parseInt(m.group(2)));
    }

    public int port() {
        return port;
    }

    public String url() {
        return url;
    }

    /** What it wrote to standard error so far. */
    public String stderr() throws IOException {
        return Files.readString(stderr);
    }

    /** One request, sent as these bytes (no client tidies the path): the status line and the body. */
    public Response get(String rawPath) throws IOException {
        return request("GET " + rawPath + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n\r\n");
    }

    public Response request(String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            String all = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = Integer.parseInt(all.substring(9, 12));
            int body = all.indexOf("\r\n\r\n");
            return new Response(status, all.substring(0, body), all.substring(body + 4));
        }
    }

    public record Response(int status, String headers, String body) {}

    /** Waits until a request to {@code rawPath} answers with a body that holds {@code text} (or 30 s); the time it took. */
    public long awaitBody(String rawPath, String text, boolean holds) throws IOException, InterruptedException {
        long start = System.nanoTime();
        List<String> seen = new ArrayList<>();
        while (System.nanoTime() - start < 30_000_000_000L) {
            String body = get(rawPath).body();
            if (body.contains(text) == holds) {
                return (System.nanoTime() - start) / 1_000_000;
            }
            seen.add(body);
            Thread.sleep(20);
        }
        throw new AssertionError(rawPath + (holds ? " never showed " : " kept showing ") + text + ": "
                + seen.get(seen.size() - 1) + "\n" + stderr());
    }

    /** Stops it as Ctrl-C would (SIGTERM runs the same shutdown) and waits. */
    @Override
    public void close() throws IOException {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Whether it is still running. */
    public boolean alive() {
        return process.isAlive();
    }

    public int exitValue() {
        return process.exitValue();
    }
}
