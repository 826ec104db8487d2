package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.cli.CliRun;
import dev.chain.session.ChainRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The page shows what {@code chain render --set} prints: for every chain of chains/ and
 * examples/, its own inputs, each input alone at values from zero to a thousand times its own, and
 * hundreds of random sets, the page's body (its model read back and shown on the JVM, the same
 * Java that TeaVM compiles into the script; PageScriptTest runs the script itself under node)
 * against the renderer's, byte for byte, its figures' SVG and tables, and each check's ✓ or ✗ and
 * outcome against {@code chain run}'s; a set the renderer refuses to evaluate is one the page shows
 * a problem for, never a number.
 */
class PageTest {
    static final int SETS = 200;

    /** Every chain of chains/ and examples/ that renders, and a chain with a table of every layout. */
    static Stream<Path> chains() throws IOException {
        List<Path> all = new ArrayList<>();
        for (String folder : List.of("chains", "examples")) {
            try (Stream<Path> files = Files.walk(Path.of(folder))) {
                files.filter(p -> p.toString().endsWith(".chain")).sorted().forEach(all::add);
            }
        }
        all.removeIf(p -> Differential.refused(Differential.run(p, List.of())));
        all.add(Path.of("src/test/resources/figures/tables.chain"));
        return all.stream();
    }

    /**
     * A number typed in a box in % is the decimal it says, as {@code --set loss=71.02%} reads it
     * (issue 39): 71.02 x 0.01 is a bit off the double nearest 0.7102, and the page's step then
     * read 5.69068732583126x where the renderer's read ...127x.
     */
    @Test
    void aNumberTypedInABoxIsTheDecimalItSays() {
        assertEquals(0.7102, TypedNumber.read("71.02").times(0.01));
        assertEquals(0.382, TypedInput.read("38.2%", "%").si(0.01).nominal());
        assertEquals(0.01881354, TypedNumber.read("18.81354").times(0.001));
        assertEquals(3 * 5400.0, TypedNumber.read("3").times(5400), "a factor not a power of ten multiplies");
    }

    /** A page rendered with --set starts from those values: they are its own, and reset goes back to them. */
    @Test
    void aPageRenderedWithSetStartsFromItsValues() {
        Path chain = Path.of("chains/02-inter-token-floor.chain");
        ChainRun set = Differential.run(chain, List.of("batch=32", "context=8192 token"));
        Page page = GsonTree.page(Differential.model(set));
        assertEquals(Differential.body(set), page.render(Differential.own(page), true).body());
        assertEquals("32", page.inputs().get(0).shown());
        assertEquals("4,096", GsonTree.page(Differential.model(Differential.run(chain, List.of()))).inputs().get(1).shown(),
                "as the author wrote it");
    }

    /**
     * The reader's batch moves the roofline's steps, and the chain's own stay marked beside them:
     * the roofline {@code render --set batch=8} draws (its golden file), byte for byte; back at the
     * chain's own batch, nothing is marked twice.
     */
    @Test
    void aRooflineKeepsTheChainsOwnStepsAsTheReaderMovesThem() throws IOException {
        Page page = GsonTree.page(Differential.model(Differential.run(Path.of("chains/02-inter-token-floor.chain"), List.of())));
        String[] typed = Differential.own(page);
        assertEquals("batch", page.inputs().get(0).name());
        typed[0] = "8";
        String roofline = Differential.figures(page.render(typed, true)).get(1);
        assertEquals(Files.readString(Path.of("src/test/resources/golden/render/roofline-set-batch-8.svg")), roofline);
        assertTrue(roofline.contains("<title>the chain&#39;s own floor: 20.39 FLOP/B, 68.29 TFLOP/s</title>"), roofline);
        String own = Differential.figures(page.render(Differential.own(page), true)).get(1);
        assertFalse(own.contains("own steps"), own);
    }

