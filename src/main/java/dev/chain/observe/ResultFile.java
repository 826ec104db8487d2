package dev.chain.observe;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads one number from a benchmark's result file, its format recognised from the content: JSON
 * (vLLM, SGLang, AIPerf, told apart by their keys), Prometheus text exposition, or a table of runs
 * (CSV or TSV, units in its headers).
 */
public final class ResultFile {
    private ResultFile() {}

    /** A Prometheus page is read whole: larger than any /metrics. (JSON is streamed, whatever its size.) */
    private static final long MAX_TEXT = 1L << 28;

    /**
     * The number {@code key} names in the file at {@code path}, shown in messages as
     * {@code shown}.
     *
     * @throws ObserveError when the file cannot be read, is of no known format, lacks the key, or
     *                      the key's value is no number
     */
    public static Reading read(Path path, String shown, String key) throws ObserveError {
        String unchanged = unchanged(path, key);
        Object known = unchanged == null ? null : READ.get(unchanged);
        if (known instanceof Reading reading) {
            return reading;
        }
        if (known instanceof Failure failure && failure.shown().equals(shown)) {
            throw failure.error();
        }
        try {
            Reading reading = readFile(path, shown, key);
            if (unchanged != null) {
                READ.put(unchanged, reading);
            }
            return reading;
        } catch (ObserveError e) {
            if (unchanged != null) {
                READ.put(unchanged, new Failure(shown, e));
            }
            throw e;
        }
    }

    /** Why a key could not be read from a file as it was, said as {@code shown} named it. */
    private record Failure(String shown, ObserveError error) {}

