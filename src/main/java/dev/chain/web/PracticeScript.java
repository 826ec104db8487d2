package dev.chain.web;

import dev.chain.drill.Answer;
import dev.chain.drill.Cause;
import dev.chain.drill.Grade;
import dev.chain.drill.Practice;
import dev.chain.drill.Step;
import dev.chain.drill.Tolerance;
import dev.chain.drill.Units;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.List;
import org.teavm.jso.JSBody;
import org.teavm.jso.JSByRef;
import org.teavm.jso.JSExport;
import org.teavm.jso.JSObject;

/**
 * The explorable page's practice mode, compiled by TeaVM at build time (the pom's second
 * teavm-maven-plugin execution) into chain-practice.js, a script of its own that the page fetches
 * only when the reader turns Practice on, with a budget of its own (24 KiB gzipped): the drill's
 * {@code Grader} and {@code Diagnosis}, which would take the page's script over its 64 KiB. It
 * carries no evaluator: each formula of the drill's graph is run by the page's script, through the
 * function {@link #load} is handed, and what it says of another dimension or unit than the step's
 * by the {@code units} object. The JVM never loads this class.
 *
 * <p>The model is {@link PracticeText}'s: this script reads its {@code practice.drill}
 * ({@code drill.PracticeModel}: a dimension is its exponents), the page's script its formulas.
 */
public final class PracticeScript {
    private PracticeScript() {}

    /**
     * Reads a drill's model; {@code run(code, slots)} runs formula {@code code} over the slots (a
     * Float64Array), NaN where it faults; {@code units} has {@code describe(dimension)},
     * {@code text(si, dimension)} and {@code respelled(unit, factor)} (null for none).
     */
    @JSExport
    public static Drill load(String model, JSObject run, JSObject units) {
        JSObject m = member(member(parse(model), "practice"), "drill");
        Practice p = new Practice(integer(m, "size"), integer(m, "chainSize"));
        JSObject vertices = member(m, "vertices");
        int n = length(vertices);
        for (int i = 0; i < n; i++) {
            JSObject v = item(vertices, i);
            p.vertex(integer(v, "slot"), string(v, "name"), dimension(member(v, "dimension")), code(run, i));
            JSObject leaves = member(v, "leaves");
            for (int j = 0; j < length(leaves); j++) {
                JSObject l = item(leaves, j);
                p.leaf(integer(l, "slot"), integer(l, "source"), number(l, "value"), dimension(member(l, "dimension")),
                        integer(l, "role"), string(l, "text"), number(l, "swapOwn"), string(l, "swapShown"));
            }
        }
        JSObject constants = member(m, "constants");
        for (int i = 0; i < length(constants); i++) {
            JSObject c = item(constants, i);
            p.constant(string(c, "name"), number(c, "value"), dimension(member(c, "dimension")), string(c, "shown"));
        }
        JSObject declared = member(m, "declared");
        for (int i = 0; i < length(declared); i++) {
            JSObject d = item(declared, i);
            p.declared(integer(d, "slot"), string(d, "words"), code(run, n + i));
        }
        JSObject steps = member(m, "steps");
        for (int i = 0; i < length(steps); i++) {
            JSObject s = item(steps, i);
            p.step(step(member(s, "step"), dimension(member(s, "dimension"))));
        }
        return new Drill(p, new ScriptUnits(units));
    }

    /** A drill of the page's chain. */
    public static final class Drill {
        private final Practice practice;
        private final Units units;
        private final List<Integer> earlierSlots = new ArrayList<>();
        private final List<Double> earlierValues = new ArrayList<>();

        Drill(Practice practice, Units units) {
            this.practice = practice;
            this.units = units;
        }

        /**
         * Grades an answer to the step at {@code slot}, as read ({@code si} in base units of
         * {@code dimension}, {@code unit} as written or null; {@code problem} non-null for text
         * that is no answer), after the learner's earlier answers ({@link #answered}):
         * {@code {verdict, echo, diagnosis, causes: [{kind, names, words}]}}.
         */
        @JSExport
        public JSObject grade(int slot, String written, double si, JSObject dimension, String unit, String problem) {
            Answer answer = problem != null ? Answer.unread(written, problem) : Answer.read(written, si, dimension(dimension), unit);
            int[] slots = new int[earlierSlots.size()];
            double[] values = new double[slots.length];
            for (int i = 0; i < slots.length; i++) {
                slots[i] = earlierSlots.get(i);
                values[i] = earlierValues.get(i);
            }
            Grade g = practice.grade(slot, answer, slots, values, units);
            JSObject out = object();
            set(out, "verdict", g.verdict().word());
            set(out, "echo", g.echo());
            set(out, "diagnosis", g.diagnosis());
            JSObject causes = array();
            for (Cause c : g.causes()) {
                JSObject o = object();
                set(o, "kind", c.kind());
                JSObject names = array();
                for (String name : c.names()) {
                    push(names, string(name));
                }
                set(o, "names", names);
                set(o, "words", c.words());
                push(causes, o);
            }
            set(out, "causes", causes);
            return out;
        }

        /** Keeps the learner's answer to the step at {@code slot} (base units), which a later answer may be consistent with. */
        @JSExport
        public void answered(int slot, double si) {
            for (int i = 0; i < earlierSlots.size(); i++) {
                if (earlierSlots.get(i) == slot) {
                    earlierSlots.remove(i);
                    earlierValues.remove(i);
                    break;
                }
            }
            earlierSlots.add(slot);
            earlierValues.add(si);
        }

