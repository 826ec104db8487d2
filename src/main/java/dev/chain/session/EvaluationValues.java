package dev.chain.session;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.eval.Band;
import dev.chain.eval.CheckValues;
import dev.chain.eval.Evaluation;
import dev.chain.eval.Inputs;
import dev.chain.eval.Origin;
import dev.chain.render.BindingValues;
import dev.chain.units.QuantityFormatter;
import java.util.Map;

/**
 * The values of one evaluation of a loaded chain, as the command line, the REPL and the editor
 * show them: the chain's own by slot, its modules' constants, and each input's origin
 * ({@code origins}, by slot; an input not in it is the chain's own).
 */
public record EvaluationValues(LoadedChain chain, Evaluation evaluation, Map<Integer, Origin> origins) implements BindingValues {
    public EvaluationValues {
        origins = Map.copyOf(origins);
    }

    @Override
    public CheckedProgram program() {
        return chain.program();
    }

    @Override
    public Band band(BindingInfo binding) {
        return binding.owner() == program() ? evaluation.band(binding) : Band.point(chain.moduleValue(binding));
    }

    @Override
    public Band band(int slot) {
        return evaluation.band(slot);
    }

    @Override
    public CheckValues check(int index) {
        return evaluation.check(index);
    }

    @Override
    public Origin origin(int slot) {
        return origins.getOrDefault(slot, Origin.WRITTEN);
    }

    @Override
    public Origin origin(BindingInfo binding) {
        return binding.owner() == program() ? origin(binding.slot()) : Origin.WRITTEN;
    }

    @Override
    public QuantityFormatter formatter() {
        return chain.formatter();
    }

    /** The inputs measured (or fitted, each the range of its interval), as a sweep sets them at each of its points. */
    public Inputs measured() {
        Inputs inputs = Inputs.NONE;
        for (Map.Entry<Integer, Origin> e : origins.entrySet()) {
            if (e.getValue().fixed()) {
                Band b = evaluation.band(e.getKey());
                inputs = b.ranged() ? inputs.with(e.getKey(), b.nominal(), b.low(), b.high()) : inputs.with(e.getKey(), b.nominal());
            }
        }
        return inputs;
    }
}
