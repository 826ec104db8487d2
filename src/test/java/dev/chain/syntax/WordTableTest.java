package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.chain.ast.QualifiedName;
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
            names[i] = table.name(at, end);
            assertEquals("w" + i, first[i]);
            assertEquals(QualifiedName.of("w" + i), names[i]);
            at = end + 1;
        }
        for (int i = 0; i < count; i++) {
            int end = twice.indexOf(' ', at);
            assertSame(first[i], table.word(at, end), "the same String for the same spelling");
            assertSame(names[i], table.name(at, end), "the same QualifiedName for the same spelling");
            at = end + 1;
        }
    }
}
