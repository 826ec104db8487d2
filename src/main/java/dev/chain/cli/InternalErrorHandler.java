package dev.chain.cli;

import picocli.CommandLine;

/**
 * A Java exception that escaped a command is a bug in chain, never the user's input: say so in one
 * line and keep the stack trace for {@code --debug}. Running out of stack or memory is named as
 * such, since the input's size is the likely cause and the user can do something about it.
 */
final class InternalErrorHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, CommandLine.ParseResult parseResult) {
        boolean debug = parseResult.hasMatchedOption("--debug")
                || (parseResult.subcommand() != null && parseResult.subcommand().hasMatchedOption("--debug"));
        return report(ex, debug, cmd.getErr());
    }

    int report(Exception ex, boolean debug, java.io.PrintWriter err) {
        Main.report(ex, debug, err);
        return ExitCodes.INPUT;
    }

    static String describe(Throwable t) {
        if (t instanceof StackOverflowError) {
            return "the input is nested too deeply for chain to follow (stack overflow);"
                    + " split long expressions into named steps (run again with --debug for details)";
        }
        if (t instanceof OutOfMemoryError) {
            return "out of memory: the input is too large for the memory the JVM was given"
                    + " (raise it with JAVA_TOOL_OPTIONS=-Xmx8g, or split the input)";
        }
        return "internal error: " + t + " (this is a bug in chain; run again with --debug for details)";
    }
}