    @ParameterizedTest
    @MethodSource("chains")
    void thePageShowsWhatRenderSetPrints(Path chain) {
        ChainRun own = Differential.run(chain, List.of());
        Page page = GsonTree.page(Differential.model(own));
        Page.Rendered unchanged = page.render(Differential.own(page), true);
        assertEquals(Differential.body(own), unchanged.body(), "the chain's own inputs");
        assertEquals(Differential.figures(own), Differential.figures(unchanged), "the chain's own figures");

        List<String[]> sets = new ArrayList<>();
        // Each input alone, from zero to a thousand times its own value.
        for (int i = 0; i < page.inputs().size(); i++) {
            PageModel.Input input = page.inputs().get(i);
            double mine = input.value().nominal() / input.unit().factor();
            for (double times : new double[] {0, 1e-3, 0.1, 0.5, 2, 10, 1000}) {
                String[] set = Differential.own(page);
                set[i] = new java.math.BigDecimal(mine * times).round(new java.math.MathContext(10)).stripTrailingZeros().toPlainString();
                sets.add(set);
            }
            String[] one = Differential.own(page);
            one[i] = "1";
            sets.add(one);
        }
        Random random = new Random(chain.getFileName().toString().hashCode());
        for (int i = 0; i < SETS; i++) {
            sets.add(Differential.randomSet(page, random));
        }
        for (String[] set : sets) {
            List<String> options = Differential.sets(page, set);
            ChainRun run = Differential.run(chain, options);
            String expected = Differential.body(run);
            Page.Rendered got = page.render(set, true);
            if (expected == null && got.body() != null) {
                // The text has values and a figure none (a roofline at batch = 0): render refuses the
                // chain; the page shows the text, as render writes it, and says why of the figure.
                assertTrue(got.figureProblems().stream().anyMatch(java.util.Objects::nonNull),
                        "render refused " + options + " but the page showed it");
                dev.chain.render.ChainMarkdown md = new dev.chain.render.ChainMarkdown(run.chain().program(), run.evaluation(), run.values());
                assertEquals(dev.chain.render.ChainMarkdown.body(md.codeLines(), md.paragraphs()), got.body(), String.join(" ", options));
            } else if (expected == null) {
                // render refused the options: the page says why, of the values together or at a box (an input's bound)
                assertTrue(got.problem() != null || got.problems().stream().anyMatch(java.util.Objects::nonNull), String.join(" ", options));
            } else {
                assertEquals(expected, got.body(), String.join(" ", options));
                assertEquals(Differential.outcomes(run), Differential.outcomes(got), "each check's ✓ or ✗: " + options);
                assertEquals(Differential.pageFigures(run, own), Differential.figures(got), "each figure: " + options);
            }
        }
    }

    /**
     * The page offers, for each module a chain uses, the modules of that kind its card names (the
     * compare card: three GPUs, two models, from its table's `for` lines): the chain's own model,
     * then a model for each other pair, which shows for the chain's inputs, and for others, what
     * {@code render --set gpu=... --set model=...} prints.
     */
    @Test
    void eachModuleThePageOffersShowsWhatRenderSetPrints(@TempDir Path site) throws IOException {
        Path chain = Path.of("examples/compare/gpus-by-models.chain");
        CliRun render = CliRun.of("render", "--interactive", "examples/compare/", "-o", site.toString());
        assertEquals(0, render.exit(), render.err());
        String page = Files.readString(site.resolve("compare.md"));
        Matcher models = Pattern.compile("<script type=\"application/json\"(?: data-use=\"([^\"]*)\")?>(.*?)</script>")
                .matcher(page);
        assertTrue(models.find(), "the chain's own model");
        Page own = GsonTree.page(models.group(2));
        assertEquals("gpu h100_sxm [h100_sxm H100 SXM, h200_sxm H200 SXM, b200 B200];"
                + " model llama31_8b [llama31_8b Llama 3.1 8B, qwen3_8b Qwen3 8B]", choices(own));
        List<String> keys = new ArrayList<>();
        Random random = new Random(7);
        while (models.find()) {
            keys.add(models.group(1));
            Page alternative = GsonTree.page(models.group(2));
            assertEquals(List.of(), alternative.choices(), "only the chain's own model offers modules");
            List<String> modules = List.of(models.group(1).split(";"));
            for (int i = 0; i < 20; i++) {
                String[] set = i == 0 ? Differential.own(alternative) : Differential.randomSet(alternative, random);
                List<String> options = new ArrayList<>(modules);
                options.addAll(Differential.sets(alternative, set));
                ChainRun run = Differential.run(chain, options);
                assertEquals(Differential.body(run), alternative.render(set, true).body(), String.join(" ", options));
            }
        }
        assertEquals(List.of("gpu=h100_sxm;model=qwen3_8b", "gpu=h200_sxm;model=llama31_8b", "gpu=h200_sxm;model=qwen3_8b",
                "gpu=b200;model=llama31_8b", "gpu=b200;model=qwen3_8b"), keys, "every other pair, the chain's own left out");
    }

