package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.chain.syntax.antlr.ChainLexer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Lexer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.ATNState;
import org.antlr.v4.runtime.atn.Transition;
import org.junit.jupiter.api.Test;

/** The lexer reads letters and digits by their classes: the classes must be what the grammar tells apart. */
class LexerInputTest {
    /**
     * Every transition of the lexer's ATN takes a character exactly when it takes the character's
     * class: then the lexer cannot tell them apart, and reading one for the other changes nothing.
     * A lexer rule that names a letter of its own (say 'q') fails this until CLASSES keeps it.
     */
    @Test
    void eachClassStandsForCharactersTheGrammarDoesNotTellApart() {
        List<String> wrong = new ArrayList<>();
        for (ATNState state : ChainLexer._ATN.states) {
            if (state == null) {
                continue;
            }
            for (Transition t : state.getTransitions()) {
                for (int c = 0; c < 128; c++) {
                    int seen = LexerInput.CLASSES[c];
                    if (t.matches(c, Lexer.MIN_CHAR_VALUE, Lexer.MAX_CHAR_VALUE)
                            != t.matches(seen, Lexer.MIN_CHAR_VALUE, Lexer.MAX_CHAR_VALUE)) {
                        wrong.add("'" + (char) c + "' read as '" + (char) seen + "' at ATN state " + state.stateNumber);
                    }
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void tokensKeepTheTextAsWritten() {
        String text = "Tput_2 = 1.5E9 FLOP/s * 3,000 x2 -> TFLOP:.1eng  # Zq 9\nfor n in 1 .. 256 x1.5 by 8\n";
        assertEquals(tokens(CharStreams.fromString(text)), tokens(input(text)));
        assertEquals("[IDENT Tput_2, ASSIGN =, NUMBER 1.5E9, IDENT FLOP, UNIT_SLASH /, IDENT s, STAR *, NUMBER 3,000, "
                + "IDENT x2, ARROW ->, IDENT TFLOP, FORMAT_SPEC :.1eng, NL \n, FOR for, IDENT n, IN in, NUMBER 1, RANGE .., "
                + "NUMBER 256, GEOMETRIC x1.5, IDENT by, NUMBER 8, NL \n, EOF <EOF>]", tokens(input(text)).toString());
    }

    /** Blanks and comments skipped before a token (ChainLexer.nextToken) still count in its place. */
    @Test
    void tokensAfterBlanksAndCommentsKeepTheirPlaces() {
        String text = "a  =\t1 # one\n# only a comment\n(b +\n  c)  # two\n";
        ChainLexer lexer = new ChainLexer(input(text));
        lexer.removeErrorListeners();
        List<String> places = new ArrayList<>();
        for (Token t = lexer.nextToken(); t.getType() != Token.EOF; t = lexer.nextToken()) {
            places.add(t.getText().replace("\n", "\\n") + "@" + t.getLine() + ":" + t.getCharPositionInLine() + "/" + t.getStartIndex());
        }
        // As the WS and COMMENT rules placed them (the lexer before nextToken skipped them itself).
        assertEquals(List.of("a@1:0/0", "=@1:3/3", "1@1:5/5", "\\n@1:12/12", "\\n@2:16/29",
                "(@3:0/30", "b@3:1/31", "+@3:3/33", "c@4:2/37", ")@4:3/38", "\\n@4:11/46"), places);
    }

    /** The card's chains and the stdlib modules they use lex to the same tokens and texts either way. */
    @Test
    void theCardLexesAsWithoutClasses() throws Exception {
        List<Path> files = new ArrayList<>();
        try (var listed = Files.list(Path.of("chains"))) {
            listed.sorted().forEach(files::add);
        }
        files.add(Path.of("stdlib/h100_sxm.chain"));
        files.add(Path.of("stdlib/llama33_70b.chain"));
        for (Path f : files) {
            String text = Files.readString(f);
            assertEquals(tokens(CharStreams.fromString(text)), tokens(input(text)), f.toString());
        }
    }

    private static CharStream input(String text) {
        return new LexerInput(text, text.getBytes(StandardCharsets.US_ASCII), "test");
    }

    private static List<String> tokens(CharStream input) {
        ChainLexer lexer = new ChainLexer(input);
        lexer.removeErrorListeners();
        List<String> out = new ArrayList<>();
        for (Token t = lexer.nextToken(); ; t = lexer.nextToken()) {
            String name = t.getType() == Token.EOF ? "EOF" : ChainLexer.VOCABULARY.getSymbolicName(t.getType());
            out.add(name + " " + t.getText());
            if (t.getType() == Token.EOF) {
                return out;
            }
        }
    }
}
