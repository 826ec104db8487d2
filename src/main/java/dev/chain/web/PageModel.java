package dev.chain.web;

import dev.chain.ast.CompareOp;
import dev.chain.ast.Condition;
import dev.chain.ast.Expr;
import dev.chain.ast.Template;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.PlaceholderInfo;
import dev.chain.eval.CheckResult;
import dev.chain.render.ChainMarkdown;
import dev.chain.render.CheckText;
import dev.chain.render.CodeBlock;
import dev.chain.render.FormulaPrinter;
import dev.chain.render.TemplateRenderer;
import dev.chain.session.ChainRun;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * What the explorable page needs to render a chain again for other inputs, as {@link Tokens}:
 * its inputs, its expressions ({@link CodeWriter}), and its code block and prose as
 * {@link ChainMarkdown} lays them out, each value-dependent text recorded as pieces instead of
 * filled in. A piece says where its value comes from (a slot, or a constant of a module) and how
 * it is shown: the unit choice, the format and the plural that the renderer would use, decided
 * here by the renderer's own code; the page ({@link Page}) only applies them to new values.
 * The layout (wrapping, escaping, paragraphs) is {@link ChainMarkdown}'s, run in the page.
 */
public final class PageModel implements ChainMarkdown.Texts {
    /** Marks a recorded text inside a row or paragraph string; the page replaces it. */
    static final char TEXT = '\uE000';
    static final char END = '\uE001';
    /** Marks a value inside a printed formula while it is being cut into pieces. */
    private static final char VALUE = '\uE002';

    /** The model's version, first of its tokens: a page script reads only the one it was built with. */
    static final String VERSION = "chain-page-1";

    private final CheckedProgram program;
    private final ChainRun run;
    private final TemplateRenderer renderer;
    private final CheckText checkText;
    private final QuantityFormatter formatter;
    private final List<Tokens> texts = new ArrayList<>();

    private PageModel(ChainRun run) {
        this.run = run;
        this.program = run.chain().program();
        this.renderer = new TemplateRenderer(program, run);
        this.checkText = new CheckText(program, run);
        this.formatter = run.formatter();
    }

    /** The model of a chain that checked and evaluated (its own inputs). */
    public static String json(ChainRun run) {
        return new PageModel(run).write().json();
    }

    private Tokens write() {
        ChainMarkdown layout = new ChainMarkdown(program, run.evaluation(), run, this);
        List<CodeBlock.Row> rows = layout.rows();
        List<String> paragraphs = layout.paragraphs();
        List<String> outcomes = new ArrayList<>();
        for (CheckResult r : run.evaluation().checks()) {
            outcomes.add(outcome(r));
        }

        CodeWriter code = new CodeWriter(program, run);
        Tokens slots = Tokens.writer();
        List<BindingInfo> bindings = program.bindings();
        slots.add(bindings.size());
        for (BindingInfo b : bindings) {
            if (b.dimension() != null && b.decl().value() instanceof Value.QuantityValue q) {
                slots.add("e");
                code.write(q.expr(), slots);
            } else {
                slots.add("-");
            }
        }
        Tokens checks = Tokens.writer();
        checks(program.checks(), code, checks);
        Tokens figures = figures(code);

        Tokens out = Tokens.writer().add(VERSION);
        inputs(out);
        code.writeFunctions(out);
        out.addAll(slots).addAll(checks).addAll(figures);
        out.add(texts.size());
        texts.forEach(out::addAll);
        out.add(rows.size());
        for (CodeBlock.Row row : rows) {
            out.add(row.label()).add(row.lines().size());
            row.lines().forEach(out::add);
        }
        out.add(paragraphs.size());
        paragraphs.forEach(out::add);
        out.add(outcomes.size());
        for (int i = 0; i < outcomes.size(); i++) {
            out.add(CheckText.source(run.evaluation().checks().get(i))).add(outcomes.get(i));
        }
        return out;
    }

    /** Checks as the page evaluates them: each its operator (or a range) and its operands' code. */
    private static void checks(List<CheckInfo> list, CodeWriter code, Tokens checks) {
        checks.add(list.size());
        for (CheckInfo c : list) {
            Condition cond = c.decl().condition();
            if (cond instanceof Condition.InRange range) {
                checks.add("in").add(false);
                code.write(range.value(), checks);
                code.write(range.low(), checks);
                code.write(range.high(), checks);
            } else {
                Condition.Compare compare = (Condition.Compare) cond;
                checks.add(Integer.toString(compare.op().ordinal())).add(c.relativeTolerance());
                code.write(compare.left(), checks);
                code.write(compare.right(), checks);
                if (compare.tolerance() != null) {
                    code.write(compare.tolerance(), checks.add("t"));
                } else {
                    checks.add("-");
                }
            }
        }
    }

