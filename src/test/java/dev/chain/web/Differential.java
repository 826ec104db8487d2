package dev.chain.web;

import dev.chain.render.ChainMarkdown;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Test helper for the page's bytes-match guarantee: random input sets for a chain, and what
 * {@code chain render --set} prints for each (the chain's code block and prose), to compare with
 * what the page renders from its model for the same numbers.
 */
final class Differential {
    private static final Engine ENGINE = new Engine();

    private Differential() {}

    /**
     * What the page is held to for these inputs: {@code chain render --set}'s run, but where render
     * refuses only because a solve has no answer for them (no turn in its range), the run of the chain without its solves,
     * since the page shows each solve as the card has it (docs/rendering.md): its other lines must
     * still follow the inputs.
     */
    static ChainRun run(Path chain, List<String> sets) {
        try {
            String text = Files.readString(chain, StandardCharsets.UTF_8);
            ChainRun run = ChainRun.execute(ENGINE, new SourceFile(chain, text), sets, true);
            if (run.evaluation() == null || run.status() != ChainRun.Status.ERRORS || !solves(run)) {
                return run;
            }
            // Refused: for its solves alone, the chain without them is not (and is refused as well otherwise).
            return ChainRun.execute(ENGINE, new SourceFile(chain, withoutSolves(text, run)), sets, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the chain has a solve. */
    private static boolean solves(ChainRun run) {
        for (dev.chain.check.FigureSpec f : run.chain().program().figures()) {
            if (f instanceof dev.chain.check.FigureSpec.Solve) {
                return true;
            }
        }
        return false;
    }

    /** The chain's text with each solve's lines blank: every other line where it was. */
    private static String withoutSolves(String text, ChainRun run) {
        String[] lines = text.split("\n", -1);
        for (dev.chain.check.FigureSpec f : run.chain().program().figures()) {
            if (f instanceof dev.chain.check.FigureSpec.Solve) {
                int last = f.checks().get(0).decl().span().line();
                for (dev.chain.ast.Clause c : f.decl().clauses()) {
                    last = Math.max(last, c.span().line());
                }
                for (int line = f.decl().span().line(); line <= last; line++) {
                    lines[line - 1] = "";
                }
            }
        }
        return String.join("\n", lines);
    }

    /**
     * For each of the chain's own figures, the index of the run's figure the page draws for it, or
     * -1 where the page shows it as the chain's own run drew it: a table over modules, a solve.
     */
    static int[] figureSources(ChainRun run, ChainRun own) {
        List<dev.chain.check.FigureSpec> mine = own.chain().program().figures();
        boolean solvesLeftOut = run.chain().program().figures().size() < mine.size();
        List<Integer> kept = keptFigures(own);
        int[] sources = new int[mine.size()];
        int next = 0;
        for (int f = 0; f < mine.size(); f++) {
            boolean solve = mine.get(f) instanceof dev.chain.check.FigureSpec.Solve;
            sources[f] = kept.contains(f) ? -1 : next;
            if (!(solve && solvesLeftOut)) {
                next++;
            }
        }
        return sources;
    }

    /**
     * The body the renderer writes, or null for a run it refuses to render (an error, a figure with
     * no value at some point, a bad --set); a check that fails with --set is a warning, and renders.
     */
    static String body(ChainRun run) {
        if (refused(run)) {
            return null;
        }
        ChainMarkdown md = new ChainMarkdown(run.chain().program(), run.evaluation(), run.values());
        return ChainMarkdown.body(md.codeLines(), md.paragraphs());
    }

    /** Each figure as render -o writes it (a plot's SVG file, a table's Markdown), or null for a run render refuses. */
    static List<String> figures(ChainRun run) {
        List<List<String>> parts = figureParts(run);
        if (parts == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        parts.forEach(out::addAll);
        return out;
    }

    /** Each figure's parts as render -o writes them (a plot with measured runs: its SVG, then their table), or null. */
    private static List<List<String>> figureParts(ChainRun run) {
        if (refused(run)) {
            return null;
        }
        dev.chain.render.FigureMarkdown md = new dev.chain.render.FigureMarkdown(run.chain().program(), run.values());
        dev.chain.render.PageFigures files = new dev.chain.render.PageFigures("page");
        List<List<String>> out = new ArrayList<>();
        for (int f = 0; f < run.figures().size(); f++) {
            List<String> parts = new ArrayList<>();
            for (String line : md.markdown(run.chain().program().figures().get(f), run.figures().get(f), files)) {
                parts.add(line.startsWith("![") ? last(files) : line);
            }
            out.add(parts);
        }
        return out;
    }

    /** The SVG a figure's image line names: the last file added. */
    private static String last(dev.chain.render.PageFigures files) {
        String svg = null;
        for (String s : files.files().values()) {
            svg = s;
        }
        return svg;
    }

    /**
     * What the page shows of each figure for a run: the run's figures, but a table over modules or
     * a solve as the chain's own run drew it, since the page keeps them as rendered (docs/rendering.md).
     */
    static List<String> pageFigures(ChainRun run, ChainRun own) {
        List<List<String>> figures = figureParts(run);
        if (figures == null) {
            return null;
        }
        List<List<String>> mine = figureParts(own);
        int[] sources = figureSources(run, own);
        List<String> out = new ArrayList<>();
        for (int f = 0; f < sources.length; f++) {
            out.addAll(sources[f] < 0 ? mine.get(f) : figures.get(sources[f]));
        }
        return out;
    }

    /**
     * The indexes of a run's figures the page keeps as rendered: tables over modules ({@code for
     * gpu in h100_sxm, b200}), each row another chain; solves, whose search runs the checked chain;
     * and fits, whose runs the reader cannot change.
     */
    static List<Integer> keptFigures(ChainRun run) {
        List<Integer> found = new ArrayList<>();
        List<dev.chain.check.FigureSpec> figures = run.chain().program().figures();
        for (int f = 0; f < figures.size(); f++) {
            if (!figures.get(f).modules().isEmpty() || figures.get(f) instanceof dev.chain.check.FigureSpec.Solve
                    || figures.get(f) instanceof dev.chain.check.FitSpec) {
                found.add(f);
            }
        }
        return found;
    }

    static boolean refused(ChainRun run) {
        return run.evaluation() == null || run.status() == ChainRun.Status.ERRORS || run.status() == ChainRun.Status.BAD_OVERRIDE;
    }

    /** Each check's outcome as {@code chain run} shows it ({@code ✓ 63% is in 50% .. 80%}), or null for a run that did not evaluate. */
    static List<String> outcomes(ChainRun run) {
        if (refused(run)) {
            return null;
        }
        List<String> out = new ArrayList<>();
        dev.chain.render.CheckText text = new dev.chain.render.CheckText(run.chain().program(), run.values());
        for (dev.chain.eval.CheckResult r : run.evaluation().checks()) {
            out.add((r.passed() ? "✓ " : "✗ ") + dev.chain.render.TemplateRenderer.plain(text.outcome(r)));
        }
        return out;
    }

    /** The model render --interactive writes for a run, as its JSON. */
    static String model(ChainRun run) {
        ChainMarkdown md = new ChainMarkdown(run.chain().program(), run.evaluation(), run.values(), run.figures());
        return ModelWriter.json(PageModel.of(run, md.layout()));
    }

    /** The page's figures in the same form: a plot's SVG, a table's Markdown. */
    static List<String> figures(Page.Rendered r) {
        List<String> out = new ArrayList<>();
        r.figures().forEach(d -> out.add(d.svg() != null ? d.svg() : d.markdown()));
        return out;
    }

    /** The page's outcomes in the same form. */
    static List<String> outcomes(Page.Rendered r) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < r.outcomes().size(); i++) {
            out.add((r.passed().get(i) ? "✓ " : "✗ ") + r.outcomes().get(i));
        }
        return out;
    }

    /**
     * One random set: a number for each input, as a reader might type it, in the input's unit; for
     * an input that is a range, mostly a range ({@code 12.5 .. 40}), and now and then a range for
     * one that is not.
     */
    static String[] randomSet(Page page, Random random) {
        String[] set = new String[page.inputs().size()];
        for (int i = 0; i < set.length; i++) {
            PageModel.Input input = page.inputs().get(i);
            double own = input.value().nominal() / input.unit().factor();
            int pick = random.nextInt(input.value().ranged() ? 4 : 20);
            if (pick == 0) {
                set[i] = input.shown();
            } else if (input.value().ranged() ? pick > 1 : pick == 1) {
                String a = randomNumber(own, random);
                String b = randomNumber(own, random);
                boolean ordered = new java.math.BigDecimal(a).compareTo(new java.math.BigDecimal(b)) <= 0;
                set[i] = (ordered ? a : b) + " .. " + (ordered ? b : a);
            } else {
                set[i] = randomNumber(own, random);
            }
        }
        return set;
    }

    /**
     * Near the input's own value (a tenth to ten times it), with 0 to 3 decimals and at most the 15
     * significant digits a page's box reads (rendering.md); now and then 0 or 1.
     */
    private static String randomNumber(double own, Random random) {
        int pick = random.nextInt(20);
        if (pick == 0) {
            return "0";
        }
        if (pick == 1) {
            return "1";
        }
        double base = own == 0 ? 1 : own;
        double v = base * Math.pow(10, random.nextDouble() * 2 - 1);
        int decimals = random.nextInt(4);
        return new java.math.BigDecimal(v).setScale(decimals, java.math.RoundingMode.HALF_UP)
                .round(new java.math.MathContext(15, java.math.RoundingMode.HALF_UP)).stripTrailingZeros().toPlainString();
    }

    /** The --set options of a set, as a reader of the card would write them: each number with the input's unit. */
    static List<String> sets(Page page, String[] set) {
        List<String> sets = new ArrayList<>();
        for (int i = 0; i < set.length; i++) {
            PageModel.Input input = page.inputs().get(i);
            String unit = input.unit().text();
            String withUnit = unit.isEmpty() ? "" : input.unit().glued() ? unit : " " + unit;
            // a range (40 .. 60, 95 (90 .. 98)): each of its numbers in the unit, as a chain writes one
            String value = set[i].contains("..") || set[i].contains("±")
                    ? set[i].replaceAll("(\\d[\\d,._]*(?:[eE][+-]?\\d+)?)", "$1" + java.util.regex.Matcher.quoteReplacement(withUnit))
                    : set[i] + withUnit;
            sets.add(input.name() + "=" + value);
        }
        return sets;
    }

    /** Each box showing its input's own value. */
    static String[] own(Page page) {
        String[] set = new String[page.inputs().size()];
        for (int i = 0; i < set.length; i++) {
            set[i] = page.inputs().get(i).shown();
        }
        return set;
    }
}
