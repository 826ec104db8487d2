package dev.chain.cli;

import dev.chain.session.Parsed;
import dev.chain.source.SourceFile;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;

/**
 * The files of one run, read and parsed ahead of the thread that checks them, on every core.
 * Parsing needs nothing but the file, and is most of a file's work (83% of a site's samples), so
 * a check of hundreds of cards keeps the cores busy parsing while one thread checks, in order,
 * with the one engine. What comes out is what parsing each file in turn gives: diagnostics stay
 * in file order, and a file that cannot be read is reported where it comes.
 *
 * <p>Only a run of {@link #PARALLEL_FROM} files or more gets threads. Below that a run is mostly
 * start-up: its code is still being interpreted and compiled, the compiler thread has the second
 * core, and parsing ahead measured no faster (docs/performance.md).
 */
final class ParseAhead implements AutoCloseable {
    /** Files in a run before it parses ahead: ~11 cards of 9 files each. */
    static final int PARALLEL_FROM = 100;

    /**
     * A file longer than this is read ahead but parsed when it is taken, on the checking thread:
     * its tree is what memory holds (a million statements, 31 MB, peak at 1.5 GB), and parsing
     * such files ahead would hold several at once. A card's files are a few kilobytes.
     */
    static final int AHEAD_MAX_CHARS = 1 << 20;

    /**
     * What sets the number of threads, for measuring: {@code JAVA_TOOL_OPTIONS=-Dchain.parse.threads=0}
     * parses each file in turn whatever the run's size (bench/run site compares the two).
     */
    static final String THREADS_PROPERTY = "chain.parse.threads";

    /** Null: each file is read and parsed when it is taken. */
    private final ExecutorService pool;
    /** Files parsed ahead at most, which bounds the memory their trees hold. */
    private final int window;
    /** Files added and not yet started, in order. */
    private final ArrayDeque<Path> waiting = new ArrayDeque<>();
    /** Files started and not yet taken, in order. */
    private final ArrayDeque<Started> started = new ArrayDeque<>();

    /** A file being read and parsed on a pool thread. */
    private record Started(Path path, Future<Read> read) {}

    /** A file read, and parsed unless it is longer than {@link #AHEAD_MAX_CHARS} ({@code parsed} null). */
    private record Read(SourceFile source, Parsed parsed) {}

    /** For a run of {@code files} files (more may be added): a thread per core, if it is large enough. */
    static ParseAhead forRun(int files) {
        String threads = System.getProperty(THREADS_PROPERTY);
        if (threads != null) {
            try {
                return new ParseAhead(Math.max(0, Integer.parseInt(threads.trim())));
            } catch (NumberFormatException e) {
                // not a number: as if it were not set
            }
        }
        int cores = Runtime.getRuntime().availableProcessors();
        return new ParseAhead(files >= PARALLEL_FROM && cores > 1 ? cores : 0);
    }

    /** With {@code threads} parsing threads; none parses each file when it is taken. */
    ParseAhead(int threads) {
        pool = threads == 0 ? null : Executors.newFixedThreadPool(threads, new ThreadFactory() {
            @Override
            public Thread newThread(Runnable work) {
                // The same stack as the thread that would otherwise parse (deep but legal input).
                Thread thread = new Thread(null, work, "chain-parse", Main.STACK_BYTES);
                thread.setDaemon(true);
                return thread;
            }
        });
        window = 4 * threads;
    }

    /** Whether each file is read and parsed when it is taken, on the caller's thread. */
    boolean inTurn() {
        return pool == null;
    }

    /** The next file the run will take. */
    void add(Path path) {
        if (pool != null) {
            waiting.add(path);
            startMore();
        }
    }

    /**
     * The next file, read and parsed: files are taken in the order they were added (without
     * threads, any file may be taken). A file that cannot be read throws here, as reading it would.
     */
    Parsed take(Path path) throws ChainFiles.BadPath {
        if (pool == null) {
            return Parsed.of(ChainFiles.read(path));
        }
        Started next = started.poll();
        if (next == null || !path.equals(next.path())) {
            throw new IllegalStateException("taken out of order: " + path);
        }
        startMore();
        try {
            Read read = next.read().get();
            return read.parsed() != null ? read.parsed() : Parsed.of(read.source());
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ChainFiles.BadPath bad) {
                throw bad;
            }
            if (cause instanceof RuntimeException failure) {
                throw failure;
            }
            if (cause instanceof Error failure) { // out of memory, a stack overflow: as on this thread
                throw failure;
            }
            throw new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + path, e);
        }
    }

    private void startMore() {
        while (started.size() < window && !waiting.isEmpty()) {
            Path path = waiting.poll();
            // An anonymous class, not a lambda: see StartupClassesTest.
            started.add(new Started(path, pool.submit(new Callable<Read>() {
                @Override
                public Read call() throws ChainFiles.BadPath {
                    SourceFile source = ChainFiles.read(path);
                    return new Read(source, source.text().length() > AHEAD_MAX_CHARS ? null : Parsed.of(source));
                }
            })));
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
