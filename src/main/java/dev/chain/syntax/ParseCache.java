package dev.chain.syntax;

import dev.chain.ast.ChainFile;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The ASTs of files that parsed without a diagnostic, kept on disk between runs, as Python keeps
 * .pyc files: in a cold JVM, parsing the card and the stdlib modules it uses is about half of what
 * {@code chain check chains/} costs (the ANTLR runtime runs in the bytecode interpreter until the
 * JIT catches up), and reading the same tree back is a few milliseconds.
 *
 * <p>Off unless the system property {@value #DIRECTORY_PROPERTY} names a folder: the launcher
 * points it into {@code target/} and empties it whenever it rebuilds the jar, so an entry is only
 * ever read by the build that wrote it. An entry holds the whole source text it was parsed from
 * and is used only when that text is the text being parsed, character for character; a damaged
 * entry (checksum, format) is a miss. Files with errors are parsed every time, so that their
 * diagnostics come from the parser.
 */
public final class ParseCache {
    public static final String DIRECTORY_PROPERTY = "chain.parse.cache";

    /** Chain cards and stdlib modules are kilobytes; a generated chain of megabytes is not worth keeping. */
    static final int MAX_SOURCE_CHARS = 1 << 20;

    /** More entries than this (edits of a file leave old ones behind): the oldest half are deleted. */
    static final int MAX_ENTRIES = 256;

    private static final byte[] MAGIC = "chain-ast\n".getBytes(StandardCharsets.US_ASCII);

    private final Path directory;
    /** Lookups answered from disk, and lookups that had to parse: for tests and curious readers. */
    private int hits;
    private int misses;

    ParseCache(Path directory) {
        this.directory = directory;
    }

    /** The cache the system property names, or null when there is none. */
    private static final ParseCache CONFIGURED = configured();

    private static ParseCache configured() {
        String dir = System.getProperty(DIRECTORY_PROPERTY);
        return dir == null || dir.isBlank() ? null : new ParseCache(Path.of(dir));
    }

    /** As {@link SyntaxParser#parseFile}, through the configured cache if there is one. */
    public static ChainFile parseFile(SourceFile source, Diagnostics diagnostics) {
        return CONFIGURED == null ? SyntaxParser.parseFile(source, diagnostics) : CONFIGURED.parse(source, diagnostics);
    }

    ChainFile parse(SourceFile source, Diagnostics diagnostics) {
        String text = source.text();
        if (text.length() > MAX_SOURCE_CHARS) {
            return SyntaxParser.parseFile(source, diagnostics);
        }
        Path entry = directory.resolve(Integer.toHexString(text.hashCode()) + "-" + text.length() + ".ast");
        ChainFile cached = read(entry, source);
        if (cached != null) {
            hits++;
            return cached;
        }
        misses++;
        Diagnostics found = new Diagnostics();
        ChainFile parsed = SyntaxParser.parseFile(source, found);
        found.all().forEach(diagnostics::add);
        if (found.all().isEmpty()) {
            write(entry, text, parsed);
        }
        return parsed;
    }

    int hits() {
        return hits;
    }

    int misses() {
        return misses;
    }

    /** The entry's AST if it is one for exactly this text; null for a miss of any kind. */
    private static ChainFile read(Path entry, SourceFile source) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(entry);
        } catch (IOException | RuntimeException e) { // none yet (NoSuchFileException), or unreadable
            return null;
        }
        // Layout: MAGIC, CRC32 of everything after it (4 bytes), text length in bytes (4), text, AST.
        int header = MAGIC.length + 8;
        if (bytes.length < header || !Arrays.equals(bytes, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            return null;
        }
        CRC32 crc = new CRC32();
        crc.update(bytes, MAGIC.length + 4, bytes.length - MAGIC.length - 4);
        if ((int) crc.getValue() != intAt(bytes, MAGIC.length)) {
            return null;
        }
        int textBytes = intAt(bytes, MAGIC.length + 4);
        if (textBytes < 0 || textBytes > bytes.length - header) {
            return null;
        }
        String text = new String(bytes, header, textBytes, StandardCharsets.UTF_8);
        if (!text.equals(source.text())) {
            return null; // another text with the same hash and length
        }
        try {
            return AstCodec.read(source, Arrays.copyOfRange(bytes, header + textBytes, bytes.length));
        } catch (AstCodec.Malformed e) {
            return null;
        }
    }

    /**
     * Writes the entry under a temporary name and moves it into place, so that a reader never sees
     * half of one. Failing to write (a read-only disk, a full one) only costs the next run time.
     */
    private void write(Path entry, String text, ChainFile parsed) {
        Path temporary = null;
        try {
            byte[] textBytes = text.getBytes(StandardCharsets.UTF_8);
            byte[] ast = AstCodec.write(parsed);
            byte[] bytes = new byte[MAGIC.length + 8 + textBytes.length + ast.length];
            System.arraycopy(MAGIC, 0, bytes, 0, MAGIC.length);
            putInt(bytes, MAGIC.length + 4, textBytes.length);
            System.arraycopy(textBytes, 0, bytes, MAGIC.length + 8, textBytes.length);
            System.arraycopy(ast, 0, bytes, MAGIC.length + 8 + textBytes.length, ast.length);
            CRC32 crc = new CRC32();
            crc.update(bytes, MAGIC.length + 4, bytes.length - MAGIC.length - 4);
            putInt(bytes, MAGIC.length, (int) crc.getValue());
            Files.createDirectories(directory);
            temporary = Files.createTempFile(directory, "entry", ".tmp");
            Files.write(temporary, bytes);
            try {
                Files.move(temporary, entry, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, entry, StandardCopyOption.REPLACE_EXISTING);
            }
            temporary = null;
            prune();
        } catch (IOException | RuntimeException e) {
            // best effort: the cache only saves time
        } finally {
            if (temporary != null) {
                try {
                    Files.deleteIfExists(temporary);
                } catch (IOException ignored) {
                    // left for the next prune
                }
            }
        }
    }

    /** Keeps the folder from growing without bound as files are edited: drops the oldest half. */
    private void prune() throws IOException {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(directory)) {
            listing.forEach(entries::add);
        }
        if (entries.size() <= MAX_ENTRIES) {
            return;
        }
        entries.sort(Comparator.comparing(ParseCache::modified));
        for (Path old : entries.subList(0, entries.size() / 2)) {
            Files.deleteIfExists(old);
        }
    }

    private static long modified(Path path) {
        try {
            return Files.getLastModifiedTime(path).toMillis();
        } catch (IOException e) {
            return Long.MIN_VALUE;
        }
    }

    private static int intAt(byte[] b, int i) {
        return (b[i] & 0xff) << 24 | (b[i + 1] & 0xff) << 16 | (b[i + 2] & 0xff) << 8 | (b[i + 3] & 0xff);
    }

    private static void putInt(byte[] b, int i, int v) {
        b[i] = (byte) (v >>> 24);
        b[i + 1] = (byte) (v >>> 16);
        b[i + 2] = (byte) (v >>> 8);
        b[i + 3] = (byte) v;
    }
}
