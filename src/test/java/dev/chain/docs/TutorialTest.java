package dev.chain.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.chain.Tools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/tutorial.md, done as a reader would do it, so that it cannot go stale: in an empty folder
 * (with the repository's examples/ in it, as in a clone), each file block is written where its fence
 * says ({@code ```chain first-card/decode.chain}) and each command of a {@code ```console} block
 * ({@code $ chain check first-card/}) is run in turn, its output (standard output and error, as a
 * terminal shows them) compared with the lines under it: line by line, {@code ...} standing for any
 * lines. A command exits 0, or 1 where its output says {@code error:}. {@code chain} is this build's
 * command line; another program (jekyll) is the one on the PATH, and the rest of the tutorial is
 * skipped where it is not installed (.ci/run installs it).
 */
class TutorialTest {
    private static final Path TUTORIAL = Path.of("docs/tutorial.md");

    @TempDir
    Path folder;

    @Test
    void everyCommandOfTheTutorialGivesWhatItSays() throws Exception {
        try (var files = Files.walk(Path.of("examples"))) { // as a clone has it
            for (Path file : files.toList()) {
                Files.copy(file, folder.resolve(file.toString()));
            }
        }
        List<String> lines = Files.readAllLines(TUTORIAL, StandardCharsets.UTF_8);
        int commands = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (!line.startsWith("```") || line.equals("```")) {
                continue;
            }
            String[] info = line.substring(3).trim().split("\\s+");
            List<String> block = new ArrayList<>();
            int start = i + 1;
            for (i = start; !lines.get(i).equals("```"); i++) {
                block.add(lines.get(i));
            }
            if (info.length == 2) {
                Path file = folder.resolve(info[1]).normalize();
                assertTrue(file.startsWith(folder), TUTORIAL + ":" + start + ": a file outside the folder");
                Files.createDirectories(file.getParent());
                Files.writeString(file, String.join("\n", block) + "\n", StandardCharsets.UTF_8);
            } else if (info[0].equals("console")) {
                commands += console(block, start);
            }
        }
        assertTrue(commands >= 10, "the tutorial's commands: " + commands);
    }

    /** Runs each command of a console block (its first line at {@code line} of the tutorial); how many. */
    private int console(List<String> block, int line) throws Exception {
        int commands = 0;
        for (int i = 0; i < block.size(); i++) {
            if (!block.get(i).startsWith("$ ")) {
                continue;
            }
            String command = block.get(i).substring(2);
            List<String> expected = new ArrayList<>();
            for (int j = i + 1; j < block.size() && !block.get(j).startsWith("$ "); j++) {
                expected.add(block.get(j));
            }
            String where = TUTORIAL + ":" + (line + i + 1) + ": $ " + command;
            List<String> words = words(command);
            if (!words.get(0).equals("chain")) {
                assumeTrue(Tools.onPath(words.get(0)), words.get(0) + " is not installed (.ci/run installs it): " + where);
            }
            Ran ran = run(words);
            boolean error = expected.stream().anyMatch(e -> e.contains("error:"));
            assertEquals(error ? 1 : 0, ran.exit(), where + "\n" + ran.output());
            assertTrue(matches(expected, ran.output().lines().map(String::stripTrailing).toList()),
                    where + "\nexpected:\n" + String.join("\n", expected) + "\nbut it printed:\n" + ran.output());
            commands++;
        }
        return commands;
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

    private record Ran(int exit, String output) {}

    /** The command in the tutorial's folder: {@code chain} as this build's command line, in a JVM of its own. */
    private Ran run(List<String> words) throws IOException, InterruptedException {
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
        ProcessBuilder builder = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true);
        builder.environment().put("NO_COLOR", "1");
        Process p = builder.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), String.join(" ", words) + " did not finish");
        return new Ran(p.exitValue(), out);
    }
}
