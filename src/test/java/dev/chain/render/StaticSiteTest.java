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
        checkEveryReference(built, 2 + 2 + 3 + 3);
        return chainPages(built);
    }

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

    private static final Pattern REFERENCE = Pattern.compile("\\s(href|src)=\"([^\"]*)\"");
    private static final Pattern HEADING = Pattern.compile("<h([1-6])[^>]*>(.*?)</h\\1>", Pattern.DOTALL);

    /** The built pages that hold a chain (every page but the drills' and the next card's), sorted. */
    private static List<String> chainPages(Path site) throws IOException {
        List<String> pages = new ArrayList<>();
        for (Path page : htmlFiles(site)) {
            if (Files.readString(page).contains("<pre>")) {
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
     */
    private static void checkEveryReference(Path site, int images) throws IOException {
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
                if (m.group(1).equals("src")) {
                    checked++;
                } else {
                    links++;
                }
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
        assertTrue(links >= 3 * 9, "every page's drills and next card: " + links);
    }

    private static List<Path> htmlFiles(Path site) throws IOException {
        try (Stream<Path> files = Files.walk(site)) {
            return files.filter(f -> f.toString().endsWith(".html")).sorted().toList();
        }
    }
}
