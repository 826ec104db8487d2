package dev.chain.web;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Headless Chromium driven over the DevTools protocol (a WebSocket, the JDK's own client), for the
 * tests of what a reader does on the explorable page: type, press keys, slide, read the DOM, at a
 * phone's width or a desktop's, light or dark. {@code --dump-dom} sees a page only as it loads.
 */
public final class Browser implements AutoCloseable {
    private final Process process;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonObject>> waiting = new ConcurrentHashMap<>();

    private Browser(Process process, WebSocket socket) {
        this.process = process;
        this.socket = socket;
    }

    /** Chromium at {@code chromium}, its profile in {@code profile}, showing a page {@code width} by {@code height}. */
    public static Browser open(Path chromium, Path profile, int width, int height, boolean dark) throws Exception {
        Files.createDirectories(profile);
        Process process = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--remote-debugging-port=0", "--user-data-dir=" + profile, "about:blank")
                .redirectErrorStream(true).redirectOutput(profile.resolve("chromium.log").toFile()).start();
        Path port = profile.resolve("DevToolsActivePort");
        for (int i = 0; i < 600 && !(Files.exists(port) && Files.readAllLines(port).size() >= 2); i++) {
            Thread.sleep(50);
        }
        if (!Files.exists(port)) {
            process.destroyForcibly();
            throw new AssertionError("chromium did not open its DevTools port in 30 s");
        }
        String list = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + Files.readAllLines(port).get(0) + "/json/list")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        String page = null;
        for (var target : JsonParser.parseString(list).getAsJsonArray()) {
            if (target.getAsJsonObject().get("type").getAsString().equals("page")) {
                page = target.getAsJsonObject().get("webSocketDebuggerUrl").getAsString();
            }
        }
        Browser[] self = new Browser[1];
        WebSocket socket = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create(page), new WebSocket.Listener() {
                    private final StringBuilder message = new StringBuilder();

                    @Override
                    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                        message.append(data);
                        if (last) {
                            self[0].received(JsonParser.parseString(message.toString()).getAsJsonObject());
                            message.setLength(0);
                        }
                        ws.request(1);
                        return null;
                    }
                }).get(30, TimeUnit.SECONDS);
        self[0] = new Browser(process, socket);
        self[0].resize(width, height);
        self[0].call("Emulation.setEmulatedMedia", "{\"features\":[{\"name\":\"prefers-color-scheme\",\"value\":\""
                + (dark ? "dark" : "light") + "\"}]}");
        return self[0];
    }

    private void received(JsonObject message) {
        if (message.has("id")) {
            CompletableFuture<JsonObject> f = waiting.remove(message.get("id").getAsInt());
            if (f != null) {
                f.complete(message);
            }
        }
    }

    private JsonObject call(String method, String params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonObject> reply = new CompletableFuture<>();
        waiting.put(id, reply);
        socket.sendText("{\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}", true).get(30, TimeUnit.SECONDS);
        JsonObject r = reply.get(60, TimeUnit.SECONDS);
        if (r.has("error")) {
            throw new AssertionError(method + ": " + r.get("error"));
        }
        return r.getAsJsonObject("result");
    }

    /** Opens {@code url} and waits until the page's script has started (or 20 s). */
    public void go(String url) throws Exception {
        call("Page.navigate", "{\"url\":" + new com.google.gson.JsonPrimitive(url) + "}");
        for (int i = 0; i < 400; i++) {
            if (eval("document.readyState === 'complete' && document.documentElement.hasAttribute('data-chain-live')").equals("true")) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the page's script did not start: " + url);
    }

    /** The value of a JavaScript expression in the page, as JSON ({@code "true"}, {@code "\"64\""}, {@code "3"}). */
    public String eval(String expression) throws Exception {
        String quoted = new com.google.gson.JsonPrimitive(
                "(function(){var v=(" + expression + ");return v===undefined?'null':JSON.stringify(v);})()").toString();
        JsonObject r = call("Runtime.evaluate", "{\"expression\":" + quoted + ",\"returnByValue\":true}");
        if (r.has("exceptionDetails")) {
            throw new AssertionError(expression + ": " + r.get("exceptionDetails"));
        }
        return r.getAsJsonObject("result").get("value").getAsString();
    }

    /** Types {@code text} into the box an expression finds, as a reader's keystroke would leave it. */
    public void type(String box, String text) throws Exception {
        eval("(function (e) { e.value = " + new com.google.gson.JsonPrimitive(text)
                + "; e.dispatchEvent(new Event('input')); return e.value; })(" + box + ")");
    }

    /** Makes the screen {@code width} by {@code height}: a window resized, a phone turned (the page gets its resize event). */
    public void resize(int width, int height) throws Exception {
        call("Emulation.setDeviceMetricsOverride", "{\"width\":" + width + ",\"height\":" + height
                + ",\"deviceScaleFactor\":1,\"mobile\":false}");
    }

    /** Waits for the figures, drawn a moment after the text. */
    public void settle() throws InterruptedException {
        Thread.sleep(300);
    }

    /** The page as a PNG, the size of the screen it is shown on. */
    public byte[] screenshot() throws Exception {
        return Base64.getDecoder().decode(call("Page.captureScreenshot", "{\"format\":\"png\"}").get("data").getAsString());
    }

    /** The part of the page from the top of one element to the bottom of another (CSS selectors), the screen's width, as a PNG. */
    public byte[] screenshot(String from, String to) throws Exception {
        String top = eval("document.querySelector(" + new com.google.gson.JsonPrimitive(from) + ").getBoundingClientRect().top + scrollY");
        String bottom = eval("document.querySelector(" + new com.google.gson.JsonPrimitive(to) + ").getBoundingClientRect().bottom + scrollY");
        String width = eval("document.documentElement.clientWidth");
        double y = Math.max(0, Double.parseDouble(top) - 8);
        return Base64.getDecoder().decode(call("Page.captureScreenshot", "{\"format\":\"png\",\"captureBeyondViewport\":true,"
                + "\"clip\":{\"x\":0,\"y\":" + y + ",\"width\":" + width + ",\"height\":" + (Double.parseDouble(bottom) + 8 - y)
                + ",\"scale\":1}}").get("data").getAsString());
    }

    /** The texts of the page's elements that match a CSS selector, in order. */
    public List<String> texts(String selector) throws Exception {
        List<String> out = new ArrayList<>();
        var array = JsonParser.parseString(eval("Array.prototype.map.call(document.querySelectorAll("
                + new com.google.gson.JsonPrimitive(selector) + "), function (e) { return e.textContent; })")).getAsJsonArray();
        array.forEach(e -> out.add(e.getAsString()));
        return out;
    }

    /** Closes Chromium and waits for every process of it, so that its profile can be deleted. */
    @Override
    public void close() throws IOException {
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        all.add(process.toHandle());
        try { // not waited for: Chromium may close the connection before it answers
            socket.sendText("{\"id\":" + ids.incrementAndGet() + ",\"method\":\"Browser.close\",\"params\":{}}", true)
                    .get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // already gone: each process is ended below
        }
        socket.abort();
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                p.destroyForcibly();
            }
        }
    }
}
