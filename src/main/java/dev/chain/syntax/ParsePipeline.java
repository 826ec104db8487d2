package dev.chain.syntax;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Stmt;
import dev.chain.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * Parses a large file on a thread of its own and hands its top-level statements on in batches,
 * in file order, while the caller checks the ones before: on two cores, a chain of a million
 * statements is checked in about the time it takes to parse, and each statement is checked while
 * its nodes are still in the processor's cache.
 *
 * <p>Only the fast path runs here ({@link DirectParser}). When it declines, {@link #file()} is
 * null and the caller parses the file again with {@link SyntaxParser}, which reports the mistakes;
 * whatever the caller did with the batches until then is to be thrown away.
 */
public final class ParsePipeline {
    /**
     * Files of at least this many chars are worth a thread (a generated chain of 100,000
     * statements is 2.9 MB); every shipped card is a few KB.
     */
    public static final int MIN_CHARS = 1 << 20;
    /** Top-level statements per batch: a few hundred groups, about a megabyte of AST. */
    private static final int BATCH = 256;
    /** Batches parsed ahead at most: the parser stays near the checker, and its output in cache. */
    private static final int AHEAD = 8;
    /** The end of the batches (an identity, never handed out). */
    private static final List<Stmt> END = new ArrayList<>(0);

    private final ArrayBlockingQueue<List<Stmt>> queue = new ArrayBlockingQueue<>(AHEAD);
    private final Parser parser;
    private boolean ended;

    private ParsePipeline(SourceFile source) {
        parser = new Parser(source, queue);
    }

    /** Whether a file this long, on this machine, is better parsed on a thread of its own. */
    public static boolean worthIt(SourceFile source) {
        return source.text().length() >= MIN_CHARS && Runtime.getRuntime().availableProcessors() > 1;
    }

    /** Starts parsing {@code source}: nothing else may parse it, or take its node ids, until {@link #file()} returns. */
    public static ParsePipeline start(SourceFile source) {
        ParsePipeline pipeline = new ParsePipeline(source);
        pipeline.parser.start();
        return pipeline;
    }

    /** The next top-level statements in file order, waiting for them; null after the last (or after a decline). */
    public List<Stmt> next() {
        if (ended) {
            return null;
        }
        List<Stmt> batch = take();
        if (batch == END) {
            ended = true;
            parser.rethrow();
            return null;
        }
        return batch;
    }

    /**
     * The whole file, waiting for the parser to finish (the batches not yet taken are dropped),
     * or null if the fast path declined it.
     */
    public ChainFile file() {
        while (next() != null) {
            // drained: the parser may be waiting for room in the queue
        }
        return parser.file;
    }

    private List<Stmt> take() {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return queue.take();
                } catch (InterruptedException e) {
                    interrupted = true; // the parser's END is on its way: finish the file, then tell the caller
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The thread that parses, and what it found. Written before END is queued, read after it is taken. */
    private static final class Parser extends Thread implements FileStructure.HandOff {
        private final SourceFile source;
        private final ArrayBlockingQueue<List<Stmt>> queue;
        private List<Stmt> batch = new ArrayList<>(BATCH);
        private ChainFile file;
        private Throwable failure;

        Parser(SourceFile source, ArrayBlockingQueue<List<Stmt>> queue) {
            super(null, null, "chain-parse", 16L << 20); // as deep as a line of the fast path can go, with room
            this.source = source;
            this.queue = queue;
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                file = DirectParser.parseFile(source, this);
                if (file != null && !batch.isEmpty()) {
                    put(batch);
                }
            } catch (Throwable t) { // a bug, or out of memory: the caller's thread reports it
                failure = t;
                file = null;
            } finally {
                batch = null;
                put(END);
            }
        }

        @Override
        public void take(Stmt whole) {
            batch.add(whole);
            if (batch.size() == BATCH) {
                put(batch);
                batch = new ArrayList<>(BATCH);
            }
        }

        private void put(List<Stmt> list) {
            while (true) {
                try {
                    queue.put(list);
                    return;
                } catch (InterruptedException e) {
                    // nobody interrupts this thread; if somebody does, the batch still goes
                }
            }
        }

        void rethrow() {
            if (failure instanceof RuntimeException e) {
                throw e;
            }
            if (failure instanceof Error e) {
                throw e;
            }
            if (failure != null) {
                throw new IllegalStateException(failure);
            }
        }
    }
}
