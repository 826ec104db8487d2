package dev.chain;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files: the expected output of a test, committed beside it. Run with
 * {@code -Dgolden.update=true} to rewrite them after a deliberate change, then review the diff.
 */
public final class Golden {
    private Golden() {}

    public static void assertMatches(Path golden, String actual) {
        try {
            if (Boolean.getBoolean("golden.update")) {
                Files.createDirectories(golden.getParent());
                Files.writeString(golden, actual, StandardCharsets.UTF_8);
                return;
            }
            if (!Files.exists(golden)) {
                throw new AssertionError("missing golden file " + golden + " (run with -Dgolden.update=true to create it)");
            }
            assertEquals(Files.readString(golden, StandardCharsets.UTF_8), actual, "differs from " + golden);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
