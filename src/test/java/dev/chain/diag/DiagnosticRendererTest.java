package dev.chain.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DiagnosticRendererTest {
    private static final DiagnosticRenderer PLAIN = new DiagnosticRenderer(false);

    private static Span at(SourceFile f, String text) {
        int i = f.text().indexOf(text);
        return new Span(f, i, i + text.length());
    }

    @Test
    void labelsOnOneLineDoNotOverwriteEachOther() {
        SourceFile f = new SourceFile("x.chain", "total = weights + step + more\n");
        Diagnostic d = Diagnostic.error(at(f, "+"), "cannot add")
                .withLabel(at(f, "weights"), "B (information)")
                .withLabel(at(f, "step"), "s (time)")
                .withLabel(at(f, "more"), "FLOP (compute)");
        assertEquals("""
                x.chain:1:17: error: cannot add
                 1 | total = weights + step + more
                   |         ------- ^ ----   ---- FLOP (compute)
                   |         |         |
                   |         |         s (time)
                   |         B (information)
                """, PLAIN.render(d));
    }

    /** Control characters from the input are shown escaped everywhere, and the marks stay under what they mark. */
    @Test
    void controlCharactersAreEscapedAndTheCaretStaysAligned() {
        SourceFile f = new SourceFile("x\u001b]0;pwned\u0007.chain", "t = \"\u001b[2Jx\" + y\u009b\n");
        Diagnostic d = Diagnostic.error(at(f, "+"), "unexpected \"\u001b[2Jx\"")
                .withLabel(at(f, "\"\u001b[2Jx\""), "text \u0007 here")
                .withNote("the \u009b note");
        assertEquals("""
                x\\u001b]0;pwned\\u0007.chain:1:13: error: unexpected "\\u001b[2Jx"
                 1 | t = "\\u001b[2Jx" + y\\u009b
                   |     ------------ ^
                   |     |
                   |     text \\u0007 here
                   = note: the \\u009b note
                """, PLAIN.render(d));
        Diagnostic under = Diagnostic.error(at(f, "\u009b"), "a stray character");
        assertTrue(PLAIN.render(under).contains("""
                 1 | t = "\\u001b[2Jx" + y\\u009b
                   |                     ^^^^^^
                """), PLAIN.render(under));
    }

    @Test
    void overlappingMarksGoOnRowsOfTheirOwn() {
        SourceFile f = new SourceFile("x.chain", "a = (b + c) * d\n");
        Diagnostic d = Diagnostic.error(at(f, "(b + c) * d"), "whole").withLabel(at(f, "b + c"), "inner");
        assertEquals("""
                x.chain:1:5: error: whole
                 1 | a = (b + c) * d
                   |     ^^^^^^^^^^^
                   |      ----- inner
                """, PLAIN.render(d));
    }

    @Test
    void distantLinesAreElidedAndNotesSayWhatTheyAre() {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i <= 12; i++) {
            text.append("v").append(i).append(" = ").append(i).append('\n');
        }
        SourceFile f = new SourceFile("x.chain", text.toString());
        Diagnostic d = Diagnostic.error(at(f, "v12"), "again").withLabel(at(f, "v1 "), "first here")
                .withNote("a name is bound once").withHint("rename it");
        assertEquals("""
                x.chain:12:1: error: again
                  1 | v1 = 1
                    | --- first here
                 ...
                 12 | v12 = 12
                    | ^^^
                    = note: a name is bound once
                    = hint: rename it
                """, PLAIN.render(d));
    }

    @Test
    void aLongLineIsShownAsAWindowAroundItsMarks() {
        String line = "a = " + "1 + ".repeat(10_000) + "oops";
        SourceFile f = new SourceFile("x.chain", line);
        String out = PLAIN.render(Diagnostic.error(at(f, "oops"), "here"));
        String shown = out.lines().skip(1).findFirst().orElseThrow();
        assertTrue(shown.length() < DiagnosticRenderer.MAX_LINE_WIDTH + 20, shown);
        assertTrue(shown.endsWith("+ oops"), shown);
        String carets = out.lines().skip(2).findFirst().orElseThrow();
        assertEquals(shown.indexOf("oops"), carets.indexOf('^'), out);
    }

    @Test
    void colourIsOnlyThereWhenAsked() {
        SourceFile f = new SourceFile("x.chain", "a = $\n");
        Diagnostic d = Diagnostic.error(at(f, "$"), "unexpected");
        assertFalse(PLAIN.render(d).contains("\u001b["));
        assertTrue(new DiagnosticRenderer(true).render(d).contains("\u001b[1;31m"));
    }

    @Test
    void autoColourNeedsATerminalAndNoNoColor() {
        assertTrue(ColourPolicy.useColour(ColourPolicy.Choice.auto, true, Map.of()));
        assertFalse(ColourPolicy.useColour(ColourPolicy.Choice.auto, false, Map.of()), "piped");
        assertFalse(ColourPolicy.useColour(ColourPolicy.Choice.auto, true, Map.of("NO_COLOR", "1")));
        assertTrue(ColourPolicy.useColour(ColourPolicy.Choice.auto, true, Map.of("NO_COLOR", "")),
                "no-color.org: an empty NO_COLOR does not count");
        assertFalse(ColourPolicy.useColour(ColourPolicy.Choice.auto, true, Map.of("TERM", "dumb")));
        assertTrue(ColourPolicy.useColour(ColourPolicy.Choice.always, false, Map.of("NO_COLOR", "1")));
        assertFalse(ColourPolicy.useColour(ColourPolicy.Choice.never, true, Map.of()));
    }
}
