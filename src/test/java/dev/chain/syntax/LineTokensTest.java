package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.chain.syntax.antlr.ChainLexer;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.junit.jupiter.api.Test;

/** The first pass's token stream: a line's tokens read in place, with an end of file after them. */
class LineTokensTest {
    /** The tokens of the text's first line, its NL last, as GrammarParser hands them out. */
    private static List<Token> firstLine(String text) {
        ChainLexer lexer = new ChainLexer(CharStreams.fromString(text));
        List<Token> line = new ArrayList<>();
        Token t;
        do {
            t = lexer.nextToken();
            line.add(t);
        } while (t.getType() != ChainLexer.NL && t.getType() != Token.EOF);
        return line;
    }

    @Test
    void readsTheLineAndLooksBack() {
        LineTokens tokens = new LineTokens(firstLine("bytes = 16.06 GB\nnext = 1\n"));
        assertEquals("bytes", tokens.LT(1).getText());
        assertEquals(ChainLexer.ASSIGN, tokens.LA(2));
        assertNull(tokens.LT(-1)); // nothing before the first token
        tokens.consume();
        tokens.consume();
        assertEquals("16.06", tokens.LT(1).getText());
        assertEquals("=", tokens.LT(-1).getText());
        assertEquals(2, tokens.index());
        assertEquals("bytes=16.06GB\n", tokens.getText());
        assertEquals(3, tokens.get(3).getTokenIndex()); // numbered as CommonTokenStream numbers them
    }

    @Test
    void anEndOfFileFollowsALineThatEndsInANewline() {
        List<Token> line = firstLine("x = 1\ny = 2\n");
        LineTokens tokens = new LineTokens(line);
        tokens.seek(line.size());
        Token eof = tokens.LT(1);
        assertEquals(Token.EOF, eof.getType());
        assertEquals(line.get(line.size() - 1).getStopIndex() + 1, eof.getStartIndex()); // just after the NL
        assertSame(eof, tokens.LT(5)); // one end, however far the parser looks
        assertThrows(IllegalStateException.class, tokens::consume);
    }

    @Test
    void theLastLineEndsInItsOwnEndOfFile() {
        List<Token> line = firstLine("x = 1");
        LineTokens tokens = new LineTokens(line);
        assertSame(line.get(line.size() - 1), tokens.LT(line.size() + 2));
    }
}
