package dev.chain.render;

import dev.chain.ast.Steps;
import dev.chain.ast.Stmt;
import dev.chain.ast.Text;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureSpec;
import dev.chain.eval.Evaluation;
import java.util.ArrayList;
import java.util.List;

/**
 * One chain as the study site shows it: its title as a heading, a code block with a line per
 * group (the label in the left column, the group's template filled in, wrapped as the card
 * wraps), its notes as paragraphs, and "Drilled in:" with a link to each drill.
 */
public final class ChainMarkdown {
    private final CheckedProgram program;
    private final Evaluation evaluation;
    private final BindingValues values;
    private final List<dev.chain.eval.FigureValues> figures;
    /** What the chain's page shows, made on first use. */
    private ChainLayout layout;
    /** The row of each group in the layout's code block. */
    private final java.util.Map<Stmt.Group, Integer> rowOf = new java.util.IdentityHashMap<>();
    /** An HTML block before the code block (the explorable page's model of the chain), or null. */
    private String live;

    public ChainMarkdown(CheckedProgram program, Evaluation evaluation, BindingValues values) {
        this(program, evaluation, values, List.of());
    }

    /** @param figures the chain's figures, evaluated: one per figure of {@code program}, in order */
    public ChainMarkdown(CheckedProgram program, Evaluation evaluation, BindingValues values, List<dev.chain.eval.FigureValues> figures) {
        this.program = program;
        this.values = values;
        this.figures = List.copyOf(figures);
        this.evaluation = evaluation;
    }

    /** Puts an HTML block before the chain's code block: its model, on an explorable page. */
    public ChainMarkdown live(String htmlBlock) {
        this.live = htmlBlock;
        return this;
    }

    /** The HTML block before the chain's code block, or null. */
    public String live() {
        return live;
    }

    public String title() {
        return program.title() == null ? null : program.title().value();
    }

    /** A page of its own: {@code # Title} (or front matter with the title), then the chain. */
    public String page(RenderOptions options) {
        return page(options, new PageFigures("page"));
    }

    /** As {@link #page(RenderOptions)}, the figures' SVG files kept in {@code files}. */
    public String page(RenderOptions options, PageFigures files) {
        StringBuilder out = new StringBuilder();
        if (options.frontMatter()) {
            List<String> drills = new ArrayList<>();
            program.drills().forEach(d -> drills.add(d.value()));
            out.append(options.frontMatter(title()).put("drills", drills).end());
        }
        // Level 0 where the site's layout prints the front matter's title: the page does not say it again.
        return out.append(section(options.heading() ? 1 : 0, options.links(), files)).append(options.scriptBlock(files.practice())).toString();
    }

    /** The chain under a heading of the given level ({@code ##} on a card's page). */
    public String section(int level, Links links) {
        return section(level, links, new PageFigures("page"));
    }

    /**
     * The chain under a heading: its code block, its notes, its figures (each after the prose, in
     * file order: a table, or an image of a plot whose SVG goes to {@code files}), its drills.
     * Level 0 is no heading (the page's front matter holds the title).
     */
    public String section(int level, Links links, PageFigures files) {
        StringBuilder out = new StringBuilder();
        if (title() != null && level > 0) {
            out.append("#".repeat(level)).append(' ').append(Markdown.headingText(title())).append("\n\n");
        }
        if (live != null) {
            out.append(live);
        }
        out.append(body(codeLines(), paragraphs(), links));
        out.append(unheld());
        for (String figure : figures(files)) {
            out.append('\n').append(figure);
        }
        if (!program.drills().isEmpty()) {
            List<String> drillLinks = new ArrayList<>();
            for (Text drill : program.drills()) {
                drillLinks.add(Markdown.linkOrText(drill.value(), links.drill(drill.value())));
            }
            out.append('\n').append("Drilled in: ").append(String.join(", ", drillLinks)).append('\n');
        }
        return out.toString();
    }

    /**
     * A line under the code block for each check that fails for the inputs rendered (only a
     * what-if's, {@code render --set}: a chain whose own inputs fail a check is not rendered), as the
     * explorable page marks its group: the prose above it ("ordinary for a real server") is no longer
     * true of them. {@code ✗ check share in 50% .. 80% fails for these inputs: 150.5% is not in 50% .. 80%}.
     */
    private String unheld() {
        StringBuilder out = new StringBuilder();
        CheckText text = new CheckText(program, values);
        for (dev.chain.eval.CheckResult r : evaluation.checks()) {
            if (r.status() == dev.chain.eval.CheckStatus.FAILS) {
                out.append('\n').append(Markdown.inline("✗ check " + CheckText.source(r) + " fails for these inputs: "
                        + text.outcome(r))).append('\n');
            }
        }
        return out.toString();
    }

    /** Each figure's Markdown, in file order: a table, or an image line whose SVG goes to {@code files}. */
    public List<String> figures(PageFigures files) {
        List<String> out = new ArrayList<>();
        if (!figures.isEmpty()) {
            FigureMarkdown figure = new FigureMarkdown(program, values);
            for (int i = 0; i < figures.size(); i++) {
                out.addAll(figure.markdown(program.figures().get(i), figures.get(i), files));
            }
        }
        return out;
    }

    public List<Text> drills() {
        return program.drills();
    }

