package dev.chain.check;

import dev.chain.ast.QualifiedName;
import dev.chain.diag.Diagnostics;
import dev.chain.source.Span;

/** Finds, loads and checks the module a {@code use} statement names (once per engine). */
public interface ModuleResolver {
    /** The checked module, or null after reporting why it cannot be loaded. */
    CheckedProgram module(QualifiedName name, Span where, Diagnostics diagnostics);

    /** The checked module a {@code use} names, as above, at the statement; a resolver may offer fixes at its name. */
    default CheckedProgram module(dev.chain.ast.Stmt.Use use, Diagnostics diagnostics) {
        return module(use.module(), use.span(), diagnostics);
    }

    /** The names a {@code use} can take, for "did you mean" and for listing; empty if unknown. */
    default java.util.Collection<String> moduleNames() {
        return java.util.List.of();
    }

    /** For programs that use no modules, or tests of single files. */
    ModuleResolver NONE = new ModuleResolver() { // not a lambda: see cli.Main.run
        @Override
        public CheckedProgram module(QualifiedName name, Span where, Diagnostics diagnostics) {
            diagnostics.add(dev.chain.diag.Diagnostic.error(where, "modules are not available here"));
            return null;
        }
    };
}
