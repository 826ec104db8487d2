package dev.chain.imports;

import dev.chain.diag.Diagnostic;

/** Why a config.json (or a safetensors index) could not be imported: a located diagnostic. */
public final class ImportError extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient Diagnostic diagnostic;

    ImportError(Diagnostic diagnostic) {
        super(diagnostic.message(), null, false, false);
        this.diagnostic = diagnostic;
    }

    public Diagnostic diagnostic() {
        return diagnostic;
    }
}
