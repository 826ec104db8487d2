package dev.chain.session.repl;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.render.BindingValues;
import java.util.List;

/**
 * What completion and {@code :info} look names up in: a checked program with its values, and the
 * modules it can reach. The REPL's session is one; an editor's analysis of a file, seen from the
 * cursor, is another ({@code chain lsp}), so both complete and describe names the same way.
 */
public interface Scope extends BindingValues {
    CheckedProgram program();

    /** Whether a binding can be named here: the REPL hides an {@code ans} replaced since; an editor, names defined below. */
    default boolean visible(BindingInfo binding) {
        return program().binding(binding.name()) == binding;
    }

    /** Whether the binding has a value to show (an editor's file with errors may not have evaluated it). */
    default boolean hasValue(BindingInfo binding) {
        return true;
    }

    /** A module alias of the program, or a stdlib module by name (loaded if need be); null if neither. */
    CheckedProgram moduleNamed(String name);

    /** The stdlib's modules, which a name can reach without a {@code use}. */
    List<String> stdlibModules();

    /** What a {@code use} can name: the stdlib's modules, and in an editor the local modules beside the file. */
    default List<String> usableModules() {
        return stdlibModules();
    }
}
