package dev.chain.repl;

import dev.chain.session.repl.Reply;
import dev.chain.session.repl.ReplSession;
import dev.chain.syntax.ReplInput;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * The REPL without a terminal: reads lines (a multi-line group until its blank line), prints each
 * answer, never a prompt or an escape code, so that sessions can be piped and tested. Results go
 * to standard output and diagnostics to standard error, each flushed before the next input is read
 * so that the two interleave in order.
 */
final class PipedRepl {
    private PipedRepl() {}

    /** @return 0, or 1 when any input failed (as a script with errors would) */
    static int run(ReplSession session, Reply initial, BufferedReader in, PrintWriter out, PrintWriter err)
            throws IOException {
        ReplPrinter printer = new ReplPrinter(false);
        boolean failed = initial != null && show(initial, printer, out, err);
        // Lines are read one at a time; what was worked out of those before is kept (linear time).
        ReplInput.Typing pending = new ReplInput.Typing();
        String line;
        while ((line = in.readLine()) != null) {
            if (pending.isEmpty() && line.isBlank()) {
                continue;
            }
            if (pending.add(line)) {
                continue;
            }
            Reply reply = session.submit(pending.text());
            pending.clear();
            failed |= show(reply, printer, out, err);
            if (reply.quit()) {
                return failed ? 1 : 0;
            }
            if (out.checkError()) {
                return 1; // standard output is gone (a full disk, a closed pipe): nobody reads the answers
            }
        }
        if (!pending.isEmpty()) {
            failed |= show(session.submit(pending.text()), printer, out, err);
        }
        return failed ? 1 : 0;
    }

    private static boolean show(Reply reply, ReplPrinter printer, PrintWriter out, PrintWriter err) {
        out.print(printer.lines(reply));
        out.flush();
        err.print(printer.diagnostics(reply));
        err.flush();
        return reply.failed();
    }
}
