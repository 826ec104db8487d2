package dev.chain.web;

import dev.chain.ast.CompareOp;
import dev.chain.eval.Node;
import dev.chain.eval.Ops;
import dev.chain.render.ChainMarkdown;
import dev.chain.render.CheckText;
import dev.chain.render.CodeBlock;
import dev.chain.render.FigureMarkdown;
import dev.chain.render.FigurePlots;
import dev.chain.render.FigureTables;
import dev.chain.render.Markdown;
import dev.chain.render.Prose;
import dev.chain.render.TemplateRenderer;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.NumberFormatter;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * A chain in the explorable page: its {@link PageModel}, read once, rendered again for each set of
 * inputs. Values are filled in with the renderer's own code (QuantityFormatter's unit choice and
 * number formats, TemplateRenderer's plurals and steps, CheckText's outcome words) and laid out
 * with ChainMarkdown's code block and prose, so that the page shows what {@code chain render --set}
 * prints. Plain Java: TeaVM compiles it into the page's script, and the tests run it on the JVM.
 */
public final class Page {
    /** One input: the unit the reader types it in, and its own value. */
    public record Input(String name, int slot, DisplayUnit unit, double value, String shown) {}

    /**
     * The page after one keystroke: the chain's Markdown body, the texts a reader sees and each
     * figure drawn again, or why there is none.
     */
    public record Rendered(String body, List<String> codeLines, List<String> paragraphs, List<Boolean> passed,
                           List<String> outcomes, List<Drawn> figures, int badInput, String problem) {}

    /**
     * A figure drawn again: a plot's or roofline's SVG; or a table's Markdown (its title and pipe
     * table, as the page's Markdown has it), its title and its cells, the header first.
     */
    public record Drawn(String svg, String markdown, String title, List<List<String>> cells) {
        /** What the renderer writes for it: the SVG file's text, or the table's Markdown. */
        public String text() {
            return svg != null ? svg : markdown;
        }
    }

    private final List<Input> inputs = new ArrayList<>();
    private final Node[] slots;
    private final Check[] checks;
    private final List<Piece[]> texts = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();
    private final List<String> paragraphs = new ArrayList<>();
    private final List<String> checkSources = new ArrayList<>();
    private final List<String> outcomes = new ArrayList<>();
    private final List<Figure> figures = new ArrayList<>();

    /** The values of one rendering: the slots and the checks' outcomes. */
    private static final class State {
        double[] slots;
        CheckValues[] checks;
    }

    private record CheckValues(boolean passed, double left, double right, double high, double tolerance) {}

    private record Check(String op, boolean relative, Node left, Node right, Node high, Node tolerance) {}

    /** A recorded text's piece: its text for these values. */
    private interface Piece {
        String text(State state);
    }

    public static Page read(String json) {
        return new Page(Tokens.read(json));
    }

    private Page(Tokens t) {
        if (!PageModel.VERSION.equals(t.text())) {
            throw new IllegalArgumentException("this page's model was written by another version of chain");
        }
        for (int n = t.integer(), i = 0; i < n; i++) {
            String name = t.text();
            int slot = t.integer();
            DisplayUnit unit = new DisplayUnit(t.text(), t.number(), null, t.flag());
            inputs.add(new Input(name, slot, unit, t.number(), t.text()));
        }
        int functions = t.integer();
        Code code = new Code(functions);
        for (int i = 0; i < functions; i++) {
            code.define(i, code.read(t));
        }
        slots = new Node[t.integer()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = t.text().equals("e") ? code.read(t) : null;
        }
        checks = checks(t, code);
        for (int n = t.integer(), i = 0; i < n; i++) {
            figures.add(figure(t, code));
        }
        for (int n = t.integer(), i = 0; i < n; i++) {
            texts.add(pieces(t));
        }
        for (int n = t.integer(), i = 0; i < n; i++) {
            labels.add(t.text());
            List<String> lines = new ArrayList<>();
            for (int m = t.integer(), j = 0; j < m; j++) {
                lines.add(t.text());
            }
            rows.add(lines);
        }
        for (int n = t.integer(), i = 0; i < n; i++) {
            paragraphs.add(t.text());
        }
        for (int n = t.integer(), i = 0; i < n; i++) {
            checkSources.add(t.text());
            outcomes.add(t.text());
        }
    }

