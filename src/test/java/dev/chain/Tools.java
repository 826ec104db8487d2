package dev.chain;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** The programs a test runs where the machine has them (node for the editor's grammar and the site generator). */
public final class Tools {
    private Tools() {}

    /** Whether {@code command} is an executable on the PATH. */
    public static boolean onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }
}
