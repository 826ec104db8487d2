package dev.chain.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "chain",
        mixinStandardHelpOptions = true,
        versionProvider = ChainCommand.Version.class,
        description = "Unit-aware arithmetic for chain cards: check, run, evaluate and render .chain files, or explore them in the REPL.",
        subcommands = {CheckCommand.class, RunCommand.class, EvalCommand.class, RenderCommand.class,
                StdlibCommand.class, ReplCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "Exit codes: 0 success, 1 errors in the input or a failed check, 2 a wrong command line."})
final class ChainCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: check, run, eval, render, stdlib or repl");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties p = new Properties();
            try (InputStream in = ChainCommand.class.getResourceAsStream("/chain-version.properties")) {
                if (in != null) {
                    p.load(in);
                }
            }
            return new String[] {"chain " + p.getProperty("version", "unknown")};
        }
    }
}