    public List<Input> inputs() {
        return inputs;
    }

    public List<String> checkSources() {
        return checkSources;
    }

    /**
     * The chain for these inputs: each a number in its input's unit, NaN for its own value. A value
     * the reader cannot mean (not finite, below zero) or inputs that give no value (a division by
     * zero) come back as a problem, with the input it is about (-1 for none in particular).
     */
    public Rendered render(double[] numbers) {
        return render(numbers, true);
    }

    /**
     * As {@link #render(double[])}; without {@code figures} the plots are not drawn (the page draws
     * its text at once and the figures a moment after, as they take a few times longer).
     */
    public Rendered render(double[] numbers, boolean figures) {
        State state = new State();
        double[] values = new double[slots.length];
        boolean[] set = new boolean[slots.length];
        for (int i = 0; i < inputs.size(); i++) {
            double n = numbers[i];
            Input input = inputs.get(i);
            if (Double.isNaN(n)) {
                // Its own value: the render's, which a --set may have changed from the one written.
                values[input.slot()] = input.value();
                set[input.slot()] = true;
                continue;
            }
            if (Double.isInfinite(n)) {
                return problem(i, "too large");
            }
            if (n < 0) {
                return problem(i, "cannot be below zero");
            }
            values[input.slot()] = n * input.unit().factor();
            set[input.slot()] = true;
        }
        List<Drawn> drawn = new ArrayList<>();
        try {
            state.slots = evaluate(values, set);
            state.checks = new CheckValues[checks.length];
            for (int i = 0; i < checks.length; i++) {
                state.checks[i] = check(checks[i], state.slots, NONE);
            }
            for (Figure figure : figures ? this.figures : List.<Figure>of()) {
                drawn.add(figure.draw(state, values, set));
            }
        } catch (Code.NoValue e) {
            return problem(-1, "these inputs give no value: " + e.getMessage());
        } catch (RuntimeException e) { // a built-in's domain error: the square root of a negative value
            return problem(-1, "these inputs give no value" + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        List<CodeBlock.Row> laid = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            List<String> lines = new ArrayList<>();
            for (String line : rows.get(i)) {
                lines.addAll(Prose.lines(expand(line, state)));
            }
            laid.add(new CodeBlock.Row(expand(labels.get(i), state), lines));
        }
        List<String> code = CodeBlock.layout(laid);
        List<String> prose = new ArrayList<>();
        for (String p : paragraphs) {
            prose.addAll(Prose.paragraphs(expand(p, state)));
        }
        List<Boolean> passed = new ArrayList<>();
        List<String> found = new ArrayList<>();
        for (int i = 0; i < outcomes.size(); i++) {
            passed.add(state.checks[i].passed());
            found.add(TemplateRenderer.plain(expand(outcomes.get(i), state)));
        }
        return new Rendered(ChainMarkdown.body(code, prose), code, prose, passed, found, drawn, -1, null);
    }

    private static final double[] NONE = new double[0];

    /**
     * Every slot for these inputs ({@code set}: those with a value given), in order, as
     * CompiledProgram.evaluate does, the chain's checks with them (their sides must have values).
     */
    private double[] evaluate(double[] given, boolean[] set) {
        double[] values = given.clone();
        for (int i = 0; i < slots.length; i++) {
            if (!set[i] && slots[i] != null) {
                values[i] = slots[i].run(values, NONE);
            }
            if (!Double.isFinite(values[i])) {
                throw new Code.NoValue("a value too large for a double");
            }
        }
        return values;
    }

    private static Check[] checks(Tokens t, Code code) {
        Check[] checks = new Check[t.integer()];
        for (int i = 0; i < checks.length; i++) {
            String op = t.text();
            boolean relative = t.flag();
            Node left = code.read(t);
            Node right = code.read(t);
            if (op.equals("in")) {
                checks[i] = new Check(op, relative, left, right, code.read(t), null);
            } else {
                checks[i] = new Check(op, relative, left, right, null, t.text().equals("t") ? code.read(t) : null);
            }
        }
        return checks;
    }

    // ---- figures ---------------------------------------------------------------------------------

    /** A table, plot or roofline drawn again for the reader's inputs. */
    private interface Figure {
        Drawn draw(State state, double[] given, boolean[] set);
    }

    /** The chain at every point of a sweep ({@code slots}: each input's; the first input slowest), the values shown. */
    private double[][] sweep(int[] slots, List<double[]> points, int[] shownSlots, Check[] figureChecks, double[] given, boolean[] set) {
        int size = 1;
        for (double[] p : points) {
            size *= p.length;
        }
        double[][] values = new double[size][];
        double[] at = given.clone();
        boolean[] fixed = set.clone();
        for (int slot : slots) {
            fixed[slot] = true;
        }
        for (int p = 0; p < size; p++) {
            int stride = 1;
            for (int a = slots.length - 1; a >= 0; a--) {
                at[slots[a]] = points.get(a)[(p / stride) % points.get(a).length];
                stride *= points.get(a).length;
            }
            double[] evaluated = evaluate(at, fixed);
            for (Check c : checks) {
                check(c, evaluated, NONE);
            }
            for (Check c : figureChecks) {
                check(c, evaluated, NONE);
            }
            double[] row = new double[shownSlots.length];
            for (int v = 0; v < row.length; v++) {
                row[v] = evaluated[shownSlots[v]];
            }
            values[p] = row;
        }
        return values;
    }

    private Figure figure(Tokens t, Code code) {
        String kind = t.text();
        String title = t.text();
        Check[] figureChecks = checks(t, code);
        if (kind.equals("T")) {
            return table(t, title, figureChecks);
        }
        if (kind.equals("P")) {
            String inputName = t.text();
            QuantityFormatter.UnitChoice xUnit = units(t).choice();
            double[] points = new double[t.integer()];
            for (int i = 0; i < points.length; i++) {
                points[i] = t.number();
            }
            boolean xLog = t.flag();
            boolean yLog = t.flag();
            boolean ticksAtPoints = t.flag();
            int shown = t.integer();
            List<String> names = new ArrayList<>();
            int[] axisOf = new int[shown];
            int[] shownSlots = new int[shown];
            for (int v = 0; v < shown; v++) {
                names.add(t.text());
                axisOf[v] = t.integer();
                shownSlots[v] = t.integer();
            }
            List<QuantityFormatter.UnitChoice> axisUnits = new ArrayList<>();
            for (int n = t.integer(), a = 0; a < n; a++) {
                axisUnits.add(units(t).choice());
            }
            int inputSlot = t.integer();
            t.text(); // a quantity piece ("q" and its source): how the input is written
            source(t);
            Quantity inputText = quantityOf(t);
            FigurePlots.LineSpec spec = new FigurePlots.LineSpec(inputName, xUnit, points, xLog, yLog, ticksAtPoints, names,
                    axisOf, axisUnits);
            return (state, given, set) -> {
                double[][] values = sweep(new int[] {inputSlot}, List.of(points), shownSlots, figureChecks, given, set);
                double[] own = new double[shown];
                for (int v = 0; v < shown; v++) {
                    own[v] = state.slots[shownSlots[v]];
                }
                String named = titleText(title, state);
                java.util.function.DoubleFunction<String> written = si -> TemplateRenderer.plain(inputText.text(si));
                double ownX = state.slots[inputSlot];
                String alt = FigurePlots.lineAlt(named, spec, values, own, ownX, written);
                return new Drawn(FigurePlots.line(named, alt, spec, values, own, ownX, written).svg(), null, null, null);
            };
        }
        QuantityFormatter.UnitChoice rate = units(t).choice();
        String peakName = t.text();
        QuantityFormatter.UnitChoice peakUnit = units(t).choice();
        FormatSpec peakFormat = format(t);
        String bandwidthName = t.text();
        QuantityFormatter.UnitChoice bandwidthUnit = units(t).choice();
        FormatSpec bandwidthFormat = format(t);
        QuantityFormatter.UnitChoice intensity = units(t).choice();
        String gpu = t.text();
        Source peak = source(t);
        Source bandwidth = source(t);
        int n = t.integer();
        List<String> stepNames = new ArrayList<>();
        Node[] flops = new Node[n];
        Node[] bytes = new Node[n];
        Source[] times = new Source[n];
        for (int i = 0; i < n; i++) {
            stepNames.add(t.text());
            flops[i] = code.read(t);
            bytes[i] = code.read(t);
            times[i] = source(t);
        }
        FigurePlots.RoofSpec spec = new FigurePlots.RoofSpec(rate, peakName, peakUnit, peakFormat, bandwidthName, bandwidthUnit,
                bandwidthFormat, intensity, stepNames, gpu);
        return (state, given, set) -> {
            double[][] steps = new double[n][];
            for (int i = 0; i < n; i++) {
                double f = flops[i].run(state.slots, NONE);
                double b = bytes[i].run(state.slots, NONE);
                double time = times[i].value(state);
                if (!Double.isFinite(f) || !Double.isFinite(b)) {
                    throw new Code.NoValue("a side of the step `" + stepNames.get(i) + "` is too large for a double");
                }
                if (!(f > 0) || !(b > 0) || !(time > 0)) {
                    throw new Code.NoValue("the step `" + stepNames.get(i) + "` has no place on a roofline");
                }
                steps[i] = new double[] {f, b, time};
            }
            for (Check c : figureChecks) {
                check(c, state.slots, NONE);
            }
            String named = titleText(title, state);
            double p = peak.value(state);
            double w = bandwidth.value(state);
            return new Drawn(FigurePlots.roofline(named, FigurePlots.rooflineAlt(named, spec, p, w, steps), spec, p, w, steps),
                    null, null, null);
        };
    }

    private Figure table(Tokens t, String title, Check[] figureChecks) {
        boolean grid = t.flag();
        boolean rows = t.flag();
        int n = t.integer();
        List<FigureTables.Column> inputs = new ArrayList<>();
        List<double[]> points = new ArrayList<>();
        int[] inputSlots = new int[n];
        Quantity[] written = new Quantity[n];
        for (int a = 0; a < n; a++) {
            String name = t.text();
            QuantityFormatter.UnitChoice unit = units(t).choice();
            FormatSpec format = format(t);
            double[] p = new double[t.integer()];
            for (int i = 0; i < p.length; i++) {
                p[i] = t.number();
            }
            inputs.add(new FigureTables.Column(name, unit, format, p));
            points.add(p);
            inputSlots[a] = t.integer();
            t.text(); // a quantity piece ("q" and its source): how the input is written
            source(t);
            written[a] = quantityOf(t);
        }
        int m = t.integer();
        List<FigureTables.Column> shown = new ArrayList<>();
        int[] shownSlots = new int[m];
        for (int v = 0; v < m; v++) {
            String name = t.text();
            QuantityFormatter.UnitChoice unit = units(t).choice();
            shown.add(new FigureTables.Column(name, unit, format(t), null));
            shownSlots[v] = t.integer();
        }
        FigureTables.TableSpec spec = new FigureTables.TableSpec(grid, rows, inputs, shown);
        FigureTables.Cells cells = new FigureTables.Cells() {
            @Override
            public String number(double si, DisplayUnit unit, FormatSpec format) {
                return NumberFormatter.format(si / unit.factor(), format);
            }

            @Override
            public String input(int axis, double si) {
                return TemplateRenderer.plain(written[axis].text(si));
            }
        };
        return (state, given, set) -> {
            double[][] values = sweep(inputSlots, points, shownSlots, figureChecks, given, set);
            double[] ownInputs = new double[n];
            for (int a = 0; a < n; a++) {
                ownInputs[a] = state.slots[inputSlots[a]];
            }
            double[] ownValues = new double[m];
            for (int v = 0; v < m; v++) {
                ownValues[v] = state.slots[shownSlots[v]];
            }
            List<List<String>> table = FigureTables.rows(spec, values, ownInputs, ownValues, cells);
            String named = titleText(title, state);
            String markdown = Markdown.inline(named) + "\n\n" + FigureMarkdown.pipeTable(table, rows || grid);
            return new Drawn(null, markdown, named, table);
        };
    }

    /** A figure's title as FigureMarkdown writes it: on one line. */
    private String titleText(String title, State state) {
        return TemplateRenderer.plain(expand(title, state)).replace('\n', ' ');
    }

    private static Rendered problem(int input, String message) {
        return new Rendered(null, List.of(), List.of(), List.of(), List.of(), List.of(), input, message);
    }

    private static double operand(Node n, double[] slots, double[] frame) {
        double v = n.run(slots, frame);
        if (!Double.isFinite(v)) {
            throw new Code.NoValue("a side of a check is too large for a double");
        }
        return v;
    }

    private static CheckValues check(Check c, double[] slots, double[] frame) {
        double left = operand(c.left(), slots, frame);
        double right = operand(c.right(), slots, frame);
        if (c.op().equals("in")) {
            double high = operand(c.high(), slots, frame);
            return new CheckValues(Ops.in(left, right, high), left, right, high, Double.NaN);
        }
        double tolerance = c.tolerance() == null ? Double.NaN : operand(c.tolerance(), slots, frame);
        return new CheckValues(Ops.holds(CompareOp.values()[Integer.parseInt(c.op())], c.relative(), left, right, tolerance),
                left, right, Double.NaN, tolerance);
    }

    /** A row's or paragraph's string with each recorded text in it filled in. */
    private String expand(String s, State state) {
        int mark = s.indexOf(PageModel.TEXT);
        if (mark < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (mark >= 0) {
            out.append(s, at, mark);
            int end = s.indexOf(PageModel.END, mark);
            for (Piece p : texts.get(Integer.parseInt(s.substring(mark + 1, end)))) {
                out.append(p.text(state));
            }
            at = end + 1;
            mark = s.indexOf(PageModel.TEXT, at);
        }
        return out.append(s.substring(at)).toString();
    }

    // ---- reading pieces ---------------------------------------------------------------------------

    private Piece[] pieces(Tokens t) {
        Piece[] pieces = new Piece[t.integer()];
        for (int i = 0; i < pieces.length; i++) {
            pieces[i] = piece(t);
        }
        return pieces;
    }

    private Piece piece(Tokens t) {
        String kind = t.text();
        switch (kind) {
            case "t": {
                String text = t.text();
                return state -> text;
            }
            case "q":
                return quantity(t);
            case "w": {
                Source source = source(t);
                Units units = units(t);
                Piece digits = piece(t);
                return state -> {
                    double si = source.value(state);
                    DisplayUnit unit = units.choice().pick(si);
                    String spelled = TemplateRenderer.wordsText(QuantityFormatter.in(si, unit, null), units.plural(unit));
                    return spelled != null ? spelled : digits.text(state);
                };
            }
            case "g": {
                Piece[] formula = pieces(t);
                return state -> all(formula, state);
            }
            case "f": {
                int slot = t.integer();
                boolean constant = t.flag();
                double written = t.number();
                Piece[] formula = pieces(t);
                Piece changed = piece(t);
                return state -> TemplateRenderer.setFromOutside(state.slots[slot], constant ? written : null)
                        ? changed.text(state) : all(formula, state);
            }
            case "=": {
                String name = t.text();
                Piece[] formula = pieces(t);
                Piece value = piece(t);
                return state -> TemplateRenderer.stepText(name, all(formula, state), value.text(state));
            }
            case "k":
                return outcome(t);
            default:
                throw new IllegalArgumentException("the page model has an unknown piece: " + kind);
        }
    }

    private static String all(Piece[] pieces, State state) {
        StringBuilder out = new StringBuilder();
        for (Piece p : pieces) {
            out.append(p.text(state));
        }
        return out.toString();
    }

    private interface Source {
        double value(State state);
    }

    private Source source(Tokens t) {
        if (t.text().equals("s")) {
            int slot = t.integer();
            return state -> state.slots[slot];
        }
        double v = t.number();
        return state -> v;
    }

    /** A unit choice, with the plural each of its units takes in prose (null: none). */
    private record Units(QuantityFormatter.UnitChoice choice, List<DisplayUnit> units, List<String> plurals) {
        String plural(DisplayUnit unit) {
            for (int i = 0; i < units.size(); i++) {
                if (units.get(i) == unit) {
                    return plurals.get(i);
                }
            }
            return null;
        }
    }

    private Units units(Tokens t) {
        List<DisplayUnit> all = new ArrayList<>();
        List<String> plurals = new ArrayList<>();
        boolean fixed = t.text().equals("F");
        DisplayUnit first = unit(t, all, plurals);
        if (fixed) {
            return new Units(new QuantityFormatter.UnitChoice(first, null, List.of()), all, plurals);
        }
        List<DisplayUnit> prefixed = new ArrayList<>();
        for (int n = t.integer(), i = 0; i < n; i++) {
            prefixed.add(unit(t, all, plurals));
        }
        return new Units(new QuantityFormatter.UnitChoice(null, first, prefixed), all, plurals);
    }

    private static DisplayUnit unit(Tokens t, List<DisplayUnit> all, List<String> plurals) {
        DisplayUnit u = new DisplayUnit(t.text(), t.number(), null, t.flag());
        all.add(u);
        plurals.add(t.text());
        return u;
    }

    private Piece quantity(Tokens t) {
        Source source = source(t);
        Quantity q = quantityOf(t);
        return state -> q.text(source.value(state));
    }

    /** How a value is written, as TemplateRenderer.quantity(): its unit, format and plural. */
    private record Quantity(Units units, FormatSpec format, boolean bare) {
        String text(double si) {
            QuantityFormatter.Formatted f = QuantityFormatter.in(si, units.choice().pick(si), format);
            return TemplateRenderer.quantityText(f, bare ? null : units.plural(f.unit()), bare);
        }
    }

    /** A quantity piece's parts after its source. */
    private Quantity quantityOf(Tokens t) {
        Units units = units(t);
        FormatSpec format = format(t);
        return new Quantity(units, format, t.flag());
    }

    private static FormatSpec format(Tokens t) {
        String type = t.text();
        return type == null ? null : new FormatSpec(t.flag(), t.integer(), type.charAt(0));
    }

    private Piece outcome(Tokens t) {
        int index = t.integer();
        Units left = units(t);
        String words = t.text();
        boolean approx = t.flag();
        boolean relative = t.flag();
        return state -> {
            CheckValues c = state.checks[index];
            DisplayUnit unit = left.choice().pick(c.left());
            String high = Double.isNaN(c.high()) ? null : QuantityFormatter.in(c.high(), unit, null).text();
            String within = !approx ? null : relative ? QuantityFormatter.in(c.tolerance(), CheckText.percent(), null).text()
                    : QuantityFormatter.in(c.tolerance(), unit, null).text();
            return CheckText.outcomeText(QuantityFormatter.in(c.left(), unit, null).text(), c.passed(), words,
                    QuantityFormatter.in(c.right(), unit, null).text(), high, within);
        };
    }
}
