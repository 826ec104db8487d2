package dev.chain.repl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;

/** Where the REPL keeps its history: {@code $XDG_DATA_HOME/chain/history}, else {@code ~/.local/share/chain/history}. */
final class HistoryFile {
    private HistoryFile() {}

    /** The file, its folder created; null when there is no usable place (history then lasts one session). */
    static Path locate(Map<String, String> env, String home) {
        try {
            String xdg = env.get("XDG_DATA_HOME");
            Path data = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg)
                    : home == null || home.isBlank() ? null : Path.of(home, ".local", "share");
            if (data == null) {
                return null;
            }
            Path folder = data.resolve("chain");
            Files.createDirectories(folder);
            return folder.resolve("history");
        } catch (IOException | InvalidPathException | SecurityException e) {
            return null;
        }
    }
}
