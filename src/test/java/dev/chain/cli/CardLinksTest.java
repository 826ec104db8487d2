package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Links between the cards of one render (issue 42): {@code [text](card:NAME)} in an intro, and a
 * "Next card:" naming a card rendered beside it, are written as the site's link to that card's page
 * (the Markdown file, Hugo's and Eleventy's folder, Jekyll's .html, a bundle's folder); a card link
 * to no card file is an error of check, render and render --check.
 */
class CardLinksTest {
    @TempDir
    Path tmp;

    Path cards;

    @BeforeEach
    void twoCardsThatLinkEachOther() throws IOException {
        cards = Files.createDirectories(tmp.resolve("cards"));
        Files.copy(Path.of("chains/02-inter-token-floor.chain"), cards.resolve("02-inter-token-floor.chain"));
        Files.copy(Path.of("chains/05-fp8-expectations.chain"), cards.resolve("05-fp8-expectations.chain"));
        Files.writeString(cards.resolve("a-first.card"), """
                card "The first card"
                intro \"""
                  Read [the second card](card:b-second) after this one.
                  \"""
                include "02-inter-token-floor.chain"
                next "The second card"
                """);
        Files.writeString(cards.resolve("b-second.card"), """
                card "The second card"
                intro "Before it, [the first](card:a-first)."
                include "05-fp8-expectations.chain"
                next "A card elsewhere"
                """);
    }

    private String render(String page, String... options) {
        Path out = tmp.resolve("out-" + String.join("-", options).replace("-", ""));
        String[] args = new String[options.length + 4];
        args[0] = "render";
        System.arraycopy(options, 0, args, 1, options.length);
        args[options.length + 1] = cards.toString();
        args[options.length + 2] = "-o";
        args[options.length + 3] = out.toString();
        CliRun r = CliRun.of(args);
        assertEquals(0, r.exit(), r.err());
        try {
            return Files.readString(out.resolve(page));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aCardLinkAndANextCardOfTheRenderLinkToTheCardsPage() {
        String first = render("a-first.md");
        assertTrue(first.contains("\nRead [the second card](b-second.md) after this one.\n"), first);
        assertTrue(first.contains("\nNext card: [The second card](b-second.md)\n"), first);
        String second = render("b-second.md");
        assertTrue(second.contains("\nBefore it, [the first](a-first.md).\n"), second);
        assertTrue(second.contains("\nNext card: A card elsewhere\n"), "not in this render and no link base: plain text");
    }

    @Test
    void eachSiteGetsItsOwnAddressOfTheCard() {
        assertTrue(render("a-first.md", "--site", "hugo").contains("\nNext card: [The second card](../b-second/)\n"));
        assertTrue(render("a-first.md", "--site", "eleventy").contains("Read [the second card](../b-second/) after"));
        String jekyll = render("a-first.md", "--site", "jekyll");
        assertTrue(jekyll.contains("Read [the second card](b-second.html) after"), jekyll);
        assertTrue(jekyll.contains("\nNext card: [The second card](b-second.html)\n"), jekyll);
        assertTrue(render("a-first/index.md", "--layout", "bundle").contains("Read [the second card](../b-second/) after"));
        // The standalone page of an explorable render (what chain serve shows) links the other's.
        String html = render("a-first.html", "--interactive");
        assertTrue(html.contains("<a href=\"b-second.html\">the second card</a>"), html);
        assertTrue(html.contains("Next card: <a href=\"b-second.html\">The second card</a>"), html);
    }

    @Test
    void aCardLinkToNoCardFileIsAnErrorOfCheckRenderAndRenderCheck() throws IOException {
        Files.writeString(cards.resolve("b-second.card"), """
                card "The second card"
                intro "Before it, [the first](card:a-first), and [the third](card:c-third)."
                include "05-fp8-expectations.chain"
                """);
        String expected = cards.resolve("b-second.card") + ":2:62: error: `[the third](card:c-third)` links to no card: there is no "
                + "c-third.card beside this card\n";
        Path out = tmp.resolve("out");
        for (String[] command : new String[][] {{"check", cards.toString()}, {"render", cards.toString(), "-o", out.toString()},
                {"render", "--check", cards.toString(), "-o", out.toString()}, {"render", cards.resolve("b-second.card").toString()}}) {
            CliRun r = CliRun.of(command);
            assertEquals(1, r.exit(), String.join(" ", command) + ": " + r.err());
            assertTrue(r.err().startsWith(expected), String.join(" ", command) + ": " + r.err());
            assertTrue(r.err().contains("= note: a card link names a card of this folder by its file's name, without .card\n"), r.err());
        }
        assertFalse(Files.exists(out.resolve("b-second.md")), "nothing is written");
    }

    @Test
    void aCardLinkNamesAFileOfTheFolderNotAPath() throws IOException {
        Files.writeString(cards.resolve("b-second.card"), """
                card "The second card"
                intro "Up: [the index](card:../index)."
                include "05-fp8-expectations.chain"
                """);
        CliRun r = CliRun.of("check", cards.resolve("b-second.card").toString());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains(":2:24: error: `[the index](card:../index)` names no card file: a card link names a card "
                + "of this folder by its file's name, without .card\n"), r.err());
        assertTrue(r.err().contains("= hint: [the next card](card:02-next) links 02-next.card\n"), r.err());
    }
}
