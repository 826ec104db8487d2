package dev.chain.serve;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Tells chain serve that a file it renders from changed: the JDK's WatchService (inotify on
 * Linux, FSEvents-backed polling on macOS) over each folder, and each folder under it as it
 * appears. A save is often several events (a temporary file, a rename, a write): they are taken
 * together, until the folders are quiet for {@link #QUIET_MS}, and answered with one render.
 * Hidden files and folders (an editor's swap file, .git) and node_modules are not watched.
 */
final class FolderWatcher implements AutoCloseable {
    /** How long the folders must be quiet before a render: short beside the second a save may take to show. */
    static final long QUIET_MS = 40;

    private final WatchService service;
    private final Runnable changed;

    /** Watches each of {@code folders}, and {@code recursive} ones with every folder under them. */
    FolderWatcher(List<Path> folders, boolean recursive, Runnable changed) throws IOException {
        this.service = FileSystems.getDefault().newWatchService();
        this.changed = changed;
        for (Path folder : folders) {
            if (recursive) {
                registerTree(folder);
            } else {
                register(folder);
            }
        }
    }

    private void registerTree(Path root) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (!dir.equals(root) && ignored(dir)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                register(dir);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                return FileVisitResult.CONTINUE; // a folder it cannot read is a folder it does not watch
            }
        });
    }

    private void register(Path dir) throws IOException {
        dir.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                StandardWatchEventKinds.ENTRY_DELETE);
    }

    private static boolean ignored(Path path) {
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        return name.startsWith(".") || name.endsWith("~") || name.equals("node_modules");
    }

    /** Waits for changes and reports each burst of them, until {@link #close}. */
    void run() {
        try {
            while (true) {
                boolean relevant = take(service.take());
                WatchKey more;
                while ((more = service.poll(QUIET_MS, TimeUnit.MILLISECONDS)) != null) {
                    relevant |= take(more);
                }
                if (relevant) {
                    changed.run();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ClosedWatchServiceException e) {
            // closed: chain serve is stopping
        }
    }

    /** Whether a key's events name a file that matters; a new folder is watched from now on. */
    private boolean take(WatchKey key) {
        boolean relevant = false;
        Path dir = (Path) key.watchable();
        for (WatchEvent<?> event : key.pollEvents()) {
            if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
                relevant = true; // events were lost: render to be sure
                continue;
            }
            Path path = dir.resolve((Path) event.context());
            if (ignored(path)) {
                continue;
            }
            relevant = true;
            if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE && Files.isDirectory(path)) {
                try {
                    registerTree(path);
                } catch (IOException e) {
                    // a folder that went again at once
                }
            }
        }
        key.reset();
        return relevant;
    }

    @Override
    public void close() throws IOException {
        service.close();
    }
}
