package dev.chain.cli;

import dev.chain.diag.Diagnostic;
import dev.chain.session.ChainSources;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

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
        try {
            return ChainSources.filesUnder(folder, extension);
        } catch (IOException | java.nio.file.DirectoryIteratorException e) {
            throw new BadPath("cannot read folder " + folder + ": " + e.getMessage());
        }
    }

    /** True for a folder, false for a file; anything else is a BadPath that says what it is. */
    static boolean isFolder(Path path) throws BadPath {
        try {
            return ChainSources.isFolder(path);
        } catch (ChainSources.Unreadable e) {
            throw new BadPath(e.diagnostic());
        }
    }

    /**
     * A chain a card includes, for {@link dev.chain.session.CardRun#read}: one that is not there
     * is a NoSuchFileException ("no such chain"), one that cannot be read an IOException whose
     * message is the reason (a FIFO is refused before it is opened).
     */
    static SourceFile include(Path file) throws IOException {
        if (Files.notExists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        String why = ChainSources.notAFile(file);
        if (why != null) {
            throw new IOException(why);
        }
        try {
            return ChainSources.read(file);
        } catch (ChainSources.Unreadable e) {
            throw new IOException(e.diagnostic().message(), e);
        }
    }

    static SourceFile read(Path path) throws BadPath {
        return read(path, ChainSources.CHAIN);
    }

    static SourceFile read(Path path, ChainSources.Kind kind) throws BadPath {
        try {
            return ChainSources.read(path, kind);
        } catch (ChainSources.Unreadable e) {
            throw new BadPath(e.diagnostic());
        }
    }
}
