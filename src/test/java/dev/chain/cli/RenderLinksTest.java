package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where "Drilled in:" and "Next card:" point (issue 42 item 5), on src/test/resources/links: two
 * cards that include one chain (drilled in "Ratios by hand"), the first's next card rendered
 * nowhere, the second's the first. A link resolves to a page of the render (the drill page --drills
 * writes, a card rendered with it), as the site serves it; else an explicit link base keeps it as
 * the author wrote it; else it is plain text, with a warning at the drill or the next card.
 */
class RenderLinksTest {
    private static final Path CARDS = Path.of("src/test/resources/links");
    private static final Path GOLDEN = Path.of("src/test/resources/golden/links");

    @TempDir
    Path tmp;

    private static CliRun ok(String... args) {
        CliRun r = CliRun.of(args);
        assertEquals(0, r.exit(), r.err());
        return r;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aLinkToNoPageOfTheRenderIsPlainTextWithAWarningAtTheDrillOrTheNextCard() {
        CliRun r = ok("render", "--color=never", CARDS.toString());
        Golden.assertMatches(GOLDEN.resolve("unresolved.md"), r.out());
        Golden.assertMatches(GOLDEN.resolve("unresolved.stderr"), r.err());
        assertTrue(r.out().contains("\nDrilled in: Ratios by hand\n\nNext card: A card elsewhere\n"), r.out());
        assertTrue(r.out().contains("\nNext card: [The first card](first.md)\n"), "a card of the render is linked");
    }

    @Test
    void aDrillLinksTheDrillPageTheRenderWritesAsTheSiteServesIt() {
        Path site = tmp.resolve("site");
        // Flat Markdown, no site: the file itself, from cards/ to drills/.
        CliRun flat = ok("render", CARDS.toString(), "-o", site.resolve("cards").toString(), "--drills", site.resolve("drills").toString());
        assertTrue(flat.err().startsWith(CARDS.resolve("first.card") + ":4:6: warning: \"A card elsewhere\" links to no page"), flat.err());
        assertEquals(1, flat.err().split("warning:", -1).length - 1, "the drill resolves: the next card's is the only warning");
        assertTrue(read(site.resolve("cards/second.md")).contains("\nDrilled in: [Ratios by hand](../drills/ratios-by-hand.md)\n"));
        assertTrue(Files.isRegularFile(site.resolve("drills/ratios-by-hand.md")));
        // Hugo serves cards/second.md at /cards/second/ and drills/ratios-by-hand.md at /drills/ratios-by-hand/.
        Path hugo = tmp.resolve("hugo");
        ok("render", "--site", "hugo", CARDS.toString(), "-o", hugo.resolve("cards").toString(), "--drills", hugo.resolve("drills").toString());
        assertTrue(read(hugo.resolve("cards/second.md")).contains("\nDrilled in: [Ratios by hand](../../drills/ratios-by-hand/)\n"));
        // Jekyll at /cards/second.html and /drills/ratios-by-hand.html.
        Path jekyll = tmp.resolve("jekyll");
        ok("render", "--site", "jekyll", CARDS.toString(), "-o", jekyll.resolve("cards").toString(), "--drills", jekyll.resolve("drills").toString());
        String page = read(jekyll.resolve("cards/second.md"));
        assertTrue(page.contains("\nDrilled in: [Ratios by hand](../drills/ratios-by-hand.html)\n"), page);
        assertTrue(page.contains("\nNext card: [The first card](first.html)\n"), page);
        // Bundles: cards/second/index.md at /cards/second/, drills/ratios-by-hand/index.md at /drills/ratios-by-hand/.
        Path bundle = tmp.resolve("bundle");
        ok("render", "--layout", "bundle", CARDS.toString(), "-o", bundle.resolve("cards").toString(), "--drills", bundle.resolve("drills").toString());
        assertTrue(read(bundle.resolve("cards/second/index.md")).contains("\nDrilled in: [Ratios by hand](../../drills/ratios-by-hand/)\n"));
        assertTrue(Files.isRegularFile(bundle.resolve("drills/ratios-by-hand/index.md")));
    }

    @Test
    void aNoteLinksACardOfItsFolderAsTheSiteServesIt() {
        CliRun r = ok("render", CARDS.toString());
        assertTrue(r.out().contains("\nThe [second card](second.md) works it again.\n"), r.out());
        Path hugo = tmp.resolve("hugo");
        ok("render", "--site", "hugo", CARDS.toString(), "-o", hugo.toString());
        assertTrue(read(hugo.resolve("first.md")).contains("\nThe [second card](../second/) works it again.\n"));
        Path live = tmp.resolve("live");
        ok("render", "--interactive", CARDS.toString(), "-o", live.toString());
        assertTrue(read(live.resolve("first.html")).contains("The <a href=\"second.html\">second card</a> works it again."));
    }

    /** A note's card link to no card file: an error at the link, of check, render and render --check, which write nothing. */
    @Test
    void aNotesCardLinkToNoCardIsAnErrorAtTheLink() throws IOException {
        Path folder = Files.createDirectories(tmp.resolve("broken"));
        Path chain = folder.resolve("ratio.chain");
        Files.writeString(chain, read(CARDS.resolve("ratio.chain")).replace("(card:second)", "(card:third)"));
        Files.copy(CARDS.resolve("first.card"), folder.resolve("first.card")); // which its other note links
        Path out = tmp.resolve("out");
        for (String[] command : new String[][] {{"check", chain.toString()}, {"render", chain.toString()},
                {"render", folder.toString(), "-o", out.toString()}, {"render", "--check", folder.toString(), "-o", out.toString()}}) {
            CliRun r = CliRun.of(command);
            assertEquals(1, r.exit(), String.join(" ", command) + ": " + r.err());
            assertEquals(read(GOLDEN.resolve("broken-note.stderr")).replace("BROKEN/", folder + "/"), r.err(), String.join(" ", command));
        }
        assertTrue(Files.notExists(out), "nothing is written");
    }

    /**
     * A card link whose page the render does not write and -o's folder does not have would 404: an
     * error of render and render --check, at the link. Once the folder has the page, it resolves.
     */
    @Test
    void aCardLinkToAPageNeitherWrittenNorInTheFolderIsAnError() throws IOException {
        Path site = tmp.resolve("site");
        String first = CARDS.resolve("first.card").toString();
        for (String[] command : new String[][] {{"render", first, "-o", site.toString()}, {"render", "--check", first, "-o", site.toString()}}) {
            CliRun r = CliRun.of(command);
            assertEquals(1, r.exit(), String.join(" ", command) + ": " + r.err());
            assertTrue(r.err().contains(CARDS.resolve("ratio.chain") + ":11:25: error: `[second card](card:second)` links to "
                    + site.resolve("second.md") + ", a page this render does not write and its folder does not have\n"
                    + " 11 | note \"The [second card](card:second) works it again.\"\n"
                    + "    |                         ^^^^^^^^^^^\n"
                    + "    = hint: render second.card with this page: `chain render FOLDER` renders each card of the folder\n"), r.err());
            assertEquals(1, r.err().split(" error: ", -1).length - 1, "said once: " + r.err());
        }
        assertTrue(Files.notExists(site.resolve("first.md")), "nothing is written");
        ok("render", CARDS.toString(), "-o", site.toString());
        ok("render", first, "-o", site.toString()); // second.md is in the folder now
        ok("render", "--check", first, "-o", site.toString());
    }

    /** chain serve keeps its pages in memory: a card served alone is shown, its link to a card it does not serve with it and all. */
    @Test
    void chainServeShowsACardServedAlone() {
        java.io.StringWriter said = new java.io.StringWriter();
        RenderCommand.Made made = new RenderCommand.Made();
        Terminal terminal = new Terminal(new java.io.PrintWriter(java.io.Writer.nullWriter()), new java.io.PrintWriter(said), false);
        assertEquals(null, RenderCommand.explorable(CARDS.resolve("first.card"), Path.of("")).make(terminal, made), said.toString());
        assertTrue(made.files.get(Path.of("first.md")).contains("\nThe [second card](second.md) works it again.\n"));
    }

    @Test
    void anExplicitBaseKeepsTheLinksAsWritten() throws IOException {
        CliRun fromCommandLine = ok("render", "--link-base", "https://study.example.com/", CARDS.resolve("first.card").toString());
        assertTrue(fromCommandLine.out().contains("\nDrilled in: [Ratios by hand](https://study.example.com/drills/ratios-by-hand/)\n"
                + "\nNext card: [A card elsewhere](https://study.example.com/cards/a-card-elsewhere/)\n"), fromCommandLine.out());
        assertEquals("", fromCommandLine.err(), "the author said where the site has them: no warning");
        Path cards = Files.createDirectories(tmp.resolve("cards"));
        Files.copy(CARDS.resolve("ratio.chain"), cards.resolve("ratio.chain"));
        Files.copy(CARDS.resolve("second.card"), cards.resolve("second.card")); // which ratio.chain's note links
        Files.writeString(cards.resolve("first.card"), read(CARDS.resolve("first.card")) + "links \"/\"\n");
        CliRun fromCard = ok("render", cards.resolve("first.card").toString());
        assertTrue(fromCard.out().contains("\nDrilled in: [Ratios by hand](/drills/ratios-by-hand/)\n"
                + "\nNext card: [A card elsewhere](/cards/a-card-elsewhere/)\n"), fromCard.out());
        assertEquals("", fromCard.err());
        // The card says where the site's sections are, --site how its pages' addresses end: Jekyll's .html.
        CliRun jekyll = ok("render", "--site", "jekyll", cards.resolve("first.card").toString());
        assertTrue(jekyll.out().contains("\nDrilled in: [Ratios by hand](/drills/ratios-by-hand.html)\n"
                + "\nNext card: [A card elsewhere](/cards/a-card-elsewhere.html)\n"), jekyll.out());
        // A pattern is the address whole, whatever the site.
        CliRun pattern = ok("render", "--site", "jekyll", "--link-base", "/{section}/{slug}/", cards.resolve("first.card").toString());
        assertTrue(pattern.out().contains("\nDrilled in: [Ratios by hand](/drills/ratios-by-hand/)\n"), pattern.out());
    }
}
