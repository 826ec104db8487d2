package dev.chain.web;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.CompareOp;
import dev.chain.ast.FigureKind;
import dev.chain.check.Builtin;
import dev.chain.eval.Check;
import dev.chain.eval.CompiledFunction;
import dev.chain.eval.Figure;
import dev.chain.eval.InputRange;
import dev.chain.eval.Node;
import dev.chain.eval.Nodes;
import dev.chain.eval.Program;
import dev.chain.eval.Site;
import dev.chain.render.ChainLayout;
import dev.chain.render.FigureLayout;
import dev.chain.render.FigurePlots;
import dev.chain.render.FigureTables;
import dev.chain.render.Piece;
import dev.chain.render.RunsTable;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Reads what {@link ModelWriter} wrote back into the same records, each component by its name: a
 * model whose shape is not the records' (another version of chain, a missing member) fails here,
 * loudly, rather than reading one thing as another. Plain Java that TeaVM compiles into the
 * page's script (no reflection, no enum lookup by name); the tests run it on the JVM.
 */
final class ModelReader {
    private final List<CompiledFunction> functions = new ArrayList<>();

    private ModelReader() {}

    static PageModel read(Tree json) {
        ModelReader reader = new ModelReader();
        Tree functions = need(json, "functions");
        // Each function first, then the bodies, which may call any of them.
        for (int i = 0; i < functions.size(); i++) {
            Tree f = functions.at(i);
            reader.functions.add(new CompiledFunction(text(f, "name"), integer(f, "arity"), null, doubles(optional(f, "ownerSlots"))));
        }
        for (int i = 0; i < functions.size(); i++) {
            reader.functions.get(i).setBody(reader.node(need(functions.at(i), "body")));
        }
        Tree page = need(json, "page");
        String version = text(page, "version");
        if (!PageModel.VERSION.equals(version)) {
            throw new IllegalArgumentException("this page's model was written by another version of chain (" + version + ")");
        }
        return new PageModel(version, list(need(page, "inputs"), ModelReader::input), reader.program(need(page, "program")),
                reader.layout(need(page, "layout")), list(need(page, "choices"), ModelReader::moduleChoice),
                list(need(page, "measured"), m -> new PageModel.Measured(text(m, "name"), text(m, "label"), text(m, "shown"), text(m, "where"))));
    }

    private static PageModel.Choice moduleChoice(Tree t) {
        return new PageModel.Choice(text(t, "alias"), text(t, "current"),
                list(need(t, "options"), o -> new PageModel.Option(text(o, "module"), text(o, "label"))));
    }

    private static PageModel.Input input(Tree t) {
        return new PageModel.Input(text(t, "name"), text(t, "label"), integer(t, "slot"), unit(need(t, "unit")), number(t, "value"),
                number(t, "low"), number(t, "high"), text(t, "shown"),
                new PageModel.Reach(number(need(t, "reach"), "min"), number(need(t, "reach"), "max"), number(need(t, "reach"), "step")));
    }

    // ---- the compiled program --------------------------------------------------------------------

    private Program program(Tree t) {
        return new Program(nodes(need(t, "bindings")), sites(need(t, "sites")), strings(need(t, "names")),
                checks(need(t, "checks")), nodes(need(t, "evaluations")), sites(need(t, "evaluationSites")),
                list(need(t, "figures"), this::figure).toArray(new Figure[0]),
                list(need(t, "ranges"), r -> new InputRange(integer(r, "slot"), number(r, "low"), number(r, "high")))
                        .toArray(new InputRange[0]));
    }

    private Figure figure(Tree t) {
        Tree points = need(t, "points");
        double[][] p = new double[points.size()][];
        for (int i = 0; i < p.length; i++) {
            p[i] = doubles(points.at(i));
        }
        List<Figure.Step> steps = list(need(t, "steps"), s -> new Figure.Step(text(s, "name"), node(need(s, "flops")),
                node(need(s, "bytes")), node(need(s, "time")), site(optional(s, "site"))));
        return new Figure(named(FigureKind.values(), text(t, "kind")), checks(need(t, "checks")), integers(need(t, "axes")), p, integers(need(t, "shown")),
                steps.toArray(new Figure.Step[0]));
    }

    private Check[] checks(Tree t) {
        return list(t, c -> new Check(optional(c, "op") == null ? null : named(CompareOp.values(), optional(c, "op").string()), flag(c, "relative"),
                node(need(c, "left")), node(need(c, "right")), node(optional(c, "high")), node(optional(c, "tolerance")),
                site(optional(c, "site")))).toArray(new Check[0]);
    }

    private Node[] nodes(Tree t) {
        return list(t, this::node).toArray(new Node[0]);
    }

