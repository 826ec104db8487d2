package dev.chain.cli;

/**
 * The {@code ./chain} launcher runs a command once more, without its class-data-sharing archive,
 * when the JVM died before {@code main} (an archive it could not map), and never after: a JVM that
 * got further may have read its input and written output. The launcher tells the two apart by a
 * file it writes and names in {@code -Dchain.launch.marker}; {@code main} deletes it first thing.
 */
public final class LaunchMarker {
    private LaunchMarker() {}

    /** Says that {@code main} runs: the launcher must not run this command again. */
    public static void mainStarted() {
        String marker = System.getProperty("chain.launch.marker");
        if (marker != null) {
            new java.io.File(marker).delete();
        }
    }
}
