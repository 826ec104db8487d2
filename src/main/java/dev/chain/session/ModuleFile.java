package dev.chain.session;

import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

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
     * that name on disk (a FIFO or a folder too: reading it then says what it is, rather than
     * "there is no NAME.chain") or in {@code texts}, an editor's open files, which may be null;
     * else null. Each path looked for is added to {@code lookedFor}, if given: a chain depends on
     * a module it did not find too.
     */
    static Path besideUser(Span where, String name, ModuleTexts texts, java.util.Set<Path> lookedFor) {
        // A name as `use` reads one: letters, digits and _ in any script the grammar takes, so never a path.
        if (where == null || where.file().path() == null || !dev.chain.syntax.SyntaxParser.isName(name)) {
            return null;
        }
        Path candidate = sibling(where.file().path(), name);
        if (lookedFor != null) {
            lookedFor.add(candidate.toAbsolutePath().normalize());
        }
        if (texts != null && texts.text(candidate.toAbsolutePath().normalize()) != null) {
            return candidate;
        }
        return Files.exists(candidate, LinkOption.NOFOLLOW_LINKS) ? candidate : null;
    }

    static Path sibling(Path user, String name) {
        return user.resolveSibling(name + ".chain");
    }

    /**
     * The module's text: the stdlib's, the editor's if it has the file open ({@code texts} may be
     * null), or the file's, read as any chain is (no FIFO, no device, the size limit).
     */
    SourceFile read(ModuleTexts texts) throws IOException, ChainSources.Unreadable {
        if (path == null) {
            return new SourceFile(Stdlib.displayPath(name), Stdlib.read(name));
        }
        String open = texts == null ? null : texts.text(path.toAbsolutePath().normalize());
        if (open != null) {
            return new SourceFile(path, open);
        }
        return ChainSources.read(path);
    }
}
