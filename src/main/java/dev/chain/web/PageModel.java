package dev.chain.web;

import dev.chain.ast.Expr;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.Bounds;
import dev.chain.check.CheckedProgram;
import dev.chain.eval.Program;
import dev.chain.render.ChainLayout;
import dev.chain.session.ChainRun;
import dev.chain.session.EvaluationValues;
import dev.chain.eval.Band;
import dev.chain.eval.Origin;
import dev.chain.units.DisplayUnit;
import dev.chain.units.NumberText;
import java.util.ArrayList;
import java.util.List;

/**
 * What the explorable page needs to show a chain for other inputs: the inputs a reader may change,
 * the chain's compiled {@link Program} (the evaluator the command line runs), and its
 * {@link ChainLayout} (the pieces the renderer writes its page from). The page ({@link Page})
 * evaluates the one and writes the other with the same code; this record travels as JSON
 * ({@link ModelWriter}, {@link ModelReader}).
 *
 * @param version the model's version: a page script reads only the one it was built with
 * @param choices  the modules the reader may choose among in place of each the chain uses
 *                 ({@link ModuleOffer}); none in the model of an alternative
 * @param measured the inputs read from benchmark files ({@code @observed}, {@code --observe}):
 *                 shown beside the boxes as measured, fixed, and in the program as constants
 */
