package dev.chain.check;

import dev.chain.ast.Stmt;
import dev.chain.units.Dimension;
import java.util.List;

/**
 * A checked user function: parameter dimensions, the dimension of its result, where it lives, and
 * {@code calls}: how many function calls one call of it makes, itself included (see CallCount).
 */
public record FunctionInfo(String name, Stmt.FnDecl decl, List<String> paramNames, List<Dimension> paramDimensions,
                           Dimension result, int index, String source, CheckedProgram owner, long calls) {
    public FunctionInfo {
        paramNames = List.copyOf(paramNames);
        paramDimensions = List.copyOf(paramDimensions);
    }
}
