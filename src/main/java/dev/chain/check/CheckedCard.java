package dev.chain.check;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Stmt;
import dev.chain.ast.Template;
import dev.chain.ast.Text;
import java.util.List;

/**
 * A checked card file: a page of chains for the study site.
 *
 * @param title    {@code card "Title"}
 * @param intro    {@code intro "..."}, or null; a template without values (a card has none)
 * @param includes the chains, in the order the page shows them, as written (relative to the card)
 * @param next     {@code next "Title"}: the card after this one, or null
 * @param links    {@code links "BASE" RULE}, or null for the defaults
 */
public record CheckedCard(ChainFile file, Text title, Template intro, List<Stmt.Include> includes, Text next,
                          Stmt.Links links) {
    public CheckedCard {
        includes = List.copyOf(includes);
    }
}