    /**
     * The published card names one GPU and two models (Llama 3.1 8B, Llama 3.3 70B): no chain is
     * offered a GPU, and a chain of either model is offered both, failed checks and all (the 70B's
     * weights alone are a floor of 42 ms).
     */
    @Test
    void theCardOffersItsModels(@TempDir Path site) throws IOException {
        CliRun render = CliRun.of("render", "--interactive", "chains/", "-o", site.toString());
        assertEquals(0, render.exit(), render.err());
        String page = Files.readString(site.resolve("performance-debugging-chains.md"));
        Matcher models = Pattern.compile("<script type=\"application/json\">(.*?)</script>").matcher(page);
        List<String> offered = new ArrayList<>();
        while (models.find()) {
            offered.add(choices(GsonTree.page(models.group(1))));
        }
        assertEquals(8, offered.size());
        assertEquals("model llama31_8b [llama31_8b Llama 3.1 8B, llama33_70b Llama 3.3 70B]", offered.get(1),
                "the inter-token floor, on each model of the card");
        assertTrue(offered.stream().noneMatch(o -> o.contains("gpu ")), offered.toString());
    }

    private static String choices(Page page) {
        List<String> out = new ArrayList<>();
        for (PageModel.Choice c : page.choices()) {
            List<String> options = new ArrayList<>();
            c.options().forEach(o -> options.add(o.module() + " " + o.label()));
            out.add(c.alias() + " " + c.current() + " " + options);
        }
        return String.join("; ", out);
    }

    /**
     * A measured input has no box: the page shows it as the card writes it, with where it was read,
     * and evaluates with it fixed (examples/observed: the median ITL from bench.json, the server's
     * mean and p99 from its /metrics).
     */
    @Test
    void aMeasuredInputIsShownFixedWithItsSource() {
        Page page = GsonTree.page(Differential.model(Differential.run(Path.of("examples/observed/itl-floor.chain"), List.of())));
        List<String> measured = new ArrayList<>();
        page.measured().forEach(m -> measured.add(m.name() + " " + m.shown() + " (" + m.where() + ")"));
        assertEquals(List.of("batch 64 (bench.json, max_concurrency)", "itl 24.1 ms (bench.json, median_itl_ms)",
                "itl_server 24.8 ms (metrics.prom, vllm:inter_token_latency_seconds:mean)",
                "itl_p99 65.29 ms (metrics.prom, vllm:inter_token_latency_seconds:p99)"), measured);
        List<String> boxes = new ArrayList<>();
        page.inputs().forEach(i -> boxes.add(i.name()));
        assertEquals(List.of("context"), boxes, "a box for each input that was not measured");
    }

    /**
     * A fitted input has no box either: the page shows the value fitted with its interval and the
     * runs, and evaluates with that range fixed (examples/fit: an efficiency and an overhead).
     */
    @Test
    void aFittedInputIsShownFixedWithItsRuns() {
        Page page = GsonTree.page(Differential.model(Differential.run(Path.of("examples/fit/decode-step.chain"), List.of())));
        List<String> fitted = new ArrayList<>();
        page.measured().forEach(m -> fitted.add(m.name() + " " + m.shown() + " (" + m.taken() + ": " + m.where() + ")"));
        assertEquals(List.of("efficiency 78.45% (75.9 .. 81%) (fitted: 9 runs in runs/)",
                "overhead 2.546 ms (2.27 .. 2.82 ms) (fitted: 9 runs in runs/)"), fitted);
        List<String> boxes = new ArrayList<>();
        page.inputs().forEach(i -> boxes.add(i.name()));
        assertEquals(List.of("batch", "context"), boxes, "a box for each input that was not fitted");
    }

    /**
     * A box is labelled in words: the input's {@code @label} ({@code mfu} is "MFU"), or its name
     * with spaces for underscores ({@code small_chunk} is "small chunk"); the name stays what a
     * link's {@code #small_chunk=256} and {@code --set} take.
     */
    @Test
    void anInputsBoxIsLabelledInWords() {
        Page page = GsonTree.page(Differential.model(Differential.run(Path.of("chains/02-inter-token-floor.chain"), List.of())));
        List<String> boxes = new ArrayList<>();
        page.inputs().forEach(i -> boxes.add(i.name() + ": " + i.label()));
        assertEquals(List.of("batch: batch", "context: context", "chunk: chunk", "mfu: MFU", "small_chunk: small chunk",
                "p50: measured p50"), boxes);
    }

