package dev.chain.diag;

import java.util.Map;

/**
 * When diagnostics are coloured: {@code always}, {@code never}, or {@code auto}, which means on a
 * terminal, unless {@code NO_COLOR} is set to a non-empty value (no-color.org) or {@code TERM} is
 * {@code dumb}. Every front end (the CLI, the REPL) asks here, so they agree with each other.
 */
public final class ColourPolicy {
    public enum Choice { auto, always, never }

    private ColourPolicy() {}

    /**
     * @param stderrIsTerminal whether diagnostics go to a terminal; the launcher tells the JVM,
     *                         which cannot ask about standard error itself
     */
    public static boolean useColour(Choice choice, boolean stderrIsTerminal, Map<String, String> environment) {
        return switch (choice) {
            case always -> true;
            case never -> false;
            case auto -> stderrIsTerminal && isEmpty(environment.get("NO_COLOR"))
                    && !"dumb".equals(environment.get("TERM"));
        };
    }

    /**
     * Whether standard error is a terminal: the {@code chain.stderr.terminal} property when the
     * launcher set it ({@code [ -t 2 ]}), otherwise whether the JVM has a console at all.
     */
    public static boolean stderrIsTerminal() {
        String told = System.getProperty("chain.stderr.terminal");
        if (told != null) {
            return told.equals("1") || told.equalsIgnoreCase("true");
        }
        return System.console() != null;
    }

    private static boolean isEmpty(String value) {
        return value == null || value.isEmpty();
    }
}
