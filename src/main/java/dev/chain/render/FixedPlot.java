package dev.chain.render;

import dev.chain.eval.Band;
import dev.chain.eval.CheckValues;
import dev.chain.eval.Program;
import dev.chain.eval.Values;

/**
 * A plot drawn with the values it was made from, whatever a reader types, and as wide as the page
 * shows it: a fit's fitted line, its band and its runs, which the explorable page cannot fit again.
 *
 * @param plot    the plot, as any plot's layout
 * @param drawing its values at its points
 * @param own     the chain's values it was drawn with, by slot (they mark the chain's own point and write the title)
 */
public record FixedPlot(int figure, FigureLayout.Plot plot, Program.Drawing drawing, Band[] own) implements FigureLayout {
    @Override
    public Piece title() {
        return plot.title();
    }

    @Override
    public Drawn draw(Program.Drawing drawing, Values own, double width) {
        return plot.draw(this.drawing, new Held(this.own), width);
    }

    @Override
    public boolean followsInputs() {
        return false;
    }

    /** The values it was made from. */
    private record Held(Band[] bands) implements Values {
        @Override
        public Band band(int slot) {
            return bands[slot];
        }

        @Override
        public CheckValues check(int index) {
            throw new UnsupportedOperationException("a plot drawn once has no checks");
        }
    }
}
