package dev.chain.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import dev.chain.cli.CliRun;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.node.Paragraph;
import org.commonmark.parser.Parser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.NodeList;

/**
 * A chain's figures on its page: tables as a site generator reads them, and plots and rooflines
 * as SVG files beside the page, against golden files; safe to publish whatever a chain says.
 */
class FigureRenderTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Path TABLES = Path.of("src/test/resources/figures/tables.chain");
    private static final Path PLOTS = Path.of("src/test/resources/figures/plots.chain");
    private static final Path ROWS = Path.of("src/test/resources/figures/rows.chain");

    @TempDir
    Path tmp;

    private static final Parser GFM = Parser.builder().extensions(List.of(TablesExtension.create())).build();

    @Test
    void theCardsFiguresMatchTheirGoldenFiles() throws IOException {
        CliRun r = CliRun.of("render", "chains/", "-o", tmp.toString());
        assertEquals(0, r.exit(), r.err());
        List<String> svgs = svgs(tmp);
        assertEquals(List.of("performance-debugging-chains-1.svg", "performance-debugging-chains-2.svg"), svgs);
        for (String name : svgs) {
            Golden.assertMatches(GOLDEN.resolve("render").resolve(name), Files.readString(tmp.resolve(name)));
        }
        assertTrue(r.out().contains("wrote " + tmp.resolve("performance-debugging-chains-1.svg")), r.out());
    }

    /** A point says its values when pointed at: SVG's own tooltip, a <title> in the circle, no script. */
    @Test
    void eachPointSaysItsValuesWhenPointedAt() throws IOException {
        String plot = Files.readString(GOLDEN.resolve("render/performance-debugging-chains-1.svg"));
        assertTrue(plot.contains("r=\"3\" fill=\"#1f77b4\"><title>floor 15.05 ms at batch 64</title></circle>"), plot);
        assertTrue(plot.contains("<title>mixed 115.9 ms at batch 256</title>"), plot);
        String roofline = Files.readString(GOLDEN.resolve("render/performance-debugging-chains-2.svg"));
        assertTrue(roofline.contains("<title>mixed: 672.7 FLOP/B, 430.2 TFLOP/s</title></circle>"), roofline);
    }

    @Test
    void aChainOnItsOwnPageNumbersItsOwnFigures() throws IOException {
        CliRun r = CliRun.of("render", "chains/02-inter-token-floor.chain", "-o", tmp.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("02-inter-token-floor-1.svg", "02-inter-token-floor-2.svg"), svgs(tmp));
        String page = Files.readString(tmp.resolve("02-inter-token-floor.md"));
        assertTrue(page.contains("](02-inter-token-floor-1.svg)\n"), page);
        // The same figures as on the card's page, byte for byte.
        assertEquals(Files.readString(GOLDEN.resolve("render/performance-debugging-chains-2.svg")),
                Files.readString(tmp.resolve("02-inter-token-floor-2.svg")));
    }

    /**
     * With --set batch=8 a roofline draws its steps at batch 8 and keeps the chain's own (batch 64:
     * the card's 20.39 and 672.7 FLOP/B) marked beside them, as a plot keeps the author's point;
     * set to the file's own value, it is the card's roofline, byte for byte.
     */
    @Test
    void aRooflineKeepsTheChainsOwnStepsBesideASetsSteps() throws IOException {
        CliRun r = CliRun.of("render", "chains/02-inter-token-floor.chain", "--set", "batch=8", "-o", tmp.toString());
        assertEquals(0, r.exit(), r.err());
        String roofline = Files.readString(tmp.resolve("02-inter-token-floor-2.svg"));
        Golden.assertMatches(GOLDEN.resolve("render/roofline-set-batch-8.svg"), roofline);
        assertTrue(roofline.contains("<title>the chain&#39;s own floor: 20.39 FLOP/B, 68.29 TFLOP/s</title>"), roofline);
        assertTrue(roofline.contains("<title>floor: 6.312 FLOP/B, 21.15 TFLOP/s</title>"), roofline);
        assertTrue(roofline.contains(">the chain&#39;s own steps</text>"), roofline);
        String page = Files.readString(tmp.resolve("02-inter-token-floor.md"));
        assertTrue(page.contains("its steps: floor at 6.312 FLOP/B, 21.15 TFLOP/s; mixed at 1,622 FLOP/B, 485.2 TFLOP/s; "
                + "and marked beside them, the chain's own steps: floor at 20.39 FLOP/B, 68.29 TFLOP/s; mixed at 672.7 FLOP/B, "
                + "430.2 TFLOP/s"), page);

        Path same = tmp.resolve("same");
        CliRun own = CliRun.of("render", "chains/02-inter-token-floor.chain", "--set", "batch=64", "-o", same.toString());
        assertEquals(0, own.exit(), own.err());
        assertEquals(Files.readString(GOLDEN.resolve("render/performance-debugging-chains-2.svg")),
                Files.readString(same.resolve("02-inter-token-floor-2.svg")), "nothing moved, nothing to mark");
    }

    /**
     * A step at the compute roof (examples/inference-arithmetic's forward pass of 416 tokens, 312
     * TFLOP/s) has its name under it, where the roof ran through the name beside it; a step below
     * a roof (one token's pass, on the memory roof's slope) keeps its name beside it.
     */
    @Test
    void aStepAtThePeakHasItsNameUnderItClearOfTheRoof() throws IOException {
        CliRun r = CliRun.of("render", "examples/inference-arithmetic/kv-cache.chain", "-o", tmp.toString());
        assertEquals(0, r.exit(), r.err());
        String roofline = Files.readString(tmp.resolve("kv-cache-2.svg"));
        assertTrue(roofline.contains("<title>pass: 416 FLOP/B, 312 TFLOP/s</title>"), roofline);
        assertTrue(roofline.contains("text-anchor=\"middle\" font-weight=\"bold\" fill=\"#d62728\">pass</text>"), roofline);
        assertTrue(roofline.contains("font-size=\"13\" font-weight=\"bold\" fill=\"#1f77b4\">forward</text>"), roofline);
    }

    /** Batch moves a decode step and not a prefill's: only the decode step's own place gets a ring, and a mention. */
    @Test
    void aRooflineMarksOnlyTheStepsThatMoved() throws IOException {
        CliRun r = CliRun.of("render", "examples/ranges/rough-inputs.chain", "--set", "batch=8", "-o", tmp.toString());
        assertEquals(0, r.exit(), r.err());
        String roofline = Files.readString(tmp.resolve("rough-inputs-2.svg"));
        assertEquals(1, roofline.split("<title>the chain&#39;s own ", -1).length - 1, roofline);
        assertTrue(roofline.contains("<title>the chain&#39;s own step: 15.46 FLOP/B, 44.03 TFLOP/s"), roofline);
        String page = Files.readString(tmp.resolve("rough-inputs.md"));
        assertTrue(page.contains("the chain's own steps: step at 15.46 FLOP/B, 44.03 TFLOP/s](rough-inputs-2.svg)"), page);
    }

    @Test
    void tablesMatchTheirGoldenFileAndReadAsTables() {
        CliRun r = CliRun.of("render", TABLES.toString());
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("figures/tables.md"), r.out());
        List<TableBlock> tables = new ArrayList<>();
        for (Node n = GFM.parse(r.out()).getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof TableBlock t) {
                tables.add(t);
            }
        }
        assertEquals(5, tables.size(), "every table is a table to a site generator");
        // The first: a header and a row per point, the header with units, numbers in the card's formats.
        List<String> header = cells(tables.get(0).getFirstChild().getFirstChild());
        assertEquals(List.of("batch", "floor (ms)", "kv (GB)", "rate (token/s)"), header);
        List<String> last = cells(tables.get(0).getLastChild().getLastChild());
        assertEquals(List.of("128", "25.31", "68.72", "5,058"), last);
        // A column per point: batch sizes across.
        assertEquals(List.of("batch", "1", "2", "4", "8", "16", "32", "64", "128", "256"),
                cells(tables.get(1).getFirstChild().getFirstChild()));
    }

    /**
     * Plots that fit (issue 39): losses of 1.93 to 2.03 on an axis around them, not from zero; the
     * author's ends, the line cut where it leaves them and the operating point's label under the
     * top grid line; counts in the trillions as 500B and 2T, not clipped digits; a long name at a
     * line's end on two lines, not cut; a label's parenthetical said once; a table headed by labels.
     */
    @Test
    void plotsFitTheirValuesAndMatchTheirGoldenFiles() throws IOException {
        CliRun r = CliRun.of("render", PLOTS.toString(), "-o", tmp.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(List.of("plots-1.svg", "plots-2.svg", "plots-3.svg"), svgs(tmp));
        for (String name : svgs(tmp)) {
            Golden.assertMatches(GOLDEN.resolve("figures").resolve(name), Files.readString(tmp.resolve(name)));
        }
        String page = Files.readString(tmp.resolve("plots.md"));
        Golden.assertMatches(GOLDEN.resolve("figures/plots.md"), page);
        String losses = Files.readString(tmp.resolve("plots-1.svg"));
        assertTrue(losses.contains(">1.92</text>") && losses.contains(">2.02</text>"), losses);
        assertFalse(losses.contains(">0</text>"), "an axis from zero flattens the losses into its top edge");
        String ends = Files.readString(tmp.resolve("plots-2.svg"));
        assertTrue(ends.contains(">1.9</text>") && ends.contains(">1.98</text>") && !ends.contains(">2</text>"), ends);
        String counts = Files.readString(tmp.resolve("plots-3.svg"));
        assertTrue(counts.contains(">500B</text>") && counts.contains(">2T</text>"), counts);
        assertTrue(counts.contains(">tokens a compute-optimal</text>") && counts.contains(">model trains on</text>"), counts);
        for (String svg : List.of(losses, ends, counts)) {
            assertFalse(svg.contains("…"), "a name is never cut");
        }
        assertTrue(page.contains("a plot of loss (nats per token) against params"), page);
        assertTrue(page.contains("| params (Gparam) | loss (nats per token) | tokens a compute-optimal model trains on (token) |"), page);
    }

    /**
     * A table's rows of several inputs (issue 39 item 8): Megatron-LM's table 1, each row its own
     * layers, hidden size and GPUs, where a local module a row lost --set; the inputs stay the
     * chain's, so --set moves the chain's own values and not the rows, and a check that fails at a
     * row names each input of it.
     */
    @Test
    void aTablesRowsSetSeveralInputsEach() throws IOException {
        CliRun r = CliRun.of("render", ROWS.toString());
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("figures/rows.md"), r.out());
        assertTrue(r.out().contains("| layers | hidden | gpus (GPU) | params (Gparam) | per gpu (Mparam/GPU) |\n"), r.out());
        assertTrue(r.out().contains("| 40 | 6,144 | 128 | 18.1 | 142 |\n"), r.out());

        CliRun set = CliRun.of("render", "--set", "layers=48", ROWS.toString());
        assertEquals(0, set.exit(), set.err());
        assertTrue(set.out().contains("inputs   48 layers of 12,288 on 1,536 GPUs"), set.out());
        assertTrue(set.out().contains("| 40 | 6,144 | 128 | 18.1 | 142 |\n"), "a row sets its own inputs: " + set.out());

        Path failing = tmp.resolve("failing.chain");
        Files.writeString(failing, Files.readString(ROWS).replace("check per_gpu < 1,000 Mparam/GPU", "check per_gpu < 300 Mparam/GPU"));
        CliRun fails = CliRun.of("check", "--color=never", failing.toString());
        assertEquals(1, fails.exit());
        assertTrue(fails.err().contains("error: check fails at 1 of 4 points: layers = 128, hidden = 25,600, gpus = 3,072 GPU\n"),
                fails.err());
    }

    /** DistServe's hand-off of a request's KV by link, each row of its table labelled by the link's name. */
    private static final String LINKS = """
            chain "A request's KV hand-off by link"

            inputs "{kv} of KV over {link} ({bandwidth})"
              kv        = 1.13 GiB
              link      = "NVLink"
              bandwidth = 300 GB/s

            derive hand_off "{transfer}"
              transfer = kv / bandwidth -> ms

            table "The hand-off by link"
              for link, bandwidth in ("25 Gbps Ethernet", 25 Gbit/s), ("100 Gbps InfiniBand", 100 Gbit/s), ("NVLink", 300 GB/s)
              show transfer
            """;

    /**
     * A text input among a table's rows is each row's label, a left-aligned first column: DistServe's
     * hand-off of 1.13 GiB of KV by link, where NVLink's 300 GB/s had to be told apart by its
     * number alone. The same on the command line (aligned text, JSON), and the chain's own value
     * of the text input is still what its template shows.
     */
    @Test
    void aTextInputInARowIsItsLabel() throws IOException {
        Path chain = tmp.resolve("links.chain");
        Files.writeString(chain, LINKS);
        CliRun r = CliRun.of("render", chain.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("inputs   1.13 GiB of KV over NVLink (300 GB/s)"), r.out());
        assertTrue(r.out().contains("""
                | link | bandwidth (GB/s) | transfer (ms) |
                |:---|---:|---:|
                | 25 Gbps Ethernet | 3.125 | 388.3 |
                | 100 Gbps InfiniBand | 12.5 | 97.07 |
                | NVLink | 300 | 4.044 |
                """), r.out());

        String over = "link,bandwidth=(\"25 Gbps Ethernet\", 25 Gbit/s), (\"NVLink\", 300 GB/s)";
        CliRun text = CliRun.of("sweep", chain.toString(), "--over", over, "--show", "transfer");
        assertEquals(0, text.exit(), text.err());
        assertEquals("""
                link              bandwidth (GB/s)  transfer (ms)
                25 Gbps Ethernet             3.125          388.3
                NVLink                         300          4.044
                """, text.out());
        CliRun json = CliRun.of("sweep", chain.toString(), "--over", over, "--show", "transfer", "--json");
        assertEquals(0, json.exit(), json.err());
        com.google.gson.JsonObject o = com.google.gson.JsonParser.parseString(json.out()).getAsJsonObject();
        assertEquals("[\"link\"]", o.get("labels").toString());
        assertEquals("NVLink", o.getAsJsonArray("points").get(1).getAsJsonObject().get("link").getAsString());

        // Labels alone are no sweep: the hint writes the rows the option takes.
        CliRun alone = CliRun.of("sweep", "--color=never", chain.toString(), "--over", "link=\"NVLink\",\"InfiniBand\"", "--show", "transfer");
        assertEquals(2, alone.exit(), alone.err());
        assertTrue(alone.err().contains("--over link:1:6: error: unexpected `\"NVLink\"`\n"), alone.err());
        assertTrue(alone.err().contains("hint: a sweep's points are quantities; text is a row's label, given in a table's rows"
                + " beside the inputs it names: link,bandwidth=(\"NVLink\", 25 Gbit/s), ...\n"), alone.err());
    }

    /**
     * A check that fails at a row of a table with labels names the row by its label too, as the
     * reader finds it in the table (`link = "NVLink"`), where it named the bandwidth alone; a label
     * with a quote, a tab or a line feed in it is written with the language's escapes, on one line.
     */
    /** Rows of modules and labels with no quantity among them: a failing row is named by its label too, beside its module. */
    @Test
    void aFailingRowOfModulesIsNamedByItsLabel() throws IOException {
        Path chain = tmp.resolve("servers.chain");
        Files.writeString(chain, """
                chain "Weights by server"
                use opt_13b as model
                inputs "{server}"
                  server = "small"
                derive w "{weights}"
                  weights = model.weights_fp16 -> GB
                table "Weights"
                  for model, server in (opt_13b, "small"), (opt_66b, "mid")
                  show weights
                  check weights < 100 GB
                """);
        CliRun r = CliRun.of("check", "--color=never", chain.toString());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("error: check fails at server = \"mid\"\n"), r.err());
        assertTrue(r.err().contains("= note: at server = \"mid\", 131.4 GB is not less than 100 GB\n"), r.err());
        assertTrue(r.err().contains("= note: with model = opt_66b\n"), r.err());
    }

    @Test
    void aCheckThatFailsAtALabelledRowNamesItsLabel() throws IOException {
        Path chain = tmp.resolve("links.chain");
        Files.writeString(chain, LINKS + "  check transfer > 10 ms\n");
        CliRun r = CliRun.of("check", "--color=never", chain.toString());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("error: check fails at 1 of 3 points: link = \"NVLink\", bandwidth = 300 GB/s\n"), r.err());
        assertTrue(r.err().contains("note: at link = \"NVLink\", bandwidth = 300 GB/s, 4.044 ms is not greater than 10 ms\n"), r.err());

        // chain sweep's warning of the chain's own check, at the rows it gives
        Files.writeString(chain, Files.readString(chain).replace("  check transfer > 10 ms\n", "")
                .replace("-> ms\n", "-> ms\n  check transfer < 10 ms\n"));
        CliRun json = CliRun.of("sweep", chain.toString(), "--over",
                "link,bandwidth=(\"25 Gbps\\t\\\"Ethernet\\\"\\n\", 25 Gbit/s), (\"NVLink\", 300 GB/s)", "--show", "transfer", "--json");
        assertEquals(0, json.exit(), json.err());
        assertTrue(json.err().contains("check fails at 1 of 2 points: link = \"25 Gbps\\t\\\"Ethernet\\\"\\n\", bandwidth = 3.125 GB/s\n"),
                json.err());
    }

    @Test
    void aFiguresPointsFollowSet() {
        CliRun r = CliRun.of("render", "--set", "context=8,192 token", TABLES.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("The floor by batch, 8,192 tokens of context"), r.out());
        assertTrue(r.out().contains("| 64 | 25.31 | 68.72 | 2,529 |"), r.out());
    }

    /** Whatever a chain's title or names say, the SVG is well-formed XML with no script, link or event, and its text escaped. */
    @Test
    void svgTextIsEscapedAndHasNothingActive() throws Exception {
        Path chain = tmp.resolve("hostile.chain");
        Files.writeString(chain, """
                chain "Hostile <script>alert(1)</script>"
                use h100_sxm as gpu
                inputs
                  batch = 64
                derive floor
                  floor = batch * 1 GB / gpu.hbm_bandwidth -> ms
                  flops = batch * 1 TFLOP
                plot "<script>alert('x')</script> & <a href=\\"http://x\\">\\"quoted\\"</a> ]]> <!-- --> ![x](y)"
                  for batch in 1 .. 8
                  show floor
                roofline "<img src=x onerror=alert(1)>"
                  for gpu
                  show floor = flops, batch * 1 GB
                """);
        Path out = tmp.resolve("site");
        CliRun r = CliRun.of("render", chain.toString(), "-o", out.toString());
        assertEquals(0, r.exit(), r.err());
        for (String name : svgs(out)) {
            String svg = Files.readString(out.resolve(name));
            Document doc = parse(svg);
            assertEquals("svg", doc.getDocumentElement().getTagName());
            assertActiveFree(doc.getDocumentElement());
            assertFalse(svg.contains("<script") || svg.contains("<a ") || svg.contains("<img"), svg);
        }
        String first = Files.readString(out.resolve("hostile-1.svg"));
        assertTrue(first.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;a href=&quot;http://x&quot;&gt;"), first);
        assertTrue(parse(first).getElementsByTagName("title").item(0).getTextContent().startsWith("<script>alert('x')"));
        // The page: the alt text escaped too, so the image line is one image and nothing else.
        String page = Files.readString(out.resolve("hostile.md"));
        List<Node> blocks = CardRenderTest.children(Parser.builder().build().parse(page));
        CardRenderTest.assertNoHtml(blocks);
        int images = 0;
        for (Node b : blocks) {
            if (b instanceof Paragraph p && p.getFirstChild() instanceof Image image) {
                assertTrue(image == p.getLastChild(), "an image alone on its line");
                assertTrue(image.getDestination().startsWith("hostile-"), image.getDestination());
                images++;
            }
        }
        assertEquals(2, images);
    }

    @Test
    void renderIsDeterministicWithFigures() throws IOException {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        assertEquals(0, CliRun.of("render", "chains/", "-o", a.toString()).exit());
        assertEquals(0, CliRun.of("render", "chains/", "-o", b.toString()).exit());
        for (String name : svgs(a)) {
            assertEquals(Files.readString(a.resolve(name)), Files.readString(b.resolve(name)), name);
        }
    }

    @Test
    void checkNamesAStaleOrMissingFigure() throws IOException {
        assertEquals(0, CliRun.of("render", "chains/", "-o", tmp.toString()).exit());
        assertEquals(0, CliRun.of("render", "chains/", "-o", tmp.toString(), "--check").exit());
        Files.writeString(tmp.resolve("performance-debugging-chains-2.svg"), "<svg/>");
        Files.delete(tmp.resolve("performance-debugging-chains-1.svg"));
        CliRun r = CliRun.of("render", "chains/", "-o", tmp.toString(), "--check");
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("missing: " + tmp.resolve("performance-debugging-chains-1.svg")), r.err());
        assertTrue(r.err().contains("stale: " + tmp.resolve("performance-debugging-chains-2.svg")), r.err());
    }

    @Test
    void aFigureInACardIsAnError() throws IOException {
        Path card = tmp.resolve("x.card");
        Files.writeString(card, "card \"X\"\ninclude \"a.chain\"\nplot \"p\"\n");
        Files.writeString(tmp.resolve("a.chain"), "chain \"A\"\ninputs\n  batch = 1\n");
        CliRun r = CliRun.of("check", "--color=never", card.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("a card holds card, intro, include, next and links statements"), r.err());
    }

    // ---- helpers ----------------------------------------------------------------------------------

    private static List<String> svgs(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".svg")).sorted().toList();
        }
    }

    private static List<String> cells(Node row) {
        List<String> cells = new ArrayList<>();
        for (Node c = row.getFirstChild(); c != null; c = c.getNext()) {
            cells.add(CardRenderTest.text(assertInstanceOf(TableCell.class, c)));
        }
        return cells;
    }

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static final List<String> ALLOWED = List.of("svg", "title", "desc", "rect", "line", "polyline", "polygon", "circle", "text",
            "style");

    /**
     * Only chain's own elements, no event attribute, link or url(); the one style sheet is the dark
     * theme's fixed text (nothing of the chain in it), and the one style attribute the root's scaling.
     */
    private static void assertActiveFree(Element e) {
        assertTrue(ALLOWED.contains(e.getTagName()), "element " + e.getTagName());
        if (e.getTagName().equals("style")) {
            assertEquals("\n" + dev.chain.plot.Svg.DARK, e.getTextContent(), "the style sheet is the dark theme's, as written");
        }
        NamedNodeMap attributes = e.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            String name = attributes.item(i).getNodeName();
            boolean scaling = e.getTagName().equals("svg") && name.equals("style")
                    && attributes.item(i).getNodeValue().equals("max-width:100%;height:auto");
            assertFalse(name.startsWith("on") || name.contains("href") || (name.equals("style") && !scaling), "attribute " + name);
            assertFalse(attributes.item(i).getNodeValue().contains("url("), name);
        }
        NodeList children = e.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element child) {
                assertActiveFree(child);
            }
        }
    }
}
