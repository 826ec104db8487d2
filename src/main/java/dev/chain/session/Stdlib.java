package dev.chain.session;

import java.util.List;

/**
 * The standard library's .chain files. They ship inside the jar twice: as resources under
 * {@code stdlib/} for anyone to read, and as the string constants of {@link StdlibTexts}, generated
 * from the same files at build time, which is what chain reads (a cold start reads a class's
 * constants in microseconds, a jar resource in milliseconds).
 */
public final class Stdlib {
    /** Dimensions and units every program sees; loaded before anything else. */
    public static final String PRELUDE = "prelude";

    private Stdlib() {}

    /** The text of a stdlib module, or null if there is none by that name. */
    public static String read(String module) {
        return StdlibTexts.text(module);
    }

    /** Whether the stdlib has a module by that name. */
    public static boolean exists(String module) {
        return StdlibTexts.text(module) != null;
    }

    /** The modules a chain can {@code use} (the prelude is not one), sorted by name. */
    public static List<String> modules() {
        return StdlibTexts.MODULES.stream().filter(name -> !name.equals(PRELUDE)).toList();
    }

    /** The name a module's source carries in diagnostics. */
    public static String displayPath(String module) {
        return "stdlib/" + module + ".chain";
    }
}
