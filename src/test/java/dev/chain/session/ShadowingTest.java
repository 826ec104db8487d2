package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Cards written before the prelude grew keep checking (issue 39): a chain's own declaration of a
 * dimension or a unit the prelude now has, or a value named like one of its words, shadows the
 * prelude's in that chain, with a warning; what one file declares twice stays an error.
 */
class ShadowingTest {
    /** A card written before chain had money and days: "dimension `Money` is already declared", "`day` is a unit". */
    private static final String OLD_CARD = """
            chain "A week of an H100, priced before chain had money"
            dimension Money
            unit USD: Money
            unit day = 24 h
            inputs
              price = 2.49 USD/h
              days  = 7 day
            derive cost
              cost = price * days -> USD:,.2f
            """;

    @Test
    void aDimensionAndUnitsThePreludeNowHasAreTheChainsOwn() {
        ChainRun run = Chains.source("old.chain", OLD_CARD);
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        assertEquals("418.32 USD", Chains.text(run, "cost"));
        String shown = Chains.diagnostics(run);
        assertTrue(shown.contains("old.chain:2:1: warning: dimension `Money` shadows the prelude's: in this file `Money` is a "
                + "dimension of its own"), shown);
        assertTrue(shown.contains("note: the prelude's units of `Money` (USD) are not units of this one"), shown);
        assertTrue(shown.contains("old.chain:3:6: warning: `USD` shadows the prelude's unit `USD` (money): in this file `USD` is this one"), shown);
        assertTrue(shown.contains("old.chain:4:6: warning: `day` shadows the prelude's unit `day` (86,400 s): in this file `day` is this one"), shown);
        assertTrue(shown.contains("hint: remove this line to use the prelude's `day`"), shown);
    }

    /** A card that bound `day = 24 h` before the prelude had a day: "`day` is a unit and cannot name a value". */
    @Test
    void aValueMayTakeThePreludesWordForAUnit() {
        ChainRun run = Chains.source("bound.chain", """
                chain "Bound"
                inputs
                  day  = 24 h
                  rate = 2.49 USD/h
                derive cost
                  cost = rate * day * 3 -> USD:,.2f
                  also = rate * 2 day -> USD:,.2f
                """);
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        assertEquals("179.28 USD", Chains.text(run, "cost"));
        assertEquals("119.52 USD", Chains.text(run, "also"), "after a number, day is still the unit");
        assertTrue(Chains.diagnostics(run).contains("bound.chain:3:3: warning: `day` is also the prelude's unit (86,400 s): in this "
                + "file `day` alone names this value, and after a number (`2 day`) the unit"), Chains.diagnostics(run));
    }

    /** A symbol is what papers name variables by (b, s, h): binding one stays an error, whose hint names a better name. */
    @Test
    void aSymbolStillCannotNameAValue() {
        ChainRun run = Chains.source("sym.chain", "chain \"S\"\ninputs\n  h = 1 ms\n");
        assertEquals(ChainRun.Status.ERRORS, run.status());
        assertTrue(Chains.diagnostics(run).contains("error: `h` is a unit (h, s (time)) and cannot name a value"), Chains.diagnostics(run));
    }

    @Test
    void whatOneFileDeclaresTwiceIsAnError() {
        ChainRun run = Chains.source("twice.chain", "chain \"T\"\ndimension Racks\ndimension Racks\nunit rack: Racks\nunit rack = 2 s\n");
        String shown = Chains.diagnostics(run);
        assertEquals(ChainRun.Status.ERRORS, run.status());
        assertTrue(shown.contains("twice.chain:3:1: error: dimension `Racks` is already declared"), shown);
        assertTrue(shown.contains("twice.chain:5:6: error: `rack` is already a unit (rack (racks))"), shown);
    }
}