    /**
     * What was read of files since unchanged, by path, size, modification time and key, a
     * {@link Reading} or a {@link Failure}: the editor's server runs a chain again at every
     * keystroke, and a --save-detailed file of 10,000 requests is 32 MB, 51 ms a read, where the
     * edit's budget is 10 ms (docs/performance.md); a key missing from a 300 MB file cost 0.9 s
     * at every keystroke. A few entries: a chain names a few files. A file fixed is a file
     * changed, so that an error kept is never one the file no longer has.
     */
    private static final java.util.Map<String, Object> READ = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<String, Object>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, Object> eldest) {
                    return size() > 64;
                }
            });

    /**
     * The results of a JSON file as it is now, with the list {@code key} needs: read from {@code in}
     * unless {@link #PARSED} has them, when {@code in} is left unread.
     */
    private static JsonResults.Results parsed(Path path, InputStream in, String shown, String key) throws ObserveError {
        String file = unchanged(path, "");
        JsonResults.Results known = file == null ? null : PARSED.get(file);
        java.util.Set<String> lists = new java.util.HashSet<>(known == null ? java.util.Set.of() : known.lists());
        if (JsonResults.list(key) != null) {
            lists.add(JsonResults.list(key));
        }
        JsonResults.Results results = JsonResults.parse(in, shown, lists);
        if (file != null && sizeOf(path) <= MAX_KEPT) {
            PARSED.put(file, results);
        }
        return results;
    }

    /** The results kept of the file as it is now, if they hold what {@code key} needs; else null. */
    private static JsonResults.Results kept(Path path, String key) {
        String file = unchanged(path, "");
        JsonResults.Results known = file == null ? null : PARSED.get(file);
        return known != null && known.has(key) ? known : null;
    }

    /** The JSON files read whole, kept while unchanged, by path, size and modification time: --runs asks each line of a JSON Lines file for its keys in turn. */
    private static final java.util.Map<String, JsonResults.Results> PARSED = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<String, JsonResults.Results>(8, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, JsonResults.Results> eldest) {
                    return size() > 4;
                }
            });

    /** A file kept in {@link #PARSED} is at most this large: what is kept of it is smaller still. */
    private static final long MAX_KEPT = 64L << 20;

    private static long sizeOf(Path path) {
        try {
            return Files.size(path);
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }

    /** The file's key in {@link #READ} as it is now, or null when it cannot be told (then it is read). */
    private static String unchanged(Path path, String key) {
        try {
            java.nio.file.attribute.BasicFileAttributes a = Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class);
            return a.isRegularFile() ? path.toAbsolutePath() + "\0" + a.size() + "\0" + a.lastModifiedTime().toMillis() + "\0" + key : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static Reading readFile(Path path, String shown, String key) throws ObserveError {
        if (key.isEmpty()) {
            throw ObserveError.key("no key after # in " + shown + "#", "name the number to read, as bench.json#median_itl_ms");
        }
        if (Files.isDirectory(path)) {
            throw ObserveError.file(shown + " is a folder; name one result file in it", null);
        }
        String notAFile = dev.chain.source.FileKind.notAFile(path);
        if (notAFile != null) {
            // Before it is opened: a FIFO waits for a writer for ever, /dev/zero never ends, and the
            // language server's /proc/self/fd/0 is its own protocol stream.
            throw ObserveError.file("cannot read " + shown + ": " + notAFile, notAFile.startsWith("it is")
                    ? "name a benchmark's result file, a regular file it wrote" : null);
        }
        JsonResults.Results known = kept(path, key);
        if (known != null) {
            return JsonResults.read(known, shown, key);
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(path), 1 << 16)) {
            // The first byte that is not blank says JSON; the first line that says anything, exposition.
            int c = first(in);
            if (c == -1) {
                throw ObserveError.file(shown + " is empty", null).withNote(Format.known());
            }
            if (c == '{' || c == '[') {
                skipBlanks(in); // to the bracket: blanks and a byte-order mark left behind
                return JsonResults.read(parsed(path, in, shown, key), shown, key);
            }
            if (Files.size(path) > MAX_TEXT) {
                throw ObserveError.file(shown + " is larger than 256 MiB: no Prometheus page is that large", null);
            }
            String text;
            try {
                text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .decode(java.nio.ByteBuffer.wrap(in.readAllBytes())).toString();
            } catch (CharacterCodingException e) {
                throw ObserveError.file(shown + " is not text (UTF-8): not a result file chain knows", null).withNote(Format.known());
            }
            // A page saved by an editor that writes a byte-order mark (Notepad's UTF-8, Excel's CSV):
            // the mark is not text, and would hide the page's first line.
            text = text.startsWith("\uFEFF") ? text.substring(1) : text;
            String body = text.strip();
            int end = body.indexOf('\n');
            String firstLine = end < 0 ? body : body.substring(0, end);
            if (PrometheusText.looksLike(firstLine)) {
                return PrometheusText.read(text, shown, key);
            }
            if (TableResults.looksLike(firstLine)) {
                return TableResults.read(table(path, text, shown), shown, key);
            }
            throw ObserveError.file(shown + " is not a result file chain knows: it starts `"
                    + shorten(firstLine.strip()) + "`", null).withNote(Format.known());
        } catch (NoSuchFileException e) {
            throw ObserveError.file("cannot read " + shown + ": no such file", null);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw ObserveError.file("cannot read " + shown + ": " + e.getMessage(), null);
        }
    }

    /**
     * How many results the file holds: a JSON Lines file (vLLM's {@code --append-result}, SGLang's
     * {@code --output-file}) one per line, each a run of a benchmark sweep; any other file one.
     * A file that cannot be read counts as one, so that reading it says why.
     */
    public static int results(Path path) {
        if (dev.chain.source.FileKind.notAFile(path) != null) {
            return 1;
        }
        JsonResults.Results known = kept(path, "");
        if (known != null) {
            return known.count();
        }
        TableResults.Table table = TABLES.get(unchanged(path, ""));
        if (table != null) {
            return table.count();
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(path), 1 << 16)) {
            int c = first(in);
            if (c != '{') {
                return c == -1 || Files.size(path) > MAX_TEXT ? 1 : tableRuns(path, in);
            }
            skipBlanks(in);
            return parsed(path, in, path.toString(), "").count();
        } catch (ObserveError e) {
            return 1; // reading it says why
        } catch (IOException | java.io.UncheckedIOException e) {
            return 1;
        }
    }

    /** How many runs a table holds (each row under its header); 1 for a file that is no table, or cannot be read as one (reading it says why). */
    private static int tableRuns(Path path, InputStream in) throws IOException {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(in.readAllBytes())).toString();
        } catch (CharacterCodingException e) {
            return 1;
        }
        String body = text.strip();
        int end = body.indexOf('\n');
        String firstLine = end < 0 ? body : body.substring(0, end);
        if (PrometheusText.looksLike(firstLine) || !TableResults.looksLike(firstLine)) {
            return 1;
        }
        try {
            return Math.max(1, table(path, text, path.toString()).count());
        } catch (ObserveError e) {
            return 1;
        }
    }

    /** The table of {@code text}, the file at {@code path} as it is now: parsed once, then kept while unchanged ({@link #TABLES}). */
    private static TableResults.Table table(Path path, String text, String shown) throws ObserveError {
        String file = unchanged(path, "");
        TableResults.Table known = file == null ? null : TABLES.get(file);
        if (known != null) {
            return known;
        }
        TableResults.Table table = TableResults.parse(text, path.toString());
        if (file != null) {
            TABLES.put(file, table);
        }
        return table;
    }

    /** The tables read, kept while unchanged, by path, size and modification time: a run per row asks the file for each row in turn. */
    private static final java.util.Map<String, TableResults.Table> TABLES = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<String, TableResults.Table>(8, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, TableResults.Table> eldest) {
                    return size() > 4;
                }
            });

    /** The first byte of a file that is not blank (nor a byte-order mark's), or -1; the stream left where it was. */
    private static int first(InputStream in) throws IOException {
        in.mark(1 << 16);
        int c;
        int read = 0;
        do {
            c = in.read();
            read++;
        } while (blank(c) && read < 1 << 15);
        in.reset();
        return c;
    }

    /** Past the blanks (and a byte-order mark) at the start, to the first byte that says something. */
    private static void skipBlanks(InputStream in) throws IOException {
        in.mark(1 << 16);
        int read = 0;
        while (blank(in.read()) && read < 1 << 15) {
            in.mark(1 << 16);
            read++;
        }
        in.reset();
    }

    private static boolean blank(int c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0xEF || c == 0xBB || c == 0xBF;
    }

    private static String shorten(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
