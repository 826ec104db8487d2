package dev.chain.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The commands a page of the docs shows, run as a reader runs them: split as a shell splits them,
 * {@code chain} as this build's command line in a JVM of its own, in a folder that holds the
 * repository's examples/ as a clone does (the doc tests' shared part).
 */
final class DocCommands {
    private DocCommands() {}

    /** What a command printed (standard output and error, as a terminal shows them) and its exit code. */
    record Ran(int exit, String output) {}

    /** Copies the repository's examples/ into {@code folder}, as a clone has it. */
    static void copyExamples(Path folder) throws IOException {
        try (var files = Files.walk(Path.of("examples"))) {
            for (Path file : files.toList()) {
                Files.copy(file, folder.resolve(file.toString()));
            }
        }
    }

    /** Whether {@code actual} is {@code expected}, each {@code ...} standing for any lines (none too). */
    static boolean matches(List<String> expected, List<String> actual) {
        if (expected.isEmpty()) {
            return actual.isEmpty();
        }
        if (expected.get(0).equals("...")) {
            for (int skip = 0; skip <= actual.size(); skip++) {
                if (matches(expected.subList(1, expected.size()), actual.subList(skip, actual.size()))) {
                    return true;
                }
            }
            return false;
        }
        return !actual.isEmpty() && expected.get(0).stripTrailing().equals(actual.get(0))
                && matches(expected.subList(1, expected.size()), actual.subList(1, actual.size()));
    }

    /** A command line's words, as a shell splits them: spaces outside quotes, single and double quotes removed. */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (char c : command.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (c == ' ') {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if (c == '#' && word == null) {
                break; // a comment to the end of the line
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /** The command line to run: {@code chain} as this build's command line, in a JVM of its own; another program as it is. */
    static List<String> commandLine(List<String> words) {
        List<String> command = new ArrayList<>();
        if (words.get(0).equals("chain")) {
            command.add(ProcessHandle.current().info().command().orElse("java"));
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add("dev.chain.cli.Main");
            command.addAll(words.subList(1, words.size()));
        } else {
            command.addAll(words);
        }
        return command;
    }

    /** The command in {@code folder}, without colour, to its end (three minutes at the most). */
    static Ran run(Path folder, List<String> words) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(commandLine(words)).directory(folder.toFile()).redirectErrorStream(true);
        builder.environment().put("NO_COLOR", "1");
        Process p = builder.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), String.join(" ", words) + " did not finish");
        return new Ran(p.exitValue(), out);
    }
}
