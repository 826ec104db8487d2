package dev.chain.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The temporary files a render writes a page to before it renames it into place,
 * {@code .NAME.md.PID.RANDOM.tmp}, and the ones a killed render left behind. A leftover is one
 * whose render is gone: its process id is not a live process (or it has none: chain before 0.1
 * named them {@code .NAME.md.RANDOM.tmp}). One still being written, by a render running beside
 * this one, is not touched.
 */
final class Leftovers {
    private Leftovers() {}

    static String temporaryName(String page, String random) {
        return "." + page + "." + ProcessHandle.current().pid() + "." + random + ".tmp";
    }

    /** The leftovers beside these pages, in path order. */
    static List<Path> beside(Collection<Path> pages) {
        Map<Path, Set<String>> pagesByFolder = new LinkedHashMap<>();
        for (Path page : pages) {
            Path folder = page.toAbsolutePath().getParent();
            pagesByFolder.computeIfAbsent(folder, f -> new TreeSet<>()).add(page.getFileName().toString());
        }
        Set<Path> found = new TreeSet<>();
        for (Map.Entry<Path, Set<String>> folder : pagesByFolder.entrySet()) {
            if (!Files.isDirectory(folder.getKey())) {
                continue;
            }
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder.getKey(), ".*.tmp")) {
                for (Path entry : entries) {
                    String page = pageOf(entry.getFileName().toString(), folder.getValue());
                    if (page != null && Files.isRegularFile(entry, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                        found.add(relativeLike(pages, folder.getKey(), entry));
                    }
                }
            } catch (IOException | java.nio.file.DirectoryIteratorException e) {
                // an unreadable folder: writing the page there will say so
            }
        }
        return new ArrayList<>(found);
    }

    /** The page a leftover named {@code name} belongs to, or null if it is no leftover of these pages. */
    static String pageOf(String name, Set<String> pages) {
        for (String page : pages) {
            String prefix = "." + page + ".";
            if (name.startsWith(prefix) && name.endsWith(".tmp") && name.length() > prefix.length() + 4) {
                String middle = name.substring(prefix.length(), name.length() - 4);
                return isRunning(middle) ? null : page;
            }
        }
        return null;
    }

    /** {@code PID.RANDOM} of a process that is alive: a render in progress. */
    private static boolean isRunning(String middle) {
        int dot = middle.indexOf('.');
        if (dot <= 0) {
            return false;
        }
        long pid;
        try {
            pid = Long.parseLong(middle.substring(0, dot));
        } catch (NumberFormatException e) {
            return false;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        return process.isPresent() && process.get().isAlive();
    }

    /** The leftover's path written as the pages' are (relative to where they are, if they are). */
    private static Path relativeLike(Collection<Path> pages, Path folder, Path entry) {
        for (Path page : pages) {
            Path parent = page.getParent();
            if (page.toAbsolutePath().getParent().equals(folder)) {
                return parent == null ? entry.getFileName() : parent.resolve(entry.getFileName());
            }
        }
        return entry;
    }
}
