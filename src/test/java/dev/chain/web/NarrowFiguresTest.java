package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.plot.TextWidth;
import dev.chain.units.NumberText;
import dev.chain.session.ChainRun;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The explorable page draws a figure as wide as a phone shows it (issue 30): at 340 px every
 * plot and roofline of chains/ and examples/ is 340 wide, and each of its texts lies inside it,
 * from where its anchor puts its estimated width (a turned text: its middle).
 */
class NarrowFiguresTest {
    private static final double WIDTH = 340;
    private static final Pattern TEXT = Pattern.compile(
            "<text x=\"([-0-9.]+)\" y=\"([-0-9.]+)\" font-size=\"([0-9.]+)\"( text-anchor=\"(\\w+)\")?([^>]*)>([^<]*)</text>");

    static List<Path> chains() throws java.io.IOException {
        return PageTest.chains().toList();
    }

    @ParameterizedTest
    @MethodSource("chains")
    void aFigureDrawnForAPhoneKeepsItsTextInside(Path chain) {
        ChainRun own = Differential.run(chain, List.of());
        Page page = GsonTree.page(Differential.model(own));
        for (String svg : Differential.figures(page.render(Differential.own(page), true, WIDTH))) {
            if (!svg.startsWith("<svg")) {
                continue; // a table
            }
            assertTrue(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"340\" "), svg.lines().findFirst().orElse(""));
            double height = Double.parseDouble(svg.replaceFirst("(?s).*?viewBox=\"0 0 340 ([0-9.]+)\".*", "$1"));
            Matcher m = TEXT.matcher(svg);
            int texts = 0;
            while (m.find()) {
                texts++;
                double x = Double.parseDouble(m.group(1));
                double y = Double.parseDouble(m.group(2));
                String text = m.group(7).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
                double w = TextWidth.of(text, Double.parseDouble(m.group(3)));
                String anchor = m.group(5) == null ? "start" : m.group(5);
                boolean turned = m.group(6).contains("rotate(");
                double from = turned || anchor.equals("middle") ? x - (turned ? 0 : w / 2) : anchor.equals("end") ? x - w : x;
                double to = turned ? x : from + w;
                String where = chain + ": \"" + text + "\" at " + x + ", " + y + " (" + anchor + ")";
                assertTrue(from >= 0 && to <= WIDTH + 0.5, where + " runs from " + from + " to " + to + " of " + WIDTH);
                assertTrue(y >= 0 && y <= height, where + " is outside the height " + height);
            }
            assertTrue(texts > 0, chain + ": a figure with no text");
            assertFalse(svg.contains("width=\"720\""), "drawn at the page's width");
        }
        assertEquals(Differential.figures(own), Differential.figures(page.render(Differential.own(page), true, 720)),
                "at 720, the card's figures byte for byte");
    }

    /** A roofline's legend on a phone takes the row from the left edge: each step's values whole, not cut with an ellipsis. */
    @Test
    void aRooflinesLegendOnAPhoneSaysEachStepWhole() {
        Page page = GsonTree.page(Differential.model(Differential.run(Path.of("chains/02-inter-token-floor.chain"), List.of())));
        String roofline = Differential.figures(page.render(Differential.own(page), true, WIDTH)).get(1);
        assertTrue(roofline.contains(">floor: 20.39 FLOP/B, 68.29 TFLOP/s</text>"), roofline);
        assertTrue(roofline.contains(">mixed: 672.7 FLOP/B, 430.2 TFLOP/s</text>"), roofline);
    }

    /**
     * At batch 8 on a phone, the mixed step's name goes under its point: left of it (the right has
     * no room) it fell on the ring of the chain's own mixed step, where batch 64 put it.
     */
    @Test
    void aStepsNameOnAPhoneLeavesTheChainsOwnRingClear() {
        Page page = GsonTree.page(Differential.model(Differential.run(Path.of("chains/02-inter-token-floor.chain"), List.of())));
        String[] typed = Differential.own(page);
        typed[0] = "8";
        String roofline = Differential.figures(page.render(typed, true, WIDTH)).get(1);
        Matcher point = Pattern.compile("<circle cx=\"([0-9.]+)\" cy=\"([0-9.]+)\" r=\"6\"[^>]*><title>mixed: 1,622").matcher(roofline);
        assertTrue(point.find(), roofline);
        assertTrue(roofline.contains("<text x=\"" + point.group(1) + "\" y=\"" + NumberText.coordinate(Double.parseDouble(point.group(2)) + 21)
                + "\" font-size=\"13\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"#d62728\">mixed</text>"), roofline);
    }
}
