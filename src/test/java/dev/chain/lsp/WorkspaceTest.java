package dev.chain.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The worker and the thread that sends answers, as the server ends. */
class WorkspaceTest {
    /**
     * exit can shut the workspace down while the worker runs a request (a client may send exit right
     * behind shutdown, which the worker answers): the answer still completes. Its hand-over to the
     * answering thread, shut down by then, threw RejectedExecutionException on the worker, which
     * printed it on standard error (4 of 21 starts of bench/run lsp) and never completed the answer.
     */
    @Test
    void aRequestRunningWhenTheServerEndsStillCompletes() throws Exception {
        Workspace workspace = new Workspace(Map.of(), false);
        var answer = workspace.submit("a request", () -> {
            workspace.shutdown(); // exit arrives while it runs
            return "answered";
        }, "fallback");
        assertEquals("answered", answer.get(10, TimeUnit.SECONDS));
    }
}
