package dev.chain.repl;

import dev.chain.session.repl.Reply;
import dev.chain.session.repl.ReplSession;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

/**
 * The REPL on a terminal: the standard JLine loop. The session's parser, completer and highlighter
 * and the history file are wired on one {@link LineReaderBuilder}; Ctrl-C cancels the line being
 * edited or the evaluation under way, Ctrl-D on an empty line (or {@code :quit}) leaves.
 */
final class InteractiveRepl {
    /**
     * JLine logs to java.util.logging, whose console handler prints on the user's screen in its
     * own format ("INFO: History file contained errors, rewriting with valid entries"); chain says
     * what a person needs to know itself. Held here: a logger nobody references loses its level.
     */
    private static final java.util.logging.Logger JLINE_LOG = java.util.logging.Logger.getLogger("org.jline");

    static {
        JLINE_LOG.setLevel(java.util.logging.Level.OFF);
    }

    static final String PROMPT = "chain> ";
    static final String CONTINUATION = "   ... ";

    private final ReplSession session;
    private final Terminal terminal;
    private final LineReader reader;
    private final ReplPrinter printer;

    /**
     * @param history the history file, or null to keep history for this session only
     * @param colour  colour the input and the answers
     */
    InteractiveRepl(ReplSession session, Terminal terminal, Path history, boolean colour) {
        this.session = session;
        this.terminal = terminal;
        this.printer = new ReplPrinter(colour);
        LineReaderBuilder builder = LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("chain")
                .parser(new ReplParser(session))
                .completer(new ReplCompleter())
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, CONTINUATION)
                // `:set al` Tab gives `:set alpha=`; a person who types `=` next gets one (`alpha =`,
                // which :set reads as alpha=), where `alpha==` was an error. Only `=` (and Enter, by
                // JLine's rule) takes a completion's suffix away: a space after `alpha=` keeps it.
                .variable(LineReader.REMOVE_SUFFIX_CHARS, "=")
                .variable(LineReader.INDENTATION, 2)
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.AUTO_GROUP, true)
                .option(LineReader.Option.GROUP, true);
        if (colour) {
            builder.highlighter(new ReplHighlighter(session));
        } else {
            builder.highlighter(new org.jline.reader.impl.DefaultHighlighter() {
                @Override
                public org.jline.utils.AttributedString highlight(LineReader reader, String buffer) {
                    return new org.jline.utils.AttributedString(buffer);
                }
            });
        }
        if (history != null) {
            builder.variable(LineReader.HISTORY_FILE, history);
        }
        this.reader = builder.build();
    }

    LineReader reader() {
        return reader;
    }

    /** The thread evaluating an input, whose evaluation Ctrl-C cancels; null while a line is read. */
    private Thread evaluating;
    private final Object evaluatingLock = new Object();

    /**
     * Answers one input so that Ctrl-C cancels it. While a line is edited, JLine handles Ctrl-C
     * itself (the line is dropped); between lines the terminal sends SIGINT, whose default ends
     * the JVM and the session with it. So the REPL handles INT: it cancels the evaluation
     * ({@link dev.chain.eval.Cancellation}; not an interrupt, which could break class loading),
     * which stops at its next function call, and the input fails like any other, changing
     * nothing. The request is withdrawn before the next line is read, under the lock, so that a
     * late Ctrl-C cannot leak into it.
     */
    private Reply submit(String input) {
        synchronized (evaluatingLock) {
            evaluating = Thread.currentThread();
        }
        try {
            return session.submit(input);
        } finally {
            synchronized (evaluatingLock) {
                evaluating = null;
                dev.chain.eval.Cancellation.clear(Thread.currentThread());
            }
        }
    }

    private void cancel() {
        synchronized (evaluatingLock) {
            if (evaluating != null) {
                dev.chain.eval.Cancellation.request(evaluating);
            }
        }
    }

    /** Reads and answers until Ctrl-D or :quit; returns the exit code (always 0: errors were shown). */
    int run(Reply initial) {
        PrintWriter out = terminal.writer();
        show(new Reply(List.of(new Reply.Line(Reply.Style.INFO, ReplSession.START_HINT)), List.of(), false), out);
        if (initial != null) {
            show(initial, out);
        }
        loadHistory(out);
        terminal.handle(Terminal.Signal.INT, signal -> cancel());
        while (true) {
            String input;
            try {
                input = reader.readLine(PROMPT);
            } catch (UserInterruptException e) {
                continue; // Ctrl-C: the line is dropped, the session goes on
            } catch (EndOfFileException e) {
                break;
            } catch (java.io.IOError e) {
                if (e.getCause() instanceof java.io.InterruptedIOException) {
                    // Ctrl-C just as the line ended: JLine's own INT handler interrupted its stty.
                    Thread.interrupted();
                    continue;
                }
                break; // the terminal went away (a closed pty, a hang-up): nothing left to talk to
            }
            // JLine interrupts this thread on a Ctrl-C that comes as readLine returns; cleared, so
            // that the evaluation's reads (a file to :load) are not cut short by it.
            Thread.interrupted();
            Reply reply = submit(input);
            show(reply, out);
            if (reply.quit()) {
                break;
            }
        }
        try {
            reader.getHistory().save();
        } catch (IOException e) {
            out.println(dev.chain.diag.Printable.escape("chain: could not save the history: " + e.getMessage()));
        }
        out.flush();
        return 0;
    }

    /**
     * Reads the history file now rather than on the first readLine: JLine reports a file it cannot
     * read as an IOException, but one it cannot decode (a stray byte that is not UTF-8) or a
     * folder in its place escapes as an UncheckedIOException, which would end the REPL before its
     * first prompt, and at every start after. Such a file is left alone and history lasts this
     * session only.
     */
    private void loadHistory(PrintWriter out) {
        Object file = reader.getVariable(LineReader.HISTORY_FILE);
        if (file == null) {
            return;
        }
        try {
            reader.getHistory().attach(reader);
        } catch (UncheckedIOException e) {
            reader.setVariable(LineReader.HISTORY_FILE, null);
            out.println(dev.chain.diag.Printable.escape("chain: cannot read the history file " + file + " ("
                    + dev.chain.session.ChainSources.reason(e) + "); history is kept for this session only"));
            out.flush();
        }
    }

    private void show(Reply reply, PrintWriter out) {
        out.print(printer.lines(reply));
        out.print(printer.diagnostics(reply));
        out.flush();
    }
}
