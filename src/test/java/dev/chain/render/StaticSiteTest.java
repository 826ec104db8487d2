package dev.chain.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import dev.chain.Tools;
import dev.chain.cli.CliRun;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The card published by a real static site generator: Eleventy, pinned in src/test/eleventy
 * (package.json and its lock; {@code npm ci} there, which .ci/run does; without node or the package
 * this test skips itself). The card and a chain of it are rendered with front matter, static and
 * explorable, in each layout, into the site that folder's configuration sets up as
 * docs/rendering.md tells one to (Markdown through a layout that prints the title, the figures,
 * the script and the standalone .html copied); each drill and the next card is a page whose address
 * Eleventy makes from its title with its own {@code slugify}. Eleventy builds it, and every link,
 * image and script of every page it built, and of each standalone .html, must be a file of the site,
 * and each page must say its title once.
 */
class StaticSiteTest {
    private static final Path FOLDER = Path.of("src/test/eleventy");
    private static final Path ELEVENTY = FOLDER.resolve("node_modules/@11ty/eleventy/cmd.cjs");
    private static final String CARD = "Performance debugging chains: what the symptom should have cost";
    private static final String CHAIN = "The inter-token floor and a mixed step";

    @TempDir
    Path tmp;

    /**
     * Flat: {@code cards/NAME.md} is served at {@code /cards/NAME/}, its figures and script at
     * {@code /cards/}: the page reaches them through {@code --asset-base}, relative ({@code ../}) or
     * from the site's root ({@code /live/}).
     */
    @Test
    void theFlatLayoutWithAnAssetBase() throws IOException, InterruptedException {
        assertEquals(List.of("cards/performance-debugging-chains/index.html", "chain/02-inter-token-floor/index.html",
                "live/performance-debugging-chains.html", "live/performance-debugging-chains/index.html"),
                publish(List.of("--asset-base", "../"), List.of("--asset-base", "/live/")));
    }

    /** Bundles: {@code cards/NAME/index.md}, its files beside it, served at {@code /cards/NAME/}: relative references. */
    @Test
    void theBundleLayout() throws IOException, InterruptedException {
        assertEquals(List.of("cards/performance-debugging-chains/index.html", "chain/02-inter-token-floor/index.html",
                "live/performance-debugging-chains/index.html", "live/performance-debugging-chains/performance-debugging-chains.html"),
                publish(List.of("--layout", "bundle"), List.of("--layout", "bundle")));
    }

    /**
     * The card and its second chain rendered static with {@code options} into cards/ and chain/, the
     * card explorable with {@code liveOptions} into live/, built by Eleventy and each reference of the
     * built pages checked; the pages built from them.
     */
    private List<String> publish(List<String> options, List<String> liveOptions) throws IOException, InterruptedException {
        Path content = site();
        render("chains/", content.resolve("cards"), options);
        render("chains/02-inter-token-floor.chain", content.resolve("chain"), options);
        List<String> live = new ArrayList<>(liveOptions);
        live.add("--interactive");
        render("chains/", content.resolve("live"), live);
        Path built = build();
        // Two figures on each page, and on the explorable page and its standalone .html the script.
        checkEveryReference(built, 2 + 2 + 3 + 3, 3 * 9);
        return chainPages(built);
    }

    // ---- render --site: Hugo, Jekyll and Eleventy with no edit by hand --------------------------------

