package dev.chain.render;

import dev.chain.ast.Steps;
import dev.chain.ast.Stmt;
import dev.chain.ast.Text;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.eval.CheckResult;
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
    private final TemplateRenderer templates;
    private final CheckText checkText;
    private final Values values;
    private final List<dev.chain.eval.Sweep> figures;
    private final Texts texts;
    /** An HTML block before the code block (the explorable page's model of the chain), or null. */
    private String live;

    /**
     * Where the chain's values become text: a template filled in, a step's line, a check's outcome.
     * The renderer fills them in now; the explorable page's model (web.PageModel) records each as
     * pieces that the page fills in as the reader types, into this same layout.
     */
    public interface Texts {
        String template(dev.chain.ast.Template template);

        String step(BindingInfo binding);

        String outcome(CheckResult result);
    }

    public ChainMarkdown(CheckedProgram program, Evaluation evaluation, Values values) {
        this(program, evaluation, values, List.of());
    }

    /** @param figures the chain's figures, evaluated: one sweep per figure of {@code program}, in order */
    public ChainMarkdown(CheckedProgram program, Evaluation evaluation, Values values, List<dev.chain.eval.Sweep> figures) {
        this.program = program;
        this.values = values;
        this.figures = List.copyOf(figures);
        this.evaluation = evaluation;
        this.templates = new TemplateRenderer(program, values);
        this.checkText = new CheckText(program, values);
        this.texts = new Texts() {
            @Override
            public String template(dev.chain.ast.Template template) {
                return templates.render(template);
            }

            @Override
            public String step(BindingInfo binding) {
                return templates.step(binding);
            }

            @Override
            public String outcome(CheckResult result) {
                return checkText.outcome(result);
            }
        };
    }

    /** The chain's structure with its values as {@code texts} makes them (the page model's recording). */
    public ChainMarkdown(CheckedProgram program, Evaluation evaluation, Values values, Texts texts) {
        this.program = program;
        this.values = values;
        this.figures = List.of();
        this.evaluation = evaluation;
        this.templates = null;
        this.checkText = null;
        this.texts = texts;
    }

    /** Puts an HTML block before the chain's code block: its model, on an explorable page. */
    public ChainMarkdown live(String htmlBlock) {
        this.live = htmlBlock;
        return this;
    }

    public String title() {
        return program.title() == null ? null : program.title().value();
    }

    /** A page of its own: {@code # Title}, then the chain. */
    public String page(RenderOptions options) {
        return page(options, new PageFigures("page"));
    }

    /** As {@link #page(RenderOptions)}, the figures' SVG files kept in {@code files}. */
    public String page(RenderOptions options, PageFigures files) {
        StringBuilder out = new StringBuilder();
        if (options.frontMatter()) {
            List<String> drills = new ArrayList<>();
            program.drills().forEach(d -> drills.add(d.value()));
            out.append(new FrontMatter().put("title", title()).put("drills", drills).end());
        }
        return out.append(section(1, options.links(), files)).append(options.scriptBlock()).toString();
    }

    /** The chain under a heading of the given level ({@code ##} on a card's page). */
    public String section(int level, Links links) {
        return section(level, links, new PageFigures("page"));
    }

    /**
     * The chain under a heading: its code block, its notes, its figures (each after the prose, in
     * file order: a table, or an image of a plot whose SVG goes to {@code files}), its drills.
     */
    public String section(int level, Links links, PageFigures files) {
        StringBuilder out = new StringBuilder();
        if (title() != null) {
            out.append("#".repeat(level)).append(' ').append(Markdown.headingText(title())).append("\n\n");
        }
        if (live != null) {
            out.append(live);
        }
        out.append(body(codeLines(), paragraphs()));
        for (String figure : figures(files)) {
            out.append('\n').append(figure);
        }
        if (!program.drills().isEmpty()) {
            List<String> drillLinks = new ArrayList<>();
            for (Text drill : program.drills()) {
                drillLinks.add(Markdown.link(drill.value(), links.drill(drill.value())));
            }
            out.append('\n').append("Drilled in: ").append(String.join(", ", drillLinks)).append('\n');
        }
        return out.toString();
    }

    /** Each figure's Markdown, in file order: a table, or an image line whose SVG goes to {@code files}. */
    public List<String> figures(PageFigures files) {
        List<String> out = new ArrayList<>();
        if (!figures.isEmpty()) {
            FigureMarkdown figure = new FigureMarkdown(program, values);
            for (int i = 0; i < figures.size(); i++) {
                out.add(figure.markdown(program.figures().get(i), figures.get(i), files));
            }
        }
        return out;
    }

    public List<Text> drills() {
        return program.drills();
    }

    /** The code block and the prose after it: what the explorable page fills in again as the reader types. */
    public static String body(List<String> codeLines, List<String> paragraphs) {
        StringBuilder out = new StringBuilder(Markdown.codeBlock(codeLines));
        for (String paragraph : paragraphs) {
            out.append('\n').append(Markdown.inline(paragraph)).append('\n');
        }
        return out.toString();
    }

    /** The code block's lines, laid out as the card lays them out. */
    public List<String> codeLines() {
        return CodeBlock.layout(rows());
    }

    /** The notes' paragraphs, values filled in, not yet escaped. */
    public List<String> paragraphs() {
        List<String> paragraphs = new ArrayList<>();
        for (Stmt.Note note : program.notes()) {
            paragraphs.addAll(note.template() == null ? Prose.paragraphs(note.text().value())
                    : Prose.paragraphs(texts.template(note.template())));
        }
        return paragraphs;
    }

    /** One row per group: its label, and its template's lines or else a line per binding and check. */
    public List<CodeBlock.Row> rows() {
        List<CodeBlock.Row> rows = new ArrayList<>();
        Steps.walk(program.file().statements(), new Steps.Visitor() {
            @Override
            public void group(Stmt.Group g) {
                String label = g.labelTemplate() != null ? texts.template(g.labelTemplate()) : g.label();
                List<String> lines = g.template() != null ? Prose.lines(texts.template(g.template())) : steps(g);
                rows.add(new CodeBlock.Row(label, lines));
            }

            /** A binding before the first group has no row of its own on the card: its value shows where a template uses it. */
            @Override
            public void binding(Stmt.Binding b) {}

            @Override
            public void check(Stmt.Check c) {}
        });
        return rows;
    }

    /** A group without a template: each binding as {@code name = formula with values = result}, each check's outcome. */
    private List<String> steps(Stmt.Group g) {
        List<String> lines = new ArrayList<>();
        for (Stmt member : g.members()) {
            if (member instanceof Stmt.Binding b) {
                BindingInfo info = program.binding(b.name());
                if (info != null && info.decl() == b) {
                    lines.add(texts.step(info));
                }
            } else if (member instanceof Stmt.Check c) {
                for (CheckResult r : evaluation.checks()) {
                    if (r.check().decl() == c) {
                        lines.add(texts.outcome(r));
                    }
                }
            }
        }
        return lines;
    }
}
