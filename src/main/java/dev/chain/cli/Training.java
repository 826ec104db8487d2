package dev.chain.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The launcher's training run: after each build it runs this once under
 * {@code -XX:DumpLoadedClassList}, and dumps the classes it lists into a static
 * class-data-sharing archive, so that later runs of the common commands start faster. Output is
 * discarded.
 */
public final class Training {
    private Training() {}

    /**
     * {@code Training lsp}: an editor's session instead, for the archive of {@code chain lsp} alone.
     * {@code Training card PATH}: the card's main job, {@code check PATH} then {@code render PATH}
     * (into a temporary folder), as one run: the runtime image's ahead-of-time cache is trained on
     * it (release/assemble).
     */
    public static void main(String[] args) throws IOException {
        if (args.length > 0 && args[0].equals("lsp")) {
            lsp();
            return;
        }
        if (args.length == 2 && args[0].equals("card")) {
            card(args[1]);
            return;
        }
        Path dir = Files.createTempDirectory("chain-training");
        // A folder as the card's: a chain and a card that includes it, so that walking a folder,
        // the card and rendering are archived too.
        Path folder = Files.createDirectories(dir.resolve("card"));
        Path chain = folder.resolve("training.chain");
        try (InputStream in = Training.class.getResourceAsStream("/training/training.chain")) {
            Files.write(chain, in.readAllBytes());
        }
        Files.writeString(folder.resolve("training.card"),
                "card \"Training\"\nintro \"A card of one chain.\"\ninclude \"training.chain\"\nnext \"Another card\"\n");
        String site = dir.resolve("site").toString();
        // Result files, for --observe: a vLLM result (JSON) and a Prometheus scrape.
        String bench = dir.resolve("bench.json").toString();
        Files.writeString(Path.of(bench), "{\"date\": \"20261202-101500\", \"endpoint_type\": \"openai\", \"max_concurrency\": 64, "
                + "\"itls\": [[0.024, 0.025]], \"generated_texts\": [\"a \\\"b\\\"\"], \"median_itl_ms\": 24.1}");
        String metrics = dir.resolve("metrics.prom").toString();
        Files.writeString(Path.of(metrics), "# TYPE vllm:num_requests_running gauge\nvllm:num_requests_running{engine=\"0\"} 64.0\n");
        PrintWriter sink = new PrintWriter(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        String file = chain.toString();
        String[][] commands = {
            {"eval", "16.06 GB / 3.35 TB/s -> ms"},
            {"eval", "--json", "2 FLOP/param/token * 8.03e9 param * 2,112 token -> TFLOP:.1f"},
            {"eval", "3 GB + 2 ms"},
            // A syntax error: the parser's error recovery and reporting are archived too.
            {"eval", "(3 GB +"},
            {"check", file},
            {"check", folder.toString()},
            {"render", folder.toString(), "-o", site},
            // The explorable page (its script, the standalone HTML), which chain serve renders too.
            {"render", "--interactive", folder.toString(), "-o", site + "-interactive"},
            {"check", "--json", file},
            {"run", file},
            {"check", file, "--observe", "batch=" + bench + "#max_concurrency"},
            {"check", file, "--observe", "batch=" + metrics + "#vllm:num_requests_running"},
            {"run", "--json", "--set", "batch=32", file},
            {"sweep", file, "--over", "batch=1,8", "--show", "floor"},
            {"solve", file, "--for", "batch=1..1024", "--where", "floor <= 20 ms"},
            {"--help"},
        };
        for (String[] command : commands) {
            Main.run(command, sink, sink);
        }
        // chain serve's first page: its server, the watcher and the page it sends.
        ServeCommand.train(folder, "training.html");
        deleteTree(dir);
    }

    private static void card(String path) throws IOException {
        Path site = Files.createTempDirectory("chain-training");
        PrintWriter sink = new PrintWriter(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        Main.run(new String[] {"check", path}, sink, sink);
        Main.run(new String[] {"render", path, "-o", site.toString()}, sink, sink);
        deleteTree(site);
    }

    /** One editor session over pipes, so that chain lsp answers initialize sooner (its own archive). */
    private static void lsp() throws IOException {
        Path dir = Files.createTempDirectory("chain-training");
        Path chain = dir.resolve("training.chain");
        try (InputStream in = Training.class.getResourceAsStream("/training/training.chain")) {
            Files.write(chain, in.readAllBytes());
        }
        try {
            dev.chain.lsp.TrainingSession.run(chain, Files.createDirectories(dir.resolve("cache")));
        } catch (Exception e) {
            // the archive only lacks some of the server's classes
        }
        deleteTree(dir);
        System.exit(0); // the protocol library's threads would keep the JVM up for a minute
    }

    private static void deleteTree(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
