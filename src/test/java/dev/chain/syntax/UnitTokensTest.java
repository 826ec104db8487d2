package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.chain.syntax.antlr.ChainLexer;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.junit.jupiter.api.Test;

/**
 * The lexer tells a '/' or '·' between a unit's parts (UNIT_SLASH, UNIT_DOT) from a glued '/'
 * between values (UNIT_PER), where the parser reads a unit: after an operand or `->`.
 */
class UnitTokensTest {
    /** The symbolic names of the types of the '/' and '·' tokens in {@code text}, in order. */
    private static List<String> joiners(String text) {
        ChainLexer lexer = new ChainLexer(CharStreams.fromString(text));
        List<String> found = new ArrayList<>();
        for (Token t = lexer.nextToken(); t.getType() != Token.EOF; t = lexer.nextToken()) {
            if (t.getText().equals("/") || t.getText().equals("·")) {
                found.add(ChainLexer.VOCABULARY.getSymbolicName(t.getType()));
            }
        }
        return found;
    }

    @Test
    void aUnitsPartsAfterANumberANameOrAParenthesis() {
        assertEquals(List.of("SLASH", "UNIT_SLASH"), joiners("floor = weights / 3.35 TB/s"));
        assertEquals(List.of("UNIT_SLASH", "UNIT_SLASH"), joiners("flops = 2 FLOP/param/token * n"));
        assertEquals(List.of("UNIT_SLASH"), joiners("rate = batch token/s"));
        assertEquals(List.of("UNIT_SLASH"), joiners("t = ceil(x) GB/s"));
        assertEquals(List.of("UNIT_DOT"), joiners("e = 3 B·s"));
        assertEquals(List.of("UNIT_SLASH"), joiners("a = 3 m^2/s"));
        assertEquals(List.of("UNIT_SLASH"), joiners("x = 50%/s"));
    }

    @Test
    void aConversionsUnit() {
        assertEquals(List.of("UNIT_SLASH"), joiners("kv = a * b -> B/token:,.0f"));
        assertEquals(List.of("UNIT_PER", "UNIT_SLASH"), joiners("r = a/b to GB/s"));
    }

    @Test
    void aGluedSlashBetweenValuesDivides() {
        assertEquals(List.of("UNIT_PER"), joiners("share = weights/tp"));
        assertEquals(List.of("UNIT_PER"), joiners("per = model.params/tp"));
        assertEquals(List.of("UNIT_PER"), joiners("q = (a + b)/c"));
        assertEquals(List.of("UNIT_PER"), joiners("p = 3/s"));
        assertEquals(List.of("UNIT_PER"), joiners("s = x^2/y"));
    }

    @Test
    void aDimensionIsNotAUnit() {
        assertEquals(List.of("UNIT_PER"), joiners("fn f(x): Bytes/Time = x"));
        assertEquals(List.of("UNIT_PER", "UNIT_PER"), joiners("dimension Rate = Compute/Time/Bytes"));
    }
}
