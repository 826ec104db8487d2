package dev.chain.web;

import dev.chain.eval.Band;
import dev.chain.eval.BoxSearch;
import dev.chain.eval.Fault;
import dev.chain.eval.InputRange;
import dev.chain.eval.Program;
import dev.chain.plot.LinePlot;
import dev.chain.render.ChainLayout;
import dev.chain.render.ChainMarkdown;
import dev.chain.render.FigureLayout;
import dev.chain.render.Piece;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A chain in the explorable page: its {@link PageModel}, read once, and the chain shown again for
 * each set of inputs the reader types. The inputs are read here ({@link TypedNumber}); the chain is
 * evaluated by its compiled {@link Program}, the command line's evaluator, figures swept by it as
 * {@code chain render} sweeps them; its page is written from its {@link ChainLayout} by the
 * renderer's code. So the page shows what {@code chain render --set} prints. Plain Java: TeaVM
 * compiles it into the page's script, and the tests run it on the JVM.
 */
public final class Page {
    private final PageModel model;

    private Page(PageModel model) {
        this.model = model;
    }

    static Page read(Tree json) {
        return new Page(ModelReader.read(json));
    }

    public List<PageModel.Input> inputs() {
        return model.inputs();
    }

    /** The inputs read from benchmark files: shown as measured, with no box. */
    public List<PageModel.Measured> measured() {
        return model.measured();
    }

    /** The modules the reader may choose among in place of the chain's own: see {@link ModuleOffer}. */
    public List<PageModel.Choice> choices() {
        return model.choices();
    }

    public List<ChainLayout.CheckLine> checks() {
        return model.layout().checks();
    }

    /** Whether the page draws figure {@code i} again for the reader's values ({@link FigureLayout#followsInputs}). */
    public boolean followsInputs(int i) {
        return model.layout().figures().get(i).followsInputs();
    }

    /**
     * The page after a keystroke, or why there is none: the reader's problem with a box
     * ({@code problems}, one per input, null where there is none), or with the values together
     * ({@code problem}: a division by zero somewhere). Each check's {@code status}: holds, fails, or
     * over ranges, uncertain ({@code passed} only where it holds). {@code failing}: the code lines
     * of each group one of whose checks fails. A figure these inputs give no value for is null in
     * {@code figures}, and why is in {@code figureProblems} (null for each figure drawn).
     */
    public record Rendered(List<String> problems, String problem, List<String> codeLines, List<String> paragraphs,
                           List<Boolean> passed, List<String> outcomes, List<FigureLayout.Drawn> figures,
                           List<String> statuses, List<Integer> failing, List<String> figureProblems) {
        /** The chain's Markdown body, as the renderer writes it; null when the page shows a problem. */
        public String body() {
            return codeLines == null ? null : ChainMarkdown.body(codeLines, paragraphs);
        }

        static Rendered problems(List<String> problems, String problem) {
            return new Rendered(problems, problem, null, null, null, null, null, null, null, null);
        }
    }

    /**
     * The chain for what the reader typed in each box, a number or a range ({@link TypedInput}); a
     * box that shows its input's own value gives that value exactly (a --set may have made it one
     * no decimal writes).
     *
     * @param figures whether to draw the figures too (the page draws the text at once and the
     *                figures a moment after, as they take a few times longer)
     */
    public Rendered render(String[] typed, boolean figures) {
        return render(typed, figures, LinePlot.WIDTH);
    }

    /** As {@link #render(String[], boolean)}, with plots and rooflines {@code width} wide (a phone's figure). */
    public Rendered render(String[] typed, boolean figures, double width) {
        List<PageModel.Input> inputs = model.inputs();
        Program program = model.program();
        double[] overrides = new double[program.bindings().length];
        Arrays.fill(overrides, Double.NaN);
        List<String> problems = new ArrayList<>();
        List<InputRange> ranges = new ArrayList<>();
        boolean bad = false;
        for (int i = 0; i < inputs.size(); i++) {
            PageModel.Input input = inputs.get(i);
            Band si;
            if (typed[i].equals(input.shown())) {
                si = input.value();
                problems.add(null);
            } else {
                TypedInput n = TypedInput.read(typed[i], input.unit().text());
                problems.add(n.problem());
                if (n.problem() != null) {
                    bad = true;
                    continue;
                }
                si = n.si(input.unit().factor());
                String outside = input.reach().outside(si.low() / input.unit().factor(), si.high() / input.unit().factor());
                if (outside != null) {
                    problems.set(problems.size() - 1, outside);
                    bad = true;
                    continue;
                }
            }
            overrides[input.slot()] = si.nominal();
            if (si.ranged()) {
                ranges.add(new InputRange(input.slot(), si.low(), si.high()));
            }
        }
        if (bad) {
            return Rendered.problems(problems, null);
        }
        if (ranges.size() > BoxSearch.MAX_RANGES) {
            return Rendered.problems(problems, "at most " + BoxSearch.MAX_RANGES + " inputs can be ranges at once: "
                    + "each is evaluated at every corner of their box");
        }
        InputRange[] set = ranges.toArray(new InputRange[0]);
        try {
            Program.Run run = program.evaluate(overrides, program.box(overrides, set));
            dev.chain.eval.Values values = run;
            ChainLayout layout = model.layout();
            List<Boolean> passed = new ArrayList<>();
            List<String> statuses = new ArrayList<>();
            List<String> outcomes = new ArrayList<>();
            int[] starts = new int[layout.rows().size() + 1];
            List<String> code = layout.codeLines(values, starts);
            boolean[] failingRow = new boolean[layout.rows().size()];
            for (int i = 0; i < layout.checks().size(); i++) {
                passed.add(run.checks()[i].passed());
                statuses.add(run.checks()[i].status().word());
                outcomes.add(dev.chain.render.TemplateRenderer.plain(layout.checks().get(i).outcome().text(values)));
                int row = layout.checks().get(i).row();
                if (row >= 0 && run.checks()[i].status() == dev.chain.eval.CheckStatus.FAILS) {
                    failingRow[row] = true;
                }
            }
            List<Integer> failing = new ArrayList<>();
            for (int r = 0; r < failingRow.length; r++) {
                for (int line = starts[r]; failingRow[r] && line < starts[r + 1]; line++) {
                    failing.add(line);
                }
            }
            List<FigureLayout.Drawn> drawn = new ArrayList<>();
            List<String> figureProblems = new ArrayList<>();
            for (FigureLayout f : figures ? layout.figures() : List.<FigureLayout>of()) {
                try {
                    // A figure the page keeps as the card has it (a solve, a table over modules) is not swept for nothing.
                    drawn.add(f.draw(f.followsInputs() ? program.figureValuesAt(f.figure(), f.points(), overrides, set, run.slots()) : null,
                            values, width));
                    figureProblems.add(null);
                } catch (Fault fault) {
                    // The text has values for these inputs, and this figure none: it says why, as the page does.
                    drawn.add(null);
                    figureProblems.add("these inputs give it no value: " + fault.message());
                }
            }
            return new Rendered(problems, null, code, layout.paragraphs(values), passed, outcomes, drawn, statuses, failing,
                    figureProblems);
        } catch (Fault fault) {
            return Rendered.problems(problems, "these inputs give no value: " + fault.message());
        }
    }
}
