package dev.chain.observe;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads one number from a benchmark's result file, its format recognised from the content: JSON
 * (vLLM, SGLang, AIPerf, told apart by their keys) or Prometheus text exposition.
 */
public final class ResultFile {
    private ResultFile() {}

    /**
     * The number {@code key} names in the file at {@code path}, shown in messages as
     * {@code shown}.
     *
     * @throws ObserveError when the file cannot be read, is of no known format, lacks the key, or
     *                      the key's value is no number
     */
    public static Reading read(Path path, String shown, String key) throws ObserveError {
        if (key.isEmpty()) {
            throw ObserveError.key("no key after # in " + shown + "#", "name the number to read, as bench.json#median_itl_ms");
        }
        if (Files.isDirectory(path)) {
            throw ObserveError.file(shown + " is a folder; name one result file in it", null);
        }
        try (BufferedReader reader = new BufferedReader(Files.newBufferedReader(path, StandardCharsets.UTF_8), 1 << 16)) {
            reader.mark(1 << 15);
            int c;
            StringBuilder firstLine = new StringBuilder();
            // The first character that is not blank says JSON; the first line that says anything, exposition.
            do {
                c = reader.read();
            } while (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\uFEFF');
            if (c == -1) {
                throw ObserveError.file(shown + " is empty", null).withNote(Format.known());
            }
            if (c == '{' || c == '[') {
                reader.reset();
                return JsonResults.read(reader, shown, key);
            }
            while (c != -1 && c != '\n' && firstLine.length() < 4096) {
                firstLine.append((char) c);
                c = reader.read();
            }
            reader.reset();
            if (PrometheusText.looksLike(firstLine.toString())) {
                StringBuilder all = new StringBuilder();
                char[] buffer = new char[1 << 15];
                int n;
                while ((n = reader.read(buffer)) > 0) {
                    all.append(buffer, 0, n);
                }
                return PrometheusText.read(all.toString(), shown, key);
            }
            throw ObserveError.file(shown + " is not a result file chain knows: it starts `"
                    + shorten(firstLine.toString().strip()) + "`", null).withNote(Format.known());
        } catch (NoSuchFileException e) {
            throw ObserveError.file("cannot read " + shown + ": no such file", null);
        } catch (MalformedInputException e) {
            throw ObserveError.file(shown + " is not text (UTF-8): not a result file chain knows", null).withNote(Format.known());
        } catch (IOException e) {
            throw ObserveError.file("cannot read " + shown + ": " + e.getMessage(), null);
        }
    }

    private static String shorten(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
