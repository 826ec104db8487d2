package dev.chain.session.repl;

import dev.chain.ast.Stmt;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.eval.Evaluation;
import dev.chain.eval.Inputs;
import dev.chain.eval.Origin;
import dev.chain.session.EvaluationValues;
import dev.chain.session.LoadedChain;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.List;

/**
 * One immutable snapshot of the session: the loaded chain (if any), the statements typed since,
 * the program they make together (checked and compiled), its values, the inputs changed with
 * {@code :set}, and how far {@code :step} has walked. An input is tried against a new snapshot;
 * only one that checks and evaluates replaces the current snapshot, so a failing input changes
 * nothing.
 *
 * @param chain     the chain from {@code :load}, or null
 * @param entries   statements typed at the REPL, in order, after the chain's
 * @param overrides values by binding slot set with {@code :set}; slots never move, because
 *                  statements are only ever appended
 * @param cursor    the index in {@code chain.steps()} of the next {@code :step}
 */
record SessionState(LoadedFile chain, List<Stmt> entries, LoadedChain loaded, Evaluation evaluation,
                    Inputs overrides, int cursor) {
    SessionState {
        entries = List.copyOf(entries);
    }

    /** Everything the session's program is made of: the chain's statements, then the typed ones. */
    List<Stmt> statements() {
        List<Stmt> all = new ArrayList<>();
        if (chain != null) {
            all.addAll(chain.statements());
        }
        all.addAll(entries);
        return all;
    }

    CheckedProgram program() {
        return loaded.program();
    }

    SessionState withEntries(List<Stmt> more, LoadedChain loaded, Evaluation evaluation) {
        List<Stmt> all = new ArrayList<>(entries);
        all.addAll(more);
        return new SessionState(chain, all, loaded, evaluation, overrides, cursor);
    }

    SessionState withOverrides(Inputs overrides, Evaluation evaluation) {
        return new SessionState(chain, entries, loaded, evaluation, overrides, cursor);
    }

    SessionState withCursor(int cursor) {
        return new SessionState(chain, entries, loaded, evaluation, overrides, cursor);
    }

    /** The binding a name means now: the last one bound under it ({@code ans} is bound again and again). */
    BindingInfo binding(String name) {
        return program().binding(name);
    }

    /** False for an {@code ans} that a later value replaced: it is kept only for what was written against it. */
    boolean visible(BindingInfo b) {
        return program().binding(b.name()) == b;
    }

    /** The inputs changed with {@code :set}. */
    Set<BindingInfo> overridden() {
        Set<BindingInfo> set = Collections.newSetFromMap(new IdentityHashMap<>());
        for (BindingInfo b : program().bindings()) {
            if (overrides.values().containsKey(b.slot())) {
                set.add(b);
            }
        }
        return set;
    }

    /** The session's values as the REPL shows them; the inputs changed with {@code :set} are set. */
    EvaluationValues values() {
        java.util.Map<Integer, Origin> origins = new java.util.HashMap<>();
        for (Integer slot : overrides.values().keySet()) {
            origins.put(slot, Origin.SET);
        }
        return new EvaluationValues(loaded, evaluation, origins);
    }
}
