package dev.chain.session;

import dev.chain.check.BindingInfo;
import dev.chain.render.Markdown;
import dev.chain.render.RenderOptions;
import java.util.List;

/**
 * The page a card's "Drilled in:" link points at ({@code drills/SLUG/}): for each chain drilled in
 * that scenario, its code block with every value the drill asks for blanked, then each step's
 * formula with its answer folded away ({@code <details>}), and the command that drills it in a
 * terminal, which reads the learner's answers and names their mistakes.
 */
public final class DrillPage {
    private DrillPage() {}

    /** A chain drilled on the page: its drill, and the file {@code chain drill} is given. */
    public record Drilled(DrillSession session, String file) {}

    /**
     * The page of the drill titled {@code title}, for {@code chains} in order, its front matter and
     * heading as {@code options} has the card's pages (a site's layout, which may print the title).
     */
    public static String of(String title, List<Drilled> chains, RenderOptions options) {
        StringBuilder out = new StringBuilder();
        if (options.frontMatter()) {
            out.append(options.frontMatter("Drill: " + title).end());
        }
        if (options.heading()) {
            out.append("# ").append(Markdown.headingText("Drill: " + title)).append("\n\n");
        }
        out.append(Markdown.inline("Work out each value before you open its answer: the lines below are the card's, with "
                + "the values to compute blanked (" + dev.chain.drill.Blanks.ASKED + ").")).append("\n\n");
        for (Drilled d : chains) {
            out.append(chain(d, chains.size() > 1 || d.session().program().title() != null));
        }
        return out.toString();
    }

    private static String chain(Drilled d, boolean heading) {
        DrillSession s = d.session();
        StringBuilder out = new StringBuilder();
        if (heading && s.program().title() != null) {
            out.append("## ").append(Markdown.headingText(s.program().title().value())).append("\n\n");
        }
        out.append(Markdown.codeBlock(s.blankedCard())).append('\n');
        int n = 0;
        for (BindingInfo step : s.steps()) {
            n++;
            out.append("**").append(n).append(".** ").append(Markdown.inline(step.name() + " = " + s.formula(step))).append("\n\n");
            out.append("<details><summary>Answer</summary>\n\n")
                    .append(Markdown.inline(step.name() + " = " + s.shown(step))).append("\n\n")
                    .append("</details>\n\n");
        }
        out.append(Markdown.inline("In a terminal, chain drill " + d.file() + " asks for each value in turn, reads an answer "
                + "in any unit of its dimension and names the mistake behind a wrong one (see docs/drill.md).")).append('\n');
        return out.toString();
    }
}
