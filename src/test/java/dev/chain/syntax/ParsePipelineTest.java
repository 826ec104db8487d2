package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Stmt;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ParsePipeline} hands on the statements the fast path makes of the whole file, in order,
 * node for node (the same spans, the same ids), and says so when the fast path declines.
 */
class ParsePipelineTest {
    static Stream<Path> shipped() throws IOException {
        return DirectParserTest.shipped();
    }

    /** The batches, joined, as the pipeline hands them on. */
    private static List<Stmt> drained(ParsePipeline pipeline) {
        List<Stmt> all = new ArrayList<>();
        for (List<Stmt> batch = pipeline.next(); batch != null; batch = pipeline.next()) {
            assertTrue(!batch.isEmpty(), "an empty batch");
            all.addAll(batch);
        }
        return all;
    }

    /** Trees compare by their parse-cache encoding: every span, node id and value (see FastPathAgreement). */
    private static void assertSameAsParsedFirst(String name, String text) {
        SourceFile first = new SourceFile(name, text);
        ChainFile expected = SyntaxParser.parseFile(first, new Diagnostics());
        SourceFile source = new SourceFile(name, text);
        ParsePipeline pipeline = ParsePipeline.start(source);
        List<Stmt> batches = drained(pipeline);
        ChainFile file = pipeline.file();
        assertArrayEquals(AstCodec.write(expected), AstCodec.write(new ChainFile(source, batches)), name);
        assertArrayEquals(AstCodec.write(expected), AstCodec.write(file), name);
        assertEquals(first.nodeCount(), source.nodeCount());
    }

    @ParameterizedTest
    @MethodSource("shipped")
    void handsOnEveryShippedFileAsParsedFirst(Path path) throws IOException {
        assertSameAsParsedFirst(path.toString(), new String(Files.readAllBytes(path), StandardCharsets.UTF_8));
    }

    /** More groups than one batch holds, and a note and a group of another kind between them. */
    private static String manyGroups(int groups) {
        StringBuilder text = new StringBuilder("chain \"Many\"\n");
        for (int i = 0; i < groups; i++) {
            text.append("derive g").append(i).append("\n  a").append(i).append(" = ").append(i).append(" GB\n")
                    .append("  b").append(i).append(" = a").append(i).append(" / 2 s\n");
            if (i == groups / 2) {
                text.append("note \"halfway: {a0}\"\ninputs\n  extra = 3 ms\n");
            }
        }
        return text.toString();
    }

    @Test
    void handsOnManyBatchesInOrder() {
        assertSameAsParsedFirst("many.chain", manyGroups(2_000));
    }

    @Test
    void aDeclinedFileHasNoAstAndTakesNoIds() {
        SourceFile source = new SourceFile("late.chain", manyGroups(2_000) + "broken = (1 GB\n");
        ParsePipeline pipeline = ParsePipeline.start(source);
        assertTrue(drained(pipeline).size() > 1_000, "the statements before the mistake are handed on");
        assertNull(pipeline.file());
        assertEquals(0, source.nodeCount());
    }

    @Test
    void theFileCanBeAskedForWithoutTakingTheBatches() {
        SourceFile source = new SourceFile("many.chain", manyGroups(2_000));
        ChainFile file = ParsePipeline.start(source).file();
        assertEquals(2_003, file.statements().size()); // the header, 2,000 groups, a note and an inputs group
        assertNull(ParsePipeline.start(new SourceFile("late.chain", manyGroups(2_000) + "(\n")).file());
    }
}
