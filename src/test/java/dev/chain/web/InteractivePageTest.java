package dev.chain.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.cli.CliRun;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code render --interactive chains/ -o DIR}: what it writes, that the Markdown page without its
 * HTML blocks is the static card byte for byte, and, in headless Chromium (Debian's
 * {@code chromium}; skipped without it, .ci/run installs it), that the page follows a reader who
 * sets batch to 32: the floor 9.92 ms, the KV 17.18 GB, on the Markdown page as a CommonMark site
 * shows it and on the standalone .html, under the page's own Content-Security-Policy.
 */
class InteractivePageTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final String FLOOR_AT_32 = "floor    (16.06 GB weights + 17.18 GB KV) / 3.35 TB/s = 9.92 ms";

    @TempDir
    Path tmp;

    private Path render() {
        Path site = tmp.resolve("site");
        CliRun r = CliRun.of("render", "--interactive", "chains/", "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        return site;
    }

    @Test
    void itWritesThePageItsHtmlAndOneScript() throws IOException {
        Path site = render();
        assertTrue(Files.exists(site.resolve("performance-debugging-chains.md")));
        assertTrue(Files.exists(site.resolve("performance-debugging-chains.html")));
        // The practice models are beside the page, one file, loaded only when Practice is pressed:
        // the page holds each chain's index there, not its model (34 KB a chain when it did).
        String page = Files.readString(site.resolve("performance-debugging-chains.md"));
        assertFalse(page.contains("\"drill\":"), "no practice model in the page");
        assertEquals(8, page.split("<script type=\"application/json\" data-practice>", -1).length - 1, "a chain's index");
        assertTrue(page.contains("<script src=\"chain-page.js\" data-practice-models=\"performance-debugging-chains.practice.js\" defer>"),
                "the script's element names the models");
        String models = Files.readString(site.resolve("performance-debugging-chains.practice.js"));
        assertTrue(models.contains("\nchainPracticeModels({\"functions\":[") && models.endsWith("});\n"), models.substring(0, 200));
        assertEquals(8, models.split("\"drill\":", -1).length - 1, "a model for each chain with a derived value");
        // One table of units for the page, its 8 chains' registry, and each compiled function written once:
        // the transformer module's, which the model modules' call for every chain.
        assertEquals(1, models.split("\"bases\":", -1).length - 1, "one table of units");
        assertEquals(8, models.split("\"units\":0\\}", -1).length - 1, "each chain's table: the one");
        assertEquals(1, models.split("\\{\"name\":\"attention_params\",\"arity\"", -1).length - 1, "a function once");
        String script = Files.readString(site.resolve("chain-page.js"));
        assertFalse(script.contains("eval(") || script.contains("new Function"), "no eval in the script");
        for (String fetching : List.of("fetch(", "XMLHttpRequest", "WebSocket", "sendBeacon", "import(", "EventSource")) {
            assertFalse(script.contains(fetching), "nothing fetched: " + fetching);
        }
        int gzipped = gzippedSize(Files.readAllBytes(site.resolve("chain-page.js")));
        assertTrue(gzipped <= 64 * 1024, "the script's budget, 64 KiB gzipped: " + gzipped + " bytes");
        // The practice mode's, beside it, fetched when the reader turns Practice on: a budget of its own.
        int practice = gzippedSize(Files.readAllBytes(site.resolve("chain-practice.js")));
        assertTrue(practice <= 27 * 1024, "the practice script's budget, 27 KiB gzipped: " + practice + " bytes");
        CliRun check = CliRun.of("render", "--interactive", "chains/", "-o", site.toString(), "--check");
        assertEquals(0, check.exit(), check.err());
        // render --check compares the practice models too.
        Files.writeString(site.resolve("performance-debugging-chains.practice.js"), models.replace("\"drill\":", "\"drill\": "));
        CliRun stale = CliRun.of("render", "--interactive", "chains/", "-o", site.toString(), "--check");
        assertEquals(1, stale.exit(), stale.out() + stale.err());
        assertTrue(stale.err().contains("stale: " + site.resolve("performance-debugging-chains.practice.js")), stale.err());
    }

    /** What the script costs a reader to fetch: its bytes as a server sends them, gzipped (at level 9, as bench/run page). */
    static int gzippedSize(byte[] script) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes) {
            {
                def.setLevel(Deflater.BEST_COMPRESSION);
            }
        }) {
            gzip.write(script);
        }
        return bytes.size();
    }

    @Test
    void withoutItsHtmlBlocksThePageIsTheStaticCard() throws IOException {
        String live = Files.readString(render().resolve("performance-debugging-chains.md"));
        CliRun r = CliRun.of("render", "chains/");
        assertEquals(0, r.exit(), r.err());
        String stripped = live.replaceAll("<div class=\"chain-live\" hidden><script type=\"application/json\">[^\n]*</script></div>\n\n", "")
                .replaceAll("\n<div class=\"chain-dropped-html\" hidden>\n\n[^\n]*\n\n</div>\n<script src=\"chain-page.js\" data-practice-models=\"performance-debugging-chains.practice.js\" defer></script>\n$", "");
        assertEquals(r.out(), stripped);
        // A CommonMark reader takes each block as raw HTML, one per chain, and the two around the note
        // that a site dropping them shows (its paragraph, hidden between them elsewhere), the second
        // with the script's line.
        Node doc = Parser.builder().build().parse(live);
        int blocks = 0;
        for (Node n = doc.getFirstChild(); n != null; n = n.getNext()) {
            blocks += n instanceof HtmlBlock ? 1 : 0;
        }
        assertEquals(8 + 2, blocks);
    }

    @Test
    void aChainsTextCannotEndItsModelsElement() throws IOException {
        Path chain = tmp.resolve("hostile.chain");
        Files.writeString(chain, "chain \"</script><script>alert(1)</script>\"\n\ninputs \"a </script> b {n}\"\n  n = 3\n");
        Path site = tmp.resolve("hostile");
        CliRun r = CliRun.of("render", "--interactive", chain.toString(), "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        for (String name : List.of("hostile.md", "hostile.html")) {
            String page = Files.readString(site.resolve(name));
            String model = page.substring(page.indexOf("<script type=\"application/json\">"));
            model = model.substring(0, model.indexOf("</script>") + "</script>".length());
            assertFalse(model.substring(1, model.length() - "</script>".length()).contains("<"), name + ": " + model);
            assertFalse(page.contains("<script>alert"), name);
        }
    }

    /**
     * Nothing chain writes holds a tag a site's template engine would run, in any file: the page,
     * its model, its .html, its SVG, its script. (In a template {@code {{} is a brace, so the
     * chain's text below is {@code {# c #}}, {@code {{ site.title }}} and so on.)
     */
    @Test
    void noFileItWritesHoldsALiveTemplateTag() throws IOException {
        Path chain = tmp.resolve("tags.chain");
        Files.writeString(chain, """
                chain "{{ site.github }} and {% include x %}"

                inputs "{{# c #}} batch {batch} of {{{{ site.title }}}}"
                  batch = 64
                  step  = batch * 2 ms

                plot "{{{{ site.github }}}} by {{% raw %}} batch"
                  for batch in 1, 2, 4
                  show step

                note "{{{{ page.url }}}} and {{%- x -%}}"
                """);
        Path site = tmp.resolve("tags");
        CliRun r = CliRun.of("render", "--interactive", chain.toString(), "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        List<Path> files;
        try (var listing = Files.list(site)) {
            files = listing.toList();
        }
        // the page, its .html, its plot, its practice models, the script and the practice script
        assertEquals(6, files.size(), files.toString());
        for (Path file : files) {
            String text = Files.readString(file);
            for (String tag : List.of("{{", "{%", "{#")) {
                assertFalse(text.contains(tag), file.getFileName() + " holds " + tag);
            }
        }
        String html = Files.readString(site.resolve("tags.html"));
        assertTrue(html.contains("<h1>&#123;{ site.github }} and &#123;% include x %}</h1>"), html);
    }

    /** The standalone page's image is the Markdown page's, its alt text escaped once, as a CommonMark site has it. */
    @Test
    void theStandalonePageIsTheMarkdownPageAsCommonMarkRendersIt() throws IOException {
        Path chain = tmp.resolve("alt.chain");
        Files.writeString(chain, """
                chain "A < B & C"

                inputs
                  batch = 64
                  step  = batch * 2 ms

                plot "step < 1 s & more"
                  for batch in 1, 2, 4
                  show step
                """);
        Path site = tmp.resolve("alt");
        CliRun r = CliRun.of("render", "--interactive", chain.toString(), "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        String markdown = Files.readString(site.resolve("alt.md"));
        List<org.commonmark.Extension> tables = List.of(TablesExtension.create());
        String asSiteRendersIt = HtmlRenderer.builder().extensions(tables).build()
                .render(Parser.builder().extensions(tables).build().parse(markdown));
        String html = Files.readString(site.resolve("alt.html"));
        assertTrue(html.contains(asSiteRendersIt), html);
        assertTrue(html.contains("alt=\"step &lt; 1 s &amp; more: a plot of"), html);
        assertFalse(html.contains("&amp;lt;"), "escaped twice");
    }

    @Test
    void withoutDashOItIsAWrongCommandLine() {
        CliRun r = CliRun.of("render", "--interactive", "chains/");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("--interactive writes a page, its .html and its script to a folder: give it with -o DIR"), r.err());
    }

    @Test
    void inChromiumThePageFollowsBatch() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " here (.ci/run installs it)");
        Path site = render();
        // The Markdown page as a CommonMark site generator shows it: its HTML blocks passed through.
        List<org.commonmark.Extension> tables = List.of(TablesExtension.create());
        String body = HtmlRenderer.builder().extensions(tables).build()
                .render(Parser.builder().extensions(tables).build().parse(Files.readString(site.resolve("performance-debugging-chains.md"))));
        Path index = site.resolve("index.html");
        Files.writeString(index, "<!doctype html><html><head><meta charset=\"utf-8\"><meta http-equiv=\"Content-Security-Policy\" "
                + "content=\"default-src 'none'; script-src 'self'; img-src 'self'\"></head><body>" + body + "</body></html>",
                StandardCharsets.UTF_8);
        for (Path page : List.of(index, site.resolve("performance-debugging-chains.html"))) {
            String dom = dom(page, "#batch=32");
            assertTrue(dom.contains("data-chain-live=\"8\""), page + ": every chain is live");
            assertTrue(dom.contains(FLOOR_AT_32), page + ": the floor and the KV at batch 32");
            assertTrue(dom.contains("batch = 32</text>"), page + ": the plot drawn again, its operating point at batch 32");
            assertTrue(dom.contains("floor at 15.46 FLOP/B"), page + ": the roofline drawn again");
            assertFalse(dom.contains("NaN"), page.toString());
        }
        String bad = dom(site.resolve("performance-debugging-chains.html"), "#batch=lots");
        assertTrue(bad.contains("not a number"), "an inline message for a value the reader cannot mean");
        assertFalse(bad.contains("NaN"));
        assertTrue(bad.contains("floor    (16.06 GB weights + 34.36 GB KV) / 3.35 TB/s = 15.05 ms"), "the card's numbers stay");

        Path shot = Path.of("target/screenshots/interactive-batch-32.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Files.deleteIfExists(shot);
        chromium(site.resolve("performance-debugging-chains.html"), "#batch=32", "--screenshot=" + shot, "--window-size=900,1400");
        assertTrue(Files.exists(shot), "no screenshot");
    }

    /**
     * Inputs named like the form's own members (a box named appendChild hid the form's method) and
     * a link with a malformed escape ({@code %}, which made decodeURIComponent throw) leave the page
     * working: the other values of the link are set.
     */
    @Test
    void inChromiumHostileNamesAndLinksLeaveThePageWorking() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " here (.ci/run installs it)");
        Path chain = tmp.resolve("names.chain");
        Files.writeString(chain, """
                chain "Names"

                inputs
                  appendChild      = 3
                  addEventListener = 4
                  constructor      = 5
                  submit           = 6

                derive sum
                  total = appendChild + addEventListener + constructor + submit
                """);
        Path site = tmp.resolve("names");
        CliRun r = CliRun.of("render", "--interactive", chain.toString(), "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        String dom = dom(site.resolve("names.html"), "#constructor=%&appendChild=10&submit=%zz");
        assertTrue(dom.contains("data-chain-live=\"1\""), dom);
        assertTrue(dom.contains("total = 10 + 4 + 5 + 6 = 25"), dom);
    }

    /**
     * A note's card link (issue 42) stays a link while the note is the card's; a note whose values
     * the reader changed shows the link's text, not its Markdown.
     */
    @Test
    void inChromiumANotesCardLinkStaysALinkOrReadsAsItsText() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " here (.ci/run installs it)");
        Path site = tmp.resolve("links");
        CliRun r = CliRun.of("render", "--interactive", "src/test/resources/links", "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        try (Browser b = Browser.open(CHROMIUM, tmp.resolve("profile-links"), 1280, 900, false)) {
            b.go(site.resolve("first.html").toUri().toString());
            b.type("document.querySelector('input[data-input=used]')", "3");
            assertTrue(b.texts("pre.chain-code").stream().anyMatch(t -> t.contains("share = 3 GB / 4 GB = 75%")), "the page follows");
            assertEquals("\"The second card works it again.\"", b.eval("document.querySelector('a[href=\"second.html\"]').parentNode.textContent"));
            assertEquals("\"At 75%, the first card reads the same.\"",
                    b.eval("Array.prototype.filter.call(document.querySelectorAll('p'), function (p) { return p.textContent.indexOf('At ') === 0; })[0].textContent"));
            b.type("document.querySelector('input[data-input=used]')", "2");
            assertEquals("\"first.html\"", b.eval("document.querySelector('a[href=\"first.html\"]').getAttribute('href')"),
                    "back to the card's values, the note is the card's, its link too");
        }
    }

    @Test
    void inChromiumATableFollowsItsInputs() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " here (.ci/run installs it)");
        Path chain = Path.of("src/test/resources/figures/tables.chain");
        Path site = tmp.resolve("tables");
        CliRun r = CliRun.of("render", "--interactive", chain.toString(), "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        CliRun set = CliRun.of("render", "--set", "context=8192 token", chain.toString());
        assertEquals(0, set.exit(), set.err());
        // The first table's row for batch 32, and its title, at 8,192 tokens of context.
        String row = set.out().lines().filter(l -> l.startsWith("| 32 |")).findFirst().orElseThrow();
        List<String> cells = List.of(row.substring(2, row.length() - 2).split(" \\| "));
        List<org.commonmark.Extension> tables = List.of(TablesExtension.create());
        String body = HtmlRenderer.builder().extensions(tables).build()
                .render(Parser.builder().extensions(tables).build().parse(Files.readString(site.resolve("tables.md"))));
        Path index = site.resolve("index.html");
        Files.writeString(index, "<!doctype html><html><head><meta charset=\"utf-8\"></head><body>" + body + "</body></html>",
                StandardCharsets.UTF_8);
        String dom = dom(index, "#context=8192");
        StringBuilder expected = new StringBuilder("<tr>");
        for (int i = 0; i < cells.size(); i++) {
            expected.append("<td align=\"right\">").append(cells.get(i)).append("</td>");
        }
        assertTrue(dom.replace("\n", "").contains(expected.append("</tr>")), "the Markdown page's table: " + expected);
        assertTrue(dom.contains("<p>The floor by batch, 8,192 tokens of context</p>"), "its title");
        String standalone = dom(site.resolve("tables.html"), "#context=8192");
        assertTrue(standalone.replace("\n", "").contains(expected), "the standalone page's table: " + expected);
        assertTrue(standalone.contains("<p>The floor by batch, 8,192 tokens of context</p>"), "its title, on the standalone page");
    }

    /**
     * The compare card's page offers its GPUs and models as choices: #gpu=b200&model=qwen3_8b
     * (as choosing them does) shows the chain on the B200 with Qwen3 8B, as render --set prints it
     * (4.64 ms, the table's cell), and an input changed beside it follows too.
     */
    @Test
    void inChromiumAModuleIsAChoice() throws Exception {
        Path site = renderInChromium("examples/compare/", "compare");
        String own = dom(site.resolve("compare.html"), "");
        assertTrue(own.contains("<select data-module=\"gpu\"><option value=\"h100_sxm\">H100 SXM</option>"
                + "<option value=\"h200_sxm\">H200 SXM</option><option value=\"b200\">B200</option></select>"), own);
        for (String hash : List.of("#gpu=b200&model=qwen3_8b", "#gpu=b200&model=qwen3_8b&batch=64")) {
            List<String> sets = new java.util.ArrayList<>(List.of("render", "--set", "gpu=b200", "--set", "model=qwen3_8b"));
            if (hash.endsWith("64")) {
                sets.addAll(List.of("--set", "batch=64"));
            }
            sets.add("examples/compare/gpus-by-models.chain");
            CliRun set = CliRun.of(sets.toArray(new String[0]));
            assertEquals(0, set.exit(), set.err());
            String floor = set.out().lines().filter(l -> l.startsWith("floor")).findFirst().orElseThrow();
            String dom = dom(site.resolve("compare.html"), hash);
            assertTrue(dom.contains(floor.replace("&", "&amp;")), hash + ": " + floor);
            assertFalse(dom.contains("NaN"), hash);
        }
        assertTrue(dom(site.resolve("compare.html"), "#gpu=b200&model=qwen3_8b").contains("KV: 4.64 ms"), "the table's cell");
    }

    /** The observed example's page shows its measurements beside its one box, fixed, with where each was read. */
    @Test
    void inChromiumAMeasuredInputIsShownWithItsSource() throws Exception {
        Path site = renderInChromium("examples/observed/", "observed");
        String dom = dom(site.resolve("itl-floor.html"), "#context=8192");
        assertTrue(dom.contains("title=\"measured: bench.json, median_itl_ms\""), dom);
        assertTrue(dom.contains(">itl 24.1 ms<span") && dom.contains("> (measured: bench.json, median_itl_ms)</span>"), dom);
        assertFalse(dom.contains("data-input=\"itl\""), "no box for a measured input");
        assertTrue(dom.contains("floor    (16.06 GB weights + 68.72 GB KV) / 3.35 TB/s = 25.31 ms"), "the floor at 8,192 tokens");
        // The runs' table under the plot: the expected side at 8,192 tokens, the measurement as measured.
        assertTrue(dom.contains("<td align=\"left\">64</td>\n<td align=\"right\">25.31</td>\n<td align=\"right\">24.10</td>\n"
                + "<td align=\"right\">0.95x</td>"), dom);
    }

    /**
     * A solve the page cannot compute again keeps the card's answer, and says so, dimmed, once the
     * reader's inputs are not the card's: at 50% of memory the page showed "165,898 tokens" as if
     * it were the answer for 50% (it is the card's, for 90%).
     */
    @Test
    void inChromiumAFigureThePageDoesNotComputeSaysSoForOtherInputs() throws Exception {
        Path site = renderInChromium("examples/long-context/long-context.chain", "long");
        String note = "<div class=\"chain-note\">(as the card has it, for its own inputs: this page does not compute it again)</div>";
        String own = dom(site.resolve("long-context.html"), "");
        assertTrue(own.contains("is 165,898 tokens"), own);
        assertTrue(own.contains("<div class=\"chain-note\" hidden=\"\"></div>"), "no note for the card's own inputs: " + own);
        String other = dom(site.resolve("long-context.html"), "#utilization=50");
        assertTrue(other.contains("22.36 GB for KV"), "the text follows the reader's 50%");
        assertTrue(other.contains("style=\"opacity: 0.45;\">the longest context at which 8 sequences still fit is 165,898 tokens"),
                "the solve, dimmed: " + other);
        assertTrue(other.contains(note), "its note, shown: " + other);
    }

    /**
     * An input's bounds in the browser: examples/speculative's alpha is at most 100%; Shift+ArrowUp
     * from 95 stops there (it stepped to 105), its slider ends there, and 120 typed in its box is
     * its problem, said beside it.
     */
    @Test
    void inChromiumABoxKeepsToItsBounds() throws Exception {
        Path site = renderInChromium("examples/speculative/leviathan.chain", "bounds");
        try (Browser b = browser(1280, false)) {
            b.go(site.resolve("leviathan.html").toUri().toString() + "#alpha=95");
            String alpha = "document.querySelector('input[data-input=alpha]')";
            b.eval(alpha + ".dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowUp', shiftKey: true, bubbles: true, cancelable: true}))");
            assertEquals("\"100\"", b.eval(alpha + ".value"));
            assertEquals("\"95\"", b.eval(alpha + ".parentNode.parentNode.querySelector('input[type=range]').max"));
            b.type(alpha, "120");
            assertEquals("\"true\"", b.eval(alpha + ".getAttribute('aria-invalid')"));
            assertEquals("\"at most 100%\"", b.eval("document.getElementById(" + alpha + ".getAttribute('aria-describedby')).textContent"));
        }
    }

    /**
     * A reader explores the card's second chain: the boxes are labelled in words, an arrow key steps
     * batch by 1 (Shift by 10) and a slider sets it, the code block then equals {@code render --set}'s
     * with the changed numbers marked, the card's value is shown beside the box, and the address
     * follows ({@code #batch=65}); text that is no number marks its box invalid and names the
     * message; a p50 that fails the sanity check underlines that group's words; reset all brings
     * back the card and its address.
     */
    @Test
    void inChromiumAReaderStepsSlidesAndSeesWhatChanged() throws Exception {
        Path site = renderInChromium("chains/", "card");
        try (Browser b = browser(1280, false)) {
            b.go(site.resolve("performance-debugging-chains.html").toUri().toString());
            String batch = "document.querySelector('input[data-input=batch]')";
            assertEquals("\"MFU \"", b.eval("document.querySelector('input[data-input=mfu]').parentNode.firstChild.textContent"));
            assertEquals("\"inputs of The inter-token floor and a mixed step\"", b.eval(batch + ".form.getAttribute('aria-label')"));

            b.eval(batch + ".dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowUp', bubbles: true, cancelable: true}))");
            assertEquals("\"65\"", b.eval(batch + ".value"));
            assertEquals("\"#batch=65\"", b.eval("location.hash"));
            assertEquals("\"card: 64\"", b.eval(batch + ".parentNode.parentNode.querySelector('.chain-own:not([hidden])').textContent"));
            String code = b.eval(batch + ".form.nextElementSibling.querySelector('code').textContent");
            assertTrue(code.contains(line("floor", "batch=65")), code);
            List<String> marked = b.texts("pre.chain-code mark.chain-changed");
            assertTrue(marked.contains("34.90") && marked.contains("15.21"), "the numbers batch changes, marked: " + marked);
            assertFalse(marked.contains("16.06"), "the weights do not change: " + marked);

            b.eval(batch + ".dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', shiftKey: true, bubbles: true}))");
            assertEquals("\"55\"", b.eval(batch + ".value"));
            b.type(batch + ".parentNode.parentNode.querySelector('input[type=range]')", "128");
            assertEquals("\"128\"", b.eval(batch + ".value"));
            assertEquals("\"#batch=128\"", b.eval("location.hash"));

            b.type(batch, "lots");
            assertEquals("\"true\"", b.eval(batch + ".getAttribute('aria-invalid')"));
            assertEquals("\"not a number\"", b.eval("document.getElementById(" + batch + ".getAttribute('aria-describedby')).textContent"));

            b.type(batch, "64");
            String p50 = "document.querySelector('input[data-input=p50]')";
            b.type(p50, "40");
            String failing = String.join("", b.texts("pre.chain-code .chain-failing"));
            assertTrue(failing.contains("ordinary for") && failing.contains("a real server"), "the sanity group's words: " + failing);
            assertTrue(b.eval("document.querySelector('.chain-check-failed').textContent").contains("share in 50% .. 80%"));

            b.eval("document.querySelector('button.chain-reset-all').click()");
            assertEquals("\"\"", b.eval("location.hash"));
            assertEquals("\"24\"", b.eval(p50 + ".value"));
            assertEquals("0", b.eval("document.querySelectorAll('mark.chain-changed, .chain-failing, .chain-own:not([hidden])').length"));
        }
    }

    /**
     * At batch = 0 the chain's text has values and its figures none (the roofline's intensity is
     * 0 FLOP/B): they stay as last drawn, dimmed, each saying why, where they stayed at batch 64 as
     * if they were the reader's.
     */
    @Test
    void inChromiumAFigureTheseInputsCannotDrawSaysWhy() throws Exception {
        Path site = renderInChromium("chains/", "card");
        try (Browser b = browser(1280, false)) {
            b.go(site.resolve("performance-debugging-chains.html").toUri() + "#batch=0");
            b.settle();
            List<String> notes = b.texts(".chain-note:not([hidden])");
            assertTrue(notes.stream().anyMatch(n -> n.startsWith("(not drawn for these inputs: ")), notes.toString());
            assertTrue(b.eval("document.querySelector('.chain-note:not([hidden])').previousElementSibling.style.opacity").contains("0.45"));
        }
    }

    /**
     * The plot marks the reader's batch as theirs and keeps the chain's own 64 marked as the
     * chain's (it said "the chain's own batch = 32"); a batch outside the plotted 1 .. 256 is said
     * to be, where the alt text said "the chain's own batch = 500 marked" and nothing was.
     */
    @Test
    void inChromiumThePlotMarksTheReadersPointAndTheChainsOwn() throws Exception {
        Path site = renderInChromium("chains/", "card");
        String at32 = dom(site.resolve("performance-debugging-chains.html"), "#batch=32");
        assertTrue(at32.contains(">the chain's own batch = 64</text>") && at32.contains(">batch = 32</text>"), at32);
        assertFalse(at32.contains("the chain's own batch = 32"), "the reader's point is not the chain's");
        String at500 = dom(site.resolve("performance-debugging-chains.html"), "#batch=500");
        assertTrue(at500.contains("with batch = 500, outside the plotted range, not marked and the chain's own batch = 64 marked"), at500);
        assertTrue(at500.contains(">batch = 500: outside the plotted range</text>"), at500);
    }

    /**
     * On a phone (320 px), light and dark: nothing runs off the side (the page was laid out 1,222 px
     * wide at 375), the code blocks scroll inside themselves, and the dark page is dark. The
     * screenshots are in target/screenshots/ to look at.
     */
    @Test
    void inChromiumThePageFitsAPhoneInLightAndDark() throws Exception {
        Path site = renderInChromium("chains/", "card");
        Path shots = Files.createDirectories(Path.of("target/screenshots").toAbsolutePath());
        for (boolean dark : new boolean[] {false, true}) {
            try (Browser b = browser(320, dark)) {
                b.go(site.resolve("performance-debugging-chains.html").toUri() + "#batch=32");
                b.settle();
                int wide = Integer.parseInt(b.eval("document.documentElement.scrollWidth"));
                assertTrue(wide <= 320, (dark ? "dark" : "light") + ": laid out " + wide + " px wide");
                assertEquals(dark ? "\"rgb(13, 17, 23)\"" : "\"rgba(0, 0, 0, 0)\"", b.eval("getComputedStyle(document.body).backgroundColor"));
                assertEquals("\"auto\"", b.eval("getComputedStyle(document.querySelector('pre.chain-code')).overflowX"));
                Files.write(shots.resolve("page-320-" + (dark ? "dark" : "light") + ".png"), b.screenshot());
            }
        }
    }

    /**
     * A window resized, a phone turned: the figures are drawn again as wide as they are now shown
     * (they were drawn at load and after typing only, a 720-px figure scaled down to 6-px text on
     * a phone turned upright), and back at 1280 px they are the card's 720 again.
     */
    @Test
    void inChromiumTheFiguresAreDrawnAgainWhenTheWindowIsResized() throws Exception {
        Path site = renderInChromium("chains/", "card");
        try (Browser b = browser(1280, false)) {
            b.go(site.resolve("performance-debugging-chains.html").toUri().toString());
            b.settle();
            String plot = "document.querySelector('svg.chain-figure')";
            assertEquals("\"720\"", b.eval(plot + ".getAttribute('width')"));
            b.resize(375, 800);
            b.settle();
            String shown = b.eval("String(Math.floor(" + plot + ".parentNode.clientWidth))");
            assertTrue(Integer.parseInt(shown.replace("\"", "")) < 375, shown);
            assertEquals(shown, b.eval(plot + ".getAttribute('width')"), "drawn as wide as it is shown");
            b.resize(1280, 900);
            b.settle();
            assertEquals("\"720\"", b.eval(plot + ".getAttribute('width')"));
        }
    }

    /** A browser at {@code width} px, light or dark; the test is skipped without Chromium. */
    private Browser browser(int width, boolean dark) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " here (.ci/run installs it)");
        return Browser.open(CHROMIUM, tmp.resolve("profile-" + width + (dark ? "-dark" : "")), width, 900, dark);
    }

    /** The line of chain 02's code block that starts with {@code label}, as {@code render --set SET} prints it. */
    private static String line(String label, String set) {
        CliRun r = CliRun.of("render", "--set", set, "chains/02-inter-token-floor.chain");
        assertEquals(0, r.exit(), r.err());
        return r.out().lines().filter(l -> l.startsWith(label + " ")).findFirst().orElseThrow();
    }

    /** {@code render --interactive SOURCE -o} a folder of the test's, for Chromium to open; the test is skipped without Chromium. */
    private Path renderInChromium(String source, String folder) {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " here (.ci/run installs it)");
        Path site = tmp.resolve(folder);
        CliRun r = CliRun.of("render", "--interactive", source, "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        return site;
    }

    /**
     * The page as Chromium shows it once its script has run, without the marks of what changed from
     * the card and of a failing group's lines, which fall between the words a test looks for.
     */
    private String dom(Path page, String hash) throws Exception {
        return chromium(page, hash, "--dump-dom").replaceAll("</?mark[^>]*>", "")
                .replaceAll("<span class=\"chain-failing\"[^>]*>([^<]*)</span>", "$1");
    }

    private String chromium(Path page, String hash, String... what) throws Exception {
        Path profile = Files.createDirectories(tmp.resolve("profile"));
        List<String> command = new java.util.ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + profile, "--virtual-time-budget=5000"));
        command.addAll(List.of(what));
        command.add(page.toUri() + hash);
        Path out = tmp.resolve("chromium.out");
        Process chromium = new ProcessBuilder(command).redirectError(tmp.resolve("chromium.log").toFile())
                .redirectOutput(out.toFile()).start();
        if (!chromium.waitFor(120, TimeUnit.SECONDS)) {
            chromium.destroyForcibly();
            throw new AssertionError("chromium took over two minutes");
        }
        return Files.readString(out);
    }
}
