package dev.chain.session;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/** The standard library's .chain files, packaged in the jar under {@code stdlib/}. */
public final class Stdlib {
    /** Dimensions and units every program sees; loaded before anything else. */
    public static final String PRELUDE = "prelude";

    private static final Pattern MODULE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private Stdlib() {}

    /** The text of a stdlib module, or null if there is none by that name. */
    public static String read(String module) {
        if (!MODULE_NAME.matcher(module).matches()) {
            return null;
        }
        try (InputStream in = Stdlib.class.getResourceAsStream("/stdlib/" + module + ".chain")) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Whether the stdlib has a module by that name, without reading it. */
    public static boolean exists(String module) {
        return MODULE_NAME.matcher(module).matches() && Stdlib.class.getResource("/stdlib/" + module + ".chain") != null;
    }

    /** The name a module's source carries in diagnostics. */
    public static String displayPath(String module) {
        return "stdlib/" + module + ".chain";
    }
}
