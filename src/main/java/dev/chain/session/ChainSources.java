package dev.chain.session;

import dev.chain.diag.Diagnostic;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds and reads .chain files for every front end (check, run, render, the REPL's :load), with
 * the limits that keep hostile input cheap: a file larger than {@link #MAX_FILE_BYTES} is refused
 * before it is read, so memory stays bounded whatever is on the command line.
 */
public final class ChainSources {
    /**
     * Chain cards are a few kilobytes; a generated chain of a million statements is about 30 MB.
     * Anything larger is refused with a diagnostic instead of being parsed for minutes.
     */
    public static final long MAX_FILE_BYTES = 32L * 1024 * 1024;

    private ChainSources() {}

    /** What a file is read as, for the message that refuses one too large: "chain reads WHAT of up to 33.6 MB", then the note. */
    public record Kind(String what, String note) {}

    public static final Kind CHAIN = new Kind(".chain files", "a chain card is a few kilobytes; is this the file you meant?");

    /** A path that cannot be used, with the diagnostic that says why. */
    public static final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient Diagnostic diagnostic;

        Unreadable(Diagnostic diagnostic) {
            super(diagnostic.message(), null, false, false);
            this.diagnostic = diagnostic;
        }

        public Diagnostic diagnostic() {
            return diagnostic;
        }
    }

    /** Files as given, and the .chain files under each folder, recursively, in name order. */
    public static List<Path> expand(List<Path> paths) throws Unreadable {
        List<Path> files = new ArrayList<>();
        for (Path path : paths) {
            if (isFolder(path)) {
                List<Path> found;
                try {
                    found = filesUnder(path, ".chain");
                } catch (IOException | java.nio.file.DirectoryIteratorException e) {
                    throw problem("cannot read folder " + path + ": " + reason(e));
                }
                if (found.isEmpty()) {
                    throw new Unreadable(Diagnostic.error(null, "no .chain files in " + path)
                            .withNote("a folder is searched for files ending in .chain, in its subfolders too"));
                }
                files.addAll(found);
            } else {
                files.add(path);
            }
        }
        return files;
    }

    /** True for a folder, false for a file; anything else (missing, a FIFO, a device) is Unreadable. */
    public static boolean isFolder(Path path) throws Unreadable {
        BasicFileAttributes attributes = attributes(path);
        if (attributes.isDirectory() || attributes.isRegularFile()) {
            return attributes.isDirectory();
        }
        throw problem("cannot read " + path + ": it is " + kind(path) + ", not a file or a folder");
    }

    /**
     * What is at {@code path}, links followed: a missing file, a folder that may not be entered
     * (which the JDK's {@code Files.exists} reports as missing) and a link that goes nowhere are
     * each said as they are.
     */
    public static BasicFileAttributes attributes(Path path) throws Unreadable {
        if (path.toString().isEmpty()) {
            throw problem("an empty path names no file; write . for the current folder");
        }
        try {
            return Files.readAttributes(path, BasicFileAttributes.class);
        } catch (java.nio.file.NoSuchFileException e) {
            throw problem("no such file or folder: " + path);
        } catch (IOException e) {
            throw problem("cannot read " + path + ": " + reason(e));
        }
    }

    /**
     * Why {@code path} cannot be read as a chain, or null when it is a regular file: checked
     * before it is opened ({@link dev.chain.source.FileKind}).
     */
    public static String notAFile(Path path) {
        try {
            Files.readAttributes(path, BasicFileAttributes.class);
        } catch (java.nio.file.NoSuchFileException e) {
            return "no such file";
        } catch (IOException e) {
            return reason(e);
        }
        return dev.chain.source.FileKind.notAFile(path);
    }

    /** "a folder", "a FIFO (named pipe)", "a device": what a path that is not a file is. */
    private static String kind(Path path) {
        return dev.chain.source.FileKind.of(path);
    }

    /**
     * Reads a file as UTF-8. Bytes that are not UTF-8 become U+FFFD, which the parser reports where
     * they are; a binary file (NUL bytes) is reported by the parser too, once.
     */
    public static SourceFile read(Path path) throws Unreadable {
        return read(path, CHAIN);
    }

    /** {@link #read(Path)} for a file that is not a chain: a file too large is refused as what it is. */
    public static SourceFile read(Path path, Kind kind) throws Unreadable {
        BasicFileAttributes attributes = attributes(path);
        if (!attributes.isRegularFile()) {
            throw problem("cannot read " + path + ": it is " + kind(path) + ", not a file");
        }
        try {
            long size = attributes.size();
            if (size > MAX_FILE_BYTES) {
                SourceFile nothing = new SourceFile(path.toString(), "");
                throw new Unreadable(Diagnostic.error(new Span(nothing, 0, 0), "file too large: "
                                + megabytes(size) + "; chain reads " + kind.what() + " of up to " + megabytes(MAX_FILE_BYTES))
                        .withNote(kind.note()));
            }
            return new SourceFile(path, new String(Files.readAllBytes(path), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw problem("cannot read " + path + ": " + reason(e));
        } catch (OutOfMemoryError e) {
            throw problem("cannot read " + path + ": not enough memory for a file this large");
        }
    }

    private static String megabytes(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MB", bytes / 1e6);
    }

    /**
     * The regular files under {@code folder} (in its subfolders too) whose names end with
     * {@code extension}, in path order, as {@code Files.walk} would list them: symbolic links to
     * folders are not followed. Written without streams or lambdas, whose first use costs a cold
     * start several milliseconds of method-handle set-up (docs/performance.md).
     */
    public static List<Path> filesUnder(Path folder, String extension) throws IOException {
        List<Path> found = new ArrayList<>();
        collect(folder, extension, found);
        java.util.Collections.sort(found);
        return found;
    }

    private static void collect(Path folder, String extension, List<Path> found) throws IOException {
        try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                if (Files.isDirectory(entry, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    collect(entry, extension, found);
                } else if (entry.toString().endsWith(extension) && Files.isRegularFile(entry)) {
                    found.add(entry);
                }
            }
        }
    }

    private static Unreadable problem(String message) {
        return new Unreadable(Diagnostic.error(null, message));
    }

    /** Why a read failed, in words: the JDK's exceptions for these carry only the path. */
    public static String reason(Exception e) {
        Throwable cause = e instanceof java.io.UncheckedIOException u ? u.getCause()
                : e instanceof java.nio.file.DirectoryIteratorException d ? d.getCause() : e;
        if (cause instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (cause instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (cause instanceof java.nio.file.NotDirectoryException) {
            return "a part of the path is not a folder";
        }
        if (cause instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason(); // "Too many levels of symbolic links", "Is a directory"
        }
        if (cause instanceof java.nio.charset.CharacterCodingException) {
            return "it is not UTF-8 text";
        }
        String message = cause.getMessage();
        return message == null ? cause.getClass().getSimpleName() : message;
    }
}
