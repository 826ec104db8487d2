package dev.chain.cli;

import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Turns the paths on a command line into .chain files: folders are searched recursively, in name order. */
final class ChainFiles {
    private ChainFiles() {}

    /** Thrown with a one-line message for a path that cannot be used. */
    static final class BadPath extends Exception {
        private static final long serialVersionUID = 1L;

        BadPath(String message) {
            super(message, null, false, false);
        }
    }

    static List<Path> expand(List<Path> paths) throws BadPath {
        List<Path> files = new ArrayList<>();
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                List<Path> found = new ArrayList<>();
                try (Stream<Path> walk = Files.walk(path)) {
                    walk.filter(p -> p.toString().endsWith(".chain") && Files.isRegularFile(p)).sorted().forEach(found::add);
                } catch (IOException e) {
                    throw new BadPath("cannot read folder " + path + ": " + e.getMessage());
                }
                if (found.isEmpty()) {
                    throw new BadPath("no .chain files in " + path);
                }
                files.addAll(found);
            } else if (Files.isRegularFile(path)) {
                files.add(path);
            } else if (Files.exists(path)) {
                throw new BadPath(path + " is not a file or a folder");
            } else {
                throw new BadPath("no such file or folder: " + path);
            }
        }
        return files;
    }

    /** The files under {@code folder} whose names end with {@code extension}, in name order. */
    static List<Path> find(Path folder, String extension) throws BadPath {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            walk.filter(p -> p.toString().endsWith(extension) && Files.isRegularFile(p)).sorted().forEach(found::add);
        } catch (IOException e) {
            throw new BadPath("cannot read folder " + folder + ": " + e.getMessage());
        }
        return found;
    }

    /** Reads a file as UTF-8; bytes that are not UTF-8 become U+FFFD, which the lexer reports. */
    static SourceFile read(Path path) throws BadPath {
        try {
            return new SourceFile(path, new String(Files.readAllBytes(path), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new BadPath("cannot read " + path + ": " + e.getMessage());
        } catch (OutOfMemoryError e) {
            throw new BadPath("cannot read " + path + ": the file is too large");
        }
    }
}
