package dev.chain.session;

import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Where a module's text comes from: the stdlib in the jar, or a {@code NAME.chain} file beside the
 * chain that uses it. Found before it is read, so that a module already loaded is not read again.
 *
 * @param name  the name in the {@code use}, which is also the module's name
 * @param key   what identifies it among loaded modules: the stdlib name, or {@code file:} and the
 *              absolute path (two folders may each have their own {@code fleet.chain})
 * @param label how a cycle or an error names it: the stdlib name, or the path
 * @param path  the local file, or null for a stdlib module
 */
record ModuleFile(String name, String key, String label, Path path) {
    private static final Pattern MODULE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    static ModuleFile stdlib(String name) {
        return new ModuleFile(name, name, name, null);
    }

    static ModuleFile local(String name, Path path) {
        return new ModuleFile(name, keyOf(path), path.toString(), path);
    }

    static String keyOf(Path path) {
        return "file:" + path.toAbsolutePath().normalize();
    }

    /**
     * {@code NAME.chain} in the folder of the file {@code where} is in, when there is anything by
     * that name (a FIFO or a folder too: reading it then says what it is, rather than "there is
     * no NAME.chain"); else null.
     */
    static Path besideUser(Span where, String name) {
        if (where == null || where.file().path() == null || !MODULE_NAME.matcher(name).matches()) {
            return null;
        }
        Path candidate = sibling(where.file().path(), name);
        return Files.exists(candidate, LinkOption.NOFOLLOW_LINKS) ? candidate : null;
    }

    static Path sibling(Path user, String name) {
        return user.resolveSibling(name + ".chain");
    }

    /** The module's text; a local one is read as any chain is (no FIFO, no device, the size limit). */
    SourceFile read() throws IOException, ChainSources.Unreadable {
        if (path == null) {
            return new SourceFile(Stdlib.displayPath(name), Stdlib.read(name));
        }
        return ChainSources.read(path);
    }
}
