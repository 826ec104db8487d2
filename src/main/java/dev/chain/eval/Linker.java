package dev.chain.eval;

import dev.chain.check.BindingInfo;
import dev.chain.check.FunctionInfo;

/** Supplies what a program uses from the modules it imports: their values and compiled functions. */
public interface Linker {
    double value(BindingInfo moduleBinding);

    CompiledFunction function(FunctionInfo moduleFunction);

    /** For programs that import nothing. */
    Linker NONE = new Linker() {
        @Override
        public double value(BindingInfo b) {
            throw new IllegalStateException("no module provides " + b.qualifiedName());
        }

        @Override
        public CompiledFunction function(FunctionInfo f) {
            throw new IllegalStateException("no module provides " + f.name());
        }
    };
}
