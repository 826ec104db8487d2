package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code chain lsp} as an editor starts it: a process speaking JSON-RPC on standard input and
 * output. Junk on the input does not stop it, standard error stays empty without --debug, and it
 * exits 0 after shutdown and exit.
 */
class LspProcessTest {
    @TempDir
    Path cache;

    private static byte[] frame(String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        byte[] head = ("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[head.length + body.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(body, 0, out, head.length, body.length);
        return out;
    }

    /** The next message from the server. */
    private static JsonObject read(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("the server closed its output; headers so far: " + head);
            }
            head.append((char) c);
        }
        int length = 0;
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        return JsonParser.parseString(new String(in.readNBytes(length), StandardCharsets.UTF_8)).getAsJsonObject();
    }

    /** The response to request {@code id}, skipping notifications. */
    private static JsonObject response(InputStream in, int id) throws IOException {
        while (true) {
            JsonObject m = read(in);
            if (m.has("id") && !m.has("method") && m.get("id").getAsInt() == id) {
                return m;
            }
        }
    }

    @Test
    void anEditorStartsItTalksToItAndStopsIt() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "dev.chain.cli.Main", "lsp");
        pb.environment().put("XDG_CACHE_HOME", cache.toString());
        Process p = pb.start();
        OutputStream in = p.getOutputStream();
        InputStream out = p.getInputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread drain = new Thread(() -> {
            try {
                p.getErrorStream().transferTo(err);
            } catch (IOException e) {
                // gone
            }
        });
        drain.start();

        in.write(frame("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}"));
        in.flush();
        JsonObject init = response(out, 1);
        assertTrue(init.getAsJsonObject("result").getAsJsonObject("capabilities").get("hoverProvider").getAsBoolean());

        String uri = Path.of("chains/02-inter-token-floor.chain").toAbsolutePath().toUri().toString();
        String text = Files.readString(Path.of("chains/02-inter-token-floor.chain"));
        JsonObject open = new JsonObject();
        open.addProperty("jsonrpc", "2.0");
        open.addProperty("method", "textDocument/didOpen");
        JsonObject doc = new JsonObject();
        doc.addProperty("uri", uri);
        doc.addProperty("languageId", "chain");
        doc.addProperty("version", 1);
        doc.addProperty("text", text);
        JsonObject params = new JsonObject();
        params.add("textDocument", doc);
        open.add("params", params);
        in.write(frame(open.toString()));
        // junk: no header at all, then a body that is not JSON, then a request nobody knows
        in.write("this is not a message\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        in.write(frame("{not json"));
        in.write(frame("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"chain/noSuchThing\",\"params\":{}}"));
        in.flush();
        JsonObject unknown = response(out, 2);
        assertEquals(-32601, unknown.getAsJsonObject("error").get("code").getAsInt(), unknown.toString());

        in.write(frame("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"textDocument/hover\",\"params\":{\"textDocument\":{\"uri\":\""
                + uri + "\"},\"position\":{\"line\":13,\"character\":3}}}"));
        in.flush();
        String hover = response(out, 3).getAsJsonObject("result").getAsJsonObject("contents").get("value").getAsString();
        assertTrue(hover.contains("= 15.05 ms"), hover);

        in.write(frame("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"shutdown\"}"));
        in.flush();
        response(out, 4);
        in.write(frame("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}"));
        in.flush();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "it exits");
        drain.join(5_000);
        assertEquals(0, p.exitValue());
        assertEquals("", err.toString(StandardCharsets.UTF_8), "nothing on standard error without --debug");
    }

    @Test
    void theInputEndingWithoutShutdownIsExitOne() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"), "dev.chain.cli.Main", "lsp"))
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertEquals(1, p.exitValue());
    }
}