        /** The step's value as the card shows it: {@code 34.36 GB}; null where the binding is no step. */
        @JSExport
        public String shown(int slot) {
            Step s = practice.step(slot);
            return s == null ? null : QuantityFormatter.in(practice.values()[slot], s.shown().pick(practice.values()[slot]), s.format()).text();
        }
    }

    /** What grading says of another dimension or unit than the step's, asked of the page. */
    private static final class ScriptUnits implements Units {
        private final JSObject units;

        ScriptUnits(JSObject units) {
            this.units = units;
        }

        @Override
        public String describe(Dimension d) {
            return describe(units, exponents(d));
        }

        @Override
        public String text(double si, Dimension d) {
            return text(units, si, exponents(d));
        }

        @Override
        public String respelled(String unit, double factor) {
            return respelled(units, unit, factor);
        }

        @JSBody(params = {"u", "d"}, script = "return u.describe(d);")
        private static native String describe(JSObject u, JSObject d);

        @JSBody(params = {"u", "v", "d"}, script = "return u.text(v, d);")
        private static native String text(JSObject u, double v, JSObject d);

        @JSBody(params = {"u", "s", "f"}, script = "var r = u.respelled(s, f); return r == null ? null : r;")
        private static native String respelled(JSObject u, String s, double f);
    }

    private static Step step(JSObject s, Dimension d) {
        JSObject tolerance = member(s, "tolerance");
        JSObject format = member(s, "format");
        return new Step(integer(s, "slot"), string(s, "name"), d, displayUnit(member(s, "display")),
                isNull(format) ? null : new FormatSpec(bool(format, "grouping"), integer(format, "precision"), string(format, "type").charAt(0)),
                choice(member(s, "shown")), choice(member(s, "echoed")), choice(member(s, "auto")), string(s, "kind"),
                new Tolerance(bool(tolerance, "relative"), number(tolerance, "amount")), string(s, "formula"), bool(s, "information"));
    }

    private static QuantityFormatter.UnitChoice choice(JSObject c) {
        JSObject prefixed = member(c, "prefixed");
        List<DisplayUnit> units = new ArrayList<>();
        for (int i = 0; i < length(prefixed); i++) {
            units.add(displayUnit(item(prefixed, i)));
        }
        return new QuantityFormatter.UnitChoice(displayUnit(member(c, "fixed")), displayUnit(member(c, "base")), units);
    }

    /** A unit the step is shown in; its dimension is the step's, which nothing here reads. */
    private static DisplayUnit displayUnit(JSObject u) {
        return isNull(u) ? null : new DisplayUnit(string(u, "text"), number(u, "factor"), null, bool(u, "glued"));
    }

    private static Dimension dimension(JSObject exponents) {
        int[] e = new int[length(exponents)];
        for (int i = 0; i < e.length; i++) {
            e[i] = integerAt(exponents, i);
        }
        return Dimension.of(e);
    }

    private static JSObject exponents(Dimension d) {
        JSObject out = array();
        for (int i = 0; i < d.length(); i++) {
            push(out, integerValue(d.exponent(i)));
        }
        return out;
    }

    private static dev.chain.drill.Graph.Code code(JSObject run, int index) {
        return slots -> call(run, index, slots);
    }

    @JSBody(params = {"f", "i", "s"}, script = "return f(i, s);")
    private static native double call(JSObject f, int i, @JSByRef double[] s);

    @JSBody(params = "s", script = "return JSON.parse(s);")
    private static native JSObject parse(String s);

    @JSBody(params = {"o", "k"}, script = "var v = o[k]; return v === undefined ? null : v;")
    private static native JSObject member(JSObject o, String k);

    @JSBody(params = {"o", "k"}, script = "return o[k];")
    private static native int integer(JSObject o, String k);

    /** A number; NaN and the infinities, which the writer writes as strings, too. */
    @JSBody(params = {"o", "k"}, script = "return Number(o[k]);")
    private static native double number(JSObject o, String k);

    @JSBody(params = {"o", "k"}, script = "var v = o[k]; return v == null ? null : v;")
    private static native String string(JSObject o, String k);

    @JSBody(params = {"o", "k"}, script = "return !!o[k];")
    private static native boolean bool(JSObject o, String k);

    @JSBody(params = "a", script = "return a.length;")
    private static native int length(JSObject a);

    @JSBody(params = {"a", "i"}, script = "return a[i];")
    private static native JSObject item(JSObject a, int i);

    @JSBody(params = {"a", "i"}, script = "return a[i];")
    private static native int integerAt(JSObject a, int i);

    @JSBody(params = "v", script = "return v == null;")
    private static native boolean isNull(JSObject v);

    @JSBody(script = "return {};")
    private static native JSObject object();

    @JSBody(script = "return [];")
    private static native JSObject array();

    @JSBody(params = {"a", "v"}, script = "a.push(v);")
    private static native void push(JSObject a, JSObject v);

    @JSBody(params = "s", script = "return s;")
    private static native JSObject string(String s);

    @JSBody(params = "n", script = "return n;")
    private static native JSObject integerValue(int n);

    @JSBody(params = {"o", "k", "v"}, script = "o[k] = v;")
    private static native void set(JSObject o, String k, JSObject v);

    @JSBody(params = {"o", "k", "v"}, script = "o[k] = v;")
    private static native void set(JSObject o, String k, String v);

    public static void main(String[] args) {
        // TeaVM's entry point; the page calls load() and the drill's methods.
    }
}
