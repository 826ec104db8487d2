package dev.chain.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import dev.chain.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * `chain render chains/` against the published card, read as a CommonMark renderer reads it:
 * the title, the count, the intro, and for each chain its heading, its code block line by line,
 * its prose and its drill; then the next card. Plus golden files of the card and of each chain.
 */
class CardRenderTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/render");

    static Stream<Path> chains() throws IOException {
        return Files.list(Path.of("chains")).filter(p -> p.toString().endsWith(".chain")).sorted();
    }

    private static String render(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "render";
        System.arraycopy(args, 0, all, 1, args.length);
        CliRun r = CliRun.of(all);
        assertEquals(0, r.exit(), r.err());
        // Nothing but the note that the page's figures are written only with -o.
        assertTrue(r.err().isEmpty() || r.err().matches("note: the page shows [^\n]* which only -o DIR writes\n"), r.err());
        return r.out();
    }

    @Test
    void theCardMatchesItsGoldenFile() {
        Golden.assertMatches(GOLDEN.resolve("performance-debugging-chains.md"), render("chains/"));
    }

    @ParameterizedTest
    @MethodSource("chains")
    void eachChainMatchesItsGoldenFile(Path chain) {
        String name = chain.getFileName().toString().replace(".chain", ".md");
        // As the study site publishes a chain of the card: its links to the site's /drills/SLUG/, which
        // the card's `links "/"` declares (a chain on its own has no link base, and no page to link).
        String markdown = render("--link-base", "/", chain.toString());
        Golden.assertMatches(GOLDEN.resolve(name), markdown);
        // A page of its own: a level-1 heading, the code block, prose, the drill.
        List<Node> blocks = children(Parser.builder().build().parse(markdown));
        assertEquals(1, assertInstanceOf(Heading.class, blocks.get(0)).getLevel());
        assertInstanceOf(FencedCodeBlock.class, blocks.get(1));
        assertTrue(text(blocks.get(blocks.size() - 1)).startsWith("Drilled in: "));
        assertNoHtml(blocks);
    }

    @Test
    void theRenderedCardIsThePublishedCard() {
        SeedCard seed = SeedCard.read();
        List<Node> blocks = children(Parser.builder().build().parse(render("chains/")));
        assertNoHtml(blocks);
        int i = 0;
        Heading title = assertInstanceOf(Heading.class, blocks.get(i++));
        assertEquals(1, title.getLevel());
        assertEquals(seed.title(), text(title));
        assertEquals(seed.count(), text(assertInstanceOf(Paragraph.class, blocks.get(i++))));
        assertEquals(seed.intro(), text(assertInstanceOf(Paragraph.class, blocks.get(i++))));
        assertEquals(8, seed.chains().size());
        for (int c = 0; c < seed.chains().size(); c++) {
            SeedCard.Chain expected = seed.chains().get(c);
            String where = "chain " + (c + 1);
            Heading heading = assertInstanceOf(Heading.class, blocks.get(i++), where);
            assertEquals(2, heading.getLevel(), where);
            if (expected.title() != null) {
                assertEquals(expected.title(), text(heading), where);
            } else {
                assertEquals("The all-reduce bill of a slow replica", text(heading), "the card leaves the 6th untitled");
            }
            FencedCodeBlock code = assertInstanceOf(FencedCodeBlock.class, blocks.get(i++), where);
            List<String> lines = List.of(code.getLiteral().split("\n"));
            for (int l = 0; l < Math.max(lines.size(), expected.code().size()); l++) {
                assertEquals(l < expected.code().size() ? expected.code().get(l) : null,
                        l < lines.size() ? lines.get(l) : null, where + ", code line " + (l + 1));
            }
            for (String prose : expected.prose()) {
                assertEquals(prose, text(assertInstanceOf(Paragraph.class, blocks.get(i++), where)), where);
            }
            // The published card has no figures; chains/ adds them after a chain's prose, each an
            // image of its own, and nothing else of the card's changes.
            List<String> figures = new ArrayList<>();
            while (blocks.get(i) instanceof Paragraph p && p.getFirstChild() instanceof Image image
                    && image == p.getLastChild()) {
                figures.add(image.getDestination());
                i++;
            }
            assertEquals(c == 1 ? List.of("performance-debugging-chains-1.svg", "performance-debugging-chains-2.svg") : List.of(),
                    figures, where + ": its figures");
            Paragraph drill = assertInstanceOf(Paragraph.class, blocks.get(i++), where);
            assertEquals("Drilled in: " + expected.drill(), text(drill), where);
            Link link = assertInstanceOf(Link.class, drill.getLastChild(), where);
            assertEquals("/drills/" + Links.slug(expected.drill(), Links.SlugRule.kebab) + "/", link.getDestination());
        }
        Paragraph next = assertInstanceOf(Paragraph.class, blocks.get(i++));
        assertEquals("Next card: " + seed.next(), text(next));
        assertEquals("/cards/implementation-coding-chains/", assertInstanceOf(Link.class, next.getLastChild()).getDestination());
        assertEquals(blocks.size(), i, "nothing after the next card");
    }

    @Test
    void renderingIsDeterministic() {
        assertEquals(render("chains/"), render("chains/"));
    }

    @Test
    void theSeedIsReadAsTheCardItIs() {
        SeedCard seed = SeedCard.read();
        assertEquals("Performance debugging chains: what the symptom should have cost", seed.title());
        assertEquals("8 chains", seed.count());
        assertNull(seed.chains().get(5).title());
        assertEquals(List.of("inputs   Llama 3.1 8B BF16 on one H100 SXM, batch 64, 4,096 tokens of context",
                "floor    (16.06 GB weights + 34.36 GB KV) / 3.35 TB/s = 15.05 ms",
                "mixed    a 2,048-token prefill chunk in the step: 2 x 8.03e9 x 2,112 tokens",
                "         = 33.9 TFLOP, 68.6 ms at 50% of peak, plus 10.3 ms of KV = ~79 ms",
                "512 chunk  2 x 8.03e9 x 576 / 494.5e12 + 10.3 ms = ~29 ms",
                "sanity   a measured 24 ms p50 is 63% of the floor's bandwidth, ordinary for",
                "         a real server; a bimodal histogram is a different problem"), seed.chains().get(1).code());
        assertEquals("Implementation Coding Chains", seed.next());
    }

    // ---- reading CommonMark ---------------------------------------------------------------------

    static List<Node> children(Node parent) {
        List<Node> nodes = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNext()) {
            nodes.add(n);
        }
        return nodes;
    }

    /** The text a reader sees: literals, with line breaks as spaces. */
    static String text(Node node) {
        StringBuilder sb = new StringBuilder();
        collect(node, sb);
        return sb.toString();
    }

    private static void collect(Node node, StringBuilder sb) {
        if (node instanceof Text t) {
            sb.append(t.getLiteral());
        } else if (node instanceof Code c) {
            sb.append(c.getLiteral());
        } else if (node instanceof SoftLineBreak || node instanceof HardLineBreak) {
            sb.append(' ');
        }
        for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
            collect(child, sb);
        }
    }

    static void assertNoHtml(List<Node> blocks) {
        for (Node block : blocks) {
            assertFalse(block instanceof HtmlBlock, "raw HTML block: " + block);
            assertNoHtmlInline(block);
        }
    }

    private static void assertNoHtmlInline(Node node) {
        assertFalse(node instanceof HtmlInline, "raw inline HTML: " + node);
        for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
            assertNoHtmlInline(child);
        }
    }
}