public record PageModel(String version, List<Input> inputs, Program program, ChainLayout layout, List<Choice> choices,
                        List<Measured> measured) {
    static final String VERSION = "chain-page-8";

    public PageModel {
        inputs = List.copyOf(inputs);
        choices = List.copyOf(choices);
        measured = List.copyOf(measured);
    }

    /**
     * An input measured, as the panel shows it: its name and its label (as {@link Input}'s), its value as the card writes it
     * ({@code 24.1 ms}), how it was taken ({@code measured}, {@code fitted}) and where from ({@code bench.json, median_itl_ms}).
     */
    public record Measured(String name, String label, String shown, String taken, String where) {}

    /**
     * The alias of a {@code use} and the modules the page offers for it, the chain's own
     * ({@code current}) among them: a select box above the chain's inputs.
     */
    public record Choice(String alias, String current, List<Option> options) {
        public Choice {
            options = List.copyOf(options);
        }
    }

    /** A module offered: its name, as {@code --set gpu=NAME} takes it, and its {@code name} text, as a reader knows it. */
    public record Option(String module, String label) {}

    /**
     * A quantity input of the chain: its name (as {@code #batch=32} and {@code --set} take it), its
     * label as its box shows it ({@link BindingInfo#label()}: {@code @label("MFU")}, or
     * {@code small chunk} for {@code small_chunk}), the unit the reader types it in (the one written after its
     * number, or else its {@code ->} unit, or chain's choice for its value), its value in base
     * units (a range's nominal value and ends, a point for an input that is no range), and that
     * value as its box first shows it ({@code 4,096}, or a range as a reader types one:
     * {@code 40 .. 60}, {@code 95 (90 .. 98)}).
     */
    public record Input(String name, String label, int slot, DisplayUnit unit, Band value, String shown, Reach reach) {}

    /**
     * Where a reader may slide an input, in its box's unit: from {@code min} to {@code max}, by
     * {@code step}, what an arrow key adds (a power of ten, and 1 or more for a whole number).
     * The author's range, where the input is one ({@code mfu = 40% .. 60%}); else the range a figure
     * sweeps it over ({@code for batch in 1 .. 256 x2}); else from zero to twice its value; each
     * within the input's bounds ({@code @at_least}, {@code @at_most}: {@code least} and {@code most},
     * infinite where it has none), which a value typed in its box must keep to, said as the author
     * wrote them ({@code leastText}, {@code mostText}: {@code 100%}; null for none).
     */
    public record Reach(double min, double max, double step, double least, double most, String leastText, String mostText) {
        static Reach of(Program program, int slot, Band band, double factor, Bounds bounds) {
            double value = band.nominal();
            double min = 0;
            double max = 2 * value;
            if (band.ranged()) {
                min = band.low();
                max = band.high();
            } else {
                for (dev.chain.eval.Figure f : program.figures()) {
                    for (int a = 0; a < f.axes().length; a++) {
                        double[] points = f.points()[a];
                        if (f.axes()[a] == slot && points.length > 1) { // a table's rows need not be in order
                            min = Double.POSITIVE_INFINITY;
                            max = Double.NEGATIVE_INFINITY;
                            for (double p : points) {
                                min = Math.min(min, p);
                                max = Math.max(max, p);
                            }
                        }
                    }
                }
            }
            double least = bounds.least() / factor;
            double most = bounds.most() / factor;
            min = Math.max(least, min / factor);
            max = Math.min(most, max / factor);
            if (!(max > min)) { // a value of zero, or below it
                max = Math.min(most, min + 1);
                min = Math.max(least, Math.min(min, max - 1));
            }
            // Its second digit: 64 steps by 1, 4,096 by 100, 0.92 by 0.01; a whole number by 1 at least.
            double basis = value > 0 ? value / factor : max - min;
            double step = Math.pow(10, Math.floor(Math.log10(basis)) - 1);
            if (value / factor == Math.rint(value / factor)) {
                step = Math.max(step, 1);
            }
            return new Reach(min, max, step, least, most, text(bounds.atLeast()), text(bounds.atMost()));
        }

        private static String text(dev.chain.ast.Annotation bound) {
            return bound == null ? null : bound.values().get(0).span().text().strip();
        }

        /** What is wrong with a value or range typed in the box ({@code low} .. {@code high}, in its unit), or null within the bounds. */
        String outside(double low, double high) {
            return low < least ? "at least " + leastText : high > most ? "at most " + mostText : null;
        }
    }

    /** The model of a chain that checked and evaluated, laid out as {@code layout}, with no choice of modules. */
    public static PageModel of(ChainRun run, ChainLayout layout) {
        return of(run, layout, List.of());
    }

    /** As above, offering {@code choices} of modules. */
    public static PageModel of(ChainRun run, ChainLayout layout, List<Choice> choices) {
        CheckedProgram program = run.chain().program();
        List<Input> inputs = new ArrayList<>();
        List<Measured> measured = new ArrayList<>();
        Program code = run.chain().code().code();
        EvaluationValues values = run.values();
        for (BindingInfo b : program.inputs()) {
            Origin origin = values.origin(b);
            if (origin.fixed()) {
                // Taken from outside (measured): no box for it; the page evaluates with that number,
                // and the reader changes the expected side around it.
                code = code.withInput(b.slot(), values.band(b)); // a fitted input: the range of its interval
                measured.add(new Measured(b.name(), b.label(), values.text(b), origin.taken(), origin.where()));
                continue;
            }
            if (!b.isText() && b.dimension() != null && b.owner() == program) {
                Band band = values.band(b);
                double si = band.nominal();
                DisplayUnit unit = inputUnit(values, b, si);
                String shown = band.ranged() ? shownRange(si, band.low(), band.high(), unit) : shown(program, b, si, unit);
                inputs.add(new Input(b.name(), b.label(), b.slot(), unit, band, shown, Reach.of(code, b.slot(), band, unit.factor(), Bounds.of(b))));
            }
        }
        return new PageModel(VERSION, inputs, code, layout, choices, measured);
    }

    private static Expr written(BindingInfo b) {
        return ((Value.QuantityValue) b.decl().value()).expr().unparenthesized();
    }

    private static DisplayUnit inputUnit(EvaluationValues values, BindingInfo b, double si) {
        CheckedProgram program = b.owner();
        Expr e = written(b);
        if (e.literal() != null && e.writtenUnit() != null && program.unit(e.writtenUnit()) != null) {
            return program.unit(e.writtenUnit());
        }
        if (e.literal() != null && e.writtenUnit() == null) {
            return DisplayUnit.none();
        }
        return b.display() != null ? b.display() : values.formatter().autoUnit(si, b.dimension());
    }

    /**
     * A range as its box first shows it, as a reader types one in the box's unit: {@code 40 .. 60},
     * or with a nominal value other than the middle, {@code 95 (90 .. 98)}.
     */
    private static String shownRange(double nominal, double low, double high, DisplayUnit unit) {
        String ends = NumberText.typed(low / unit.factor()) + " .. " + NumberText.typed(high / unit.factor());
        return nominal == (low + high) / 2 ? ends : NumberText.typed(nominal / unit.factor()) + " (" + ends + ")";
    }

    /**
     * The input's number as its box first shows it: as the author wrote it ({@code 4,096},
     * {@code 80e9}), unless a --set changed it; then as a reader would type it.
     */
    private static String shown(CheckedProgram program, BindingInfo b, double si, DisplayUnit unit) {
        Expr e = written(b);
        Double value = program.constantValue(e);
        if (e.literal() != null && value != null && value == si) {
            return e.literal().span().text();
        }
        return NumberText.typed(si / unit.factor());
    }
}
