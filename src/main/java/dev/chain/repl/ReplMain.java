package dev.chain.repl;

import dev.chain.session.repl.Reply;
import dev.chain.session.repl.ReplSession;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * {@code chain repl [FILE]}. Its signature names no JLine type, and JLine's classes are loaded only
 * when standard input and output are a terminal: {@code chain eval} and {@code check} never pay
 * for them, and neither does a piped session.
 */
public final class ReplMain {
    private ReplMain() {}

    public enum Colour { AUTO, ALWAYS, NEVER }

    /**
     * @param file        a chain to start with, or null
     * @param interactive true to edit lines on the system terminal; false to read {@code in} line by line
     * @return the exit code: 0, or 1 when a piped session had a failing input
     */
    public static int run(Path file, Colour colour, boolean interactive, InputStream in, PrintWriter out, PrintWriter err)
            throws IOException {
        if (!interactive) {
            ReplSession session = new ReplSession();
            Reply initial = file == null ? null : session.load(file);
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            return PipedRepl.run(session, initial, lines, out, err);
        }
        out.flush();
        // On a terminal the engine starts (the prelude, then FILE) while JLine opens the terminal:
        // each takes a few hundred milliseconds, and the machine has more than one core.
        FutureTask<Started> starting = new FutureTask<>(() -> {
            ReplSession session = new ReplSession();
            return new Started(session, file == null ? null : session.load(file));
        });
        Thread starter = new Thread(null, starting, "chain-start", STACK_BYTES);
        starter.setDaemon(true);
        starter.start();
        return SystemTerminal.run(() -> {
            try {
                return starting.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while starting", e);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            }
        }, colour);
    }

    /** The same deep stack as the command line's worker thread: a chain loaded at start may nest deeply. */
    private static final long STACK_BYTES = 256L * 1024 * 1024;

    /** A session and what loading FILE into it answered (null without FILE). */
    record Started(ReplSession session, Reply initial) {}

    /** Standard input and output are both a terminal (the JDK's own test, no process spawned). */
    public static boolean onTerminal() {
        return System.console() != null;
    }
}
