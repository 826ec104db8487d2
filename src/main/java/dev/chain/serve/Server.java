package dev.chain.serve;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;

/**
 * chain serve's server: the JDK's HTTP server on 127.0.0.1, which shows the last render (each
 * page with the script that follows saves), a page's errors while the last save has them, {@code /}
 * linking every page, and files under the folder served; a watcher of the folders that renders
 * again on each save. Nothing else is served: a path that could leave the site is 400
 * ({@link RequestPath}), one that names nothing in it, or a file whose real path is outside the
 * folder (a symbolic link out), 404.
 */
public final class Server implements AutoCloseable {
    /** One page of a render: its Markdown and its standalone HTML (site-relative paths), and its title. */
    public record Page(String markdown, String html, String title) {}

    /**
     * What one render made: every file by its site-relative path and the pages, when {@code made};
     * else the diagnostics that say why, as the terminal showed them.
     */
    public record Outcome(boolean made, Map<String, String> files, List<Page> pages, String diagnostics) {}

    /** Renders the site again, from the files as they are now. */
    public interface Renderer {
        Outcome render();
    }

    /** How long an open page waits for a new version before the server says it is still there. */
    private static final long KEEP_ALIVE_MS = 15_000;

    private final HttpServer http;
    private final ExecutorService threads;
    private final LiveSite site = new LiveSite();
    private final Renderer renderer;
    private final Path folder;
    private final String shown;
    private FolderWatcher watcher;

    private Server(HttpServer http, ExecutorService threads, Renderer renderer, Path folder, String shown) {
        this.http = http;
        this.threads = threads;
        this.renderer = renderer;
        this.folder = folder;
        this.shown = shown;
    }

