package dev.chain.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each folder of examples/ has a README that says what it shows and what to run, and cannot go stale:
 * every {@code chain} command of its {@code ```sh} blocks runs, from a folder that holds examples/ as
 * a clone's root does, and exits 0 (one that says {@code ...} for the options of the one above is
 * left out); and every quantity the README names (a number with its unit:
 * {@code 17.33 ms}, {@code 2.91 TB/s}, {@code 1.56 GiB}, {@code 96.6 Gbit/s}, {@code 153 FLOP/B}, {@code 40%}) is in what its commands print or in the
 * example's own files, where the README quotes them.
 */
class ExamplesReadmeTest {
    /** A number with a unit after it, as a README quotes a chain's value; a range's two ends as one. */
    private static final Pattern QUANTITY = Pattern.compile(
            "(?<![\\w.])\\d[\\d,]*(\\.\\d+)?(-\\d[\\d,]*(\\.\\d+)?)?(%| (ms|s|TB/s|GB/s|Gbit/s|TB|GB|MB|GiB|MiB|KiB|GWh|W|TFLOP|FLOP/B|tokens?|requests?/s|GPU hours)\\b)");

    @TempDir
    Path folder;

    @Test
    void everyExampleHasAReadmeWhoseCommandsPrintWhatItSays() throws Exception {
        DocCommands.copyExamples(folder);
        List<Path> examples;
        try (var list = Files.list(Path.of("examples"))) {
            examples = list.filter(Files::isDirectory).sorted().toList();
        }
        assertTrue(examples.size() >= 8, "the examples: " + examples);
        for (Path example : examples) {
            Path readme = example.resolve("README.md");
            assertTrue(Files.isRegularFile(readme), example + " has a README.md");
            List<String> lines = Files.readAllLines(readme);
            StringBuilder printed = new StringBuilder();
            List<String> prose = new ArrayList<>();
            boolean inSh = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("```")) {
                    inSh = line.equals("```sh");
                } else if (inSh && line.startsWith("chain ")) {
                    String where = readme + ":" + (i + 1) + ": " + line;
                    while (line.endsWith("\\") && i + 1 < lines.size()) { // a command goes on on the next line
                        line = line.substring(0, line.length() - 1) + lines.get(++i).strip();
                    }
                    if (DocCommands.words(line).contains("...")) {
                        continue; // the command above with another option: chain fit ... --json
                    }
                    DocCommands.Ran ran = DocCommands.run(folder, DocCommands.words(line));
                    assertEquals(0, ran.exit(), where + "\n" + ran.output());
                    printed.append(ran.output());
                    int comment = line.indexOf(" # ");
                    if (comment >= 0) {
                        prose.add(line.substring(comment));
                    }
                } else if (!inSh) {
                    prose.add(line);
                }
            }
            assertTrue(printed.length() > 0, readme + " runs a command");
            try (var files = Files.list(example)) { // or quoted from the example's own files
                for (Path file : files.filter(f -> !f.equals(readme) && Files.isRegularFile(f)).toList()) {
                    printed.append(Files.readString(file));
                }
            }
            String output = printed.toString();
            for (String text : prose) {
                Matcher m = QUANTITY.matcher(text.replace('\u00a0', ' '));
                while (m.find()) {
                    assertTrue(output.contains(m.group()), readme + " says " + m.group() + " (" + text.strip()
                            + "), which neither its commands print nor its files hold:\n" + output);
                }
            }
        }
    }
}
