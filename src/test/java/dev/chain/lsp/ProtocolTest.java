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

    /**
     * A chain observing a FIFO, /dev/zero and the server's own standard input (its protocol
     * stream): the server waited for a writer for ever, read /dev/zero to 2.1 GB, or consumed the
     * editor's next requests. Each is published as an error at its annotation, and a hover on
     * another document is answered within a second.
     */
    @Test
    void aChainObservingAFifoADeviceOrTheServersOwnInputLeavesItAnswering() throws Exception {
        Path fifo = dir.resolve("bench.json");
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0);
        Path chain = dir.resolve("hostile.chain");
        Files.writeString(chain, """
                chain "Measured"
                inputs
                  @observed("bench.json#median_itl_ms")
                  fifo = 24 ms
                  @observed("/dev/zero#median_itl_ms")
                  zero = 24 ms
                  @observed("/proc/self/fd/0#median_itl_ms")
                  stdin = 24 ms
                derive d
                  total = fifo + zero + stdin
                """);
        try (StdioClient editor = new StdioClient(dir)) {
            editor.initialize("{}");
            String uri = StdioClient.uri(chain);
            editor.open(chain);
            JsonArray diagnostics = editor.diagnostics(uri).getAsJsonArray("diagnostics");
            List<String> said = new ArrayList<>();
            for (JsonElement d : diagnostics) {
                JsonObject o = d.getAsJsonObject();
                said.add(o.getAsJsonObject("range").getAsJsonObject("start").get("line").getAsInt() + ": "
                        + o.get("message").getAsString());
            }
            assertEquals(3, said.size(), said.toString());
            assertTrue(said.get(0).startsWith("2: cannot read bench.json: it is a FIFO (named pipe), not a file"), said.toString());
            assertTrue(said.get(1).startsWith("4: cannot read /dev/zero: it is a character device, not a file"), said.toString());
            assertTrue(said.get(2).startsWith("6: cannot read /proc/self/fd/0: it is "), said.toString());
            editor.open(FLOOR);
            long start = System.nanoTime();
            editor.request(2, "textDocument/hover", hover(StdioClient.uri(FLOOR), 13, 3));
            assertTrue(hoverText(editor.response(2)).contains("= 15.05 ms"));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms < 1000, "the hover took " + ms + " ms");
            assertEquals(0, editor.stop());
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

    /** An open and a close in quick succession, while the analysis runs: the close's empty list is the last word. */
    @Test
    void aFileClosedWhileItIsAnalysedKeepsNoErrors() throws Exception {
        // an error on its first lines, and enough below it that the analysis takes a while
        StringBuilder broken = new StringBuilder("x = 1 ms + 1 GB\n\nderive d\n  v0 = 1 ms\n");
        for (int i = 1; i < 3000; i++) {
            broken.append("  v").append(i).append(" = v").append(i - 1).append(" + 1 ms\n");
        }
        try (StdioClient editor = new StdioClient(dir)) {
            editor.initialize("{}");
            List<String> uris = new ArrayList<>();
            for (int trial = 0; trial < 20; trial++) {
                String uri = dir.resolve("trial" + trial + ".chain").toUri().toString();
                uris.add(uri);
                editor.request(100 + trial, "textDocument/documentSymbol", "{\"textDocument\":{\"uri\":\"" + uri + "\"}}");
                editor.response(100 + trial); // the worker is idle: the analysis starts as the file opens
                editor.open(uri, broken.toString());
                Thread.sleep(trial * 5); // the close comes while the analysis runs, or after
                editor.notify("textDocument/didClose", "{\"textDocument\":{\"uri\":\"" + uri + "\"}}");
            }
            editor.request(2, "shutdown", null);
            editor.response(2); // after everything the analyses published
            Map<String, Integer> last = new TreeMap<>();
            for (JsonObject m : editor.history()) {
                if (m.has("method") && m.get("method").getAsString().equals("textDocument/publishDiagnostics")) {
                    JsonObject p = m.getAsJsonObject("params");
                    last.put(p.get("uri").getAsString(), p.getAsJsonArray("diagnostics").size());
                }
            }
            for (String uri : uris) {
                assertEquals(0, last.getOrDefault(uri, 0), uri + " is closed: its last diagnostics are none");
            }
        }
    }

    /**
     * The outline of 12,000 lines (it was quadratic: seconds) is computed on the worker that also
     * analyses edits; an edit of another file made while it runs is analysed between its steps.
     */
    @Test
    void anOutlineDoesNotHoldUpAnotherFilesDiagnostics() throws Exception {
        StringBuilder big = new StringBuilder("chain \"twelve thousand lines\"\n\ninputs\n  v0 = 1 ms\n");
        int n = 1;
        while (n < 12_000) {
            big.append("\nderive g").append(n).append('\n');
            for (int j = 0; j < 40; j++, n++) {
                big.append("  v").append(n).append(" = v").append(n - 1).append(" + 1 ms\n");
            }
            big.append("  check v").append(n - 1).append(" > 0 ms\n");
        }
        try (StdioClient editor = new StdioClient(dir)) {
            editor.initialize("{}");
            String bigUri = dir.resolve("big.chain").toUri().toString();
            String smallUri = dir.resolve("small.chain").toUri().toString();
            editor.open(bigUri, big.toString());
            editor.open(smallUri, "x = 1 ms\n");
            editor.diagnostics(bigUri);
            editor.diagnostics(smallUri);
            editor.request(2, "textDocument/documentSymbol", "{\"textDocument\":{\"uri\":\"" + bigUri + "\"}}");
            editor.notify("textDocument/didChange", "{\"textDocument\":{\"uri\":\"" + smallUri + "\",\"version\":2},"
                    + "\"contentChanges\":[{\"text\":\"x = 1 ms +\\n\"}]}");
            JsonObject first = editor.next(m -> StdioClient.isDiagnostics(m, smallUri) || m.has("id") && !m.has("method"),
                    "the edit's diagnostics or the outline");
            assertTrue(StdioClient.isDiagnostics(first, smallUri), "the edit's diagnostics came first");
            assertEquals(1, first.getAsJsonObject("params").getAsJsonArray("diagnostics").size(), first.toString());
            JsonArray outline = editor.response(2).getAsJsonArray("result");
            assertEquals(1 + 1 + (n - 1) / 40, outline.size(), "the title, inputs and each group");
            assertEquals(0, editor.stop());
        }
    }

    /** Go to definition opens the stdlib's copies: each must check clean there, as the module it is. */
    @Test
    void everyStdlibCopyThatDefinitionOpensChecksClean() throws Exception {
        try (StdioClient editor = new StdioClient(dir)) {
            editor.initialize("{}");
            String uri = StdioClient.uri(FLOOR);
            String text = Files.readString(FLOOR);
            editor.open(FLOOR);
            int line = (int) text.substring(0, text.indexOf("use llama31_8b")).lines().count();
            editor.request(2, "textDocument/definition", hover(uri, line, 6));
            JsonArray found = editor.response(2).getAsJsonArray("result");
            Path copy = Path.of(java.net.URI.create(found.get(0).getAsJsonObject().get("uri").getAsString()));
            assertEquals("llama31_8b.chain", copy.getFileName().toString());
            List<Path> copies;
            try (var files = Files.list(copy.getParent())) {
                copies = files.filter(f -> f.toString().endsWith(".chain") && !f.getFileName().toString().equals("prelude.chain")).sorted().toList();
            }
            assertTrue(copies.size() > 30, copies.toString());
            for (Path c : copies) {
                editor.open(c);
            }
            for (Path c : copies) {
                JsonArray diagnostics = editor.diagnostics(StdioClient.uri(c)).getAsJsonArray("diagnostics");
                assertEquals(0, diagnostics.size(), () -> c.getFileName() + ": " + diagnostics);
            }
            assertEquals(0, editor.stop());
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
