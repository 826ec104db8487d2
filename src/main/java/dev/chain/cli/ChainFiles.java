package dev.chain.cli;

import dev.chain.diag.Diagnostic;
import dev.chain.session.ChainSources;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Turns the paths on a command line into .chain files: folders are searched recursively, in name
 * order. The reading and its limits live in {@link ChainSources}, shared by every front end.
 */
final class ChainFiles {
    private ChainFiles() {}

    /** Thrown for a path that cannot be used, with the diagnostic to show. */
    static final class BadPath extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient Diagnostic diagnostic;

        BadPath(String message) {
            this(Diagnostic.error(null, message));
        }

        BadPath(Diagnostic diagnostic) {
            super(diagnostic.message(), null, false, false);
            this.diagnostic = diagnostic;
        }

        /** What to show: {@code path:1:1: error: ...} for a file refused for its size, else a plain message. */
        Diagnostic diagnostic() {
            return diagnostic;
        }
    }

    static List<Path> expand(List<Path> paths) throws BadPath {
        try {
            return ChainSources.expand(paths);
        } catch (ChainSources.Unreadable e) {
            throw new BadPath(e.diagnostic());
        }
    }

    /** The files under {@code folder} whose names end with {@code extension}, in name order. */
    static List<Path> find(Path folder, String extension) throws BadPath {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            walk.filter(p -> p.toString().endsWith(extension) && Files.isRegularFile(p)).sorted().forEach(found::add);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new BadPath("cannot read folder " + folder + ": " + e.getMessage());
        }
        return found;
    }

    static SourceFile read(Path path) throws BadPath {
        try {
            return ChainSources.read(path);
        } catch (ChainSources.Unreadable e) {
            throw new BadPath(e.diagnostic());
        }
    }
}
