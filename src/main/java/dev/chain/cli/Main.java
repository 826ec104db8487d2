package dev.chain.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import picocli.CommandLine;

/** The {@code chain} command. Exit codes: 0 success, 1 errors in the input or a failed check, 2 a wrong command line. */
public final class Main {
    /** Deep but legal input recurses deeply; a big stack for the one worker thread costs nothing until used. */
    static final long STACK_BYTES = 256L * 1024 * 1024;

    private Main() {}

    /** What a shell reports for a command killed by SIGPIPE: the reader closed the pipe early. */
    static final int CLOSED_PIPE = 141;

    public static void main(String[] args) {
        LaunchMarker.mainStarted();
        StandardOutput stdout = new StandardOutput();
        PrintWriter out = new PrintWriter(stdout, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        System.exit(run(args, out, err, stdout));
    }

    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, null);
    }

    /**
     * Runs one command line with the given output streams, on a worker thread with a big stack,
     * and turns anything thrown into a message and exit 1: a StackOverflowError or an
     * OutOfMemoryError never reaches the user as a stack trace (only with {@code --debug}).
     * Tests run the CLI in-process through here.
     *
     * <p>A zero exit means every byte was written: if standard output failed (a full disk), the
     * run exits 1 and says why ({@code stdout} knows, when it is the real one), and 141 without a
     * word if the reader closed the pipe, as a command killed by SIGPIPE does.
     */
    static int run(String[] args, PrintWriter out, PrintWriter err, StandardOutput stdout) {
        // Nothing printed may drive the terminal: results are escaped on the way out; diagnostics,
        // which may be coloured, as each is rendered.
        PrintWriter printable = new PrintWriter(new PrintableWriter(out), true);
        int[] exit = {ExitCodes.INPUT};
        Throwable[] failure = {null};
        // An anonymous class, not a lambda: the first lambda of a run costs ~7 ms of method-handle
        // set-up, and chain eval, check and run use none (see docs/performance.md).
        Runnable work = new Runnable() {
            @Override
            public void run() {
                try {
                    exit[0] = execute(args, printable, err);
                } catch (Throwable t) { // a bug, or a resource limit: never let it pass silently, never exit 0
                    failure[0] = t;
                }
            }
        };
        Thread worker = new Thread(null, work, "chain", STACK_BYTES);
        worker.start();
        if (parses(args)) {
            // This thread would only wait: it makes the grammar's parser ready while the worker
            // reads and lexes (docs/performance.md). Should it fail, the worker meets the same
            // failure and reports it.
            try {
                dev.chain.syntax.SyntaxParser.prepare();
            } catch (RuntimeException | LinkageError e) {
                // reported by the worker
            }
        }
        try {
            worker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.INPUT;
        }
        if (failure[0] != null) {
            report(failure[0], Arrays.asList(args).contains("--debug"), err);
            exit[0] = ExitCodes.INPUT;
        }
        printable.flush();
        return written(exit[0], out, err, stdout);
    }

    private static int written(int exit, PrintWriter out, PrintWriter err, StandardOutput stdout) {
        if (!out.checkError()) { // flushes
            err.flush();
            return exit;
        }
        java.io.IOException why = stdout == null ? null : stdout.failure();
        if (StandardOutput.isClosedPipe(why)) {
            return CLOSED_PIPE;
        }
        err.println("chain: error: cannot write to standard output"
                + (why == null || why.getMessage() == null ? "" : ": " + why.getMessage())
                + "; the output is incomplete");
        err.flush();
        return ExitCodes.INPUT;
    }

    /** Every command parses chain text, but for help and the version. */
    private static boolean parses(String[] args) {
        for (String arg : args) {
            if (arg.equals("--help") || arg.equals("-h") || arg.equals("--version") || arg.equals("-V") || arg.equals("help")) {
                return false;
            }
        }
        return args.length > 0;
    }

    private static int execute(String[] args, PrintWriter out, PrintWriter err) {
        try {
            Integer fast = FastPath.run(args, out, err);
            if (fast != null) {
                out.flush();
                err.flush();
                return fast;
            }
        } catch (Exception e) {
            return new InternalErrorHandler().report(e, Arrays.asList(args).contains("--debug"), err);
        }
        CommandLine cli = new CommandLine(new ChainCommand());
        register(cli, args);
        cli.registerConverter(java.nio.file.Path.class, new PathConverter());
        if (cli.getSubcommands().containsKey("eval")) {
            // `chain eval -2 ms`: an expression may start with a minus sign.
            cli.getSubcommands().get("eval").setUnmatchedOptionsArePositionalParams(true);
        }
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler(new InternalErrorHandler());
        cli.setParameterExceptionHandler(new UsageErrorHandler());
        return cli.execute(args);
    }

    /**
     * Registers the subcommand the command line names, and only that one: Picocli builds a
     * command's model by reflection, which costs start-up time for every command registered.
     * Help, an unknown command or none at all get them all, so that usage lists them.
     */
    private static void register(CommandLine cli, String[] args) {
        String first = args.length > 0 ? args[0] : null;
        for (Class<?> command : ChainCommand.SUBCOMMANDS) {
            if (name(command).equals(first) && !"help".equals(first)) {
                cli.addSubcommand(command);
                return;
            }
        }
        for (Class<?> command : ChainCommand.SUBCOMMANDS) {
            cli.addSubcommand(command);
        }
    }

    private static String name(Class<?> command) {
        return command.getAnnotation(CommandLine.Command.class).name();
    }

    /** Picocli hands exceptions to {@link InternalErrorHandler}; errors (and anything else) end up here. */
    static void report(Throwable t, boolean debug, PrintWriter err) {
        if (debug) {
            t.printStackTrace(err);
        } else {
            err.println("chain: " + dev.chain.diag.Printable.escape(InternalErrorHandler.describe(t)));
        }
        err.flush();
    }
}
