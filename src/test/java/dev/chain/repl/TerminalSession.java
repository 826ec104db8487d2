package dev.chain.repl;

import dev.chain.session.repl.ReplSession;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.jline.terminal.Attributes;
import org.jline.terminal.Size;
import org.jline.terminal.impl.DumbTerminal;

/**
 * The interactive REPL on JLine's own terminal over byte streams, typed into as a person would:
 * a few keys at a time, waiting for the screen to answer before typing on. (Typing everything at
 * once races JLine's read-ahead, and a person never does.)
 */
final class TerminalSession implements AutoCloseable {
    static final String CTRL_C = "\u0003";
    static final String CTRL_D = "\u0004";
    static final String UP = "\u001b[A";

    private final PipedOutputStream keys = new PipedOutputStream();
    private final ByteArrayOutputStream screen = new ByteArrayOutputStream();
    private final DumbTerminal terminal;
    private final Thread repl;
    private volatile int exit = -1;

    TerminalSession(Path history, boolean colour) throws IOException {
        PipedInputStream in = new PipedInputStream(keys, 1 << 16);
        terminal = new DumbTerminal("test", "ansi", in, screen, StandardCharsets.UTF_8);
        // As on a tty: Ctrl-C interrupts, Ctrl-D on an empty line is the end of input.
        Attributes a = terminal.getAttributes();
        a.setControlChar(Attributes.ControlChar.VEOF, 4);
        a.setControlChar(Attributes.ControlChar.VINTR, 3);
        a.setLocalFlag(Attributes.LocalFlag.ISIG, true);
        terminal.setAttributes(a);
        terminal.setSize(new Size(120, 40));
        InteractiveRepl interactive = new InteractiveRepl(new ReplSession(), terminal, history, colour);
        repl = new Thread(() -> exit = interactive.run(null), "repl-under-test");
        repl.setDaemon(true);
        repl.start();
        await("chain> ", 0);
    }

    /**
     * Presses Ctrl-C while an input is being evaluated, as the terminal driver does: it sends
     * SIGINT (JLine's own terminal only turns the key into one while a line is read), every
     * 50 ms until the screen shows {@code answer}, since the evaluation may not have begun yet.
     */
    TerminalSession interruptUntil(String answer) throws InterruptedException {
        int from = screen().length();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (screen().indexOf(answer, from) < 0) {
            if (System.nanoTime() > deadline || !repl.isAlive()) {
                throw new AssertionError("waited for " + answer + " after Ctrl-C; screen:\n" + screen());
            }
            terminal.raise(org.jline.terminal.Terminal.Signal.INT);
            Thread.sleep(50);
        }
        return this;
    }

    /** Types keys, then waits until the screen shows {@code answer} after what it showed before. */
    TerminalSession type(String typed, String answer) throws IOException {
        int from = screen().length();
        keys.write(typed.getBytes(StandardCharsets.UTF_8));
        keys.flush();
        await(answer, from);
        return this;
    }

    /** Types a line and waits for its answer and the next prompt. */
    TerminalSession line(String line) throws IOException {
        return type(line + "\n", InteractiveRepl.PROMPT);
    }

    /** The screen so far as text: escape sequences (bracketed paste, colours) and carriage returns dropped. */
    String screen() {
        return raw().replaceAll("\u001b\\[[0-9;?]*[A-Za-z]|\u001b[=>]", "");
    }

    /** The screen so far with its escape sequences, carriage returns dropped. */
    String raw() {
        return screen.toString(StandardCharsets.UTF_8).replace("\r", "");
    }

    boolean finished() {
        return !repl.isAlive();
    }

    /** Ctrl-D, as a person leaves; returns the exit code. */
    int leave() throws IOException, InterruptedException {
        keys.write(CTRL_D.getBytes(StandardCharsets.UTF_8));
        keys.flush();
        repl.join(10_000);
        if (repl.isAlive()) {
            throw new AssertionError("the REPL did not end on Ctrl-D; screen:\n" + screen());
        }
        return exit;
    }

    private void await(String text, int from) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (screen().indexOf(text, from) < 0) {
            if (System.nanoTime() > deadline || !repl.isAlive()) {
                throw new AssertionError("waited for " + text.replace("\n", "\\n") + "; screen:\n" + screen());
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Leaves as a person would (Ctrl-D) if the test has not, so the REPL never reads a closed terminal. */
    @Override
    public void close() throws IOException {
        if (repl.isAlive()) {
            keys.write(CTRL_D.getBytes(StandardCharsets.UTF_8));
            keys.flush();
            try {
                repl.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        keys.close();
        terminal.close();
    }
}
