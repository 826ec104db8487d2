package dev.chain.cli;

import dev.chain.session.ChainRun;
import java.util.ArrayList;
import java.util.List;

/**
 * With several chains, one --set applies to the chains that have it as an input and leaves the
 * others alone (one may derive a value of that name), but it must fit at least one.
 */
final class OverrideCheck {
    private OverrideCheck() {}

    /** USAGE after reporting a --set that no chain has as an input; null when every one was used. */
    static Integer unmatched(List<String> sets, List<ChainRun> runs, Terminal terminal) {
        return unmatched("--set", sets, runs, terminal);
    }

    /** As above, for the NAME=... options of {@code option} ({@code --observe}). */
    static Integer unmatched(String option, List<String> sets, List<ChainRun> runs, Terminal terminal) {
        if (runs.size() < 2) {
            return null;
        }
        for (String set : sets) {
            String name = set.contains("=") ? set.substring(0, set.indexOf('=')).trim() : set.trim();
            boolean used = false;
            List<String> notInputs = new ArrayList<>();
            for (ChainRun run : runs) {
                used |= run.chain() != null && run.chain().hasInput(name);
                var binding = run.chain() == null ? null : run.chain().program().binding(name);
                if (binding != null && !run.chain().hasInput(name)) {
                    notInputs.add(run.source().name() + (binding.isText() ? " has it as text" : " derives it"));
                }
            }
            if (!used) {
                terminal.problem(option + " " + name + ": none of the chains has an input named `" + name + "`"
                        + (notInputs.isEmpty() ? "" : "; " + String.join(", ", notInputs)));
                return ExitCodes.USAGE;
            }
        }
        return null;
    }
}
