package dev.chain.check;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Keywords;
import dev.chain.ast.Stmt;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a card file: one title, at most one intro, next card and link setting, and the chains it
 * includes (each a .chain file, each once). Whether the included files exist is the session's
 * business, which reads them.
 */
public final class CardChecker implements Stmt.Visitor<Void> {
    /** How a title becomes the last part of a link. */
    public static final List<String> SLUG_RULES = List.of("kebab", "snake");

    private final Diagnostics diagnostics;
    private Stmt.CardHeader header;
    private Stmt.Intro intro;
    private Stmt.NextCard next;
    private Stmt.Links links;
    private final List<Stmt.Include> includes = new ArrayList<>();
    private final Map<String, Stmt.Include> seen = new HashMap<>();

    private CardChecker(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    public static CheckedCard check(ChainFile file, Diagnostics diagnostics) {
        CardChecker card = new CardChecker(diagnostics);
        for (Stmt stmt : file.statements()) {
            stmt.accept(card);
        }
        Span start = new Span(file.source(), 0, 0);
        if (card.header == null) {
            diagnostics.add(Diagnostic.error(start, "a card file needs a title: card \"Title\""));
        }
        if (card.includes.isEmpty() && !diagnostics.hasErrors()) {
            diagnostics.add(Diagnostic.error(card.header != null ? card.header.span() : start, "the card includes no chains")
                    .withHint("list its chains in order: include \"01-first.chain\""));
        }
        return new CheckedCard(file, card.header == null ? null : card.header.title(),
                card.intro == null ? null : card.intro.template(), card.includes,
                card.next == null ? null : card.next.title(), card.links);
    }

    @Override
    public Void visitCardHeader(Stmt.CardHeader h) {
        if (header != null) {
            diagnostics.add(once(Keywords.CARD, h.span(), header.span()));
        } else {
            header = h;
        }
        return null;
    }

    @Override
    public Void visitIntro(Stmt.Intro i) {
        if (intro != null) {
            diagnostics.add(once(Keywords.INTRO, i.span(), intro.span())
                    .withHint("one intro holds several paragraphs: separate them with a blank line in \"\"\"triple quotes\"\"\""));
            return null;
        }
        intro = i;
        if (i.template() != null) {
            for (var p : i.template().placeholders()) {
                diagnostics.add(Diagnostic.error(p.span(), "a card's intro has no values to show")
                        .withHint("values live in chains; write `{{` and `}}` for braces in the text"));
            }
        }
        return null;
    }

    @Override
    public Void visitNextCard(Stmt.NextCard n) {
        if (next != null) {
            diagnostics.add(once(Keywords.NEXT, n.span(), next.span()));
        } else {
            next = n;
        }
        return null;
    }

    @Override
    public Void visitLinks(Stmt.Links l) {
        if (links != null) {
            diagnostics.add(once(Keywords.LINKS, l.span(), links.span()));
        } else if (LinkBase.refusal(l.base().value()) != null) {
            diagnostics.add(Diagnostic.error(l.base().span(), LinkBase.refusal(l.base().value()))
                    .withNote(LinkBase.WHY));
        } else if (l.slugRule() != null && !SLUG_RULES.contains(l.slugRule())) {
            diagnostics.add(Diagnostic.error(l.slugRuleSpan(), "unknown slug rule `" + l.slugRule() + "`")
                    .withHint("the rules are kebab (drills/bad-itl-with-fine-ttft) and snake (drills/bad_itl_with_fine_ttft)"));
        } else {
            links = l;
        }
        return null;
    }

    @Override
    public Void visitInclude(Stmt.Include inc) {
        String path = inc.path().value();
        if (!path.endsWith(".chain")) {
            diagnostics.add(Diagnostic.error(inc.path().span(), "a card includes .chain files; `" + path + "` is not one"));
        } else if (seen.containsKey(path)) {
            diagnostics.add(Diagnostic.error(inc.span(), "`" + path + "` is already included")
                    .withLabel(seen.get(path).span(), "first included here"));
        } else {
            seen.put(path, inc);
            includes.add(inc);
        }
        return null;
    }

    // What belongs in a chain, not a card.

    @Override
    public Void visitChainHeader(Stmt.ChainHeader stmt) {
        return notInACard(stmt);
    }

    @Override
    public Void visitDrill(Stmt.Drill stmt) {
        return notInACard(stmt);
    }

    @Override
    public Void visitUse(Stmt.Use stmt) {
        return notInACard(stmt);
    }

    @Override
    public Void visitGroup(Stmt.Group stmt) {
        return notInACard(stmt);
    }

    @Override
    public Void visitNote(Stmt.Note stmt) {
        return notInACard(stmt);
    }

    @Override
    public Void visitDimension(Stmt.DimensionDecl stmt) {
        return notInACard(stmt);
    }

    @Override
    public Void visitUnit(Stmt.UnitDecl stmt) {
        return notInACard(stmt);
    }

    @Override
    public Void visitFunction(Stmt.FnDecl stmt) {
        return notInACard(stmt);
    }

    @Override
    public Void visitBinding(Stmt.Binding stmt) {
        return notInACard(stmt);
    }

    @Override
    public Void visitCheck(Stmt.Check stmt) {
        return notInACard(stmt);
    }

    @Override
    public Void visitEvaluate(Stmt.Evaluate stmt) {
        return notInACard(stmt);
    }

    /** A figure sweeps a chain's inputs: it goes in the chain, and shows on the card's page under it. */
    @Override
    public Void visitFigure(Stmt.Figure stmt) {
        return notInACard(stmt);
    }

    private Void notInACard(Stmt stmt) {
        diagnostics.add(Diagnostic.error(stmt.span(), "a card holds card, intro, include, next and links statements")
                .withHint("chains, bindings and checks go in .chain files, which the card includes"));
        return null;
    }

    private static Diagnostic once(String word, Span again, Span first) {
        return Diagnostic.error(again, "a card has one `" + word + "`").withLabel(first, "the first one is here");
    }
}
