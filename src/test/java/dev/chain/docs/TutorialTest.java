package dev.chain.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.chain.Tools;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
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
 *
 * <p>{@code chain serve} runs, on a free port, beside the rest of the tutorial, as the reader leaves
 * it running in a terminal of its own: each later save under its folder is made as an editor makes
 * it and must be followed by a new render, and after each {@code chain check} the served pages show
 * the errors it printed (its first error line), or none.
 */
class TutorialTest {
    private static final Path TUTORIAL = Path.of("docs/tutorial.md");

    @TempDir
    Path folder;

    @Test
    void everyCommandOfTheTutorialGivesWhatItSays() throws Exception {
        DocCommands.copyExamples(folder);
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
                String text = String.join("\n", block) + "\n";
                if (serving != null && file.startsWith(serving.folder())) {
                    serving.save(file, text, TUTORIAL + ":" + start);
                } else {
                    Files.writeString(file, text, StandardCharsets.UTF_8);
                }
            } else if (info[0].equals("console")) {
                commands += console(block, start);
            }
        }
        assertTrue(commands >= 10, "the tutorial's commands: " + commands);
        assertTrue(serving != null, "the tutorial previews its card with chain serve");
    }

    @AfterEach
    void stopServing() {
        if (serving != null) {
            serving.process().destroy();
        }
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
            List<String> words = DocCommands.words(command);
            if (!words.get(0).equals("chain")) {
                assumeTrue(Tools.onPath(words.get(0)), words.get(0) + " is not installed (.ci/run installs it): " + where);
            }
            String subcommand = words.get(0).equals("chain") && words.size() > 1 ? words.get(1) : "";
            if (subcommand.equals("serve")) {
                assertTrue(serving == null, where + ": one chain serve at a time");
                serving = serve(words, expected, where);
                commands++;
                continue;
            }
            DocCommands.Ran ran = DocCommands.run(folder, words);
            boolean error = expected.stream().anyMatch(e -> e.contains("error:"));
            assertEquals(error ? 1 : 0, ran.exit(), where + "\n" + ran.output());
            assertTrue(DocCommands.matches(expected, ran.output().lines().map(String::stripTrailing).toList()),
                    where + "\nexpected:\n" + String.join("\n", expected) + "\nbut it printed:\n" + ran.output());
            if (serving != null && subcommand.equals("check")) {
                serving.showsAsCheckDoes(ran.output(), where);
            }
            commands++;
        }
        return commands;
    }

    // ---- chain serve, running beside the rest of the tutorial -------------------------------------

    private static final Pattern SERVING = Pattern.compile("^chain serve: http://127\\.0\\.0\\.1:(\\d+)/ ");
    private static final Pattern VERSION = Pattern.compile("<meta name=\"chain-serve-version\" content=\"(\\d+)\">");

    /** The {@code chain serve} the tutorial started, while the rest of it runs. */
    private Serving serving;

    private record Serving(Process process, Path folder, int port, HttpClient http) {
        /** {@code /}, the index, as the server gives it now. */
        String index() throws IOException, InterruptedException {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), "chain serve's index");
            return r.body();
        }

        long version() throws IOException, InterruptedException {
            Matcher m = VERSION.matcher(index());
            assertTrue(m.find(), "the index names the site's version");
            return Long.parseLong(m.group(1));
        }

        /**
         * Saves {@code text} to {@code file} as an editor does (written beside it under a hidden name,
         * then moved over it) and waits until the server has rendered it: the site's version moves on
         * (a save changes what the tutorial's pages show each time).
         */
        void save(Path file, String text, String where) throws IOException, InterruptedException {
            long before = version();
            Path hidden = file.resolveSibling("." + file.getFileName() + ".saving");
            Files.writeString(hidden, text, StandardCharsets.UTF_8);
            Files.move(hidden, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            long start = System.nanoTime();
            while (version() == before) {
                assertTrue(System.nanoTime() - start < 30_000_000_000L, where + ": chain serve did not follow the save");
                Thread.sleep(50);
            }
        }

        /**
         * The served pages show errors when {@code chain check} printed some, as the terminal shows them
         * (its first line in the page's box), and none when it printed none.
         */
        void showsAsCheckDoes(String check, String where) throws IOException, InterruptedException {
            String index = index();
            boolean errors = check.contains("error:");
            assertEquals(errors, index.contains("chain-serve-errors"), where + ": the served page's errors\n" + index);
            if (errors) {
                String first = check.lines().filter(l -> l.contains("error:")).findFirst().orElseThrow();
                assertTrue(index.contains(first.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")),
                        where + ": the page shows " + first + "\n" + index);
            }
        }
    }

    /**
     * Starts {@code chain serve} in the tutorial's folder on a free port (the tutorial shows the
     * default, 8090), its output up to the line naming its address compared with {@code expected}; the
     * rest of its output is read and dropped while it runs.
     */
    private Serving serve(List<String> words, List<String> expected, String where) throws IOException, InterruptedException {
        List<String> command = DocCommands.commandLine(words);
        command.addAll(List.of("--port", "0"));
        ProcessBuilder builder = new ProcessBuilder(command).directory(folder.toFile()).redirectErrorStream(true);
        builder.environment().put("NO_COLOR", "1");
        Process p = builder.start();
        p.getOutputStream().close();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        List<String> said = new ArrayList<>();
        int port = -1;
        for (String line; port < 0 && (line = out.readLine()) != null; ) {
            Matcher m = SERVING.matcher(line);
            if (m.find()) {
                port = Integer.parseInt(m.group(1));
                line = line.replace(":" + port + "/", ":8090/");
            }
            said.add(line.stripTrailing());
        }
        Serving serving = new Serving(p, folder.resolve(words.get(words.size() - 1)).normalize(), port, HttpClient.newHttpClient());
        this.serving = serving; // stopped after the test whatever happens next
        assertTrue(port > 0, where + ": chain serve stopped: " + String.join("\n", said));
        assertTrue(DocCommands.matches(expected, said), where + "\nexpected:\n" + String.join("\n", expected) + "\nbut it printed:\n"
                + String.join("\n", said));
        Thread drain = new Thread(() -> {
            try {
                out.transferTo(Writer.nullWriter());
            } catch (IOException e) {
                // it stopped
            }
        }, "chain-serve-output");
        drain.setDaemon(true);
        drain.start();
        return serving;
    }
}
