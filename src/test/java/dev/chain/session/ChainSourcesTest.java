package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A folder's files are listed as Files.walk lists them, without its streams. */
class ChainSourcesTest {
    @Test
    void filesUnderAFolderInPathOrderAsFilesWalkListsThem(@TempDir Path dir, @TempDir Path outside) throws IOException {
        Files.createDirectories(dir.resolve("b/inner"));
        Files.createDirectories(dir.resolve("a"));
        for (String name : List.of("z.chain", "a/y.chain", "b/inner/x.chain", "b/w.chain", "b/notes.md", "b/v.card",
                "a.chain.bak")) {
            Files.writeString(dir.resolve(name), "x = 1\n");
        }
        Files.createDirectories(dir.resolve("folder.chain")); // a folder named like a chain is not a file
        Files.writeString(outside.resolve("linked.chain"), "x = 1\n");
        Files.createSymbolicLink(dir.resolve("link"), outside); // not followed, as by Files.walk
        Files.createSymbolicLink(dir.resolve("c.chain"), dir.resolve("z.chain")); // a link to a file is listed

        List<Path> expected;
        try (Stream<Path> walk = Files.walk(dir)) {
            expected = walk.filter(p -> p.toString().endsWith(".chain") && Files.isRegularFile(p)).sorted().toList();
        }
        assertEquals(expected, ChainSources.filesUnder(dir, ".chain"));
        assertEquals(List.of(dir.resolve("a/y.chain"), dir.resolve("b/inner/x.chain"), dir.resolve("b/w.chain"),
                dir.resolve("c.chain"), dir.resolve("z.chain")), ChainSources.filesUnder(dir, ".chain"));
        assertEquals(List.of(dir.resolve("b/v.card")), ChainSources.filesUnder(dir, ".card"));
    }
}
