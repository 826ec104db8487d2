package dev.chain.check;

import dev.chain.ast.Stmt;
import dev.chain.source.Span;
import java.util.List;

/**
 * A checked {@code fit}: the inputs it frees, each with its bounds ({@code for efficiency in 50% ..
 * 100%}, or the input's own range), and the runs it fits them to, as the plot of the value fitted
 * over the runs' input that {@code chain sweep --runs} would draw ({@code plot}: its x axis the
 * runs' input at the chain's own value, its one value the one the runs measured, its runs the
 * {@code observed} line). The chain's values then take each freed input from the fit, a range of
 * its 95% interval ({@code session.RunsFit}).
 *
 * @param decl  the figure as written
 * @param plot  the value fitted over the runs' input, with the runs: what the fit evaluates and draws
 * @param freed the inputs fitted, in the order written
 * @param index its place among the chain's figures: {@code plot}'s too, whose code it shares
 */
public record FitSpec(Stmt.Figure decl, FigureSpec.Plot plot, List<Free> freed, int index) implements FigureSpec {
    /** The most inputs a fit frees: each more needs more runs, and four already need six. */
    public static final int MAX_FREE = 4;

    /** An input to fit, its bounds in base units, and where it is named (its warnings' place). */
    public record Free(BindingInfo input, double low, double high, Span at) {}

    public FitSpec {
        freed = List.copyOf(freed);
    }

    /** A fit holds nothing at its points: its runs are measurements, its residuals what it reports. */
    @Override
    public List<CheckInfo> checks() {
        return List.of();
    }

    @Override
    public List<Axis> axes() {
        return plot.axes();
    }

    @Override
    public List<BindingInfo> shown() {
        return plot.shown();
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.visitFit(this);
    }
}
