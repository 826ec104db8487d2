package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Stmt;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import java.util.List;

/**
 * The property that makes the front end's fast path safe: for any text, {@link DirectParser}
 * either declines (and takes no node ids) or makes exactly the tree the grammar's parser makes,
 * for text in which the grammar finds no problem. Trees are compared by their parse-cache
 * encoding, which holds every span, node id and value. Public for the fuzz test.
 */
public final class FastPathAgreement {
    private FastPathAgreement() {}

    /** Asserts the property for a whole file; true when the fast path took it. */
    public static boolean assertFileAgrees(String text) {
        SourceFile fast = new SourceFile("agree.chain", text);
        ChainFile direct = DirectParser.parseFile(fast);
        if (direct == null) {
            assertEquals(0, fast.nodeCount(), "a declined parse gives back its node ids");
            return false;
        }
        SourceFile slow = new SourceFile("agree.chain", text);
        Diagnostics diagnostics = new Diagnostics();
        ChainFile grammar = GrammarParser.parseFile(slow, diagnostics);
        assertTrue(diagnostics.all().isEmpty(),
                () -> "the fast path took text the grammar reports: " + diagnostics.all() + "\n" + text);
        assertArrayEquals(AstCodec.write(grammar), AstCodec.write(direct), () -> "different trees for:\n" + text);
        return true;
    }

    /** Asserts the property for a value read from {@code from} ({@code chain eval}, a REPL argument). */
    public static boolean assertValueAgrees(String text, int from) {
        SourceFile fast = new SourceFile("<expr>", text);
        Value direct = DirectParser.parseValue(fast, from);
        if (direct == null) {
            assertEquals(0, fast.nodeCount(), "a declined parse gives back its node ids");
            return false;
        }
        SourceFile slow = new SourceFile("<expr>", text);
        Diagnostics diagnostics = new Diagnostics();
        Value grammar = GrammarParser.parseValue(slow, from, diagnostics);
        assertTrue(diagnostics.all().isEmpty(),
                () -> "the fast path took a value the grammar reports: " + diagnostics.all() + "\n" + text);
        assertArrayEquals(encode(slow, grammar), encode(fast, direct), () -> "different trees for:\n" + text);
        return true;
    }

    private static byte[] encode(SourceFile source, Value value) {
        return AstCodec.write(new ChainFile(source, List.of(new Stmt.Evaluate(value, value.span()))));
    }
}
