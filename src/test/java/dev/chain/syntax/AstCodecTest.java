package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.ast.ChainFile;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every file the project ships (that parses cleanly) comes back from the parse cache's encoding as the parser made it. */
class AstCodecTest {
    static Stream<Path> sources() throws IOException {
        List<Path> roots = List.of(Path.of("chains"), Path.of("stdlib"), Path.of("examples"), Path.of("src/test/resources/errors"));
        Stream<Path> all = Stream.empty();
        for (Path root : roots) {
            try (Stream<Path> walk = Files.walk(root)) {
                List<Path> files = walk.filter(p -> p.toString().endsWith(".chain") || p.toString().endsWith(".card")).sorted().toList();
                all = Stream.concat(all, files.stream());
            }
        }
        return all;
    }

    @ParameterizedTest
    @MethodSource("sources")
    void roundTripGivesTheParsersTree(Path path) throws Exception {
        String text = new String(Files.readAllBytes(path), StandardCharsets.UTF_8); // invalid UTF-8 in the corpus too
        SourceFile source = new SourceFile(path, text);
        Diagnostics diagnostics = new Diagnostics();
        ChainFile parsed = SyntaxParser.parseFile(source, diagnostics);
        byte[] bytes = AstCodec.write(parsed);

        // Read into the same source, the records are equal field by field (spans, ids, values).
        assertEquals(parsed, AstCodec.read(source, bytes));

        // Read into a fresh source of the same text: the same encoding, and the same ids taken.
        SourceFile fresh = new SourceFile(path, text);
        ChainFile read = AstCodec.read(fresh, bytes);
        assertArrayEquals(bytes, AstCodec.write(read));
        assertEquals(source.nodeCount(), fresh.nodeCount());
        assertEquals(parsed.statements().size(), read.statements().size());
    }

    @Test
    void everyTruncationIsMalformedNeverAWrongTree() throws Exception {
        String text = Files.readString(Path.of("chains/02-inter-token-floor.chain"), StandardCharsets.UTF_8);
        SourceFile source = new SourceFile("02.chain", text);
        byte[] bytes = AstCodec.write(SyntaxParser.parseFile(source, new Diagnostics()));
        assertTrue(bytes.length > 1000, "a whole chain encodes to more than a few bytes");
        for (int n = 0; n < bytes.length; n++) {
            byte[] cut = Arrays.copyOf(bytes, n);
            assertThrows(AstCodec.Malformed.class, () -> AstCodec.read(new SourceFile("02.chain", text), cut), "cut at " + n);
        }
    }

    @Test
    void spansMustFitTheText() throws Exception {
        SourceFile source = new SourceFile("a.chain", "bandwidth = 3.35 TB/s\n");
        byte[] bytes = AstCodec.write(SyntaxParser.parseFile(source, new Diagnostics()));
        // The same tree over a shorter text would point past its end.
        assertThrows(AstCodec.Malformed.class, () -> AstCodec.read(new SourceFile("a.chain", "b = 1\n"), bytes));
        assertFalse(AstCodec.read(new SourceFile("a.chain", "bandwidth = 3.35 TB/s\n"), bytes).statements().isEmpty());
    }

    @Test
    void anotherFormatIsRefused() throws Exception {
        SourceFile source = new SourceFile("a.chain", "x = 1 B\n");
        byte[] bytes = AstCodec.write(SyntaxParser.parseFile(source, new Diagnostics()));
        bytes[3] = (byte) (AstCodec.FORMAT + 1);
        assertThrows(AstCodec.Malformed.class, () -> AstCodec.read(new SourceFile("a.chain", "x = 1 B\n"), bytes));
    }
}