    /**
     * Hugo (Debian's {@code hugo}, which .ci/run installs): a site made by {@code hugo new site}, the
     * two lines that let goldmark pass HTML through, a theme's page layout (which prints the title), and
     * the pages of {@code render --site hugo}, flat. Every reference resolves, and in Chromium the
     * explorable page follows a typed batch, its changed numbers readable on Hugo's dark code style.
     */
    @Test
    void hugoBuildsTheSiteOfRenderSiteHugo() throws Exception {
        assumeTrue(Tools.onPath("hugo"), "hugo is not installed (.ci/run installs Debian's)");
        Path site = tmp.resolve("site");
        run(tmp, "hugo", "new", "site", "site");
        Path config = Files.exists(site.resolve("hugo.toml")) ? site.resolve("hugo.toml") : site.resolve("config.toml");
        Files.writeString(config, Files.readString(Path.of("src/test/hugo/config.toml")), java.nio.file.StandardOpenOption.APPEND);
        Files.createDirectories(site.resolve("layouts/_default"));
        Files.copy(Path.of("src/test/hugo/layouts/_default/single.html"), site.resolve("layouts/_default/single.html"));
        Path content = site.resolve("content");
        stubs(content, ".md", "");
        renderSite("hugo", content);
        run(site, "hugo");
        Path built = site.resolve("public");
        checkEveryReference(built, 2 + 2 + 3, 9 + 1 + 9);
        assertEquals(List.of("cards/performance-debugging-chains/index.html", "chain-drills/bad-itl-with-fine-ttft/index.html",
                "chain/02-inter-token-floor/index.html", "live/performance-debugging-chains/index.html"), chainPages(built));
        typeIntoThePage(built.resolve("live/performance-debugging-chains/index.html"));
    }

    /**
     * Jekyll (Debian's {@code jekyll}, which .ci/run installs): a site made by {@code jekyll new
     * --blank}, untouched, and the pages of {@code render --site jekyll}: its layout named in the front
     * matter, served at {@code /cards/NAME.html} beside its figures and script.
     */
    @Test
    void jekyllBuildsTheSiteOfRenderSiteJekyll() throws Exception {
        assumeTrue(Tools.onPath("jekyll"), "jekyll is not installed (.ci/run installs Debian's)");
        Path site = tmp.resolve("site");
        run(tmp, "jekyll", "new", "--blank", "site");
        stubs(site, ".md", "layout: default\n");  // whose layout prints no title: the stub's heading says it
        renderSite("jekyll", site);
        run(site, "jekyll", "build");
        Path built = site.resolve("_site");
        checkEveryReference(built, 2 + 2 + 3, 9 + 1 + 9);
        assertEquals(List.of("cards/performance-debugging-chains.html", "chain-drills/bad-itl-with-fine-ttft.html",
                "chain/02-inter-token-floor.html", "live/performance-debugging-chains.html"), chainPages(built));
        String page = Files.readString(built.resolve("live/performance-debugging-chains.html"));
        assertTrue(page.contains("<title>" + CARD + " - </title>"), "the layout's title");
        typeIntoThePage(built.resolve("live/performance-debugging-chains.html"));
    }

    /** Eleventy, configured as docs/rendering.md says, and the pages of {@code render --site eleventy}. */
    @Test
    void eleventyBuildsTheSiteOfRenderSiteEleventy() throws Exception {
        Path content = site();
        renderSite("eleventy", content);
        Path built = build();
        checkEveryReference(built, 2 + 2 + 3, 9 + 1 + 9);
        typeIntoThePage(built.resolve("live/performance-debugging-chains/index.html"));
        // docs/rendering.md shows the configuration whole: a reader who copies it gets this site.
        String docs = Files.readString(Path.of("docs/rendering.md"));
        for (String line : Files.readAllLines(FOLDER.resolve("eleventy.config.mjs"))) {
            String code = line.strip();
            assertTrue(code.isEmpty() || code.startsWith("//") || docs.contains("  " + line + "\n"),
                    "docs/rendering.md's Eleventy configuration has: " + line);
        }
    }

