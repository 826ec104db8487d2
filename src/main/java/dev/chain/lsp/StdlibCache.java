package dev.chain.lsp;

import dev.chain.session.AtomicReplace;
import dev.chain.session.ChainVersion;
import dev.chain.session.Stdlib;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Read-only copies of the stdlib's modules on disk, for "go to definition" into them: the modules
 * live inside the jar, where an editor cannot open them. They go into
 * {@code $XDG_CACHE_HOME/chain/stdlib/VERSION-HASH/} (else {@code ~/.cache/chain/...}), one folder
 * per version and content, so two versions of chain never share a stale copy. Each file is written
 * to a temporary name and renamed into place, then made read-only: a definition is for reading.
 */
final class StdlibCache {
    private final Path folder;

    private StdlibCache(Path folder) {
        this.folder = folder;
    }

    /** The copies, written if they are not there yet; null if no folder could be written. */
    static StdlibCache open(Map<String, String> environment) {
        List<String> names = new ArrayList<>(Stdlib.modules());
        names.add(Stdlib.PRELUDE);
        String key = version() + "-" + hash(names);
        for (Path root : roots(environment)) {
            Path folder = root.resolve("chain").resolve("stdlib").resolve(key);
            try {
                write(folder, names);
                return new StdlibCache(folder);
            } catch (IOException | SecurityException e) {
                // try the next place
            }
        }
        return null;
    }

    /** The copy of the module a stdlib source is named after ({@code stdlib/h100_sxm.chain}); null if it is none. */
    Path file(String sourceName) {
        if (!sourceName.startsWith("stdlib/") || !sourceName.endsWith(".chain")) {
            return null;
        }
        String module = sourceName.substring("stdlib/".length(), sourceName.length() - ".chain".length());
        return Stdlib.read(module) == null ? null : folder.resolve(module + ".chain");
    }

    /**
     * The stdlib module a file is a copy of, as its source is named ({@code stdlib/h100_sxm.chain});
     * null if it is no copy.
     */
    String sourceName(Path file) {
        Path name = file.getFileName();
        if (name == null || !folder.equals(file.getParent()) || !name.toString().endsWith(".chain")) {
            return null;
        }
        String module = name.toString().substring(0, name.toString().length() - ".chain".length());
        return Stdlib.read(module) == null ? null : Stdlib.displayPath(module);
    }

    Path folder() {
        return folder;
    }

    private static List<Path> roots(Map<String, String> environment) {
        List<Path> roots = new ArrayList<>();
        String xdg = environment.get("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            roots.add(Path.of(xdg));
        }
        String home = System.getProperty("user.home");
        if (home != null && !home.isBlank()) {
            roots.add(Path.of(home, ".cache"));
        }
        roots.add(Path.of(System.getProperty("java.io.tmpdir"), "chain-" + System.getProperty("user.name", "user")));
        return roots;
    }

    private static void write(Path folder, List<String> names) throws IOException {
        Files.createDirectories(folder);
        for (String name : names) {
            Path target = folder.resolve(name + ".chain");
            String text = Stdlib.read(name);
            if (Files.isRegularFile(target) && Files.readString(target, StandardCharsets.UTF_8).equals(text)) {
                continue;
            }
            Path temporary = Files.createTempFile(folder, "." + name, ".tmp");
            try {
                Files.writeString(temporary, text, StandardCharsets.UTF_8);
                temporary.toFile().setReadable(true, false);
                temporary.toFile().setWritable(false, false);
                AtomicReplace.move(temporary, target);
            } finally {
                Files.deleteIfExists(temporary);
            }
        }
    }

    /** The release, as a folder name can hold it. */
    private static String version() {
        return ChainVersion.VERSION.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** Of the modules' names and texts: a build whose stdlib changed gets a folder of its own. */
    private static String hash(List<String> names) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String name : names) {
                digest.update(name.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(Stdlib.read(name).getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing", e);
        }
    }
}
