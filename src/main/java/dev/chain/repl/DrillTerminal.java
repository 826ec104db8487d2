package dev.chain.repl;

import java.io.IOException;
import java.io.PrintWriter;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * {@code chain drill} on a terminal: answers read with JLine's line editing, as the REPL reads its
 * input (Ctrl-C or Ctrl-D ends the drill). Loaded only when the drill runs on a terminal.
 */
public final class DrillTerminal implements DrillLoop.Lines, AutoCloseable {
    private final Terminal terminal;
    private final LineReader reader;

    private DrillTerminal(Terminal terminal) {
        this.terminal = terminal;
        this.reader = LineReaderBuilder.builder().terminal(terminal).appName("chain")
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true).build();
    }

    /** The system terminal, opened as the REPL opens it. */
    public static DrillTerminal open() throws IOException {
        return new DrillTerminal(TerminalBuilder.builder().name("chain").system(true).providers("exec").dumb(true).build());
    }

    /** The drill on {@code terminal}: a test's terminal over byte streams, as the REPL's tests have. */
    static DrillTerminal on(Terminal terminal) {
        return new DrillTerminal(terminal);
    }

    /** What the drill writes to: the terminal's own writer, so that JLine's line and the drill's lines agree. */
    public PrintWriter writer() {
        return terminal.writer();
    }

    @Override
    public String read(String prompt) {
        try {
            return reader.readLine(prompt);
        } catch (UserInterruptException | EndOfFileException e) {
            return null;
        }
    }

    @Override
    public void close() throws IOException {
        terminal.close();
    }
}
