package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dev.chain.lsp.StdioClient;
import java.nio.charset.StandardCharsets;
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

    @Test
    void anEditorStartsItTalksToItAndStopsIt() throws Exception {
        try (StdioClient editor = new StdioClient(cache)) {
            JsonObject init = editor.initialize("{}");
            assertTrue(init.getAsJsonObject("result").getAsJsonObject("capabilities").get("hoverProvider").getAsBoolean());
            Path floor = Path.of("chains/02-inter-token-floor.chain");
            String uri = StdioClient.uri(floor);
            editor.open(floor);
            // junk: no header at all, then a body that is not JSON, then a request nobody knows
            editor.raw("this is not a message\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            editor.send("{not json");
            JsonObject junk = editor.next(m -> m.has("error"), "an answer to the junk");
            assertEquals(-32700, junk.getAsJsonObject("error").get("code").getAsInt(), junk.toString());
            assertTrue(junk.get("id").isJsonNull(), "a parse error has no id to answer: " + junk);
            editor.request(2, "chain/noSuchThing", "{}");
            JsonObject unknown = editor.response(2);
            assertEquals(-32601, unknown.getAsJsonObject("error").get("code").getAsInt(), unknown.toString());

            editor.request(3, "textDocument/hover", "{\"textDocument\":{\"uri\":\"" + uri + "\"},\"position\":{\"line\":13,\"character\":3}}");
            String hover = editor.response(3).getAsJsonObject("result").getAsJsonObject("contents").get("value").getAsString();
            assertTrue(hover.contains("= 15.05 ms"), hover);

            assertEquals(0, editor.stop());
            assertEquals("", editor.stderr(), "nothing on standard error without --debug");
        }
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
