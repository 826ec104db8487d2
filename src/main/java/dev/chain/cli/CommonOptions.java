package dev.chain.cli;

import dev.chain.diag.ColourPolicy;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** Options every command takes, and the output streams its command line was set up with. */
final class CommonOptions {
    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--debug", description = "Show the Java stack trace of an internal error.")
    boolean debug;

    @Option(names = "--color", paramLabel = "WHEN", defaultValue = "auto",
            description = "Colour diagnostics: auto (when standard error is a terminal, unless NO_COLOR is set), always or never.")
    ColourPolicy.Choice colour = ColourPolicy.Choice.auto;

    boolean useColour() {
        return ColourPolicy.useColour(colour, ColourPolicy.stderrIsTerminal(), System.getenv());
    }

    /** Set when the command runs without Picocli ({@link FastPath}); otherwise the CommandLine's streams. */
    private PrintWriter out;
    private PrintWriter err;

    /** The options' defaults, writing to the given streams: a command run by {@link FastPath}. */
    static CommonOptions defaults(PrintWriter out, PrintWriter err) {
        CommonOptions options = new CommonOptions();
        options.out = out;
        options.err = err;
        return options;
    }

    /** Tests capture the streams by giving them to the CommandLine, so commands must not use System.out. */
    Terminal terminal() {
        if (out != null) {
            return new Terminal(out, err, useColour());
        }
        CommandLine cli = spec.commandLine();
        return new Terminal(cli.getOut(), cli.getErr(), useColour());
    }
}