    /**
     * The chain's figures as the page draws them again: a table's, plot's or roofline's spec (what
     * FigureMarkdown writes it from) and where its values come from. Each with its title, and its
     * checks, which must have values at every point.
     */
    private Tokens figures(CodeWriter code) {
        Tokens out = Tokens.writer();
        if (run.figures().isEmpty()) {
            return out.add(0);
        }
        dev.chain.render.FigureMarkdown figures = new dev.chain.render.FigureMarkdown(program, run);
        out.add(program.figures().size());
        for (dev.chain.check.FigureInfo figure : program.figures()) {
            String kind = figure.kind() == dev.chain.ast.FigureKind.TABLE ? "T"
                    : figure.kind() == dev.chain.ast.FigureKind.PLOT ? "P" : "R";
            out.add(kind).add(template(figure.decl().titleTemplate()));
            checks(figure.checks(), code, out);
            if (kind.equals("T")) {
                dev.chain.render.FigureTables.TableSpec spec = figures.tableSpec(figure);
                out.add(spec.grid()).add(spec.rows()).add(spec.inputs().size());
                for (int a = 0; a < spec.inputs().size(); a++) {
                    dev.chain.render.FigureTables.Column c = spec.inputs().get(a);
                    BindingInfo input = figure.axes().get(a).input();
                    column(c, out);
                    out.add(c.points().length);
                    for (double p : c.points()) {
                        out.add(p);
                    }
                    out.add(input.slot());
                    quantity(input, input.display(), input.format(), false, out); // how the table writes the input
                }
                out.add(spec.values().size());
                for (int v = 0; v < spec.values().size(); v++) {
                    column(spec.values().get(v), out);
                    out.add(figure.shown().get(v).slot());
                }
            } else if (kind.equals("P")) {
                dev.chain.render.FigurePlots.LineSpec spec = figures.lineSpec(figure);
                BindingInfo input = figure.axes().get(0).input();
                out.add(spec.inputName());
                choice(spec.xUnit(), false, out);
                out.add(spec.points().length);
                for (double p : spec.points()) {
                    out.add(p);
                }
                out.add(spec.xLog()).add(spec.yLog()).add(spec.ticksAtPoints());
                out.add(spec.names().size());
                for (int v = 0; v < spec.names().size(); v++) {
                    out.add(spec.names().get(v)).add(spec.axisOf()[v]).add(figure.shown().get(v).slot());
                }
                out.add(spec.axisUnits().size());
                spec.axisUnits().forEach(u -> choice(u, false, out));
                out.add(input.slot());
                // How the swept input is written in the alt text and at the operating point.
                quantity(input, input.display(), input.format(), false, out);
            } else {
                dev.chain.render.FigurePlots.RoofSpec spec = figures.roofSpec(figure);
                choice(spec.rateUnit(), false, out);
                out.add(spec.peakName());
                choice(spec.peakUnit(), false, out);
                format(spec.peakFormat(), out);
                out.add(spec.bandwidthName());
                choice(spec.bandwidthUnit(), false, out);
                format(spec.bandwidthFormat(), out);
                choice(spec.intensityUnit(), false, out);
                out.add(spec.gpu());
                source(figure.roof().peak(), out);
                source(figure.roof().bandwidth(), out);
                out.add(figure.points().size());
                for (dev.chain.check.FigureInfo.Point point : figure.points()) {
                    out.add(point.step().name());
                    code.write(point.decl().flops(), out);
                    code.write(point.decl().bytes(), out);
                    source(point.step(), out);
                }
            }
        }
        return out;
    }

    /**
     * The chain's quantity inputs: each with the unit the reader types it in (the one written
     * after its number, or else its {@code ->} unit, or chain's choice for its value), its value,
     * and that value as the box shows it.
     */
    private void inputs(Tokens out) {
        List<BindingInfo> inputs = new ArrayList<>();
        for (BindingInfo b : program.inputs()) {
            if (!b.isText() && b.dimension() != null && b.owner() == program) {
                inputs.add(b);
            }
        }
        out.add(inputs.size());
        for (BindingInfo b : inputs) {
            double si = run.valueOf(b);
            DisplayUnit unit = inputUnit(b, si);
            out.add(b.name()).add(b.slot()).add(unit.text()).add(unit.factor()).add(unit.glued()).add(si)
                    .add(shown(b, si, unit));
        }
    }

