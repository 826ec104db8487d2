package dev.chain.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 40 item 6: a chain whose figure takes seconds to analyse (under the limits) once held the
 * server for those seconds at every keystroke. An edit made while its text is analysed cancels
 * that analysis: the newer text's diagnostics, and a request, come without waiting for it, and the
 * stale analysis publishes nothing. The machine is loaded, so no time is asserted on its own: the
 * edit's answers must come well before the old text's analysis, measured alone in the same server,
 * would have ended (measured: the answers 0.16 s after the edit, the analysis alone 2.7 s).
 */
class StaleAnalysisTest {
    @TempDir
    Path dir;

    /** Ten ranged inputs under a plot of 1,900 points: 1,949,400 runs of a chain of 150 values, under the 2,000,000 limit. */
    private static String slow(int points) {
        StringBuilder text = new StringBuilder("chain \"Slow\"\ninputs\n  batch = 1\n");
        StringBuilder sum = new StringBuilder("batch");
        for (int i = 0; i < 10; i++) {
            text.append("  r").append(i).append(" = 1 .. 2\n");
            sum.append(" + r").append(i);
        }
        text.append("derive d\n  y0 = ").append(sum).append('\n');
        int lines = 150;
        for (int k = 1; k < lines; k++) {
            text.append("  y").append(k).append(" = y").append(k - 1).append(" * 1.0001 + r").append(k % 10).append('\n');
        }
        return text.append("plot \"y\"\n  for batch in 1 .. ").append(points).append("\n  show y").append(lines - 1).append('\n').toString();
    }

    private static String change(String uri, int version, String text) {
        JsonObject change = new JsonObject();
        change.addProperty("text", text);
        return "{\"textDocument\":{\"uri\":\"" + uri + "\",\"version\":" + version + "},\"contentChanges\":[" + change + "]}";
    }

    /** Milliseconds from opening the slow text to its diagnostics. */
    private long analysedAlone(StdioClient editor, String name) throws Exception {
        String uri = dir.resolve(name).toUri().toString();
        long start = System.nanoTime();
        editor.open(uri, slow(1900));
        assertEquals(0, editor.diagnostics(uri).getAsJsonArray("diagnostics").size());
        return (System.nanoTime() - start) / 1_000_000;
    }

    @Test
    void anEditCancelsTheAnalysisOfTheTextItReplaces() throws Exception {
        try (StdioClient editor = new StdioClient(dir, "--debug")) {
            editor.initialize("{}");
            String warm = dir.resolve("warm.chain").toUri().toString();
            editor.open(warm, "x = 1 ms\n");
            editor.diagnostics(warm);

            // The old text's analysis alone, to its diagnostics: once to pace the edit, and after it
            // again as the bound, the JIT then warmer than for the run the edit cancels.
            long firstMs = analysedAlone(editor, "first.chain");

            // The same text, edited while it is analysed: to 19 points, then a hover.
            String edited = dir.resolve("edited.chain").toUri().toString();
            long start = System.nanoTime();
            editor.open(edited, slow(1900));
            long sleptMs = Math.min(1000, firstMs / 4);
            Thread.sleep(sleptMs); // the analysis is under way
            editor.notify("textDocument/didChange", change(edited, 2, slow(19)));
            editor.request(2, "textDocument/hover", "{\"textDocument\":{\"uri\":\"" + edited + "\"},\"position\":{\"line\":15,\"character\":3}}");
            JsonObject published = editor.diagnostics(edited);
            long editedMs = (System.nanoTime() - start) / 1_000_000;
            assertEquals(2, published.get("version").getAsInt(), "the first diagnostics published are the edit's: " + published);
            assertEquals(0, published.getAsJsonArray("diagnostics").size(), published.toString());
            String hover = editor.response(2).getAsJsonObject("result").getAsJsonObject("contents").get("value").getAsString();
            assertTrue(hover.contains("y1"), hover);
            long answeredMs = (System.nanoTime() - start) / 1_000_000;

            long aloneMs = analysedAlone(editor, "after.chain");
            // Had the old analysis gone on, nothing would come until it ended: 3/4 of it after the edit.
            assertTrue(answeredMs - sleptMs < aloneMs / 2, "the edit (at " + sleptMs + " ms) answered: its diagnostics at " + editedMs
                    + " ms and the hover at " + answeredMs + " ms, not after the old text's analysis (" + aloneMs + " ms alone, "
                    + firstMs + " ms the first time)");

            assertEquals(0, editor.stop());
            assertTrue(editor.history().stream().noneMatch(m -> StdioClient.isDiagnostics(m, edited)
                    && m.getAsJsonObject("params").get("version").getAsInt() == 1), "the stale analysis published nothing");
            assertTrue(editor.stderr().contains("chain lsp: dropped the analysis of " + edited + " version 1: version 2 replaced it"),
                    editor.stderr());
        }
    }
}
