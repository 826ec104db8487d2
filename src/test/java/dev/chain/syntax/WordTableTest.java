package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Expr;
import dev.chain.ast.QualifiedName;
import dev.chain.ast.Stmt;
import dev.chain.ast.Value;
import dev.chain.source.SourceFile;
import org.junit.jupiter.api.Test;

class WordTableTest {
    @Test
    void oneStringAndOneNamePerSpellingAcrossGrowth() {
        StringBuilder text = new StringBuilder();
        int count = 20_000; // more words than the table was sized for: it grows
        for (int i = 0; i < count; i++) {
            text.append('w').append(i).append(' ');
        }
        String twice = text.toString() + text;
        WordTable table = new WordTable(twice);
        String[] first = new String[count];
        QualifiedName[] names = new QualifiedName[count];
        int at = 0;
        for (int i = 0; i < count; i++) {
            int end = twice.indexOf(' ', at);
            first[i] = table.word(at, end);
            names[i] = table.name(at, end, first[i].hashCode()); // the hash the lexer computes: String's
            assertEquals("w" + i, first[i]);
            assertEquals(QualifiedName.of("w" + i), names[i]);
            at = end + 1;
        }
        for (int i = 0; i < count; i++) {
            int end = twice.indexOf(' ', at);
            assertSame(first[i], table.word(at, end), "the same String for the same spelling");
            assertSame(first[i], table.word(at, end, ("w" + i).hashCode()), "the same String, given its hash");
            assertSame(names[i], table.name(at, end, ("w" + i).hashCode()), "the same QualifiedName for the same spelling");
            at = end + 1;
        }
    }

    @Test
    void theParserKeepsOneStringPerNameWhereverItIsWritten() {
        // A binding's name (a word) and a use of it (a plain name) must come from one entry, or the
        // name would be kept twice. (The two tests around this one hold the hashes to String's.)
        ChainFile file = DirectParser.parseFile(new SourceFile("t.chain", "bandwidth = 3 GB/s\nx = bandwidth * 2\n"));
        Stmt.Binding defined = (Stmt.Binding) file.statements().get(0);
        Stmt.Binding using = (Stmt.Binding) file.statements().get(1);
        Expr.Binary product = (Expr.Binary) ((Value.QuantityValue) using.value()).expr();
        Expr.NameRef used = (Expr.NameRef) product.left();
        assertSame(defined.name(), used.name().last());
    }

    @Test
    void theLexersHashOfANameIsStrings() {
        String text = "kv_bytes_per_token = layers * 2 * kv_heads * head_dim * bf16.bytes -> KiB\n";
        DirectLexer lexer = new DirectLexer(text, text.toCharArray(), 0);
        lexer.nextLine();
        int names = 0;
        for (int i = 0; i < lexer.count; i++) {
            if (lexer.types[i] == dev.chain.syntax.antlr.ChainLexer.IDENT) {
                assertEquals(text.substring(lexer.starts[i], lexer.ends[i]).hashCode(), lexer.hashes[i]);
                names++;
            }
        }
        assertEquals(7, names);
    }
}
