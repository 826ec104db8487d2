package dev.chain.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server as a client that breaks the rules, or only follows them strictly, finds it: raw
 * frames on a {@code chain lsp} process's standard input ({@link StdioClient}). Each test is a
 * probe that once left the server silent, answered wrongly, or showed a closed file's errors.
 */
class ProtocolTest {
    @TempDir
    Path dir;

    private static final Path FLOOR = Path.of("chains/02-inter-token-floor.chain");

    private static String hover(String uri, int line, int character) {
        return "{\"textDocument\":{\"uri\":\"" + uri + "\"},\"position\":{\"line\":" + line + ",\"character\":" + character + "}}";
    }

    private static String hoverText(JsonObject response) {
        return response.getAsJsonObject("result").getAsJsonObject("contents").get("value").getAsString();
    }

    private static int errorCode(JsonObject response) {
        assertTrue(response.has("error"), () -> "an error: " + response);
        return response.getAsJsonObject("error").get("code").getAsInt();
    }

    /** lsp4j parsed the body from the stream and, stopped early, read the rest of it as the next headers: no answer ever again. */
    @Test
    void aRequestWhoseParamsAreA16KbArrayIsAnsweredAndSoIsTheNext() throws Exception {
        try (StdioClient editor = new StdioClient(dir)) {
            editor.initialize("{}");
            String uri = StdioClient.uri(FLOOR);
            editor.open(FLOOR);
            editor.request(2, "textDocument/hover", "[" + "0,".repeat(8000) + "0]");
            assertEquals(-32700, errorCode(editor.response(2)));
            editor.request(3, "textDocument/hover", hover(uri, 13, 3));
            assertTrue(hoverText(editor.response(3)).contains("= 15.05 ms"));
        }
    }

    /**
     * A Content-Length too small (characters counted instead of bytes, say): the request is
     * answered with a parse error that says why, and the next message is found where it begins.
     */
    @Test
    void aFrameWhoseContentLengthIsTooSmallIsAnsweredAndTheNextMessageFound() throws Exception {
        try (StdioClient editor = new StdioClient(dir)) {
            editor.initialize("{}");
            String uri = StdioClient.uri(FLOOR);
            editor.open(FLOOR);
            byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/hover\",\"params\":" + hover(uri, 13, 3) + "}")
                    .getBytes(StandardCharsets.UTF_8);
            editor.raw(StdioClient.concat(("Content-Length: " + (body.length - 10) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), body));
            JsonObject cut = editor.response(2);
            assertEquals(-32700, errorCode(cut));
            assertTrue(cut.getAsJsonObject("error").get("message").getAsString().contains("Content-Length"), cut.toString());
            editor.request(3, "textDocument/hover", hover(uri, 13, 3));
            assertTrue(hoverText(editor.response(3)).contains("= 15.05 ms"), "the server reads on");
            assertEquals(0, editor.stop());
        }
    }

    @Test
    void theProtocolsRulesForAServersLife() throws Exception {
        try (StdioClient editor = new StdioClient(dir)) {
            String uri = StdioClient.uri(FLOOR);
            editor.request(1, "textDocument/hover", hover(uri, 13, 3));
            assertEquals(-32002, errorCode(editor.response(1)), "before initialize: ServerNotInitialized");
            editor.request(2, "initialize", "{\"capabilities\":{}}");
            assertTrue(editor.response(2).has("result"));
            editor.request(3, "initialize", "{\"capabilities\":{}}");
            assertEquals(-32600, errorCode(editor.response(3)), "initialize comes once");
            editor.request(4, "$/chain/unknown", "{}");
            assertEquals(-32601, errorCode(editor.response(4)), "an unknown $/ request is a MethodNotFound, not a null result");
            editor.request(5, "shutdown", null);
            assertTrue(editor.response(5).has("result"));
            editor.request(6, "textDocument/hover", hover(uri, 13, 3));
            assertEquals(-32600, errorCode(editor.response(6)), "after shutdown: InvalidRequest");
            editor.notify("exit", null);
            assertTrue(editor.process().waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(0, editor.process().exitValue());
        }
    }

    /** The docs promise stack traces on standard error with --debug only: never in what the editor is sent. */
    @Test
    void aRequestTheServerCannotReadIsAnsweredWithoutAStackTrace() throws Exception {
        try (StdioClient editor = new StdioClient(dir)) {
            editor.initialize("{}");
            editor.request(2, "textDocument/hover", "{\"position\":{\"line\":0,\"character\":0}}");
            JsonObject missing = editor.response(2);
            assertEquals(-32602, errorCode(missing), "a hover without its document is InvalidParams: " + missing);
            editor.request(3, "textDocument/definition", "{}");
            editor.request(4, "textDocument/completion", "{\"textDocument\":{\"uri\":7}}");
            for (JsonObject answer : List.of(missing, editor.response(3), editor.response(4))) {
                assertFalse(answer.toString().contains("\\tat ") || answer.toString().contains("Exception"),
                        "no Java in what the editor is sent: " + answer);
            }
            assertEquals(0, editor.stop());
            assertEquals("", editor.stderr());
        }
    }

    /**
     * A file of 1,100 bindings offers 1,100 names after {@code =}: at most 1,000 are sent, marked
     * incomplete. And a client is sent no VS Code command unless it says it runs it.
     */
    @Test
    void completionIsAtMostAThousandItemsWithoutCommandsTheClientLacks() throws Exception {
        StringBuilder text = new StringBuilder("use h100_sxm as gpu\n");
        for (int i = 0; i < 1100; i++) {
            text.append("v").append(i).append(" = ").append(i).append(" ms\n");
        }
        text.append("y = \n");
        for (boolean vscode : new boolean[] {false, true}) {
            try (StdioClient editor = new StdioClient(dir)) {
                editor.initialize(vscode ? "{\"experimental\":{\"commands\":{\"commands\":[\"editor.action.triggerSuggest\"]}}}" : "{}");
                String uri = dir.resolve("c.chain").toUri().toString();
                editor.open(uri, text.toString());
                editor.diagnostics(uri);
                editor.request(2, "textDocument/completion", hover(uri, 1101, 4));
                JsonObject names = editor.response(2).getAsJsonObject("result");
                JsonArray items = names.getAsJsonArray("items");
                assertEquals(1000, items.size(), "at most 1,000 of the 1,100 names and the rest");
                assertTrue(names.get("isIncomplete").getAsBoolean(), "incomplete: the editor asks again as more is typed");
                boolean anyCommand = false;
                boolean module = false;
                editor.notify("textDocument/didChange", "{\"textDocument\":{\"uri\":\"" + uri + "\",\"version\":2},"
                        + "\"contentChanges\":[{\"text\":\"use h100_sxm as gpu\\ny = g\\n\"}]}");
                editor.request(4, "textDocument/completion", hover(uri, 1, 5));
                for (JsonElement item : editor.response(4).getAsJsonObject("result").getAsJsonArray("items")) {
                    JsonObject i = item.getAsJsonObject();
                    module |= i.get("label").getAsString().equals("gpu.");
                    anyCommand |= i.has("command");
                }
                assertTrue(module, "gpu. is offered");
                assertEquals(vscode, anyCommand, "triggerSuggest after gpu. only for a client that runs it");
                assertEquals(0, editor.stop());
            }
        }
    }
}
