package dev.chain.serve;

import java.util.List;
import java.util.Map;

/**
 * What chain serve shows, as one value that a render replaces whole: the last good render's
 * files and pages, the diagnostics of the last render if it failed (shown on every page until a
 * render succeeds), and a version that changes with either, which the pages follow.
 */
final class LiveSite {
    /** The site as one render left it. */
    record Snapshot(long version, Map<String, String> files, List<Server.Page> pages, String errors) {}

    private Snapshot current = new Snapshot(1, Map.of(), List.of(), null);

    synchronized Snapshot current() {
        return current;
    }

    /** A render's outcome; a render that changed nothing a reader sees keeps the version, so no page reloads. */
    synchronized void update(Server.Outcome outcome) {
        Snapshot next = outcome.made()
                ? new Snapshot(current.version, Map.copyOf(outcome.files()), List.copyOf(outcome.pages()), null)
                : new Snapshot(current.version, current.files, current.pages, outcome.diagnostics());
        if (next.equals(current)) {
            return;
        }
        current = new Snapshot(current.version + 1, next.files, next.pages, next.errors);
        notifyAll();
    }

    /** The site once its version is no longer {@code version}, or as it is after {@code millis}. */
    synchronized Snapshot after(long version, long millis) throws InterruptedException {
        long until = System.nanoTime() + millis * 1_000_000L;
        while (current.version == version) {
            long left = (until - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                break;
            }
            wait(left);
        }
        return current;
    }
}
