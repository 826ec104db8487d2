package dev.chain.cli;

import dev.chain.diag.ColourPolicy;
import dev.chain.repl.ReplMain;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "repl", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"The interactive REPL: evaluate expressions, check dimensions, walk a chain step by step.",
                // one element per paragraph: picocli wraps each at the width, and breaks between them
                "When standard input and output are not both a terminal, it reads lines and prints results "
                        + "without prompts, so that sessions can be piped; it then exits 1 if any input failed.",
                ":help inside lists the commands."})
final class ReplCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "A chain to load first, as with :load FILE.")
    Path file;

    @Override
    public Integer call() throws IOException {
        CommandLine cli = common.spec.commandLine();
        ReplMain.Colour colour = common.colour == ColourPolicy.Choice.always ? ReplMain.Colour.ALWAYS
                : common.colour == ColourPolicy.Choice.never ? ReplMain.Colour.NEVER : ReplMain.Colour.AUTO;
        return ReplMain.run(file, colour, ReplMain.onTerminal(), System.in, cli.getOut(), cli.getErr());
    }
}
