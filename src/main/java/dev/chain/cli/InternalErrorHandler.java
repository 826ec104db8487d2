package dev.chain.cli;

import picocli.CommandLine;

/**
 * A Java exception that escaped a command is a bug in chain, never the user's input: say so in one
 * line and keep the stack trace for {@code --debug}.
 */
final class InternalErrorHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, CommandLine.ParseResult parseResult) {
        boolean debug = parseResult.hasMatchedOption("--debug")
                || (parseResult.subcommand() != null && parseResult.subcommand().hasMatchedOption("--debug"));
        return report(ex, debug, cmd.getErr());
    }

    int report(Exception ex, boolean debug, java.io.PrintWriter err) {
        if (debug) {
            ex.printStackTrace(err);
        } else {
            err.println("chain: internal error: " + ex + " (this is a bug in chain; run again with --debug for details)");
        }
        err.flush();
        return ExitCodes.INPUT;
    }
}
