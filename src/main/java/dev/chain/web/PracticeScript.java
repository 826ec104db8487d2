package dev.chain.web;

import static dev.chain.web.ModelReading.character;
import static dev.chain.web.ModelReading.flag;
import static dev.chain.web.ModelReading.integer;
import static dev.chain.web.ModelReading.integers;
import static dev.chain.web.ModelReading.need;
import static dev.chain.web.ModelReading.number;
import static dev.chain.web.ModelReading.optional;
import static dev.chain.web.ModelReading.string;

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
 * units it names, the page's script its formulas. It reads them as the page model's reader does, a
 * {@link JsTree} read with {@link ModelReading}'s readers: own members only, and a member missing
 * is a model of another shape, said so, not read as null.
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
        Tree page = need(JsTree.of(models), "practice");
        Tree model = need(page, "chains").at(chain);
        Tree m = need(model, "drill");
        Practice p = new Practice(integer(need(m, "size")), integer(need(m, "chainSize")));
        Tree vertices = need(m, "vertices");
        int n = vertices.size();
        for (int i = 0; i < n; i++) {
            Tree v = vertices.at(i);
            p.vertex(integer(need(v, "slot")), string(need(v, "name")), dimension(v), code(run, i));
            Tree leaves = need(v, "leaves");
            for (int j = 0; j < leaves.size(); j++) {
                Tree l = leaves.at(j);
                p.leaf(integer(need(l, "slot")), integer(need(l, "source")), number(need(l, "value")), dimension(l),
                        integer(need(l, "role")), string(need(l, "text")), number(need(l, "swapOwn")), string(optional(l, "swapShown")));
            }
        }
        Tree constants = need(m, "constants");
        for (int i = 0; i < constants.size(); i++) {
            Tree c = constants.at(i);
            p.constant(string(need(c, "name")), number(need(c, "value")), dimension(c), string(need(c, "shown")));
        }
        Tree declared = need(m, "declared");
        for (int i = 0; i < declared.size(); i++) {
            Tree d = declared.at(i);
            p.declared(integer(need(d, "slot")), string(need(d, "words")), code(run, n + i));
        }
        Tree steps = need(m, "steps");
        for (int i = 0; i < steps.size(); i++) {
            Tree s = steps.at(i);
            p.step(step(need(s, "step"), dimension(s)));
        }
        return new Drill(p, units(need(page, "units").at(integer(need(model, "units"))), need(m, "dimensions")));
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
    private static TableUnits units(Tree table, Tree own) {
        Tree bases = need(table, "bases");
        String[] symbols = new String[bases.size()];
        for (int i = 0; i < symbols.length; i++) {
            symbols[i] = string(bases.at(i));
        }
        Tree listed = need(table, "dimensions");
        int named = listed.size();
        int n = named + own.size();
        Dimension[] dimensions = new Dimension[n];
        String[] names = new String[n];
        QuantityFormatter.UnitChoice[] choices = new QuantityFormatter.UnitChoice[n];
        for (int i = 0; i < n; i++) {
            Tree d = i < named ? listed.at(i) : own.at(i - named);
            dimensions[i] = dimension(d);
            names[i] = string(optional(d, "name"));
            Tree auto = optional(d, "auto");
            choices[i] = auto == null ? null : choice(auto);
        }
        Tree declared = need(table, "units");
        Prefix.Family[] families = Prefix.Family.values();
        List<Unit> units = new ArrayList<>();
        for (int i = 0; i < declared.size(); i++) {
            Tree u = declared.at(i);
            List<String> written = new ArrayList<>();
            Tree all = need(u, "names");
            for (int j = 0; j < all.size(); j++) {
                written.add(string(all.at(j)));
            }
            int[] accepted = integers(need(u, "prefixes"));
            Prefix.Family[] accepts = new Prefix.Family[accepted.length];
            for (int j = 0; j < accepts.length; j++) {
                accepts[j] = families[accepted[j]];
            }
            units.add(new Unit(written, number(need(u, "factor")), dimension(u), Set.of(accepts),
                    flag(need(u, "glued")), flag(need(u, "plural")), flag(need(u, "count")), null));
        }
        return new TableUnits(symbols, dimensions, names, choices, units);
    }

    private static Step step(Tree s, Dimension d) {
        Tree tolerance = need(s, "tolerance");
        Tree format = optional(s, "format");
        return new Step(integer(need(s, "slot")), string(need(s, "name")), d, displayUnit(optional(s, "display")),
                format == null ? null : new FormatSpec(flag(need(format, "grouping")), integer(need(format, "precision")),
                        character(need(format, "type"))),
                choice(need(s, "shown")), choice(need(s, "echoed")), choice(need(s, "auto")), string(need(s, "kind")),
                new Tolerance(flag(need(tolerance, "relative")), number(need(tolerance, "amount"))), string(need(s, "formula")),
                flag(need(s, "information")), flag(need(s, "binary")));
    }

    private static QuantityFormatter.UnitChoice choice(Tree c) {
        Tree prefixed = need(c, "prefixed");
        List<DisplayUnit> units = new ArrayList<>();
        for (int i = 0; i < prefixed.size(); i++) {
            units.add(displayUnit(prefixed.at(i)));
        }
        return new QuantityFormatter.UnitChoice(displayUnit(optional(c, "fixed")), displayUnit(optional(c, "base")), units);
    }

    /** A unit the step is shown in; its dimension is the step's, which nothing here reads. */
    private static DisplayUnit displayUnit(Tree u) {
        return u == null ? null : new DisplayUnit(string(need(u, "text")), number(need(u, "factor")), null, flag(need(u, "glued")));
    }

    /** The dimension of a vertex, leaf, constant, step or unit: its exponents. */
    private static Dimension dimension(Tree of) {
        return Dimension.of(integers(need(of, "dimension")));
    }

    private static dev.chain.drill.Graph.Code code(JSObject run, int index) {
        return slots -> call(run, index, slots);
    }

    @JSBody(params = {"f", "i", "s"}, script = "return f(i, s);")
    private static native double call(JSObject f, int i, @JSByRef double[] s);

    public static void main(String[] args) {
        // TeaVM's entry point; the page calls load() and the drill's methods.
    }
}
