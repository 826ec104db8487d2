package dev.chain.web;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * bench/run page: writes the explorable page's script core (as chain-page.js holds it) and the model
 * of the card's largest chain (the inter-token chain, with its plot and roofline) into a folder, for
 * bench/page.js to time a keystroke's recompute under node. Usage: PageBenchmark DIR
 */
public final class PageBenchmark {
    private PageBenchmark() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        Path chain = Path.of("chains/02-inter-token-floor.chain");
        Files.writeString(dir.resolve("core.js"), Script.core(), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("model.json"), Differential.model(Differential.run(chain, List.of())), StandardCharsets.UTF_8);
    }
}