    /**
     * Where a reader slides and steps each input of the ITL chain, in its box's unit: batch over
     * its plot's 1 .. 256 by 1, the others from zero to twice their value, each by its second
     * digit's place (4,096 by 100), a whole number by 1 at least; mfu in a range as the author's.
     */
    @Test
    void anInputSlidesOverTheAuthorsOrAFiguresRangeByItsSecondDigit() {
        Page page = GsonTree.page(Differential.model(Differential.run(Path.of("chains/02-inter-token-floor.chain"), List.of())));
        List<String> reach = new ArrayList<>();
        page.inputs().forEach(i -> reach.add(i.name() + " " + i.reach().min() + " .. " + i.reach().max() + " by " + i.reach().step()));
        assertEquals(List.of("batch 1.0 .. 256.0 by 1.0", "context 0.0 .. 8192.0 by 100.0", "chunk 0.0 .. 4096.0 by 100.0",
                "mfu 0.0 .. 100.0 by 1.0", "small_chunk 0.0 .. 1024.0 by 10.0", "p50 0.0 .. 48.0 by 1.0"), reach);
        Page ranged = GsonTree.page(Differential.model(Differential.run(Path.of("chains/02-inter-token-floor.chain"),
                List.of("mfu=40% .. 60%"))));
        PageModel.Reach mfu = ranged.inputs().get(3).reach();
        assertEquals(List.of(40.0, 60.0), List.of(mfu.min(), mfu.max()));
    }

    /** The model's JSON read back and written again is the same text: the reader reads every component the writer wrote. */
    @ParameterizedTest
    @MethodSource("chains")
    void theModelReadsBackAsWritten(Path chain) {
        String json = Differential.model(Differential.run(chain, List.of()));
        assertEquals(json, ModelWriter.json(ModelReader.read(GsonTree.parse(json))));
    }

    @Test
    void aModelOfAnotherVersionOrShapeIsRefused() {
        String json = Differential.model(Differential.run(Path.of("chains/02-inter-token-floor.chain"), List.of()));
        IllegalArgumentException old = assertThrows(IllegalArgumentException.class,
                () -> GsonTree.page(json.replace(PageModel.VERSION, "chain-page-1")));
        assertTrue(old.getMessage().contains("another version of chain"), old.getMessage());
        IllegalArgumentException lacking = assertThrows(IllegalArgumentException.class,
                () -> GsonTree.page(json.replace("\"divisor\":", "\"divider\":")));
        assertEquals("the page model lacks `divisor`", lacking.getMessage());
    }

    /**
     * An input's bounds on the page: its slider runs within them (alpha's over its plot's 50% .. 95%),
     * an arrow key stops at them, and a value typed past them is its box's problem.
     */
    @Test
    void aBoxKeepsToItsInputsBounds() {
        Page page = GsonTree.page(Differential.model(Differential.run(Path.of("examples/speculative/leviathan.chain"), List.of())));
        int alpha = -1;
        for (int i = 0; i < page.inputs().size(); i++) {
            alpha = page.inputs().get(i).name().equals("alpha") ? i : alpha;
        }
        PageModel.Reach reach = page.inputs().get(alpha).reach();
        assertEquals(List.of(50.0, 95.0, 0.0, 100.0), List.of(reach.min(), reach.max(), reach.least(), reach.most())); // the plot's 50% .. 95%
        String[] boxes = Differential.own(page);
        for (String[] typed : new String[][] {{"120", "at most 100%"}, {"-5", "cannot be below zero"}, {"50 .. 120", "at most 100%"}}) {
            boxes[alpha] = typed[0];
            Page.Rendered r = page.render(boxes, false);
            assertNull(r.body(), typed[0]);
            assertEquals(typed[1], r.problems().get(alpha), typed[0]);
        }
        boxes[alpha] = "100";
        assertNull(page.render(boxes, false).problems().get(alpha));
    }

