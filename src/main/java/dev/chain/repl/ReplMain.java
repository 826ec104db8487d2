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
        ReplSession session = new ReplSession();
        Reply initial = file == null ? null : session.load(file);
        if (!interactive) {
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            return PipedRepl.run(session, initial, lines, out, err);
        }
        out.flush();
        return SystemTerminal.run(session, initial, colour);
    }

    /** Standard input and output are both a terminal (the JDK's own test, no process spawned). */
    public static boolean onTerminal() {
        return System.console() != null;
    }
}
