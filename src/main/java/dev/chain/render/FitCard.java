package dev.chain.render;

import dev.chain.check.CheckedProgram;
import dev.chain.check.FitSpec;
import dev.chain.eval.FittedValues;
import java.util.List;

/**
 * A chain's {@code fit} on its page, in three parts, each drawn once (the page cannot fit again):
 * its title over a table of the inputs fitted with their 95% intervals; the plot {@code chain fit
 * --svg} draws (the fitted line, its band, the runs); and the errors over the table of runs, each
 * with its residual in the fit and held out of it ({@link FitReport}'s).
 */
final class FitCard {
    private FitCard() {}

    /** Its parts, {@code values} the chain's (they choose units); only its title where it was not fitted ({@code fitted} null). */
    static List<FigureLayout> layouts(FigureMarkdown markdown, CheckedProgram program, BindingValues values, Piece title, FitSpec fit,
                                      FittedValues fitted) {
        if (fitted == null) {
            return List.of(new FigureLayout.Fixed(fit.index(), new Piece.Literal(FigureLayout.titleText(title, values)), List.of(), 0));
        }
        FitReport report = new FitReport(program, values);
        // The title with the chain's values at the fit (a freed input's placeholder shows its range), whatever a reader sets.
        String text = FigureLayout.titleText(title, fitted.own());
        dev.chain.eval.Band[] own = new dev.chain.eval.Band[program.bindings().size()];
        for (int slot = 0; slot < own.length; slot++) {
            own[slot] = fitted.own().band(slot);
        }
        FigureLayout.Plot plot = (FigureLayout.Plot) markdown.layout(fitted.along(), fitted.drawn()); // a plot's layout, as its spec is a plot
        String runs = "Each run in " + fit.plot().runs().path() + ", fitted and held out: " + report.summary(fitted);
        return List.of(new FigureLayout.Fixed(fit.index(), new Piece.Literal(text), report.fitted(fitted), 1),
                new FixedPlot(fit.index(), plot, fitted.drawing(), own),
                new FigureLayout.Fixed(fit.index(), new Piece.Literal(runs), report.rows(fitted), 1));
    }
}