    private DisplayUnit inputUnit(BindingInfo b, double si) {
        Expr e = ((Value.QuantityValue) b.decl().value()).expr();
        while (e instanceof Expr.Paren p) {
            e = p.inner();
        }
        if (e instanceof Expr.Quantity q && q.magnitude() instanceof Expr.NumberLit && program.unit(q.unit()) != null) {
            return program.unit(q.unit());
        }
        if (e instanceof Expr.NumberLit) {
            return DisplayUnit.none();
        }
        return b.display() != null ? b.display() : formatter.autoUnit(si, b.dimension());
    }

    /**
     * The input's number as its box first shows it: as the author wrote it ({@code 4,096},
     * {@code 80e9}), unless a --set changed it; then as a reader would type it.
     */
    private String shown(BindingInfo b, double si, DisplayUnit unit) {
        Expr e = ((Value.QuantityValue) b.decl().value()).expr();
        while (e instanceof Expr.Paren p) {
            e = p.inner();
        }
        Expr number = e instanceof Expr.Quantity q ? q.magnitude() : e;
        Double written = program.constantValue(e);
        if (number instanceof Expr.NumberLit && written != null && written == si) {
            return number.span().text();
        }
        return plain(si / unit.factor());
    }

    /** A number as a reader would type it: its shortest exact decimal, without exponent or grouping. */
    static String plain(double v) {
        String s = new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
        return s.equals("-0") ? "0" : s;
    }

    // ---- the recorded texts ----------------------------------------------------------------------

    private String record(Tokens pieces, int count) {
        Tokens text = Tokens.writer().add(count).addAll(pieces);
        texts.add(text);
        return "" + TEXT + (texts.size() - 1) + END;
    }

    @Override
    public String template(Template template) {
        Tokens pieces = Tokens.writer();
        int count = 0;
        for (Template.Part part : template.parts()) {
            if (part instanceof Template.Literal l) {
                pieces.add("t").add(l.text());
            } else if (part instanceof Template.LineBreak) {
                pieces.add("t").add("\n");
            } else {
                PlaceholderInfo info = program.placeholder((Template.Placeholder) part);
                if (info == null) {
                    throw new IllegalStateException("template placeholder was not checked: " + ((Template.Placeholder) part).span());
                }
                if (info.formula()) {
                    formula(info, pieces);
                } else {
                    value(info, pieces);
                }
            }
            count++;
        }
        return record(pieces, count);
    }

    /** {@code {name}}, as TemplateRenderer's value(): text as it is, a number in words when asked and it can be. */
    private void value(PlaceholderInfo info, Tokens out) {
        BindingInfo b = info.binding();
        if (b.isText()) {
            out.add("t").add(b.text());
            return;
        }
        DisplayUnit unit = TemplateRenderer.unitOf(info);
        if (info.placeholder().words()) {
            out.add("w");
            source(b, out);
            choice(formatter.choice(b.dimension(), unit, null), true, out);
        }
        quantity(b, unit, TemplateRenderer.formatOf(info), info.bare(), out);
    }

    /** One piece: a binding's value in a unit and format, as TemplateRenderer.quantity() writes it. */
    private void quantity(BindingInfo b, DisplayUnit unit, FormatSpec format, boolean bare, Tokens out) {
        out.add("q");
        source(b, out);
        choice(formatter.choice(b.dimension(), unit, format), !bare, out);
        format(format, out);
        out.add(bare);
    }

    private void column(dev.chain.render.FigureTables.Column c, Tokens out) {
        out.add(c.name());
        choice(c.unit(), false, out);
        format(c.format(), out);
    }

    /** A spec's parts, not its text: a significant-digits spec (a literal's) has no written form. */
    private static void format(FormatSpec format, Tokens out) {
        if (format == null) {
            out.add(null);
        } else {
            out.add(String.valueOf(format.type())).add(format.grouping()).add(format.precision());
        }
    }

    private void quantityOrText(BindingInfo b, Tokens out) {
        if (b.isText()) {
            out.add("t").add(b.text());
        } else {
            quantity(b, b.display(), b.format(), false, out);
        }
    }

