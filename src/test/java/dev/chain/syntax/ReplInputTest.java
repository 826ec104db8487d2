package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** When typed text is complete: the parser's answer, which the REPL passes on to JLine. */
class ReplInputTest {
    @Test
    void completeInputIsSentAtOnce() {
        for (String text : List.of("16.06 GB / 3.35 TB/s -> ms", "kv = 64 * 4,096 token * 131,072 B/token",
                "use h100_sxm as gpu", "check 3 GB > 2 GB", ":dim (", ":load x", "", "   ",
                "3 GB + 2 ms", "5 KB", "1,5 +", "x = )", "note \"a\"")) {
            assertFalse(ReplInput.needsMore(text), text);
        }
    }

    @Test
    void anOperatorOrAnOpenParenthesisAtTheEndAsksForMore() {
        for (String text : List.of("x = 1 +", "x =", "max(1 GB,", "(1 GB", "16.06 GB / 3.35 TB/s ->",
                "check share in 50% ..", "x = (1 +\n2", "note \"\"\"a")) {
            assertTrue(ReplInput.needsMore(text), text);
        }
    }

    @Test
    void aGroupRunsUntilABlankLine() {
        assertTrue(ReplInput.needsMore("inputs"));
        assertTrue(ReplInput.needsMore("derive \"512 chunk\"\nsmall = 512 token"));
        assertTrue(ReplInput.needsMore("sanity\n  p50 = 24 ms\n  check p50 > 1 ms"));
        assertFalse(ReplInput.needsMore("sanity\n  p50 = 24 ms\n"));
        assertFalse(ReplInput.needsMore("sanity\n  p50 = 24 ms\n   "));
    }

    @Test
    void aCommandEndsAGroupUnlessItIsInsideTripleQuotedText() {
        assertFalse(ReplInput.needsMore("derive f\n  w = 2 GB\n:env"));
        assertEquals("derive f\n  w = 2 GB\n".length(), ReplInput.trailingCommand("derive f\n  w = 2 GB\n:env"));
        assertEquals(-1, ReplInput.trailingCommand(":env"));
        String inText = "derive f \"\"\"\n:not a command";
        assertTrue(ReplInput.needsMore(inText));
        assertEquals(-1, ReplInput.trailingCommand(inText));
    }

    @Test
    void aBlankLineAlwaysEndsTheInputSoAMistakeCanBeSeen() {
        assertFalse(ReplInput.needsMore("x = (1 +\n"));
        assertFalse(ReplInput.needsMore("x =\n\n"));
    }

    @Test
    void continuationLinesAreIndentedForTheLexer() {
        assertEquals("x = 1 +\n  2", ReplInput.normalize("x = 1 +\n2"));
        assertEquals("x = (1 +\n  2)", ReplInput.normalize("x = (1 +\n2)"));
        assertEquals("derive f\na = 1\nb = 2", ReplInput.normalize("derive f\na = 1\nb = 2"));
        assertEquals("x = 1 +\n    2", ReplInput.normalize("x = 1 +\n    2"));
        assertEquals("one line", ReplInput.normalize("one line"));
    }

    @Test
    void highlightingClassifiesEveryWord() {
        List<Lexemes.Lexeme> l = Lexemes.of("use m # note\nx = 3 GB \"t\" @source");
        assertEquals(List.of(Lexemes.Kind.KEYWORD, Lexemes.Kind.NAME, Lexemes.Kind.COMMENT, Lexemes.Kind.NAME,
                        Lexemes.Kind.OPERATOR, Lexemes.Kind.NUMBER, Lexemes.Kind.NAME, Lexemes.Kind.STRING,
                        Lexemes.Kind.ANNOTATION, Lexemes.Kind.ANNOTATION),
                l.stream().map(Lexemes.Lexeme::kind).toList());
        assertEquals("# note", "use m # note".substring(l.get(2).start(), l.get(2).end()));
        assertEquals(Lexemes.Kind.ERROR, Lexemes.of("1,5").get(0).kind());
    }
}
