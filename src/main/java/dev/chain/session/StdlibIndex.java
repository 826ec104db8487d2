package dev.chain.session;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The names of the stdlib modules, found by listing {@code stdlib/} where the classes were loaded
 * from (the jar, or target/classes in tests). Only needed for messages and browsing, so it is
 * computed on demand, never at start-up.
 */
public final class StdlibIndex {
    private StdlibIndex() {}

    public static List<String> modules() {
        List<String> names = new ArrayList<>();
        try {
            Path location = Path.of(Stdlib.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isDirectory(location)) {
                try (Stream<Path> files = Files.list(location.resolve("stdlib"))) {
                    files.map(p -> p.getFileName().toString()).forEach(n -> addModule(names, n));
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    Enumeration<JarEntry> entries = jar.entries();
                    while (entries.hasMoreElements()) {
                        String entry = entries.nextElement().getName();
                        if (entry.startsWith("stdlib/") && entry.indexOf('/', "stdlib/".length()) < 0) {
                            addModule(names, entry.substring("stdlib/".length()));
                        }
                    }
                }
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return names;
        }
        names.sort(null);
        return names;
    }

    private static void addModule(List<String> names, String file) {
        if (file.endsWith(".chain")) {
            String name = file.substring(0, file.length() - ".chain".length());
            if (!name.equals(Stdlib.PRELUDE)) {
                names.add(name);
            }
        }
    }
}
