package dev.chain.cli;

import dev.chain.session.ChainRun;
import java.util.List;

/** With several chains, one --set may fit only some of them, but it must fit at least one. */
final class OverrideCheck {
    private OverrideCheck() {}

    /** USAGE after reporting a --set that no chain has as an input; null when every one was used. */
    static Integer unmatched(List<String> sets, List<ChainRun> runs, Terminal terminal) {
        if (runs.size() < 2) {
            return null;
        }
        for (String set : sets) {
            String name = set.contains("=") ? set.substring(0, set.indexOf('=')).trim() : set.trim();
            boolean used = false;
            for (ChainRun run : runs) {
                used |= run.chain() != null && run.chain().hasInput(name);
            }
            if (!used) {
                terminal.problem("--set " + name + ": none of the chains has an input named `" + name + "`");
                return ExitCodes.USAGE;
            }
        }
        return null;
    }
}
