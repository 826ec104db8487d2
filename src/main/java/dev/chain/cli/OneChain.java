package dev.chain.cli;

import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import java.nio.file.Path;
import java.util.List;

/**
 * The one chain a sweep or a search asks about, run with its {@code --set}s; or, with its
 * diagnostics shown, the exit code it ends the command with: 2 for a {@code --set} the chain
 * cannot take, 1 for a file that cannot be read or has errors.
 *
 * @param run  the chain, checked and evaluated; null when {@code exit} is not
 * @param exit null when the command goes on with {@code run}
 */
record OneChain(ChainRun run, Integer exit) {
    static OneChain run(Engine engine, Path path, List<String> sets, Terminal terminal) {
        return run(engine, path, sets, List.of(), terminal);
    }

    /** As above, with the chain's inputs measured by {@code --observe} options. */
    static OneChain run(Engine engine, Path path, List<String> sets, List<String> observe, Terminal terminal) {
        ChainRun run;
        try {
            run = ChainRun.execute(engine, dev.chain.session.Parsed.of(ChainFiles.read(path)), sets, observe, false);
        } catch (ChainFiles.BadPath e) {
            terminal.diagnostics(List.of(e.diagnostic()));
            return new OneChain(null, ExitCodes.INPUT);
        }
        if (run.status() == ChainRun.Status.BAD_OVERRIDE || run.status() == ChainRun.Status.ERRORS) {
            terminal.diagnostics(run.diagnostics());
            return new OneChain(null, run.status() == ChainRun.Status.BAD_OVERRIDE ? ExitCodes.USAGE : ExitCodes.INPUT);
        }
        return new OneChain(run, null);
    }
}
