package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Stmt;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.Checker;
import dev.chain.diag.Suggestions;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.CompiledProgram;
import dev.chain.eval.Compiler;
import dev.chain.eval.Evaluation;
import dev.chain.eval.Inputs;
import dev.chain.source.SourceFile;
import dev.chain.syntax.SyntaxParser;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.List;

/** A chain that parsed and checked: evaluate it, with inputs overridden or not. */
public final class LoadedChain {
    private final Engine engine;
    private final CompiledProgram code;

    LoadedChain(Engine engine, CompiledProgram code) {
        this.engine = engine;
        this.code = code;
    }

    public CheckedProgram program() {
        return code.program();
    }

    public CompiledProgram code() {
        return code;
    }

    public QuantityFormatter formatter() {
        return new QuantityFormatter(program().units());
    }

    /** @throws ChainException for a run-time error such as a division by zero */
    public Evaluation evaluate(Inputs overrides) {
        return code.evaluate(overrides);
    }

    /** A module's constant that this chain can see, in base units. */
    double moduleValue(BindingInfo binding) {
        return engine.value(binding);
    }

    /** The values of {@code evaluation} as a renderer reads them: this chain's, and its modules'. */
    public EvaluationValues values(Evaluation evaluation) {
        return new EvaluationValues(this, evaluation, java.util.Map.of());
    }

    /**
     * Reads {@code --set NAME=VALUE} options into overrides by slot: a value, or a range
     * ({@code --set mfu='40% .. 60%'}). Returns null after adding diagnostics when a name is not
     * an input of this chain or a value does not fit it. When {@code skipUnknown} is set (one --set
     * for many chains), a name that is not an input of this chain is ignored, whether the chain
     * lacks it or derives it: a card's chains name their own values, and {@code kv} may be given in
     * one and derived in the next.
     */
    public Inputs overrides(List<String> assignments, boolean skipUnknown, Diagnostics diagnostics) {
        return overrides("--set", assignments, skipUnknown, diagnostics);
    }

    /**
     * As {@link #overrides(List, boolean, Diagnostics)}, each problem said as of {@code option}
     * ({@code --free eff='70% .. 95%'} reads its range as --set reads one).
     */
    public Inputs overrides(String option, List<String> assignments, boolean skipUnknown, Diagnostics diagnostics) {
        Inputs overrides = Inputs.NONE;
        int before = diagnostics.size();
        for (String assignment : assignments) {
            int eq = assignment.indexOf('=');
            String name = eq < 0 ? assignment.trim() : assignment.substring(0, eq).trim();
            SourceFile source = new SourceFile(option + " " + name, eq < 0 ? "" : assignment.substring(eq + 1));
            if (eq < 0 || name.isEmpty()) {
                diagnostics.add(Diagnostic.error(null, option + " " + assignment + ": expected NAME=VALUE, such as " + option + " batch=32"));
                continue;
            }
            if (program().use(name) != null) {
                continue; // a module alias: bound when the chain was checked (ModuleChoice)
            }
            BindingInfo target = program().binding(name);
            if (skipUnknown && !hasInput(name)) {
                continue;
            }
            // A text binding (a vLLM version) counts as an input, but only quantities can be set.
            if (target == null || !target.input() || target.isText()) {
                diagnostics.add(notAnInput(option, name, target));
                continue;
            }
            Inputs value = value(option, target, source, diagnostics);
            if (value != null) {
                overrides = overrides.with(value);
            }
        }
        return diagnostics.size() == before ? overrides : null;
    }

    /**
     * Whether {@code name} is an input of this chain that --set can set: a quantity (not text), or
     * the alias of a {@code use}, whose values are modules ({@link ModuleChoice}).
     */
    public boolean hasInput(String name) {
        if (program().use(name) != null) {
            return true;
        }
        BindingInfo b = program().binding(name);
        return b != null && b.input() && !b.isText();
    }

    private Diagnostic notAnInput(String option, String name, BindingInfo target) {
        List<String> inputs = new ArrayList<>();
        for (BindingInfo b : program().inputs()) {
            if (!b.isText()) {
                inputs.add(b.name());
            }
        }
        String known = inputs.isEmpty() ? "this chain has no inputs" : "its inputs are " + String.join(", ", inputs);
        if (target == null) {
            Diagnostic unknown = Diagnostic.error(null, option + " " + name + ": the chain has no value named `" + name + "`");
            List<String> close = Suggestions.closest(name, inputs, 3);
            return close.isEmpty() ? unknown.withNote(known)
                    : unknown.withHint("did you mean " + Suggestions.orList(close) + "?").withNote(known);
        }
        if (target.isText()) {
            return Diagnostic.error(null, option + " " + name + ": `" + name + "` is text; only quantities can be set").withNote(known);
        }
        return Diagnostic.error(null, option + " " + name + ": `" + name + "` is derived, not an input")
                .withNote("it is `" + name + " = " + formula(target) + "` on line " + target.decl().span().line()
                        + "; an input is a binding to one literal quantity, such as `batch = 64`")
                .withNote(known);
    }

    private static String formula(BindingInfo b) {
        dev.chain.ast.Value.QuantityValue q = b.decl().value().quantity();
        return q != null ? q.expr().span().text() : "";
    }

    /**
     * A constant quantity whose dimension is the input's, or a range of them ({@code 40% .. 60%},
     * {@code 50% ± 10%}), as the input set to it; null after reporting. The text is read as the
     * value of a binding, so a range is proven by the checker's own rules, as one in a file is.
     */
    private Inputs value(String option, BindingInfo target, SourceFile source, Diagnostics diagnostics) {
        Diagnostics local = new Diagnostics();
        dev.chain.ast.Value value = SyntaxParser.parseValue(source, local);
        if (value == null || local.hasErrors()) {
            local.all().forEach(diagnostics::add);
            return null;
        }
        Stmt.Binding given = new Stmt.Binding(target.name(), value.span(), value, List.of(), value.span());
        ChainFile file = new ChainFile(source, List.of(given));
        CheckedProgram checked = Checker.check(file, null, program().units().child(), engine, local, true);
        if (local.hasErrors()) {
            local.all().forEach(diagnostics::add);
            return null;
        }
        BindingInfo set = checked.binding(target.name());
        InputFit fit = new InputFit(target, text -> option + " " + target.name() + "='" + text + "'", program().units(), formatter());
        Diagnostic wrong = fit.wrongDimension(set.dimension(), value.span(), source.text().trim(), fit.command().apply(formula(target)));
        if (wrong != null) {
            diagnostics.add(wrong);
            return null;
        }
        Inputs inputs;
        double low;
        double high;
        if (set.range() != null) {
            BindingInfo.Range r = set.range();
            inputs = Inputs.NONE.with(target.slot(), r.nominal(), r.low(), r.high());
            low = r.low();
            high = r.high();
        } else {
            try {
                low = Compiler.compile(checked, engine).evaluate().values()[set.slot()];
            } catch (ChainException e) {
                e.diagnostics().forEach(diagnostics::add);
                return null;
            }
            high = low;
            inputs = Inputs.NONE.with(target.slot(), low);
        }
        Diagnostic outside = fit.outside(value.quantity(), low, high);
        if (outside != null) {
            diagnostics.add(outside);
            return null;
        }
        return inputs;
    }
}
