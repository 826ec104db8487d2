package dev.chain.web;

import dev.chain.render.ChainLayout;
import dev.chain.render.FigureLayout;
import java.util.List;
import org.teavm.jso.JSBody;
import org.teavm.jso.JSExport;
import org.teavm.jso.JSObject;

/**
 * The explorable page's entry point, compiled to JavaScript by TeaVM at build time (the pom's
 * teavm-maven-plugin execution) into the script that {@code render --interactive} writes beside the
 * page. {@link #load} returns a chain, whose {@code inputs()}, {@code checks()} and
 * {@code render(typed, figures)} give page.js (which keeps the DOM) plain JavaScript objects with
 * named members. The JVM never loads this class; its annotations are TeaVM's, provided at compile
 * time only.
 */
public final class PageScript {
    private PageScript() {}

    /** Reads a chain's model (the text of its {@code <script type="application/json">}). */
    @JSExport
    public static Chain load(String model) {
        return new Chain(Page.read(JsTree.parse(model)));
    }

    /**
     * The formulas of a chain's drill (the practice mode's model, {@link PracticeText}), which the
     * practice script, carrying no evaluator, has this script run.
     */
    @JSExport
    public static Formulas formulas(String model) {
        return new Formulas(ModelReader.formulas(JsTree.parse(model)));
    }

    /** A drill's formulas over its graph's slots. */
    public static final class Formulas {
        private final dev.chain.eval.Node[] nodes;

        Formulas(dev.chain.eval.Node[] nodes) {
            this.nodes = nodes;
        }

        /**
         * Formula {@code i} over the slots (an array of numbers); NaN where it faults, as the drill
         * takes a change that makes a divisor zero to give no number (drill.Graph.Code).
         */
        @JSExport
        public double run(int i, JSObject slots) {
            double[] values = new double[length(slots)];
            for (int j = 0; j < values.length; j++) {
                values[j] = at(slots, j);
            }
            try {
                return nodes[i].run(values, new double[0]);
            } catch (dev.chain.eval.Fault e) {
                return Double.NaN;
            }
        }
    }

    @JSBody(params = "a", script = "return a.length;")
    private static native int length(JSObject a);

    @JSBody(params = {"a", "i"}, script = "return a[i];")
    private static native double at(JSObject a, int i);

    /** A chain of the page. */
    public static final class Chain {
        private final Page page;

        Chain(Page page) {
            this.page = page;
        }

        /**
         * Its inputs: {@code [{name, label, unit, glued, shown, value, min, max, step}]}, {@code shown}
         * the box's first text (a number, or a range: {@code 40 .. 60}), {@code value} its number in
         * the box's unit, and where a slider or an arrow key takes it ({@link PageModel.Reach}).
         */
        @JSExport
        public JSObject inputs() {
            JSObject out = Js.array();
            for (PageModel.Input input : page.inputs()) {
                JSObject o = Js.object();
                Js.set(o, "name", input.name());
                Js.set(o, "label", input.label());
                Js.set(o, "unit", input.unit().text());
                Js.set(o, "glued", input.unit().glued());
                Js.set(o, "shown", input.shown());
                Js.set(o, "value", input.value().nominal() / input.unit().factor());
                Js.set(o, "min", input.reach().min());
                Js.set(o, "max", input.reach().max());
                Js.set(o, "step", input.reach().step());
                Js.set(o, "least", input.reach().least());
                Js.set(o, "most", input.reach().most());
                Js.push(out, o);
            }
            return out;
        }

        /**
         * The modules offered in place of its own: {@code [{alias, current, options: [{module,
         * label}]}]}; each other choice's model is in the page, under {@code data-use}.
         */
        @JSExport
        public JSObject choices() {
            JSObject out = Js.array();
            for (PageModel.Choice choice : page.choices()) {
                JSObject c = Js.object();
                Js.set(c, "alias", choice.alias());
                Js.set(c, "current", choice.current());
                JSObject options = Js.array();
                for (PageModel.Option option : choice.options()) {
                    JSObject o = Js.object();
                    Js.set(o, "module", option.module());
                    Js.set(o, "label", option.label());
                    Js.push(options, o);
                }
                Js.set(c, "options", options);
                Js.push(out, c);
            }
            return out;
        }

