package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.chain.session.ChainRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The page renders what {@code chain render --set} prints: for each chain of the card (and the
 * local-module example), its own
 * inputs and hundreds of random sets, the page's body (its model read back and rendered on the
 * JVM, the same Java that TeaVM compiles into the script; PageScriptTest runs the script itself
 * under node) against the renderer's, byte for byte, and each check's ✓ or ✗ and outcome against
 * {@code chain run}'s; a set the renderer refuses to evaluate is
 * one the page shows a problem for, never a number.
 */
class PageTest {
    static final int SETS = 300;

    /**
     * The card's chains, the example whose chain uses a local module (its values reach the page as
     * constants), and a chain with a table of every layout.
     */
    static Stream<Path> chains() throws IOException {
        return Stream.concat(Files.list(Path.of("chains")).filter(p -> p.toString().endsWith(".chain")).sorted(),
                Stream.of(Path.of("examples/local-module/decode-floor.chain"), Path.of("src/test/resources/figures/tables.chain")));
    }

    /** A page rendered with --set starts from those values: they are its own, and reset goes back to them. */
    @org.junit.jupiter.api.Test
    void aPageRenderedWithSetStartsFromItsValues() {
        Path chain = Path.of("chains/02-inter-token-floor.chain");
        ChainRun set = Differential.run(chain, List.of("batch=32", "context=8192 token"));
        Page page = Page.read(PageModel.json(set));
        double[] own = new double[page.inputs().size()];
        Arrays.fill(own, Double.NaN);
        assertEquals(Differential.body(set), page.render(own).body());
        assertEquals("32", page.inputs().get(0).shown());
        assertEquals("4,096", Page.read(PageModel.json(Differential.run(chain, List.of()))).inputs().get(1).shown(),
                "as the author wrote it");
    }

    @ParameterizedTest
    @MethodSource("chains")
    void thePageRendersWhatRenderSetPrints(Path chain) {
        ChainRun own = Differential.run(chain, List.of());
        Page page = Page.read(PageModel.json(own));
        double[] unchanged = new double[page.inputs().size()];
        Arrays.fill(unchanged, Double.NaN);
        assertEquals(Differential.body(own), page.render(unchanged).body(), "the chain's own inputs");
        assertEquals(Differential.figures(own), Differential.figures(page.render(unchanged)), "the chain's own figures");

        Random random = new Random(chain.getFileName().toString().hashCode());
        for (int i = 0; i < SETS; i++) {
            String[] set = Differential.randomSet(page, random);
            List<String> sets = Differential.sets(page, set);
            ChainRun run = Differential.run(chain, sets);
            String expected = Differential.body(run);
            Page.Rendered got = page.render(Differential.numbers(set));
            if (expected == null) {
                assertNull(got.body(), "render refused " + sets + " but the page showed it");
                assertNotNull(got.problem());
            } else {
                assertEquals(expected, got.body(), String.join(" ", sets));
                assertEquals(Differential.outcomes(run), Differential.outcomes(got), "each check's ✓ or ✗: " + sets);
                assertEquals(Differential.figures(run), Differential.figures(got), "each figure: " + sets);
            }
        }
    }
}