    /** A node, or null for JSON null (a binding with no code, a check with no tolerance). */
    private Node node(Tree t) {
        if (t == null) {
            return null;
        }
        String kind = text(t, "kind");
        switch (kind) {
            case "Const":
                return new Nodes.Const(number(t, "value"));
            case "Slot":
                return new Nodes.Slot(integer(t, "slot"));
            case "Param":
                return new Nodes.Param(integer(t, "index"));
            case "Negated":
                return new Nodes.Negated(node(need(t, "operand")));
            case "Scaled":
                return new Nodes.Scaled(node(need(t, "magnitude")), number(t, "factor"), site(optional(t, "site")));
            case "Arithmetic":
                return new Nodes.Arithmetic(named(BinaryOp.values(), text(t, "op")), node(need(t, "left")), node(need(t, "right")),
                        site(optional(t, "site")), site(optional(t, "divisor")), node(optional(t, "minuend")));
            case "Raised":
                return new Nodes.Raised(node(need(t, "base")), node(need(t, "exponent")), site(optional(t, "site")));
            case "BuiltinCall":
                return new Nodes.BuiltinCall(named(Builtin.values(), text(t, "builtin")), nodes(need(t, "args")), sites(need(t, "sites")));
            case "Call":
                return new Nodes.Call(functions.get(integer(t, "function")), nodes(need(t, "args")));
            default:
                throw new IllegalArgumentException("the page model has an unknown kind of expression: " + kind);
        }
    }

    private static Site site(Tree t) {
        return t == null ? null : new Site.At(text(t, "text"));
    }

    private static Site[] sites(Tree t) {
        Site[] sites = new Site[t.size()];
        for (int i = 0; i < sites.length; i++) {
            sites[i] = site(t.at(i));
        }
        return sites;
    }

    // ---- the layout --------------------------------------------------------------------------------

    private ChainLayout layout(Tree t) {
        return new ChainLayout(
                list(need(t, "rows"), r -> new ChainLayout.Row(piece(need(r, "label")), list(need(r, "lines"), this::piece))),
                list(need(t, "notes"), this::piece),
                list(need(t, "checks"), c -> new ChainLayout.CheckLine(text(c, "source"), piece(need(c, "outcome")), integer(c, "row"))),
                list(need(t, "figures"), this::figureLayout));
    }

    private Piece piece(Tree t) {
        String kind = text(t, "kind");
        switch (kind) {
            case "Literal":
                return new Piece.Literal(text(t, "text"));
            case "Quantity":
                return new Piece.Quantity(source(need(t, "source")), units(need(t, "units")), format(optional(t, "format")), flag(t, "bare"));
            case "Words":
                return new Piece.Words(source(need(t, "source")), units(need(t, "units")), (Piece.Quantity) piece(need(t, "digits")));
            case "Formula":
                return formula(t);
            case "InputFormula":
                return new Piece.InputFormula(integer(t, "slot"), optional(t, "written") == null ? null : number(t, "written"),
                        formula(need(t, "formula")), (Piece.Quantity) piece(need(t, "changed")));
            case "Step":
                return new Piece.Step(text(t, "name"), optional(t, "formula") == null ? null : formula(optional(t, "formula")),
                        piece(need(t, "value")));
            case "Outcome":
                return new Piece.Outcome(integer(t, "check"), units(need(t, "left")), optional(t, "words") == null ? null : text(t, "words"),
                        flag(t, "approx"), flag(t, "relative"));
            default:
                throw new IllegalArgumentException("the page model has an unknown kind of text: " + kind);
        }
    }

    private Piece.Formula formula(Tree t) {
        return new Piece.Formula(list(need(t, "parts"), this::piece));
    }

    private static Piece.Source source(Tree t) {
        return new Piece.Source(integer(t, "slot"), number(t, "constant"));
    }

    private static Piece.Units units(Tree t) {
        return new Piece.Units(choice(need(t, "choice")), optional(t, "plural") == null ? null : text(t, "plural"));
    }

    private static QuantityFormatter.UnitChoice choice(Tree t) {
        return new QuantityFormatter.UnitChoice(optional(t, "fixed") == null ? null : unit(optional(t, "fixed")),
                optional(t, "base") == null ? null : unit(optional(t, "base")), list(need(t, "prefixed"), ModelReader::unit));
    }

    private static DisplayUnit unit(Tree t) {
        return new DisplayUnit(text(t, "text"), number(t, "factor"), null, flag(t, "glued"));
    }

    private static FormatSpec format(Tree t) {
        return t == null ? null : new FormatSpec(flag(t, "grouping"), integer(t, "precision"), text(t, "type").charAt(0));
    }