        /** Its measured and fitted inputs: {@code [{name, label, shown, taken, where}]}, shown beside the boxes, fixed. */
        @JSExport
        public JSObject measured() {
            JSObject out = Js.array();
            for (PageModel.Measured m : page.measured()) {
                JSObject o = Js.object();
                Js.set(o, "name", m.name());
                Js.set(o, "label", m.label());
                Js.set(o, "shown", m.shown());
                Js.set(o, "taken", m.taken());
                Js.set(o, "where", m.where());
                Js.push(out, o);
            }
            return out;
        }

        /** The number typed in box {@code i}, in its unit; NaN for a range or for text that is no number. */
        @JSExport
        public double typedNumber(int i, String typed) {
            PageModel.Input input = page.inputs().get(i);
            if (typed.equals(input.shown()) && !input.value().ranged()) {
                return input.value().nominal() / input.unit().factor();
            }
            TypedInput n = TypedInput.read(typed, input.unit().text());
            return n.problem() == null && n.kind() == TypedInput.Kind.VALUE ? n.first().value() : Double.NaN;
        }

        /** Its checks as written, without the keyword: {@code ["share in 50% .. 80%"]}. */
        @JSExport
        public JSObject checks() {
            JSObject out = Js.array();
            for (ChainLayout.CheckLine check : page.checks()) {
                Js.push(out, Js.string(check.source()));
            }
            return out;
        }

        /**
         * The chain for the text in each box: {@code {ok, problems, problem}}, a problem per box (null
         * where there is none) and one of the values together; with {@code ok}, {@code code} (its
         * text), {@code paragraphs}, {@code checks} ({@code [{passed, status, outcome}]}) and with
         * {@code figures} each figure, {@code {svg}} or a table's {@code {title, rows}}, or
         * {@code {problem}} where these inputs give it no value; {@code failing}, the code lines of
         * each group one of whose checks fails. Plots and rooflines are {@code width} wide: 720, or
         * where the page shows them narrower (a phone), that, so that their text is the page's size.
         */
        @JSExport
        public JSObject render(String[] typed, boolean figures, double width) {
            Page.Rendered r = page.render(typed, figures, width);
            JSObject out = Js.object();
            Js.set(out, "ok", r.codeLines() != null);
            Js.set(out, "problems", strings(r.problems()));
            Js.set(out, "problem", r.problem());
            if (r.codeLines() == null) {
                return out;
            }
            Js.set(out, "code", String.join("\n", r.codeLines()) + "\n");
            Js.set(out, "paragraphs", strings(r.paragraphs()));
            JSObject checks = Js.array();
            for (int i = 0; i < r.passed().size(); i++) {
                JSObject check = Js.object();
                Js.set(check, "passed", r.passed().get(i));
                Js.set(check, "status", r.statuses().get(i)); // holds, fails, or over ranges uncertain
                Js.set(check, "outcome", r.outcomes().get(i));
                Js.push(checks, check);
            }
            Js.set(out, "checks", checks);
            JSObject failing = Js.array();
            for (int line : r.failing()) {
                Js.push(failing, Js.number(line));
            }
            Js.set(out, "failing", failing);
            JSObject drawn = Js.array();
            for (int i = 0; i < r.figures().size(); i++) {
                FigureLayout.Drawn d = r.figures().get(i);
                JSObject figure = Js.object();
                Js.set(figure, "fixed", !page.followsInputs(i)); // as the card has it, whatever the reader types
                if (d == null) {
                    Js.set(figure, "problem", r.figureProblems().get(i));
                } else if (d.svg() != null) {
                    Js.set(figure, "svg", d.svg());
                } else {
                    Js.set(figure, "title", d.title());
                    JSObject rows = Js.array();
                    d.cells().forEach(row -> Js.push(rows, strings(row)));
                    Js.set(figure, "rows", rows);
                }
                Js.push(drawn, figure);
            }
            Js.set(out, "figures", drawn);
            return out;
        }
    }

    private static JSObject strings(List<String> items) {
        JSObject out = Js.array();
        for (String s : items) {
            Js.push(out, Js.string(s));
        }
        return out;
    }

    public static void main(String[] args) {
        // TeaVM's entry point; the page calls load() and the chain's methods.
    }
}
