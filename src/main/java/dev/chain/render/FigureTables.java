package dev.chain.render;

import dev.chain.eval.Band;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.NumberFormatter;
import dev.chain.units.QuantityFormatter.UnitChoice;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's cells from what the table is (a spec) and the values it shows: FigureMarkdown writes a
 * chain's tables (and {@code chain sweep}'s) with it, and the explorable page (web.Page) writes them
 * again for the reader's inputs.
 */
public final class FigureTables {
    private FigureTables() {}

    /**
     * A swept input ({@code points} in base units) or a value shown: its name, how its unit is
     * chosen (its {@code ->} unit, or chain's choice for the chain's own value), its format.
     */
    public record Column(String name, UnitChoice unit, FormatSpec format, double[] points) {}

    /** A text input's labels, one a row of a table of rows: its name, and each row's text. */
    public record Labels(String name, List<String> cells) {}

    /**
     * @param grid a grid of one value: a matrix, the first input down, the second across
     * @param rows {@code as rows}: a row per value, a column per point
     * @param together its inputs swept together, the i-th point of each on the i-th row (rows of several inputs)
     * @param labels the columns of labels of a table of rows, first
     */
    public record TableSpec(boolean grid, boolean rows, boolean together, List<Labels> labels, List<Column> inputs, List<Column> values) {}

    /** How a ratio is written: {@code 1.60x}. */
    private static final FormatSpec RATIO = new FormatSpec(false, 2, 'f');

    /** How a cell's number and an input's value are written: as a card writes them ({@link Written}), or for a machine (CSV). */
    public interface Cells {
        String number(double si, DisplayUnit unit, FormatSpec format);

        /** Input {@code axis} at {@code si}, with its unit: {@code 1,024 tokens}. */
        String input(int axis, double si);

        /**
         * A value that is a range at its point, other inputs being ranges: both ends, as the card
         * writes a range ({@code 57.2-85.7}), in the column's unit and format.
         */
        default String range(double low, double high, DisplayUnit unit, FormatSpec format) {
            return TemplateRenderer.plain(RangeText.card(low, high, unit, format, null, true));
        }

        /**
         * An observed value over an expected one, as a runs table writes it: {@code 1.60x}; over a
         * range of expectations, from its lowest to its highest ({@code 1.54x-1.62x}).
         */
        default String ratio(double low, double high) {
            String from = NumberFormatter.format(low, RATIO) + "x";
            return low < high ? from + "-" + NumberFormatter.format(high, RATIO) + "x" : from;
        }
    }

    /**
     * Cells as a card writes them: each number in its column's unit and format, each swept input's
     * value as its piece writes it ({@code 1,024 tokens}).
     */
    public static class Written implements Cells {
        private final List<Piece.Quantity> inputs;

        public Written(List<Piece.Quantity> inputs) {
            this.inputs = inputs;
        }

        @Override
        public String number(double si, DisplayUnit unit, FormatSpec format) {
            return NumberFormatter.format(si / unit.factor(), format);
        }

        @Override
        public String input(int axis, double si) {
            return TemplateRenderer.plain(inputs.get(axis).text(si));
        }
    }

    /**
     * The cells, the header first: a row per point (the inputs, then the values), or with
     * {@code rows} a row per value, or for a grid of one value a matrix.
     *
     * @param values     the values shown, {@code [point][value]}, points in sweep order (the first input
     *                   slowest), each with its ends over the box of the ranged inputs: a cell shows both where they differ
     * @param ownInputs  the chain's own value of each input, ownValues of each value shown: they choose the units
     */
    public static List<List<String>> rows(TableSpec spec, Band[][] values,
                                          double[] ownInputs, double[] ownValues, Cells cells) {
        List<List<String>> rows = new ArrayList<>();
        List<Column> axes = spec.inputs();
        List<Column> shown = spec.values();
        if (spec.grid()) {
            Column value = shown.get(0);
            DisplayUnit unit = value.unit().pick(ownValues[0]);
            Column down = axes.get(0);
            Column across = axes.get(1);
            List<String> header = new ArrayList<>();
            header.add(FigurePlots.heading(value.name(), unit));
            for (double b : across.points()) {
                header.add(across.name() + " " + cells.input(1, b));
            }
            rows.add(header);
            for (int i = 0; i < down.points().length; i++) {
                List<String> row = new ArrayList<>();
                row.add(down.name() + " " + cells.input(0, down.points()[i]));
                for (int j = 0; j < across.points().length; j++) {
                    row.add(cell(cells, values[i * across.points().length + j][0], unit, value.format()));
                }
                rows.add(row);
            }
            return rows;
        }
        List<DisplayUnit> units = new ArrayList<>();
        for (int v = 0; v < shown.size(); v++) {
            units.add(shown.get(v).unit().pick(ownValues[v]));
        }
        List<DisplayUnit> inputUnits = new ArrayList<>();
        for (int a = 0; a < axes.size(); a++) {
            inputUnits.add(axes.get(a).unit().pick(ownInputs[a]));
        }
        if (spec.rows()) {
            Column axis = axes.get(0);
            List<String> header = new ArrayList<>();
            header.add(FigurePlots.heading(axis.name(), inputUnits.get(0)));
            for (double p : axis.points()) {
                header.add(cells.number(p, inputUnits.get(0), axis.format()));
            }
            rows.add(header);
            for (int v = 0; v < shown.size(); v++) {
                List<String> row = new ArrayList<>();
                row.add(FigurePlots.heading(shown.get(v).name(), units.get(v)));
                for (int p = 0; p < values.length; p++) {
                    row.add(cell(cells, values[p][v], units.get(v), shown.get(v).format()));
                }
                rows.add(row);
            }
            return rows;
        }
        List<String> header = new ArrayList<>();
        spec.labels().forEach(l -> header.add(l.name()));
        double[][] points = new double[axes.size()][];
        for (int a = 0; a < axes.size(); a++) {
            header.add(FigurePlots.heading(axes.get(a).name(), inputUnits.get(a)));
            points[a] = axes.get(a).points();
        }
        for (int v = 0; v < shown.size(); v++) {
            header.add(FigurePlots.heading(shown.get(v).name(), units.get(v)));
        }
        rows.add(header);
        for (int p = 0; p < values.length; p++) {
            List<String> row = new ArrayList<>();
            for (Labels l : spec.labels()) {
                row.add(l.cells().get(p));
            }
            for (int a = 0; a < axes.size(); a++) {
                row.add(cells.number(dev.chain.eval.Figure.input(points, spec.together(), a, p), inputUnits.get(a), axes.get(a).format()));
            }
            for (int v = 0; v < shown.size(); v++) {
                row.add(cell(cells, values[p][v], units.get(v), shown.get(v).format()));
            }
            rows.add(row);
        }
        return rows;
    }

    /** A value at a point: a number, or both ends of its range where it is one there. */
    static String cell(Cells cells, Band value, DisplayUnit unit, FormatSpec format) {
        return value.ranged() ? cells.range(value.low(), value.high(), unit, format) : cells.number(value.nominal(), unit, format);
    }
}
