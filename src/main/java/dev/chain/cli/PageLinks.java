package dev.chain.cli;

import dev.chain.ast.Stmt;
import dev.chain.ast.Text;
import dev.chain.check.CardLinks;
import dev.chain.check.CheckedCard;
import dev.chain.diag.Diagnostic;
import dev.chain.render.Links;
import dev.chain.render.Prose;
import dev.chain.session.ChainRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The links of a page that go nowhere on the site being built: a "Drilled in:" whose drill page
 * this render does not write, a "Next card:" naming a card it does not render, with no explicit
 * link base to say the site has them (the page says their titles as plain text; each is a warning
 * at the chain's {@code drill} or the card's {@code next}); a card link to a page neither written
 * nor in the folder (an error at the link).
 */
final class PageLinks {
    private PageLinks() {}

    /** How a link base says where the site has a page. */
    private static final String BASE = "or say where the site has it: --link-base URL, or `links \"BASE\"` in the card";

    /** A warning for each drill and next card of the page that {@code links} has no address of. */
    static List<Diagnostic> unresolved(Links links, CheckedCard card, List<ChainRun> runs) {
        List<Diagnostic> warnings = new ArrayList<>();
        for (ChainRun run : runs) {
            if (run.chain() == null) {
                continue;
            }
            for (Text drill : run.chain().program().drills()) {
                if (links.drill(drill.value()) == null) {
                    warnings.add(warning(drill, "this render writes no drill page `" + Links.slug(drill.value(), links.rule()) + "`",
                            "pass -o DIR --drills DRILLS to write it, " + BASE));
                }
            }
        }
        if (card != null && card.next() != null && links.card(card.next().value()) == null) {
            warnings.add(warning(card.next(), "this render has no card of that title", "render that card with this one, " + BASE));
        }
        return warnings;
    }

    /**
     * An error for each card link of the page ({@code [text](card:NAME)} in the card's intro or a
     * chain's note) whose page, {@code NAME.md} beside {@code page} ({@code NAME/index.md} beside its
     * bundle), this render does not write ({@code written}) and the folder does not have: on the site it would 404.
     */
    static List<Diagnostic> broken(CheckedCard card, List<ChainRun> runs, Path page, SiteLayout layout, Set<Path> written) {
        List<CardLinks.Located> links = new ArrayList<>();
        if (card != null && card.intro() != null) {
            links.addAll(CardLinks.located(card.intro().source(), Prose.paragraphs(card.intro())));
        }
        for (ChainRun run : runs) {
            for (Stmt.Note note : run.chain() == null ? List.<Stmt.Note>of() : run.chain().program().notes()) {
                links.addAll(CardLinks.located(note.text(), Prose.paragraphs(note.text().value())));
            }
        }
        List<Diagnostic> errors = new ArrayList<>();
        for (CardLinks.Located link : links) {
            String name = link.link().name();
            Path target = layout == SiteLayout.bundle ? page.getParent().resolveSibling(name).resolve("index.md")
                    : page.resolveSibling(name + ".md");
            if (!written.contains(target) && !Files.isRegularFile(target)) {
                errors.add(Diagnostic.error(link.at(), "`" + link.shown() + "` links to " + target + ", a page this render "
                        + "does not write and its folder does not have")
                        .withHint("render " + name + ".card with this page: `chain render FOLDER` renders each card of the folder"));
            }
        }
        return errors;
    }

    private static Diagnostic warning(Text title, String why, String hint) {
        return Diagnostic.error(title.span(), "\"" + title.value() + "\" links to no page: " + why
                + " and no link base says where the site has one; the page says it as plain text")
                .withHint(hint).asWarning();
    }
}