    /**
     * Listens on 127.0.0.1:{@code port} (0: any free port) and renders the site once; a port in use
     * is a {@link java.net.BindException}. {@code folder} (null for none) is where files are served
     * from beside the render; {@code shown} names the site on its index.
     */
    public static Server start(int port, Renderer renderer, Path folder, String shown) throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        ExecutorService threads = Executors.newCachedThreadPool(new ThreadFactory() {
            @Override
            public Thread newThread(Runnable r) {
                Thread t = new Thread(r, "chain-serve");
                t.setDaemon(true);
                return t;
            }
        });
        Server server = new Server(http, threads, renderer, folder == null ? null : folder.toRealPath(), shown);
        http.setExecutor(threads);
        http.createContext("/", server::answer);
        threads.execute(Server::warmUp);
        server.render();
        http.start();
        return server;
    }

    /**
     * Readies, beside the first render, what the first answer would otherwise spend ~100 ms on:
     * the JDK's server dates each response with a formatter of English day and month names, whose
     * locale data loads on first use.
     */
    private static void warmUp() {
        java.time.format.DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss zzz", Locale.US)
                .withZone(java.time.ZoneId.of("GMT")).format(java.time.Instant.now());
    }

    /** Renders again on every change under {@code folders} (and their subfolders where {@code recursive}), until closed. */
    public void watch(List<Path> folders, boolean recursive) throws IOException {
        watcher = new FolderWatcher(folders, recursive, this::render);
        // A render follows deep but legal input as deeply as chain's own worker thread does.
        Thread thread = new Thread(null, watcher::run, "chain-serve-watcher", 256L * 1024 * 1024);
        thread.setDaemon(true);
        thread.start();
    }

    /** Renders the site from the files as they are, and shows it (or its errors). */
    public Outcome render() {
        Outcome outcome = renderer.render();
        site.update(outcome);
        return outcome;
    }

    /** {@code http://127.0.0.1:PORT/}. */
    public String url() {
        return "http://127.0.0.1:" + http.getAddress().getPort() + "/";
    }

    @Override
    public void close() throws IOException {
        if (watcher != null) {
            watcher.close();
        }
        http.stop(0);
        threads.shutdownNow();
    }

    // ---- answering a request -----------------------------------------------------------------

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                plain(exchange, 405, "chain serve answers GET and HEAD only\n");
                return;
            }
            if (!fromThisMachine(exchange)) {
                // Another name for this address (a DNS rebinding): a page of another site asking.
                plain(exchange, 400, "chain serve answers requests for 127.0.0.1 and localhost only\n");
                return;
            }
            String path;
            try {
                path = RequestPath.relative(exchange.getRequestURI().getRawPath());
            } catch (RequestPath.Refused e) {
                plain(exchange, 400, "not a path of this site: " + e.getMessage() + "\n");
                return;
            }
            LiveSite.Snapshot now = site.current();
            if (path.isEmpty() || path.equals("index.html") && !now.files().containsKey(path)) {
                send(exchange, 200, "text/html; charset=utf-8", ServedHtml.index(shown, now).getBytes(StandardCharsets.UTF_8));
            } else if (("/" + path).equals(ServedHtml.SCRIPT)) {
                send(exchange, 200, "text/javascript; charset=utf-8", ServedHtml.LIVE_SCRIPT.getBytes(StandardCharsets.UTF_8));
            } else if (("/" + path).equals(ServedHtml.EVENTS)) {
                events(exchange, now);
            } else if (now.files().containsKey(path)) {
                String text = now.files().get(path);
                if (isPage(now, path)) {
                    text = ServedHtml.page(text, now);
                }
                send(exchange, 200, type(path), text.getBytes(StandardCharsets.UTF_8));
            } else {
                Path file = fileUnderFolder(path);
                if (file == null) {
                    plain(exchange, 404, "not found: /" + path + "\n");
                } else {
                    send(exchange, 200, type(path), Files.readAllBytes(file));
                }
            }
        } catch (IOException e) {
            // the reader closed the connection: nothing to answer
        }
    }

    private static boolean isPage(LiveSite.Snapshot site, String path) {
        for (Page page : site.pages()) {
            if (path.equals(page.html())) {
                return true;
            }
        }
        return false;
    }

    /** The Host a browser sends for this server's address; none at all is a client of this machine too. */
    private static boolean fromThisMachine(HttpExchange exchange) {
        String host = exchange.getRequestHeaders().getFirst("Host");
        if (host == null) {
            return true;
        }
        String name = host.startsWith("[") ? host.substring(0, host.indexOf(']') + 1)
                : host.contains(":") ? host.substring(0, host.indexOf(':')) : host;
        return name.equals("127.0.0.1") || name.equalsIgnoreCase("localhost") || name.equals("[::1]");
    }

    /** A regular file under the folder, whose real path (every link followed) is under it too; else null. */
    private Path fileUnderFolder(String path) {
        if (folder == null || path.isEmpty() || path.endsWith("/")) {
            return null;
        }
        try {
            Path file = folder.resolve(path).normalize();
            if (!file.startsWith(folder) || !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                return null;
            }
            Path real = file.toRealPath();
            return real.startsWith(folder) && Files.isRegularFile(real) && Files.isReadable(real) ? real : null;
        } catch (IOException | java.nio.file.InvalidPathException e) {
            return null;
        }
    }

    /**
     * Server-sent events: the site's version now, then each new one, until the page goes. A page
     * made at another version reloads.
     */
    private void events(HttpExchange exchange, LiveSite.Snapshot now) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        long version = now.version();
        out.write(("retry: 500\nevent: version\ndata: " + version + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        try {
            while (true) {
                LiveSite.Snapshot next = site.after(version, KEEP_ALIVE_MS);
                if (next.version() == version) {
                    out.write(": still here\n\n".getBytes(StandardCharsets.UTF_8)); // fails once the page is gone
                } else {
                    version = next.version();
                    out.write(("event: version\ndata: " + version + "\n\n").getBytes(StandardCharsets.UTF_8));
                }
                out.flush();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the server is stopping
        }
    }

    private static void plain(HttpExchange exchange, int status, String text) throws IOException {
        send(exchange, status, "text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : body.length == 0 ? -1 : body.length);
        if (!head) {
            exchange.getResponseBody().write(body);
        }
    }

    private static String type(String path) {
        String name = path.toLowerCase(Locale.ROOT);
        String extension = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : "";
        return switch (extension) {
            case "html", "htm" -> "text/html; charset=utf-8";
            case "js", "mjs" -> "text/javascript; charset=utf-8";
            case "css" -> "text/css; charset=utf-8";
            case "svg" -> "image/svg+xml";
            case "png" -> "image/png";
            case "jpg", "jpeg" -> "image/jpeg";
            case "gif" -> "image/gif";
            case "webp" -> "image/webp";
            case "json" -> "application/json";
            case "md", "chain", "card", "txt", "csv", "prom" -> "text/plain; charset=utf-8";
            default -> "application/octet-stream";
        };
    }
}
