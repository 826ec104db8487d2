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
        if (debug) {
            ex.printStackTrace(cmd.getErr());
        } else {
            cmd.getErr().println("chain: internal error: " + ex + " (this is a bug in chain; run again with --debug for details)");
        }
        return ExitCodes.INPUT;
    }
}
