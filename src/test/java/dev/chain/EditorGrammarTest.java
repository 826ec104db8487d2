package dev.chain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The VS Code grammar's test (editors/vscode/test, node): tokenizes chains/ with the TextMate
 * grammar and checks the scopes. It needs node and its packages (npm ci there), which .ci/run
 * installs; on a machine with only a JDK and Maven this test skips itself.
 */
class EditorGrammarTest {
    private static final Path FOLDER = Path.of("editors/vscode/test");

    @Test
    void theTextMateGrammarScopesTheCard() throws IOException, InterruptedException {
        assumeTrue(Tools.onPath("node"), "node is not installed");
        assumeTrue(Files.isDirectory(FOLDER.resolve("node_modules/vscode-textmate")), "run npm ci in " + FOLDER);
        Process p = new ProcessBuilder("node", "--test").directory(FOLDER.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(120, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue(), out);
    }
}
