package dev.chain.render;

import dev.chain.eval.Program;
import dev.chain.units.DisplayUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * A plot's measured runs as a table (issue 27 item 4): a row per run, its point of the plot's
 * input, then for each value measured what the chain expects there, what the run measured, and
 * their ratio. The renderer writes it under the plot; the explorable page writes it again for the
 * reader's inputs (the expected side follows them, the measurements do not); and
 * {@code chain sweep --runs} prints it, each run's file before it ({@link FigureMarkdown#runsRows}).
 */
public final class RunsTable {
    private RunsTable() {}

    /**
     * @param input    the plot's input: its name and how its value is written in a cell
     * @param values   each value measured: its name, how its unit is chosen, its format (expected and observed share them)
     * @param shown    which of the plot's values each is (an index into what the plot shows)
     * @param points   each run's point of the input, base units
     * @param observed each value measured, {@code [run][value]}, base units
     */
    public record Spec(String input, List<FigureTables.Column> values, int[] shown, double[] points, double[][] observed) {}

    /**
     * The cells, the header first.
     *
     * @param expected the plot's values at the runs' points ({@code [run][shown]}) and, where inputs
     *                 are ranges, their extremes: a cell shows both ends where they differ
     * @param own      the chain's own value of each value measured: it chooses the column's unit
     * @param inputs   how a run's point is written
     */
    public static List<List<String>> rows(Spec spec, Program.Drawing expected, double[] own, FigureTables.Cells inputs) {
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>();
        header.add(spec.input());
        List<DisplayUnit> units = new ArrayList<>();
        for (int v = 0; v < spec.values().size(); v++) {
            FigureTables.Column c = spec.values().get(v);
            DisplayUnit unit = c.unit().pick(own[v]);
            units.add(unit);
            header.add(FigurePlots.heading(c.name() + " expected", unit));
            header.add(FigurePlots.heading(c.name() + " observed", unit));
            header.add("observed / expected");
        }
        rows.add(header);
        for (int r = 0; r < spec.points().length; r++) {
            List<String> row = new ArrayList<>();
            row.add(inputs.input(0, spec.points()[r]));
            for (int v = 0; v < spec.values().size(); v++) {
                FigureTables.Column c = spec.values().get(v);
                int s = spec.shown()[v];
                double measured = spec.observed()[r][v];
                dev.chain.eval.Band at = expected.bands()[r][s];
                row.add(FigureTables.cell(inputs, at, units.get(v), c.format()));
                row.add(inputs.number(measured, units.get(v), c.format()));
                // The ratio over a range of expectations: from the highest's to the lowest's (a point's three are one).
                row.add(inputs.ratio(measured / at.high(), measured / at.low()));
            }
            rows.add(row);
        }
        return rows;
    }
}
