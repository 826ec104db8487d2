package dev.chain.session;

import dev.chain.ast.Text;
import dev.chain.check.CardLinks;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import java.util.List;
import java.util.function.Predicate;

/**
 * Each {@code [text](card:NAME)} of a card's intro or a chain's note names a card file beside the
 * file that says it, {@code NAME.card}: else an error at the link, since the page would link to
 * nothing. chain check, render and the editor's server all ask here.
 */
final class CardLinkCheck {
    private CardLinkCheck() {}

    private static final String RULE = "a card link names a card of this folder by its file's name, without .card";

    /**
     * The card links of {@code paragraphs}, the prose of {@code written}, each checked: {@code
     * exists} is asked for the card file's name; {@code whose} is "card" or "chain".
     */
    static void check(Text written, List<String> paragraphs, String whose, Predicate<String> exists, Diagnostics diagnostics) {
        for (CardLinks.Located found : CardLinks.located(written, paragraphs)) {
            String name = found.link().name();
            if (!CardLinks.isName(name)) {
                diagnostics.add(Diagnostic.error(found.at(), "`" + found.shown() + "` names no card file: " + RULE)
                        .withHint("[the next card](card:02-next) links 02-next.card"));
            } else if (!exists.test(name + ".card")) {
                diagnostics.add(Diagnostic.error(found.at(), "`" + found.shown() + "` links to no card: there is no "
                        + name + ".card beside this " + whose).withNote(RULE));
            }
        }
    }

    /** The card links of a chain's note, each checked against the files of {@code folder}, the chain's. */
    static void inFolder(Text note, java.nio.file.Path folder, Diagnostics diagnostics) {
        // An anonymous class, not a lambda: check's path links no lambda (StartupClassesTest).
        check(note, dev.chain.render.Prose.paragraphs(note.value()), "chain", new Predicate<String>() {
            @Override
            public boolean test(String name) {
                return java.nio.file.Files.isRegularFile(folder.resolve(name));
            }
        }, diagnostics);
    }
}