    /**
     * The card static into cards/, its second chain into chain/ with its drill's page into
     * chain-drills/ (the card links the site's /drills/ as its {@code links "/"} says; the chain
     * links the page the render writes), the card explorable into live/, for {@code generator}.
     */
    private static void renderSite(String generator, Path content) {
        for (List<String> args : List.of(List.of("chains/", "cards"), List.of("chains/02-inter-token-floor.chain", "chain",
                        "--drills", content.resolve("chain-drills").toString()),
                List.of("chains/", "live", "--interactive"))) {
            List<String> command = new ArrayList<>(List.of("render", "--site", generator, args.get(0), "-o",
                    content.resolve(args.get(1)).toString()));
            command.addAll(args.subList(2, args.size()));
            CliRun r = CliRun.of(command.toArray(String[]::new));
            assertEquals(0, r.exit(), r.err());
        }
    }

    /** A page for each drill and for the next card where chain's kebab slugs link them: Hugo's address and Jekyll's. */
    private static void stubs(Path content, String extension, String frontMatter) throws IOException {
        Files.createDirectories(content.resolve("drills"));
        Files.createDirectories(content.resolve("cards"));
        for (String drill : drills()) {
            Files.writeString(content.resolve("drills/" + Links.slug(drill, Links.SlugRule.kebab) + extension),
                    stub(frontMatter, drill));
        }
        Matcher next = Pattern.compile("(?m)^next \"([^\"]*)\"").matcher(Files.readString(Path.of("chains/performance-debugging-chains.card")));
        assertTrue(next.find());
        Files.writeString(content.resolve("cards/" + Links.slug(next.group(1), Links.SlugRule.kebab) + extension),
                stub(frontMatter, next.group(1)));
    }

    /** A page of the site titled {@code title}; with a layout named (Jekyll's default, which prints no title), its heading too. */
    private static String stub(String frontMatter, String title) {
        return "---\n" + frontMatter + "title: " + new com.google.gson.Gson().toJson(title) + "\n---\n\n"
                + (frontMatter.isEmpty() ? "" : "# " + title + "\n\n") + "A page of the site.\n";
    }

