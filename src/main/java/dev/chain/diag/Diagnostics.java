package dev.chain.diag;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The diagnostics one stage collected. Passed down explicitly; there is no global error flag. */
public final class Diagnostics {
    private final List<Diagnostic> items = new ArrayList<>();

    public void add(Diagnostic diagnostic) {
        items.add(diagnostic);
    }

    public void addAll(Diagnostics other) {
        items.addAll(other.items);
    }

    public void addAll(List<Diagnostic> diagnostics) {
        items.addAll(diagnostics);
    }

    public boolean hasErrors() {
        return anyError(items);
    }

    /** Whether any of {@code diagnostics} is an error (a loop: a stream would be a lambda to link in a cold start). */
    public static boolean anyError(List<Diagnostic> diagnostics) {
        for (Diagnostic d : diagnostics) {
            if (d.isError()) {
                return true;
            }
        }
        return false;
    }

    /** Each of {@code diagnostics}, an error said as a warning: what holds for a chain's own inputs need not at a sweep's other points. */
    public static List<Diagnostic> asWarnings(List<Diagnostic> diagnostics) {
        List<Diagnostic> out = new ArrayList<>(diagnostics.size());
        for (Diagnostic d : diagnostics) {
            out.add(d.asWarning());
        }
        return out;
    }

    public int size() {
        return items.size();
    }

    public List<Diagnostic> all() {
        return Collections.unmodifiableList(items);
    }
}
