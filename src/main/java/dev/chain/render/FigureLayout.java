package dev.chain.render;

import dev.chain.eval.Band;
import dev.chain.eval.Program;
import dev.chain.eval.Values;
import dev.chain.plot.LinePlot;
import java.util.List;

/**
 * A chain's figure as its page draws it, made once from the checked chain
 * ({@link FigureMarkdown#layout}) and drawn for any values: a table's cells and pipe table, a
 * plot's or roofline's SVG and alt text. The renderer draws it for the chain's values; the
 * explorable page, for the reader's, with this code.
 */
public sealed interface FigureLayout
        permits FigureLayout.Table, FigureLayout.Plot, FigureLayout.Roofline, FigureLayout.Fixed, FigureLayout.Runs, FixedPlot {
    /** The figure's index among the chain's: its code is {@code Program.figures()[figure]}. */
    int figure();

    Piece title();

    /**
     * The figure for these values.
     *
     * @param drawing a table's or plot's values at each point ({@code [point][shown]}), or a
     *                roofline's steps ({@code [step]}: FLOPs, bytes, time), in base units; where
     *                inputs are ranges, their extremes (a band, a step's segment); null for a figure
     *                drawn once ({@link Fixed})
     * @param own     the chain's values, which choose the units and mark the chain's own point
     * @param width   a plot's or roofline's width ({@link LinePlot#WIDTH}, or the explorable page's
     *                figure where a phone shows it narrower)
     */
    Drawn draw(Program.Drawing drawing, Values own, double width);

    /** Whether the explorable page draws it again for the reader's values; a {@link Fixed} one stays as the card has it. */
    default boolean followsInputs() {
        return true;
    }

    /** The points of its figure's input it is drawn at, base units, where not the figure's own (null): a plot's runs. */
    default double[] points() {
        return null;
    }

    /** A table's title and cells (its Markdown: the title's paragraph and a pipe table), or a plot's SVG and alt text. */
    record Drawn(String title, List<List<String>> cells, String markdown, String svg, String alt) {}

    /** The title as one line of plain text. */
    static String titleText(Piece title, Values own) {
        return TemplateRenderer.plain(title.text(own)).replace('\n', ' ');
    }

    /**
     * A table: what it is ({@link FigureTables.TableSpec}), how each swept input is written in its
     * cells, how many of its first columns hold labels, and the slots of its inputs and values.
     */
    record Table(int figure, Piece title, FigureTables.TableSpec spec, List<Piece.Quantity> inputs, int labels,
                 int[] axes, int[] shown) implements FigureLayout {
        @Override
        public Drawn draw(Program.Drawing drawing, Values own, double width) {
            List<List<String>> cells = FigureTables.rows(spec, drawing.bands(),
                    slots(axes, own), slots(shown, own), new FigureTables.Written(inputs));
            String title = titleText(this.title, own);
            return new Drawn(title, cells, Markdown.inline(title) + "\n\n" + FigureMarkdown.pipeTable(cells, labels), null, null);
        }
    }

    /**
     * A table over modules (issue 29 item 1), drawn once with the chain's values and shown as it
     * is for any other: each of its rows is the chain run on another module, which the explorable
     * page, holding only this chain's program, cannot run again. {@code labels}: its label columns.
     * A solve is one too, its title the sentence with its answer and no cells.
     */
    record Fixed(int figure, Piece title, List<List<String>> cells, int labels) implements FigureLayout {
        @Override
        public Drawn draw(Program.Drawing drawing, Values own, double width) {
            String title = titleText(this.title, own);
            String table = cells.isEmpty() ? "\n" : "\n\n" + FigureMarkdown.pipeTable(cells, labels);
            return new Drawn(title, cells, Markdown.inline(title) + table, null, null);
        }

        @Override
        public boolean followsInputs() {
            return false;
        }
    }

    /**
     * A line plot: what it is ({@link FigurePlots.LineSpec}), how its swept input is written, the
     * slots of it and its values, and the swept input's value in the chain's file ({@code written}:
     * the author's point, marked beside the one drawn where they differ; NaN for none).
     */
    record Plot(int figure, Piece title, FigurePlots.LineSpec spec, Piece.Quantity input, int axis, int[] shown, double written)
            implements FigureLayout {
        @Override
        public Drawn draw(Program.Drawing drawing, Values own, double width) {
            double[][] values = drawing.values();
            String title = titleText(this.title, own);
            double[] ownShown = slots(shown, own);
            Band band = own.band(axis);
            double x = band.nominal();
            java.util.function.DoubleFunction<String> written = new java.util.function.DoubleFunction<>() {
                @Override
                public String apply(double si) {
                    return TemplateRenderer.plain(input.text(si));
                }
            };
            // A range typed for the swept input (16 .. 64) is marked as its band, not at its midpoint.
            String text = band.ranged() ? TemplateRenderer.plain(input.range(x, band.low(), band.high())) : written.apply(x);
            String alt = FigurePlots.lineAlt(title, spec, drawing, ownShown, band, text, this.written, written);
            return new Drawn(title, null, null,
                    FigurePlots.line(title, alt, spec, drawing, ownShown, band, text, this.written, written).svg(width), alt);
        }
    }

    /**
     * A plot's measured runs, as a table under it ({@link RunsTable}): drawn with the plot's values
     * at the runs' points (its {@link #points}), the chain's own values choosing the units.
     * {@code shown}: the slots of the values measured.
     */
    record Runs(int figure, Piece title, RunsTable.Spec spec, Piece.Quantity input, int[] shown) implements FigureLayout {
        @Override
        public Drawn draw(Program.Drawing expected, Values own, double width) {
            List<List<String>> cells = RunsTable.rows(spec, expected, slots(shown, own), new FigureTables.Written(List.of(input)));
            String title = titleText(this.title, own);
            return new Drawn(title, cells, Markdown.inline(title) + "\n\n" + FigureMarkdown.pipeTable(cells, 1), null, null);
        }

        @Override
        public double[] points() {
            return spec.points();
        }
    }

    /**
     * A roofline: what it is ({@link FigurePlots.RoofSpec}), where its roofs' values come from, and
     * its steps at the inputs the chain's file gives ({@code written}: {@code [step]} FLOPs, bytes,
     * time, base units; null for none): the author's, marked faintly beside the steps drawn where
     * those are another's (a reader's, a --set's), as a plot marks the author's point.
     */
    record Roofline(int figure, Piece title, FigurePlots.RoofSpec spec, Piece.Source peak, Piece.Source bandwidth,
                    double[][] written) implements FigureLayout {
        @Override
        public Drawn draw(Program.Drawing steps, Values own, double width) {
            String title = titleText(this.title, own);
            double p = peak.band(own).nominal();
            double w = bandwidth.band(own).nominal();
            double[][] author = FigurePlots.movedFrom(written, steps) ? written : null;
            String alt = FigurePlots.rooflineAlt(title, spec, p, w, steps, author);
            return new Drawn(title, null, null, FigurePlots.roofline(title, alt, spec, p, w, steps, author, width), alt);
        }
    }

    private static double[] slots(int[] slots, Values own) {
        double[] out = new double[slots.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = own.band(slots[i]).nominal();
        }
        return out;
    }
}
