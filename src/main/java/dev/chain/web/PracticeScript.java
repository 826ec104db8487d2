package dev.chain.web;

import dev.chain.drill.Answer;
import dev.chain.drill.Cause;
import dev.chain.drill.Grade;
import dev.chain.drill.Practice;
import dev.chain.drill.Step;
import dev.chain.drill.Tolerance;
import dev.chain.units.Prefix;
import dev.chain.units.Unit;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.teavm.jso.JSBody;
import org.teavm.jso.JSByRef;
import org.teavm.jso.JSExport;
import org.teavm.jso.JSObject;

/**
 * The explorable page's practice mode, compiled by TeaVM at build time (the pom's second
 * teavm-maven-plugin execution) into chain-practice.js, a script of its own that the page fetches
 * only when the reader turns Practice on, with a budget of its own (27 KiB gzipped): the drill's
 * {@code Grader} and {@code Diagnosis}, which would take the page's script over its 64 KiB. It
 * carries no evaluator: each formula of the drill's graph is run by the page's script, through the
 * function {@link #load} is handed. It reads a typed answer ({@link PracticeAnswer}) and says what
 * grading says of another dimension from the model's table of the chain's units ({@link TableUnits}).
 * The JVM never loads this class.
 *
 * <p>The models are {@link PracticeText}'s, the page's: this script reads a chain's
 * {@code drill} ({@code drill.PracticeModel}: a dimension is its exponents) and the page's table of
 * units it names, the page's script its formulas.
 */
public final class PracticeScript {
    private PracticeScript() {}

    /**
     * Reads the drill of chain {@code chain} of a page's practice models ({@link PracticeText}, as the
     * file beside the page handed them over); {@code run(code, slots)} runs formula {@code code} over
     * the slots (a Float64Array), NaN where it faults: the page script's.
     */
    @JSExport
    public static Drill load(JSObject models, int chain, JSObject run) {
        JSObject page = member(models, "practice");
        JSObject model = item(member(page, "chains"), chain);
        JSObject m = member(model, "drill");
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
        return new Drill(p, units(item(member(page, "units"), integer(model, "units")), member(m, "dimensions")));
    }

    /** A drill of the page's chain: the learner's answers graded in the order given, each earlier one in mind. */
    public static final class Drill {
        private final Practice practice;
        private final TableUnits units;
        private final List<Integer> earlierSlots = new ArrayList<>();
        private final List<Double> earlierValues = new ArrayList<>();

        Drill(Practice practice, TableUnits units) {
            this.practice = practice;
            this.units = units;
        }

        /**
         * Grades the answer typed for the step at {@code slot}, read as {@link PracticeAnswer} reads it,
         * the learner's earlier answers in mind; a right, wrong or consistent one is kept as theirs:
         * {@code {verdict, echo, diagnosis, causes: [{kind, names, words}]}}, {@code echo} null for an
         * answer not read.
         */
        @JSExport
        public JSObject grade(int slot, String typed) {
            Answer answer = PracticeAnswer.read(typed, units);
            int[] slots = new int[earlierSlots.size()];
            double[] values = new double[slots.length];
            for (int i = 0; i < slots.length; i++) {
                slots[i] = earlierSlots.get(i);
                values[i] = earlierValues.get(i);
            }
            Grade g = practice.grade(slot, answer, slots, values, units);
            String verdict = g.verdict().word();
            if (verdict.equals("right") || verdict.equals("wrong") || verdict.equals("consistent")) {
                forget(slot);
                earlierSlots.add(slot);
                earlierValues.add(answer.si());
            }
            JSObject out = Js.object();
            Js.set(out, "verdict", verdict);
            Js.set(out, "echo", g.echo());
            Js.set(out, "diagnosis", g.diagnosis());
            JSObject causes = Js.array();
            for (Cause c : g.causes()) {
                JSObject o = Js.object();
                Js.set(o, "kind", c.kind());
                JSObject names = Js.array();
                for (String name : c.names()) {
                    Js.push(names, Js.string(name));
                }
                Js.set(o, "names", names);
                Js.set(o, "words", c.words());
                Js.push(causes, o);
            }
            Js.set(out, "causes", causes);
            return out;
        }

        /** Forgets the learner's answer to the step at {@code slot} (a box emptied). */
        @JSExport
        public void forget(int slot) {
            for (int i = 0; i < earlierSlots.size(); i++) {
                if (earlierSlots.get(i) == slot) {
                    earlierSlots.remove(i);
                    earlierValues.remove(i);
                    return;
                }
            }
        }

