package dev.chain.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/** A wrong command line: the problem, the usage of the command, exit 2. */
final class UsageErrorHandler implements CommandLine.IParameterExceptionHandler {
    @Override
    public int handleParseException(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("chain: " + dev.chain.diag.Printable.escape(ex.getMessage())); // it may quote the command line
        CommandLine.UnmatchedArgumentException.printSuggestions(ex, err);
        err.print(cmd.getUsageMessage(CommandLine.Help.Ansi.OFF));
        return ExitCodes.USAGE;
    }
}
