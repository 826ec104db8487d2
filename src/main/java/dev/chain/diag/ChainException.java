package dev.chain.diag;

import java.util.List;

/** Carries diagnostics out of a stage that cannot go on (bad input, never an internal error). */
public final class ChainException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient List<Diagnostic> diagnostics;

    public ChainException(List<Diagnostic> diagnostics) {
        super(diagnostics.isEmpty() ? "error" : diagnostics.get(0).message(), null, false, false);
        this.diagnostics = List.copyOf(diagnostics);
    }

    public ChainException(Diagnostic diagnostic) {
        this(List.of(diagnostic));
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }
}
