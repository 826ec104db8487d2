package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.ast.ChainFile;
import dev.chain.diag.DiagnosticRenderer;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParseCacheTest {
    @TempDir
    Path dir;

    private static String card() throws IOException {
        return Files.readString(Path.of("chains/02-inter-token-floor.chain"), StandardCharsets.UTF_8);
    }

    private static byte[] parsedFresh(String text) {
        return AstCodec.write(SyntaxParser.parseFile(new SourceFile("c.chain", text), new Diagnostics()));
    }

    private List<Path> entries() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.toList();
        }
    }

    @Test
    void theSecondParseOfATextIsReadBackAndEqualsTheParsersTree() throws IOException {
        String text = card();
        ParseCache cache = new ParseCache(dir);
        ChainFile first = cache.parse(new SourceFile("c.chain", text), new Diagnostics());
        ChainFile second = cache.parse(new SourceFile("c.chain", text), new Diagnostics());
        assertEquals(1, cache.misses());
        assertEquals(1, cache.hits());
        assertEquals(1, entries().size());
        assertArrayEquals(parsedFresh(text), AstCodec.write(first));
        assertArrayEquals(parsedFresh(text), AstCodec.write(second));
    }

    @Test
    void aChangedTextIsParsedAgain() throws IOException {
        String text = card();
        ParseCache cache = new ParseCache(dir);
        cache.parse(new SourceFile("c.chain", text), new Diagnostics());
        String edited = text.replace("batch   = 64", "batch   = 32");
        ChainFile parsed = cache.parse(new SourceFile("c.chain", edited), new Diagnostics());
        assertEquals(2, cache.misses());
        assertArrayEquals(parsedFresh(edited), AstCodec.write(parsed));
    }

    @Test
    void aDamagedEntryIsAMissAndIsReplaced() throws IOException {
        String text = card();
        ParseCache cache = new ParseCache(dir);
        cache.parse(new SourceFile("c.chain", text), new Diagnostics());
        Path entry = entries().get(0);
        byte[] bytes = Files.readAllBytes(entry);
        bytes[bytes.length - 7] ^= 0x40; // inside the AST: only the checksum can tell
        Files.write(entry, bytes);
        ChainFile parsed = cache.parse(new SourceFile("c.chain", text), new Diagnostics());
        assertEquals(2, cache.misses());
        assertArrayEquals(parsedFresh(text), AstCodec.write(parsed));
        cache.parse(new SourceFile("c.chain", text), new Diagnostics());
        assertEquals(1, cache.hits(), "the rewritten entry is good again");

        Files.write(entry, new byte[] {1, 2, 3});
        cache.parse(new SourceFile("c.chain", text), new Diagnostics());
        assertEquals(3, cache.misses(), "three bytes are no entry");
    }

    @Test
    void aFileWithErrorsIsNeverCachedAndReportsWhatTheParserReports() throws IOException {
        String text = "x = (1 +\ny = 2 GB\nz = 3 *\n";
        ParseCache cache = new ParseCache(dir);
        for (int i = 0; i < 2; i++) {
            Diagnostics viaCache = new Diagnostics();
            cache.parse(new SourceFile("bad.chain", text), viaCache);
            Diagnostics direct = new Diagnostics();
            SyntaxParser.parseFile(new SourceFile("bad.chain", text), direct);
            DiagnosticRenderer renderer = new DiagnosticRenderer(false);
            assertEquals(renderer.render(direct.all()), renderer.render(viaCache.all()));
            assertEquals(2, viaCache.all().size());
        }
        assertEquals(2, cache.misses());
        assertTrue(entries().isEmpty());
    }

    @Test
    void theFolderIsKeptSmall() throws IOException {
        ParseCache cache = new ParseCache(dir);
        for (int i = 0; i <= ParseCache.MAX_ENTRIES; i++) {
            cache.parse(new SourceFile("n.chain", "n = " + i + " B\n"), new Diagnostics());
        }
        int left = entries().size();
        assertTrue(left <= ParseCache.MAX_ENTRIES && left >= ParseCache.MAX_ENTRIES / 2, left + " entries");
    }

    @Test
    void anUnwritableFolderOnlyCostsTime() throws IOException {
        Path notADirectory = dir.resolve("file");
        Files.writeString(notADirectory, "in the way");
        ParseCache cache = new ParseCache(notADirectory.resolve("cache"));
        String text = card();
        ChainFile parsed = cache.parse(new SourceFile("c.chain", text), new Diagnostics());
        assertArrayEquals(parsedFresh(text), AstCodec.write(parsed));
    }
}
