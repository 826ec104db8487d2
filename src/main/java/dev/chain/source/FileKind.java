package dev.chain.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What a path names, asked before it is opened: opening a FIFO waits for a writer, for ever if
 * none comes; a device such as /dev/zero never ends; /proc/self/fd/0 of the language server is
 * its own protocol stream. Chains, cards and benchmark result files are each read only when this
 * says they are regular files.
 */
public final class FileKind {
    private FileKind() {}

    /**
     * Why {@code path} cannot be read as a file, or null when it is a regular file (links
     * followed): "it is a FIFO (named pipe), not a file", "no such file", "permission denied".
     */
    public static String notAFile(Path path) {
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
            return a.isRegularFile() ? null : "it is " + of(path) + ", not a file";
        } catch (java.nio.file.NoSuchFileException e) {
            return "no such file";
        } catch (java.nio.file.AccessDeniedException e) {
            return "permission denied";
        } catch (java.nio.file.FileSystemException e) {
            return e.getReason() != null ? e.getReason() : e.getClass().getSimpleName();
        } catch (IOException e) {
            return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        }
    }

    /** "a folder", "a FIFO (named pipe)", "a character device": what a path that is not a file is. */
    public static String of(Path path) {
        if (Files.isDirectory(path)) {
            return "a folder";
        }
        try {
            String kind = switch ((Integer) Files.getAttribute(path, "unix:mode") & 0170000) { // S_IFMT
                case 0010000 -> "a FIFO (named pipe)";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> null;
            };
            if (kind != null) {
                return kind;
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            // not a POSIX file system: no finer answer
        }
        return "not a regular file";
    }
}
