package dev.chain.repl;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.InfoCmp;

/**
 * Opens the system terminal. Only the exec provider (which runs {@code stty}) and the dumb one are
 * shipped, so no native library is needed on Linux or macOS.
 */
final class SystemTerminal {
    private SystemTerminal() {}

    /** @param started the session, waited for once the terminal is open */
    static int run(Supplier<ReplMain.Started> started, ReplMain.Colour colour) throws IOException {
        try (Terminal terminal = TerminalBuilder.builder()
                .name("chain")
                .system(true)
                .providers("exec")
                .dumb(true)
                .build()) {
            boolean useColour = switch (colour) {
                case ALWAYS -> true;
                case NEVER -> false;
                // The same rule as the CLI's --color=auto (an empty NO_COLOR does not count).
                case AUTO -> dev.chain.diag.ColourPolicy.useColour(dev.chain.diag.ColourPolicy.Choice.auto,
                        supportsColour(terminal), System.getenv());
            };
            Path history = HistoryFile.locate(System.getenv(), System.getProperty("user.home"));
            ReplMain.Started start = started.get();
            return new InteractiveRepl(start.session(), terminal, history, useColour).run(start.initial());
        }
    }

    private static boolean supportsColour(Terminal terminal) {
        if (Terminal.TYPE_DUMB.equals(terminal.getType())) {
            return false;
        }
        Integer colours = terminal.getNumericCapability(InfoCmp.Capability.max_colors);
        return colours != null && colours >= 8;
    }
}
