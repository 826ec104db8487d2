package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.ChainFile;
import dev.chain.ast.Expr;
import dev.chain.ast.GroupKind;
import dev.chain.ast.Stmt;
import dev.chain.ast.Value;
import dev.chain.diag.DiagnosticRenderer;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import org.junit.jupiter.api.Test;

class SyntaxParserTest {
    private static Expr expr(String text) {
        Diagnostics d = new Diagnostics();
        Value v = SyntaxParser.parseValue(new SourceFile("<t>", text), d);
        assertFalse(d.hasErrors(), () -> new DiagnosticRenderer(false).render(d.all()));
        return ((Value.QuantityValue) v).expr();
    }

    private static ChainFile file(String text, Diagnostics d) {
        return SyntaxParser.parseFile(new SourceFile("<t>", text), d);
    }

    @Test
    void digitGroupsAreOneNumber() {
        assertEquals(3000, ((Expr.NumberLit) expr("3,000")).value());
        assertEquals(70_553_706_496.0, ((Expr.NumberLit) expr("70,553,706,496")).value());
        assertEquals(3000, ((Expr.NumberLit) expr("3_000")).value());
        assertEquals(8.03e9, ((Expr.NumberLit) expr("8.03e9")).value());
        assertEquals(2432.5, ((Expr.NumberLit) expr("2,432.5")).value());
    }

    @Test
    void argumentsAreSeparatedByACommaAndASpace() {
        Expr.Call call = (Expr.Call) expr("max(3, 000)");
        assertEquals(2, call.args().size());
        Expr.Call grouped = (Expr.Call) expr("max(3,000)");
        assertEquals(1, grouped.args().size(), "3,000 is one number; max then reports its arity");
    }

    @Test
    void aUnitBindsTighterThanDivision() {
        // x / 3.35 TB/s is x divided by a bandwidth, not (x / 3.35 TB) / s.
        Expr.Binary div = (Expr.Binary) expr("x / 3.35 TB/s");
        assertEquals(BinaryOp.DIV, div.op());
        Expr.Quantity bandwidth = assertInstanceOf(Expr.Quantity.class, div.right());
        assertEquals("TB/s", bandwidth.unit().text());
        assertEquals(2, bandwidth.unit().factors().size());
        assertEquals(-1, bandwidth.unit().factors().get(1).exponent());
    }

    @Test
    void aSpacedSlashDividesAndAGluedOneBelongsToTheUnit() {
        Expr.Binary div = (Expr.Binary) expr("16 GB / batch");
        assertInstanceOf(Expr.NameRef.class, div.right());
        Expr.Quantity q = (Expr.Quantity) expr("163,840 B/token");
        assertEquals("B/token", q.unit().text());
        Expr.Binary names = (Expr.Binary) expr("weights/bw");
        assertEquals(BinaryOp.DIV, names.op(), "a glued / between names is still division");
    }

    @Test
    void aUnitFollowsAPowerOrParentheses() {
        Expr.Quantity kib = (Expr.Quantity) expr("2^10 B");
        assertInstanceOf(Expr.Power.class, kib.magnitude());
        Expr.Quantity paren = (Expr.Quantity) expr("(73.6 - 16.06) GB");
        assertInstanceOf(Expr.Paren.class, paren.magnitude());
    }

    @Test
    void aUnitAfterANameIsRefused() {
        Diagnostics d = new Diagnostics();
        SyntaxParser.parseValue(new SourceFile("<t>", "batch token"), d);
        assertTrue(d.hasErrors());
        assertTrue(d.all().get(0).message().contains("a unit can only follow a number"));
    }

    @Test
    void groupsOwnTheStatementsAfterThem() {
        Diagnostics d = new Diagnostics();
        ChainFile f = file("""
                chain "t"
                inputs
                  a = 1
                  b = 2
                derive "512 chunk" "a template"
                  c = a + b
                  check c > a
                note "prose"
                """, d);
        assertFalse(d.hasErrors());
        assertEquals(4, f.statements().size());
        Stmt.Group inputs = (Stmt.Group) f.statements().get(1);
        assertEquals(GroupKind.INPUTS, inputs.kind());
        assertEquals(2, inputs.members().size());
        Stmt.Group derive = (Stmt.Group) f.statements().get(2);
        assertEquals("512 chunk", derive.label());
        assertEquals("a template", derive.template().source().value());
        assertEquals(2, derive.members().size());
    }

    @Test
    void indentedLinesContinueAnOpenParenthesisOrAnOperator() {
        Diagnostics d = new Diagnostics();
        ChainFile f = file("""
                a = (1 +
                  2)
                b = a *
                    3
                c = 4
                """, d);
        assertFalse(d.hasErrors(), () -> new DiagnosticRenderer(false).render(d.all()));
        assertEquals(3, f.statements().size());
    }

    @Test
    void anUnclosedParenthesisDoesNotSwallowTheNextStatement() {
        Diagnostics d = new Diagnostics();
        ChainFile f = file("a = (1 +\nb = 2\n", d);
        assertEquals(1, d.size(), () -> new DiagnosticRenderer(false).render(d.all()));
        assertEquals(1, f.statements().size(), "b = 2 still parses");
    }

    @Test
    void independentMistakesAreEachReportedOnce() {
        Diagnostics d = new Diagnostics();
        file("""
                a = 1 +
                b = 2 2
                c = 3,00
                d = "open
                e = $
                f = 5
                """, d);
        assertEquals(5, d.size(), () -> new DiagnosticRenderer(false).render(d.all()));
    }

    @Test
    void deepNestingIsRefusedNotOverflowed() {
        Diagnostics d = new Diagnostics();
        String deep = "(".repeat(100_000) + "1" + ")".repeat(100_000);
        SyntaxParser.parseValue(new SourceFile("<t>", deep), d);
        assertTrue(d.hasErrors());
        assertTrue(d.all().get(0).message().contains("nested too deeply"));
    }

    @Test
    void longSumsAreRefusedBeyondTheDepthLimit() {
        Diagnostics d = new Diagnostics();
        SyntaxParser.parseValue(new SourceFile("<t>", "1" + " + 1".repeat(5_000)), d);
        assertTrue(d.hasErrors());
        assertTrue(d.all().get(0).message().contains("nested too deeply"), d.all().get(0).message());
    }

    /** Found by the fuzz test: junk given to chain eval was given up on without a word. */
    @Test
    void anExpressionOfJunkIsReportedNotDroppedSilently() throws java.io.IOException {
        String junk = java.nio.file.Files.readString(java.nio.file.Path.of("src/test/resources/errors/too-many-errors.chain"));
        Diagnostics d = new Diagnostics();
        assertEquals(null, SyntaxParser.parseValue(new SourceFile("<expr>", junk), d));
        assertTrue(d.hasErrors(), "a reason is given");
        assertTrue(d.all().get(0).message().contains("unexpected character"), d.all().get(0).message());
        StringBuilder stray = new StringBuilder("1 + ");
        stray.append("$".repeat(5_000));
        Diagnostics d2 = new Diagnostics();
        assertEquals(null, SyntaxParser.parseValue(new SourceFile("<expr>", stray.toString()), d2));
        assertTrue(d2.hasErrors(), "a long run of stray characters is reported too");
    }
}