    /** {@code command} in {@code folder}, which must exit 0 within two minutes. */
    private static void run(Path folder, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), String.join(" ", command) + " did not finish: " + out);
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + out);
    }

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    /**
     * The built explorable page in Chromium, light and dark: its images load, a batch of 32 typed into
     * chain 02's box gives its floor at 9.92 ms, and each number it changed reads at a contrast of 4.5
     * or more against its mark, on the site's own code style; Practice on chain 02 fetches
     * chain-practice.js from where the site put it, which loads the page's practice models from where
     * the site put them, and grades a kv without the batch as chain drill does.
     */
    private void typeIntoThePage(Path page) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " here (.ci/run installs it)");
        for (boolean dark : new boolean[] {false, true}) {
            try (dev.chain.web.Browser b = dev.chain.web.Browser.open(CHROMIUM, tmp.resolve("profile-" + dark), 1280, 900, dark)) {
                b.go(page.toUri().toString());
                assertEquals("\"8\"", b.eval("document.documentElement.getAttribute('data-chain-live')"), page + ": every chain is live");
                assertEquals("true", b.eval("Array.prototype.every.call(document.images, function (i) { return i.complete && i.naturalWidth > 0; })"),
                        page + ": every image loads");
                b.type("document.querySelector('form[aria-label*=\"inter-token floor\"] input[data-input=batch]')", "32");
                assertTrue(b.texts("pre.chain-code").stream().anyMatch(t -> t.contains("(16.06 GB weights + 17.18 GB KV) / 3.35 TB/s = 9.92 ms")),
                        page + ": the floor at batch 32");
                double contrast = Double.parseDouble(b.eval(CONTRAST));
                assertTrue(contrast >= 4.5, page + (dark ? " dark" : " light") + ": a changed number's contrast is " + contrast);
                // Practice fetches chain-practice.js from beside the page's script, where the site put both.
                b.eval("document.querySelector('form[aria-label*=\"inter-token floor\"] button.chain-practice').click()");
                for (int i = 0; i < 400 && b.eval("document.querySelector('input[data-step=kv]') !== null").equals("false"); i++) {
                    Thread.sleep(50);
                }
                b.eval("(function (e) { e.value = '536.9 MB'; e.dispatchEvent(new Event('change')); return 1; })"
                        + "(document.querySelector('input[data-step=kv]'))");
                assertTrue(b.eval("document.querySelector('input[data-step=kv]').closest('.chain-input').textContent")
                        .contains("left out the factor `batch`"), page + ": Practice grades kv without the batch");
            }
        }
    }

    /** The lowest contrast ratio (WCAG's) of a changed number's text against its mark's background, on the page. */
    private static final String CONTRAST = "(function () {"
            + "function lum(s) { var c = s.match(/[\\d.]+/g).slice(0, 3).map(function (v) { v = v / 255;"
            + " return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });"
            + " return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; }"
            + "var marks = document.querySelectorAll('pre mark.chain-changed'); if (marks.length === 0) { return 0; }"
            + "return Math.min.apply(null, Array.prototype.map.call(marks, function (m) { var s = getComputedStyle(m);"
            + " var f = lum(s.color), g = lum(s.backgroundColor);"
            + " return (Math.max(f, g) + 0.05) / (Math.min(f, g) + 0.05); })); })()";

    // ---- the site -----------------------------------------------------------------------------------

    /** A site of Eleventy's configuration and layout, with a page for each drill and for the next card. */
    private Path site() throws IOException {
        assumeTrue(Tools.onPath("node"), "node is not installed (.ci/run installs it)");
        assumeTrue(Files.isRegularFile(ELEVENTY), "Eleventy is not installed: run npm ci in " + FOLDER + " (.ci/run does)");
        Files.copy(FOLDER.resolve("eleventy.config.mjs"), tmp.resolve("eleventy.config.mjs"));
        Files.createDirectories(tmp.resolve("_includes"));
        Files.copy(FOLDER.resolve("_includes/page.liquid"), tmp.resolve("_includes/page.liquid"));
        Path content = Files.createDirectories(tmp.resolve("content"));
        Files.createDirectories(content.resolve("drills"));
        int n = 0;
        for (String drill : drills()) {
            stub(content.resolve("drills/drill-" + ++n + ".md"), drill, "drills");
        }
        Matcher next = Pattern.compile("(?m)^next \"([^\"]*)\"").matcher(Files.readString(Path.of("chains/performance-debugging-chains.card")));
        assertTrue(next.find());
        stub(content.resolve("next-card.md"), next.group(1), "cards");
        return content;
    }

    /** Every drill of chains/, as {@code chain run --json} says them. */
    private static Set<String> drills() {
        CliRun run = CliRun.of("run", "--json", "chains/");
        assertEquals(0, run.exit(), run.err());
        Set<String> drills = new LinkedHashSet<>();
        for (JsonElement chain : JsonParser.parseString(run.out()).getAsJsonArray()) {
            chain.getAsJsonObject().getAsJsonArray("drills").forEach(d -> drills.add(d.getAsString()));
        }
        assertEquals(8, drills.size(), drills.toString());
        return drills;
    }

    /** A page that Eleventy publishes at /SECTION/SLUG/, its slug made by Eleventy from its title. */
    private static void stub(Path file, String title, String section) throws IOException {
        Files.writeString(file, "---\ntitle: " + new com.google.gson.Gson().toJson(title) + "\npermalink: \"/" + section
                + "/{{ title | slugify }}/\"\n---\n\nA page of the site.\n");
    }

    private static void render(String source, Path out, List<String> options) {
        List<String> args = new ArrayList<>(List.of("render", "--front-matter", source, "-o", out.toString()));
        args.addAll(options);
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
    }

    /** Eleventy's build of the site, in {@code _site}. */
    private Path build() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("node", ELEVENTY.toAbsolutePath().toString()).directory(tmp.toFile())
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "eleventy did not finish: " + out);
        assertEquals(0, p.exitValue(), out);
        return tmp.resolve("_site");
    }

    // ---- what it built --------------------------------------------------------------------------------

    private static final Pattern REFERENCE = Pattern.compile("\\s(href|src|data-practice-models)=\"([^\"]*)\"");
    private static final Pattern HEADING = Pattern.compile("<h([1-6])[^>]*>(.*?)</h\\1>", Pattern.DOTALL);

    /** The built pages that hold a chain's code block (every page but the stubs of the drills and the next card), sorted. */
    private static List<String> chainPages(Path site) throws IOException {
        List<String> pages = new ArrayList<>();
        for (Path page : htmlFiles(site)) {
            if (Files.readString(page).contains("<pre")) { // Hugo's <pre tabindex="0" style=...>, Jekyll's <pre class="highlight">
                pages.add(site.relativize(page).toString().replace('\\', '/'));
            }
        }
        return pages;
    }

    /**
     * Each link, image and script of each page resolves, from the page's own address, to a file of
     * the site; and each page has one {@code h1}, its title, which no other heading repeats.
     *
     * @param images how many images and scripts the pages have in all (each figure, each page's script)
     * @param least  how many links they have at least (each page's drills and next card)
     */
    private static void checkEveryReference(Path site, int images, int least) throws IOException {
        int checked = 0;
        int links = 0;
        for (Path page : htmlFiles(site)) {
            String html = Files.readString(page);
            String relative = site.relativize(page).toString().replace('\\', '/');
            URI address = URI.create("http://site.test/" + (relative.endsWith("index.html")
                    ? relative.substring(0, relative.length() - "index.html".length()) : relative));
            Matcher m = REFERENCE.matcher(html);
            while (m.find()) {
                String reference = m.group(2).replace("&amp;", "&");
                if (reference.startsWith("#")) {
                    continue;
                }
                URI target = address.resolve(reference);
                assertEquals("site.test", target.getHost(), relative + ": " + reference + " leaves the site");
                String path = target.getPath().substring(1);
                Path file = site.resolve(path.isEmpty() || path.endsWith("/") ? path + "index.html" : path);
                assertTrue(Files.isRegularFile(file), relative + ": " + m.group(1) + "=\"" + reference + "\" is " + target.getPath()
                        + ", which the site does not have");
                if (file.getFileName().toString().equals(RenderOptions.SCRIPT)) {
                    // The practice mode's script, which the page's fetches from beside itself when Practice is turned on.
                    assertTrue(Files.isRegularFile(file.resolveSibling(RenderOptions.PRACTICE_SCRIPT)),
                            relative + ": no " + RenderOptions.PRACTICE_SCRIPT + " beside " + target.getPath());
                }
                if (m.group(1).equals("src")) {
                    checked++;
                } else {
                    links++;
                }
            }
            if (relative.equals("index.html")) {
                continue; // the site's home page, the generator's own (jekyll new's)
            }
            List<String> headings = new ArrayList<>();
            Matcher h = HEADING.matcher(html);
            int h1 = 0;
            while (h.find()) {
                headings.add(h.group(2).trim());
                h1 += h.group(1).equals("1") ? 1 : 0;
            }
            assertEquals(1, h1, relative + " has one h1: " + headings);
            for (String title : List.of(CARD, CHAIN)) {
                if (html.contains("<title>" + title + "</title>")) {
                    assertEquals(1, headings.stream().filter(title::equals).count(), relative + " says its title once: " + headings);
                }
            }
        }
        assertEquals(images, checked, "the pages' images and scripts");
        assertTrue(links >= least, "every page's drills and next card: " + links);
    }

    private static List<Path> htmlFiles(Path site) throws IOException {
        try (Stream<Path> files = Files.walk(site)) {
            return files.filter(f -> f.toString().endsWith(".html")).sorted().toList();
        }
    }
}