    private FigureLayout figureLayout(Tree t) {
        String kind = text(t, "kind");
        int figure = integer(t, "figure");
        Piece title = piece(need(t, "title"));
        if (kind.equals("Fixed")) { // a table over modules: its cells as drawn
            return new FigureLayout.Fixed(figure, title, list(need(t, "cells"), row -> list(row, Tree::string)), integer(t, "labels"));
        }
        Tree spec = need(t, "spec");
        switch (kind) {
            case "Table":
                return new FigureLayout.Table(figure, title, new FigureTables.TableSpec(flag(spec, "grid"), flag(spec, "rows"),
                        list(need(spec, "inputs"), ModelReader::column), list(need(spec, "values"), ModelReader::column)),
                        list(need(t, "inputs"), q -> (Piece.Quantity) piece(q)), flag(t, "labelled"), integers(need(t, "axes")),
                        integers(need(t, "shown")));
            case "Plot":
                return new FigureLayout.Plot(figure, title, new FigurePlots.LineSpec(text(spec, "inputName"),
                        choice(need(spec, "xUnit")), doubles(need(spec, "points")), flag(spec, "xLog"), flag(spec, "yLog"),
                        flag(spec, "ticksAtPoints"), list(need(spec, "names"), Tree::string), integers(need(spec, "axisOf")),
                        list(need(spec, "axisUnits"), ModelReader::choice), list(need(spec, "axisWords"), ModelReader::textOrNull),
                        measured(optional(spec, "measured"))),
                        (Piece.Quantity) piece(need(t, "input")), integer(t, "axis"), integers(need(t, "shown")), number(t, "written"));
            case "Runs":
                return new FigureLayout.Runs(figure, title, new RunsTable.Spec(text(spec, "input"),
                        list(need(spec, "values"), ModelReader::column), integers(need(spec, "shown")), doubles(need(spec, "points")),
                        matrix(need(spec, "observed"))), (Piece.Quantity) piece(need(t, "input")), integers(need(t, "shown")));
            case "Roofline":
                return new FigureLayout.Roofline(figure, title, new FigurePlots.RoofSpec(choice(need(spec, "rateUnit")),
                        text(spec, "peakName"), choice(need(spec, "peakUnit")), format(optional(spec, "peakFormat")),
                        text(spec, "bandwidthName"), choice(need(spec, "bandwidthUnit")), format(optional(spec, "bandwidthFormat")),
                        choice(need(spec, "intensityUnit")), list(need(spec, "stepNames"), Tree::string), text(spec, "gpu")),
                        source(need(t, "peak")), source(need(t, "bandwidth")),
                        optional(t, "written") == null ? null : matrix(optional(t, "written")));
            default:
                throw new IllegalArgumentException("the page model has an unknown kind of figure: " + kind);
        }
    }

    /** A plot's measured runs, or null for none. */
    private static FigurePlots.Measured measured(Tree t) {
        return t == null ? null : new FigurePlots.Measured(doubles(need(t, "points")), matrix(need(t, "values")),
                integers(need(t, "shown")), list(need(t, "names"), Tree::string));
    }

    /** An array of arrays of numbers. */
    private static double[][] matrix(Tree t) {
        double[][] out = new double[t.size()][];
        for (int i = 0; i < out.length; i++) {
            out[i] = doubles(t.at(i));
        }
        return out;
    }

    private static FigureTables.Column column(Tree t) {
        return new FigureTables.Column(text(t, "name"), choice(need(t, "unit")), format(optional(t, "format")),
                optional(t, "points") == null ? null : doubles(optional(t, "points")));
    }

    // ---- values --------------------------------------------------------------------------------

    /** A member that has a value. */
    private static Tree need(Tree t, String key) {
        Tree member = optional(t, key);
        if (member == null) {
            throw new IllegalArgumentException("the page model has no value for `" + key + "`");
        }
        return member;
    }

    /** A member that may be null; the writer writes every member, so one that is missing is a model of another shape. */
    private static Tree optional(Tree t, String key) {
        if (!t.has(key)) {
            throw new IllegalArgumentException("the page model lacks `" + key + "`");
        }
        return t.get(key);
    }

    private static String text(Tree t, String key) {
        return need(t, key).string();
    }

    private static int integer(Tree t, String key) {
        return (int) need(t, key).number();
    }

    private static double number(Tree t, String key) {
        return need(t, key).number();
    }

    private static boolean flag(Tree t, String key) {
        return need(t, key).bool();
    }

    /** A string, or null for JSON null. */
    private static String textOrNull(Tree t) {
        return t == null ? null : t.string();
    }

    private static <T> List<T> list(Tree t, Function<Tree, T> item) {
        List<T> out = new ArrayList<>(t.size());
        for (int i = 0; i < t.size(); i++) {
            out.add(item.apply(t.at(i)));
        }
        return out;
    }

    private static String[] strings(Tree t) {
        String[] out = new String[t.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = t.at(i).string();
        }
        return out;
    }

    private static int[] integers(Tree t) {
        int[] out = new int[t.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = (int) t.at(i).number();
        }
        return out;
    }

    /** An array of numbers, or null for JSON null. */
    private static double[] doubles(Tree t) {
        if (t == null) {
            return null;
        }
        double[] out = new double[t.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = t.at(i).number();
        }
        return out;
    }

    /** The constant of this name: by comparing names, as the script has no enum lookup by name. */
    private static <E extends Enum<E>> E named(E[] constants, String name) {
        for (E e : constants) {
            if (e.name().equals(name)) {
                return e;
            }
        }
        throw new IllegalArgumentException("the page model names an unknown constant: " + name);
    }
}