        /** The steps: {@code [{slot, name}]}, in the chain's order. */
        @JSExport
        public JSObject steps() {
            JSObject out = Js.array();
            for (int slot = 0; slot < practice.chainSize(); slot++) {
                Step s = practice.step(slot);
                if (s != null) {
                    JSObject o = Js.object();
                    Js.set(o, "slot", Js.number(slot));
                    Js.set(o, "name", s.name());
                    Js.push(out, o);
                }
            }
            return out;
        }

        /** The step's value as the card shows it: {@code 34.36 GB}; null where the binding is no step. */
        @JSExport
        public String shown(int slot) {
            Step s = practice.step(slot);
            double v = s == null ? Double.NaN : practice.values()[slot];
            return s == null ? null : QuantityFormatter.in(v, s.shown().pick(v), s.format()).text();
        }
    }

    /**
     * The chain's units, as its registry's table has them ({@code drill.PracticeModel.UnitTable}),
     * and the dimensions of its graph the registry names none of ({@code own}), after the table's.
     */
    private static TableUnits units(JSObject table, JSObject own) {
        JSObject bases = member(table, "bases");
        String[] symbols = new String[length(bases)];
        for (int i = 0; i < symbols.length; i++) {
            symbols[i] = stringAt(bases, i);
        }
        JSObject listed = member(table, "dimensions");
        int named = length(listed);
        int n = named + length(own);
        Dimension[] dimensions = new Dimension[n];
        String[] names = new String[n];
        QuantityFormatter.UnitChoice[] choices = new QuantityFormatter.UnitChoice[n];
        for (int i = 0; i < n; i++) {
            JSObject d = i < named ? item(listed, i) : item(own, i - named);
            dimensions[i] = dimension(member(d, "dimension"));
            names[i] = string(d, "name");
            choices[i] = isNull(member(d, "auto")) ? null : choice(member(d, "auto"));
        }
        JSObject declared = member(table, "units");
        Prefix.Family[] families = Prefix.Family.values();
        List<Unit> units = new ArrayList<>();
        for (int i = 0; i < length(declared); i++) {
            JSObject u = item(declared, i);
            List<String> written = new ArrayList<>();
            JSObject all = member(u, "names");
            for (int j = 0; j < length(all); j++) {
                written.add(stringAt(all, j));
            }
            JSObject accepted = member(u, "prefixes");
            Prefix.Family[] accepts = new Prefix.Family[length(accepted)];
            for (int j = 0; j < accepts.length; j++) {
                accepts[j] = families[integerAt(accepted, j)];
            }
            Set<Prefix.Family> prefixes = Set.of(accepts);
            units.add(new Unit(written, number(u, "factor"), dimension(member(u, "dimension")), prefixes,
                    bool(u, "glued"), bool(u, "plural"), bool(u, "count"), null));
        }
        return new TableUnits(symbols, dimensions, names, choices, units);
    }

    private static Step step(JSObject s, Dimension d) {
        JSObject tolerance = member(s, "tolerance");
        JSObject format = member(s, "format");
        return new Step(integer(s, "slot"), string(s, "name"), d, displayUnit(member(s, "display")),
                isNull(format) ? null : new FormatSpec(bool(format, "grouping"), integer(format, "precision"), string(format, "type").charAt(0)),
                choice(member(s, "shown")), choice(member(s, "echoed")), choice(member(s, "auto")), string(s, "kind"),
                new Tolerance(bool(tolerance, "relative"), number(tolerance, "amount")), string(s, "formula"), bool(s, "information"),
                bool(s, "binary"));
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

    private static dev.chain.drill.Graph.Code code(JSObject run, int index) {
        return slots -> call(run, index, slots);
    }

    @JSBody(params = {"f", "i", "s"}, script = "return f(i, s);")
    private static native double call(JSObject f, int i, @JSByRef double[] s);

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

    @JSBody(params = {"a", "i"}, script = "var v = a[i]; return v == null ? null : v;")
    private static native String stringAt(JSObject a, int i);

    @JSBody(params = "v", script = "return v == null;")
    private static native boolean isNull(JSObject v);

    public static void main(String[] args) {
        // TeaVM's entry point; the page calls load() and the drill's methods.
    }
}
