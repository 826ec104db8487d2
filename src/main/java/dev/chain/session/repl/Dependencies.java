package dev.chain.session.repl;

import dev.chain.ast.Expr;
import dev.chain.ast.ExprWalker;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FunctionInfo;
import dev.chain.check.Ref;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Which bindings a value is computed from, read off the checked program's name resolutions. */
final class Dependencies {
    private Dependencies() {}

    /**
     * The bindings a binding's formula names, in the order they first appear, each with the name
     * as written ({@code model.params}). Bindings named inside a user function it calls count too.
     */
    static Map<BindingInfo, String> of(BindingInfo binding) {
        Map<BindingInfo, String> found = new LinkedHashMap<>();
        Value.QuantityValue q = binding.decl().value().quantity();
        if (q != null) {
            collect(binding.owner(), q.expr(), found, Collections.newSetFromMap(new IdentityHashMap<>()));
        }
        return found;
    }

    static Map<BindingInfo, String> of(CheckedProgram program, CheckInfo check) {
        Map<BindingInfo, String> found = new LinkedHashMap<>();
        Set<FunctionInfo> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Expr operand : check.decl().condition().operands()) {
            collect(program, operand, found, seen);
        }
        return found;
    }

    /** The bindings of {@code program} whose values change when {@code input} does, in order. */
    static List<BindingInfo> dependents(CheckedProgram program, BindingInfo input) {
        Set<BindingInfo> affected = Collections.newSetFromMap(new IdentityHashMap<>());
        affected.add(input);
        return dependents(program, affected);
    }

    /** The bindings of {@code program} whose values change when {@code module}'s do ({@code :set gpu=b200}), in order. */
    static List<BindingInfo> dependents(CheckedProgram program, CheckedProgram module) {
        Set<BindingInfo> affected = Collections.newSetFromMap(new IdentityHashMap<>());
        affected.addAll(module.bindings());
        return dependents(program, affected);
    }

    /** The program's own bindings that use any of {@code affected}, or a binding that does; each added to it. */
    private static List<BindingInfo> dependents(CheckedProgram program, Set<BindingInfo> affected) {
        List<BindingInfo> out = new ArrayList<>();
        for (BindingInfo b : program.bindings()) {
            if (affected.contains(b) || b.owner() != program) {
                continue;
            }
            for (BindingInfo used : of(b).keySet()) {
                if (affected.contains(used)) {
                    affected.add(b);
                    out.add(b);
                    break;
                }
            }
        }
        return out;
    }

    /** The checks of {@code program} that look at any of {@code affected}. */
    static List<CheckInfo> checksOn(CheckedProgram program, Set<BindingInfo> affected) {
        List<CheckInfo> out = new ArrayList<>();
        for (CheckInfo c : program.checks()) {
            for (BindingInfo used : of(program, c).keySet()) {
                if (affected.contains(used)) {
                    out.add(c);
                    break;
                }
            }
        }
        return out;
    }

    /** The inputs a derived binding of {@code program} comes from, transitively, in order. */
    static List<BindingInfo> inputsOf(BindingInfo binding) {
        Set<BindingInfo> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<BindingInfo> inputs = new ArrayList<>();
        gatherInputs(binding, seen, inputs);
        inputs.sort((a, b) -> Integer.compare(a.slot(), b.slot()));
        return inputs;
    }

    private static void gatherInputs(BindingInfo binding, Set<BindingInfo> seen, List<BindingInfo> inputs) {
        for (BindingInfo used : of(binding).keySet()) {
            if (used.owner() != binding.owner() || !seen.add(used)) {
                continue;
            }
            if (used.input()) {
                inputs.add(used);
            } else {
                gatherInputs(used, seen, inputs);
            }
        }
    }

    /** The bindings {@code e} names, and those the bodies of this program's functions it calls name. */
    private static void collect(CheckedProgram program, Expr e, Map<BindingInfo, String> found, Set<FunctionInfo> seen) {
        new ExprWalker() {
            @Override
            public Void visitName(Expr.NameRef n) {
                if (program.ref(n) instanceof Ref.Binding b) {
                    found.putIfAbsent(b.binding(), n.name().toString());
                }
                return null;
            }

            @Override
            public Void visitCall(Expr.Call c) {
                super.visitCall(c);
                if (program.callTarget(c) instanceof FunctionInfo f && f.owner() == program && seen.add(f)) {
                    walk(f.decl().body());
                }
                return null;
            }
        }.walk(e);
    }
}