    /** The code block and the prose after it: what the explorable page fills in again as the reader types. */
    public static String body(List<String> codeLines, List<String> paragraphs) {
        return body(codeLines, paragraphs, null);
    }

    /** As above, with each card link of a note ({@code [text](card:NAME)}) written as {@code links} has it; null for its text. */
    public static String body(List<String> codeLines, List<String> paragraphs, Links links) {
        StringBuilder out = new StringBuilder(Markdown.codeBlock(codeLines));
        for (String paragraph : paragraphs) {
            out.append('\n').append(Markdown.inlineWithCardLinks(paragraph, links)).append('\n');
        }
        return out.toString();
    }

    /** The code block's lines, laid out as the card lays them out. */
    public List<String> codeLines() {
        return layout().codeLines(evaluation);
    }

    /** The notes' paragraphs, values filled in, not yet escaped. */
    public List<String> paragraphs() {
        return layout().paragraphs(evaluation);
    }

    /** The code block's rows before wrapping: each group's label and lines, values filled in. */
    public List<CodeBlock.Row> rows() {
        return layout().rows(evaluation);
    }


    /** The row of a group in the code block of {@link #layout()}; -1 for a group without one. */
    public int row(Stmt.Group group) {
        layout();
        return rowOf.getOrDefault(group, -1);
    }

    /**
     * What the chain's page shows, as pieces: a row per group (its label, and its template's text or
     * else a line per binding and check), each note, each check's outcome, each figure.
     */
    public ChainLayout layout() {
        if (layout != null) {
            return layout;
        }
        TemplateRenderer templates = new TemplateRenderer(program, values);
        CheckText checkText = new CheckText(program, values);
        List<ChainLayout.Row> rows = new ArrayList<>();
        Steps.walk(program.file().statements(), new Steps.Visitor() {
            @Override
            public void group(Stmt.Group g) {
                Piece label = g.labelTemplate() != null ? templates.compile(g.labelTemplate()) : new Piece.Literal(g.label());
                List<Piece> lines = g.template() != null ? List.of(templates.compile(g.template())) : steps(g, templates, checkText);
                rowOf.put(g, rows.size());
                rows.add(new ChainLayout.Row(label, lines));
                for (java.util.Map.Entry<String, List<Piece>> fixed : observed(g).entrySet()) { // observed, fitted: a row each
                    rows.add(new ChainLayout.Row(new Piece.Literal(fixed.getKey()), fixed.getValue()));
                }
            }

            /** A binding before the first group has no row of its own on the card: its value shows where a template uses it. */
            @Override
            public void binding(Stmt.Binding b) {}

            @Override
            public void check(Stmt.Check c) {}
        });
        List<Piece> notes = new ArrayList<>();
        for (Stmt.Note note : program.notes()) {
            notes.add(note.template() == null ? new Piece.Literal(note.text().value()) : templates.compile(note.template()));
        }
        List<ChainLayout.CheckLine> checks = new ArrayList<>();
        for (CheckInfo c : program.checks()) {
            checks.add(new ChainLayout.CheckLine(c.decl().condition().span().text(), checkText.outcomePiece(c),
                    c.group() == null ? -1 : rowOf.getOrDefault(c.group(), -1)));
        }
        List<FigureLayout> drawn = new ArrayList<>();
        FigureMarkdown figure = new FigureMarkdown(program, values);
        for (FigureSpec f : program.figures()) {
            // A table over modules and a solve stay as drawn: the page has this chain's program, not the others' nor the checker.
            drawn.addAll(figure.layouts(f, f.index() < figures.size() ? figures.get(f.index()) : null));
        }
        layout = new ChainLayout(rows, notes, checks, drawn);
        return layout;
    }

    /**
     * A line per input of the group whose value was measured, saying it and where: {@code p50 =
     * 24.1 ms, median_itl_ms in bench.json (vLLM)}. Fixed text: the explorable page keeps it, as
     * its reader changes the expected side, not the measurement.
     */
    private java.util.Map<String, List<Piece>> observed(Stmt.Group g) {
        java.util.Map<String, List<Piece>> lines = new java.util.LinkedHashMap<>(); // by the origin's kind: observed, fitted
        for (Stmt member : g.members()) {
            if (member instanceof Stmt.Binding b) {
                BindingInfo info = program.binding(b.name());
                if (info != null && info.decl() == b && values.origin(info).fixed()) {
                    lines.computeIfAbsent(values.origin(info).kind(), k -> new ArrayList<>())
                            .add(new Piece.Literal(info.name() + " = " + values.text(info) + ", " + values.origin(info).described()));
                }
            }
        }
        return lines;
    }

    /** A group without a template: each binding as {@code name = formula with values = result}, each check's outcome. */
    private List<Piece> steps(Stmt.Group g, TemplateRenderer templates, CheckText checkText) {
        List<Piece> lines = new ArrayList<>();
        Steps.walk(g.members(), new Steps.Visitor() {
            @Override
            public void group(Stmt.Group group) {}

            @Override
            public void binding(Stmt.Binding b) {
                BindingInfo info = program.binding(b.name());
                if (info != null && info.decl() == b) {
                    lines.add(templates.stepPiece(info));
                }
            }

            @Override
            public void check(Stmt.Check c) {
                for (CheckInfo info : program.checks()) {
                    if (info.decl() == c) {
                        lines.add(checkText.outcomePiece(info));
                    }
                }
            }
        });
        return lines;
    }
}
