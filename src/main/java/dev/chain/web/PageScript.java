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
            JSObject out = array();
            for (PageModel.Input input : page.inputs()) {
                JSObject o = object();
                set(o, "name", input.name());
                set(o, "label", input.label());
                set(o, "unit", input.unit().text());
                set(o, "glued", input.unit().glued());
                set(o, "shown", input.shown());
                set(o, "value", input.value().nominal() / input.unit().factor());
                set(o, "min", input.reach().min());
                set(o, "max", input.reach().max());
                set(o, "step", input.reach().step());
                push(out, o);
            }
            return out;
        }

        /**
         * The modules offered in place of its own: {@code [{alias, current, options: [{module,
         * label}]}]}; each other choice's model is in the page, under {@code data-use}.
         */
        @JSExport
        public JSObject choices() {
            JSObject out = array();
            for (PageModel.Choice choice : page.choices()) {
                JSObject c = object();
                set(c, "alias", choice.alias());
                set(c, "current", choice.current());
                JSObject options = array();
                for (PageModel.Option option : choice.options()) {
                    JSObject o = object();
                    set(o, "module", option.module());
                    set(o, "label", option.label());
                    push(options, o);
                }
                set(c, "options", options);
                push(out, c);
            }
            return out;
        }

        /** Its measured and fitted inputs: {@code [{name, label, shown, taken, where}]}, shown beside the boxes, fixed. */
        @JSExport
        public JSObject measured() {
            JSObject out = array();
            for (PageModel.Measured m : page.measured()) {
                JSObject o = object();
                set(o, "name", m.name());
                set(o, "label", m.label());
                set(o, "shown", m.shown());
                set(o, "taken", m.taken());
                set(o, "where", m.where());
                push(out, o);
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
            JSObject out = array();
            for (ChainLayout.CheckLine check : page.checks()) {
                push(out, string(check.source()));
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
            JSObject out = object();
            set(out, "ok", r.codeLines() != null);
            set(out, "problems", strings(r.problems()));
            set(out, "problem", r.problem());
            if (r.codeLines() == null) {
                return out;
            }
            set(out, "code", String.join("\n", r.codeLines()) + "\n");
            set(out, "paragraphs", strings(r.paragraphs()));
            JSObject checks = array();
            for (int i = 0; i < r.passed().size(); i++) {
                JSObject check = object();
                set(check, "passed", r.passed().get(i));
                set(check, "status", r.statuses().get(i)); // holds, fails, or over ranges uncertain
                set(check, "outcome", r.outcomes().get(i));
                push(checks, check);
            }
            set(out, "checks", checks);
            JSObject failing = array();
            for (int line : r.failing()) {
                push(failing, number(line));
            }
            set(out, "failing", failing);
            JSObject drawn = array();
            for (int i = 0; i < r.figures().size(); i++) {
                FigureLayout.Drawn d = r.figures().get(i);
                JSObject figure = object();
                set(figure, "fixed", !page.followsInputs(i)); // as the card has it, whatever the reader types
                if (d == null) {
                    set(figure, "problem", r.figureProblems().get(i));
                } else if (d.svg() != null) {
                    set(figure, "svg", d.svg());
                } else {
                    set(figure, "title", d.title());
                    JSObject rows = array();
                    d.cells().forEach(row -> push(rows, strings(row)));
                    set(figure, "rows", rows);
                }
                push(drawn, figure);
            }
            set(out, "figures", drawn);
            return out;
        }
    }

    private static JSObject strings(List<String> items) {
        JSObject out = array();
        for (String s : items) {
            push(out, string(s));
        }
        return out;
    }

    @JSBody(script = "return {};")
    private static native JSObject object();

    @JSBody(script = "return [];")
    private static native JSObject array();

    @JSBody(params = {"a", "v"}, script = "a.push(v);")
    private static native void push(JSObject a, JSObject v);

    @JSBody(params = "s", script = "return s;")
    private static native JSObject string(String s);

    @JSBody(params = {"o", "k", "v"}, script = "o[k] = v;")
    private static native void set(JSObject o, String k, JSObject v);

    @JSBody(params = {"o", "k", "v"}, script = "o[k] = v;")
    private static native void set(JSObject o, String k, String v);

    @JSBody(params = {"o", "k", "v"}, script = "o[k] = v;")
    private static native void set(JSObject o, String k, boolean v);

    @JSBody(params = {"o", "k", "v"}, script = "o[k] = v;")
    private static native void set(JSObject o, String k, double v);

    @JSBody(params = "n", script = "return n;")
    private static native JSObject number(int n);

    public static void main(String[] args) {
        // TeaVM's entry point; the page calls load() and the chain's methods.
    }
}
