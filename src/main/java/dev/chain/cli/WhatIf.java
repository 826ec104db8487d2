package dev.chain.cli;

import dev.chain.diag.Diagnostic;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import dev.chain.session.Parsed;
import java.util.ArrayList;
import java.util.List;

/**
 * One rule for a check that fails under {@code --set}, in {@code chain run} and {@code chain render}
 * alike, as for a sweep's points: where every check holds for the chain's own inputs, a check that
 * the {@code --set} values make fail is the what-if's answer, not the file's error, so it is a
 * warning that names the {@code --set}, and the exit stays 0 (the rendered page marks the check
 * under its chain). A check that fails for the chain's own inputs too is the file's error, exit 1.
 */
final class WhatIf {
    private WhatIf() {}

    /** Whether the run's failed checks are what its {@code --set} values made fail: every check holds without them. */
    static boolean madeToFail(Engine engine, ChainRun run, List<String> sets, List<String> observe) {
        if (sets.isEmpty() || run.status() != ChainRun.Status.CHECK_FAILED) {
            return false;
        }
        return ChainRun.execute(engine, Parsed.of(run.source()), List.of(), observe, true).status() == ChainRun.Status.OK;
    }

    /** The run's diagnostics as warnings, each saying it holds for the chain's own inputs, and which --set it is about. */
    static List<Diagnostic> asWarnings(List<Diagnostic> diagnostics, List<String> sets) {
        List<Diagnostic> warnings = new ArrayList<>();
        for (Diagnostic d : diagnostics) {
            warnings.add(d.asWarning()
                    .withNote("it holds for the chain's own inputs; this run uses --set " + String.join(" --set ", sets)));
        }
        return warnings;
    }
}
