package dev.chain.render;

import dev.chain.ast.Stmt;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FunctionInfo;
import dev.chain.units.Dimension;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A loaded module as the stdlib browser shows it: its name, the comment at the head of its file,
 * and the bindings and functions to list (all of them, or those a filter kept), with their values.
 */
public record ModuleDoc(String name, String summary, CheckedProgram program, BindingValues values,
                        List<BindingInfo> bindings, List<FunctionInfo> functions) {

    public ModuleDoc {
        bindings = List.copyOf(bindings);
        functions = List.copyOf(functions);
    }

    public static ModuleDoc of(String name, String summary, CheckedProgram program, BindingValues values) {
        return new ModuleDoc(name, summary, program, values, program.bindings(), program.functions());
    }

    /** What the stdlib browser groups modules by: the names they answer to. */
    public enum Kind {
        GPU("GPUs"), MODEL("Models"), FORMULAS("Formulas and number formats");

        private final String heading;

        Kind(String heading) {
            this.heading = heading;
        }

        public String heading() {
            return heading;
        }

        /** A GPU has a memory bandwidth; a model, parameters; any other module is formulas. */
        public static Kind of(CheckedProgram module) {
            if (module.binding("memory_bandwidth") != null) {
                return GPU;
            }
            if (module.binding("params") != null) {
                return MODEL;
            }
            return FORMULAS;
        }
    }

    public Kind kind() {
        return Kind.of(program);
    }

    /** The first sentence of the summary, for one-line listings. */
    public String headline() {
        int end = summary.indexOf(". ");
        return end < 0 ? summary : summary.substring(0, end + 1);
    }

    /**
     * This module narrowed to {@code filter} (case-insensitive): all of it when its name contains
     * the filter, else the bindings and functions whose qualified name does; null when nothing does.
     */
    public ModuleDoc filter(String filter) {
        if (filter == null || filter.isEmpty()) {
            return this;
        }
        String f = filter.toLowerCase(Locale.ROOT);
        if (name.toLowerCase(Locale.ROOT).contains(f)) {
            return this;
        }
        List<BindingInfo> keptBindings = new ArrayList<>();
        for (BindingInfo b : bindings) {
            if ((name + "." + b.name()).toLowerCase(Locale.ROOT).contains(f)) {
                keptBindings.add(b);
            }
        }
        List<FunctionInfo> keptFunctions = new ArrayList<>();
        for (FunctionInfo fn : functions) {
            if ((name + "." + fn.name()).toLowerCase(Locale.ROOT).contains(f)) {
                keptFunctions.add(fn);
            }
        }
        if (keptBindings.isEmpty() && keptFunctions.isEmpty()) {
            return null;
        }
        return new ModuleDoc(name, summary, program, values, keptBindings, keptFunctions);
    }

    /**
     * A binding's value: a constant exactly as its source writes it ({@code 1,670.5 TFLOP/s}, the
     * datasheet's digits, not four significant ones), a derived value as the module shows it.
     */
    public String value(BindingInfo b) {
        Value.QuantityValue q = b.decl().value().quantity();
        if (b.input() && !b.isText() && b.display() != null && q != null && q.target() == null && q.format() == null) {
            return oneLine(q.expr().span().text());
        }
        return values.text(b);
    }

    /** A binding's dimension in base units ({@code B/s}, {@code 1}), or {@code text}. */
    public String dimension(BindingInfo b) {
        return b.isText() ? "text" : program.units().baseUnits(b.dimension());
    }

    /** The {@code @source} of a constant, or the formula of a derived value ({@code = hbm_bandwidth}). */
    public String source(BindingInfo b) {
        if (b.source() != null) {
            return b.source();
        }
        if (b.isText()) {
            return "";
        }
        Value.QuantityValue q = b.decl().value().quantity();
        String formula = q != null ? q.expr().span().text() : b.decl().value().span().text();
        return "= " + oneLine(formula);
    }

    /** {@code dense_params(hidden, layers, ...): Params}, as declared. */
    public static String signature(FunctionInfo fn) {
        StringBuilder sb = new StringBuilder(fn.name()).append('(');
        List<Stmt.Param> params = fn.decl().params();
        for (int i = 0; i < params.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            Stmt.Param p = params.get(i);
            sb.append(p.name());
            if (p.type() != null) {
                sb.append(": ").append(p.type().text());
            }
        }
        sb.append(')');
        if (fn.decl().returns() != null) {
            sb.append(": ").append(fn.decl().returns().text());
        } else if (!fn.result().equals(Dimension.NONE)) {
            sb.append(": ").append(fn.owner().units().baseUnits(fn.result()));
        }
        return sb.toString();
    }

    /** Source text on one line: continuation lines and their indentation become single spaces. */
    static String oneLine(String text) {
        return text.strip().replaceAll("\\s*\\n\\s*", " ");
    }
}
