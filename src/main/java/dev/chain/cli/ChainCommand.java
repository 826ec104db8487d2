package dev.chain.cli;

import dev.chain.session.ChainVersion;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "chain",
        mixinStandardHelpOptions = true,
        versionProvider = ChainCommand.Version.class,
        description = "Unit-aware arithmetic for chain cards: check, run, evaluate and render .chain files, or explore them in the REPL.",
        footer = {"", "Exit codes: 0 success, 1 errors in the input or a failed check, 2 a wrong command line."})
final class ChainCommand implements Runnable {
    /**
     * The subcommands, in the order help lists them. They are registered by {@link Main} rather
     * than in the annotation, so that a run builds the model of the one it uses (see Main).
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(CheckCommand.class, RunCommand.class, EvalCommand.class,
            RenderCommand.class, ServeCommand.class, SweepCommand.class, SolveCommand.class, FitCommand.class, StdlibCommand.class, ImportCommand.class, ReplCommand.class,
            DrillCommand.class,
            FmtCommand.class, LspCommand.class, CommandLine.HelpCommand.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing command: check, run, eval, render, serve, sweep, solve, fit, stdlib, import, repl, drill, fmt or lsp");
    }

    /** {@code chain 0.6.0 (commit 0123456789ab)}: the release, and the commit it was built from. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"chain " + ChainVersion.VERSION + " (commit " + ChainVersion.COMMIT + ")"};
        }
    }
}