    /** What a reader types is read once, here: each box's problem beside it, the others' numbers kept. */
    @Test
    void aBoxTheChainCannotReadSaysWhy() {
        Page page = GsonTree.page(Differential.model(Differential.run(Path.of("chains/02-inter-token-floor.chain"), List.of())));
        String[] set = Differential.own(page);
        for (String[] typed : new String[][] {{"", "enter a number"}, {"lots", "not a number"}, {"1,23", "not a number"},
            {"-4", "cannot be below zero"}, {"1e400", "too large"}, {"3.", "not a number"}, {"1e", "not a number"},
            {"2.4000000000000004", "at most 15 significant digits, from about 1e-22"}, {"4,0967", "not a number"}, {",096", "not a number"},
            {"1e-30", "at most 15 significant digits, from about 1e-22"}, {"-", "not a number"}, {"1e+", "not a number"}, {"1.2.3", "not a number"},
            {"\u0663\u0662", "not a number"}}) { // Arabic-Indic 32: Character.isDigit took it, and it read as other digits
            set[0] = typed[0];
            Page.Rendered r = page.render(set, false);
            assertNull(r.body(), typed[0]);
            assertEquals(typed[1], r.problems().get(0), typed[0]);
            assertNull(r.problems().get(1), "the other box is fine");
        }
        for (String fine : new String[] {"32", "3_2", "32.0", "3.2e1", "+32", " 32 ", "0,032e3", "3200e-2", "0.32E+2"}) {
            set[0] = fine;
            assertTrue(page.render(set, false).body().contains("batch 32,"), fine);
        }
    }

    /**
     * A box takes a range as a chain writes one, with or without the box's unit, and the page shows
     * the chain then as render --set mfu='40% .. 60%' does: 57.2-85.7 ms, and mixed > 3 * p50 uncertain.
     */
    @Test
    void aBoxTakesARangeAndThePageShowsWhatRenderSetPrints() {
        Path itl = Path.of("chains/02-inter-token-floor.chain");
        Page page = GsonTree.page(Differential.model(Differential.run(itl, List.of())));
        int mfu = page.inputs().stream().map(PageModel.Input::name).toList().indexOf("mfu");
        ChainRun set = Differential.run(itl, List.of("mfu=40% .. 60%"));
        for (String typed : new String[] {"40 .. 60", "40% .. 60%", "40..60", "50 ± 10", "50% +/- 10%", "50 (40 .. 60)"}) {
            String[] boxes = Differential.own(page);
            boxes[mfu] = typed;
            Page.Rendered r = page.render(boxes, true);
            assertEquals(Differential.body(set), r.body(), typed);
            assertTrue(r.body().contains("57.2-85.7 ms at 40-60% of peak"), r.body());
            assertEquals(List.of("holds", "uncertain"), r.statuses(), typed);
            assertEquals(Differential.figures(set), Differential.figures(r), typed);
        }
        String[] boxes = Differential.own(page);
        for (String[] typed : new String[][] {{"60 .. 40", "the low end is above the high end"},
            {"70 (40 .. 60)", "the value is outside its range"}, {"40 .. x", "not a number"}, {"5 ± 10", "cannot be below zero"},
            {"45 (40, 60)", "write a range as 95 (90 .. 98)"}}) {
            boxes[mfu] = typed[0];
            Page.Rendered r = page.render(boxes, false);
            assertNull(r.body(), typed[0]);
            assertEquals(typed[1], r.problems().get(mfu), typed[0]);
        }
    }

    /** A chain's own range is its box's first text, as a reader types one; reset goes back to it. */
    @Test
    void anInputThatIsARangeShowsItInItsBox() {
        ChainRun own = Differential.run(Path.of("chains/02-inter-token-floor.chain"), List.of("mfu=45% (40% .. 60%)", "batch=32 .. 64"));
        Page page = GsonTree.page(Differential.model(own));
        assertEquals("45 (40 .. 60)", page.inputs().get(page.inputs().stream().map(PageModel.Input::name).toList().indexOf("mfu")).shown());
        assertEquals("32 .. 64", page.inputs().get(0).shown());
        assertEquals(Differential.body(own), page.render(Differential.own(page), true).body());
    }

    /** A division by zero says where, as the command line does: the page quotes the divisor. */
    @Test
    void valuesThatGiveNoNumberSayWhere() {
        Page page = GsonTree.page(Differential.model(Differential.run(Path.of("chains/02-inter-token-floor.chain"), List.of())));
        String[] set = Differential.own(page);
        set[page.inputs().stream().map(PageModel.Input::name).toList().indexOf("p50")] = "0";
        Page.Rendered r = page.render(set, true);
        assertNull(r.body());
        assertEquals("these inputs give no value: division by zero: `p50` is zero", r.problem());
    }
}