    /** Where a value comes from: a slot the page evaluates, or a module's constant. */
    private void source(BindingInfo b, Tokens out) {
        if (b.owner() == program) {
            out.add("s").add(b.slot());
        } else {
            out.add("c").add(run.valueOf(b));
        }
    }

    private void choice(QuantityFormatter.UnitChoice choice, boolean plurals, Tokens out) {
        if (choice.fixed() != null) {
            unit(out.add("F"), choice.fixed(), plurals);
            return;
        }
        unit(out.add("A"), choice.base(), plurals);
        out.add(choice.prefixed().size());
        for (DisplayUnit u : choice.prefixed()) {
            unit(out, u, plurals);
        }
    }

    private void unit(Tokens out, DisplayUnit u, boolean plural) {
        out.add(u.text()).add(u.factor()).add(u.glued()).add(plural ? renderer.plural(u) : null);
    }

    /** {@code {=name}}, as TemplateRenderer's formula(): an input set from outside shows its value instead. */
    private void formula(PlaceholderInfo info, Tokens out) {
        BindingInfo b = info.binding();
        Value.QuantityValue q = (Value.QuantityValue) b.decl().value();
        boolean bare = info.bare();
        FormatSpec format = info.format();
        Tokens written = Tokens.writer();
        int count = printed(b.owner(), !bare, q.expr(), shown -> {
            if (shown.isText()) {
                return Tokens.writer().add("t").add(shown.text());
            }
            Tokens piece = Tokens.writer();
            quantity(shown, shown.display(), format != null ? format : shown.format(), bare && !shown.dimension().isNone(), piece);
            return piece;
        }, written);
        if (!b.input() || b.owner() != program) {
            out.add("g").add(count).addAll(written);
            return;
        }
        Double constant = b.owner().constantValue(q.expr());
        out.add("f").add(b.slot()).add(constant != null).add(constant == null ? 0.0 : constant);
        out.add(count).addAll(written);
        quantity(b, b.display(), format != null ? format : b.format(), bare && !b.dimension().isNone(), out);
    }

    /** A printed formula cut into pieces: its text, and a piece for each value in it. */
    private static int printed(CheckedProgram owner, boolean literalUnits, Expr e,
                               java.util.function.Function<BindingInfo, Tokens> piece, Tokens out) {
        List<Tokens> values = new ArrayList<>();
        String text = new FormulaPrinter(owner, b -> {
            values.add(piece.apply(b));
            return "" + VALUE + (values.size() - 1) + VALUE;
        }, TemplateRenderer.TIMES, literalUnits).print(e);
        int count = 0;
        int at = 0;
        while (at < text.length()) {
            int mark = text.indexOf(VALUE, at);
            if (mark < 0) {
                out.add("t").add(text.substring(at));
                return count + 1;
            }
            if (mark > at) {
                out.add("t").add(text.substring(at, mark));
                count++;
            }
            int close = text.indexOf(VALUE, mark + 1);
            out.addAll(values.get(Integer.parseInt(text.substring(mark + 1, close))));
            count++;
            at = close + 1;
        }
        return count;
    }

    /** A step's line, as TemplateRenderer's step(): {@code name = formula = value}. */
    @Override
    public String step(BindingInfo b) {
        Tokens value = Tokens.writer();
        quantityOrText(b, value);
        Value.QuantityValue q = b.decl().value() instanceof Value.QuantityValue v ? v : null;
        Tokens pieces = Tokens.writer();
        if (b.input() || q == null) {
            return record(pieces.add("t").add(b.name() + " = ").addAll(value), 2);
        }
        Tokens formula = Tokens.writer();
        int count = printed(b.owner(), true, q.expr(), shown -> {
            Tokens piece = Tokens.writer();
            quantityOrText(shown, piece);
            return piece;
        }, formula);
        return record(pieces.add("=").add(b.name()).add(count).addAll(formula).addAll(value), 1);
    }

    /** A check's outcome, as CheckText's outcome(): the left side's unit chosen by its value, the others in it. */
    @Override
    public String outcome(CheckResult r) {
        CheckInfo c = r.check();
        Condition cond = c.decl().condition();
        Tokens pieces = Tokens.writer().add("k").add(c.index());
        choice(checkText.leftUnit(r), false, pieces);
        String words = cond instanceof Condition.Compare compare ? compare.op().words() : null;
        boolean approx = cond instanceof Condition.Compare compare && compare.op() == CompareOp.APPROX;
        pieces.add(words).add(approx).add(c.relativeTolerance());
        return record(pieces, 1);
    }
}
