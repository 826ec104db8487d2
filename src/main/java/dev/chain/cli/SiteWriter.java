package dev.chain.cli;

import dev.chain.session.AtomicReplace;
import dev.chain.session.ChainSources;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes rendered pages into the site's folder, or checks that the folder is up to date. A page
 * is written to a temporary file beside its target and renamed into place, so a reader (or a site
 * generator watching the folder) never sees half a page; a page whose content has not changed is
 * left untouched. Nothing is ever written over a source: a .chain or .card file, or any file the
 * pages were made from.
 */
final class SiteWriter {
    private final Terminal terminal;
    private final List<Path> sources;

    SiteWriter(Terminal terminal, List<Path> sources) {
        this.terminal = terminal;
        this.sources = sources;
    }

    /**
     * {@code render --check}: exit 1 naming each page that is missing or differs from what would
     * be written, and each temporary file an interrupted render left beside one (which the site
     * would publish: one was 17 MB).
     */
    int check(Map<Path, String> pages) {
        List<String> stale = new ArrayList<>();
        List<Path> leftovers = Leftovers.beside(pages.keySet());
        for (Map.Entry<Path, String> page : pages.entrySet()) {
            Path target = page.getKey();
            if (!Files.isRegularFile(target)) {
                stale.add("missing: " + target);
                continue;
            }
            try {
                if (!Files.readString(target, StandardCharsets.UTF_8).equals(page.getValue())) {
                    stale.add("stale: " + target);
                }
            } catch (IOException e) {
                stale.add("unreadable: " + target + " (" + RenderCommand.readable(e) + ")");
            }
        }
        if (stale.isEmpty() && leftovers.isEmpty()) {
            terminal.out().println("ok: " + files(pages) + " up to date");
            terminal.out().flush();
            return ExitCodes.OK;
        }
        for (String line : stale) {
            terminal.problem(line);
        }
        for (Path leftover : leftovers) {
            terminal.problem("leftover: " + leftover + " (a temporary file of an interrupted render)");
        }
        if (!stale.isEmpty()) {
            int figures = figures(pages);
            terminal.problem(stale.size() + " of " + (figures == 0 ? CheckCommand.count(pages.size(), "page")
                            : pages.size() + " files (" + files(pages) + ")")
                    + " out of date: run chain render without --check to update them");
        }
        if (!leftovers.isEmpty()) {
            terminal.problem(CheckCommand.count(leftovers.size(), "leftover temporary file")
                    + " beside the pages: chain render without --check removes them");
        }
        return ExitCodes.INPUT;
    }

    /** A page's figures (its SVG files) are written and checked with it. */
    private static int figures(Map<Path, String> files) {
        int n = 0;
        for (Path p : files.keySet()) {
            n += p.getFileName().toString().endsWith(".svg") ? 1 : 0;
        }
        return n;
    }

    /** {@code 2 pages}, or {@code 2 pages and 2 figures}. */
    private static String files(Map<Path, String> files) {
        int figures = figures(files);
        String pages = CheckCommand.count(files.size() - figures, "page");
        return figures == 0 ? pages : pages + " and " + CheckCommand.count(figures, "figure");
    }

    int write(Map<Path, String> pages) {
        for (Path target : pages.keySet()) {
            String refusal = refusal(target);
            if (refusal != null) {
                terminal.problem(refusal);
                return ExitCodes.INPUT;
            }
        }
        for (Path leftover : Leftovers.beside(pages.keySet())) {
            try {
                Files.deleteIfExists(leftover);
                terminal.out().println("removed " + leftover + ", left by an interrupted render");
            } catch (IOException e) {
                terminal.problem("cannot remove " + leftover + ", left by an interrupted render: " + RenderCommand.readable(e));
                return ExitCodes.INPUT;
            }
        }
        for (Map.Entry<Path, String> page : pages.entrySet()) {
            Path target = page.getKey();
            try {
                if (Files.isRegularFile(target) && Files.readString(target, StandardCharsets.UTF_8).equals(page.getValue())) {
                    terminal.out().println("unchanged " + target);
                    continue;
                }
                writeAtomically(target, page.getValue());
                terminal.out().println("wrote " + target);
            } catch (IOException e) {
                terminal.out().flush();
                terminal.cannotWrite(target, whyNotWritten(target, e));
                return ExitCodes.INPUT;
            }
        }
        terminal.out().flush();
        return ExitCodes.OK;
    }

    /** Why a page must not be written to {@code target}; null if it may. */
    private String refusal(Path target) {
        String name = target.getFileName().toString();
        if (name.endsWith(".chain") || name.endsWith(".card")) {
            return "refusing to write over " + target + ": it is a source file";
        }
        if (Files.isDirectory(target)) {
            return "cannot write " + target + ": it is a folder";
        }
        if (Files.exists(target)) {
            for (Path source : sources) {
                try {
                    if (Files.exists(source) && Files.isSameFile(source, target)) {
                        return "refusing to write over " + target + ": it is " + source + ", a source of this render";
                    }
                } catch (IOException e) {
                    return "cannot tell whether " + target + " is a source file: " + RenderCommand.readable(e);
                }
            }
        }
        return null;
    }

    /**
     * Why writing {@code target} failed, in words: "afile is not a folder" where a part of its
     * path is a file (the JDK says only the path, or "Not a directory"), "m.chain is a folder",
     * else the reason of the failure ("permission denied").
     */
    static String whyNotWritten(Path target, IOException e) {
        if (Files.isDirectory(target)) {
            return target + " is a folder";
        }
        Path parent = target.getParent() != null ? target.getParent() : target.toAbsolutePath().getParent();
        for (Path folder = parent; folder != null; folder = folder.getParent()) {
            if (Files.exists(folder)) {
                if (!Files.isDirectory(folder)) {
                    return folder + " is not a folder";
                }
                if (!folder.equals(parent)) {
                    return "no such folder: " + parent;
                }
                break;
            }
        }
        return ChainSources.reason(e);
    }

    static void writeAtomically(Path target, String content) throws IOException {
        writeAtomically(target, content, () -> true);
    }

    /**
     * Writes {@code content} beside {@code target} and renames it into place if {@code stillSo}
     * holds once it is written (just before the rename); false, and nothing changed, if not.
     */
    static boolean writeAtomically(Path target, String content, java.util.function.BooleanSupplier stillSo) throws IOException {
        Path folder = target.toAbsolutePath().getParent();
        Files.createDirectories(folder);
        Path temporary = newTemporary(folder, target.getFileName().toString());
        try {
            Files.writeString(temporary, content, StandardCharsets.UTF_8);
            keepPermissions(target, temporary);
            if (!stillSo.getAsBoolean()) {
                return false;
            }
            AtomicReplace.move(temporary, target);
            return true;
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * An empty file beside the page, created the way any new file is (mode 0666 less the umask).
     * Not Files.createTempFile: its files are readable by their owner only (0600), and renamed into
     * place that would make every page unreadable to the web server that publishes the site.
     */
    private static Path newTemporary(Path folder, String name) throws IOException {
        while (true) {
            Path temporary = folder.resolve(Leftovers.temporaryName(name,
                    Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36)));
            try {
                return Files.createFile(temporary);
            } catch (FileAlreadyExistsException e) {
                // another name, then
            }
        }
    }

    /** A page written again keeps the permissions its owner gave it. */
    private static void keepPermissions(Path target, Path temporary) throws IOException {
        if (Files.isRegularFile(target) && Files.getFileStore(temporary).supportsFileAttributeView(PosixFileAttributeView.class)) {
            Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(target));
        }
    }
}
