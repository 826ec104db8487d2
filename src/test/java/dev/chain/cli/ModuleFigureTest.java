package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * A table of a chain file over modules, {@code for gpu in h100_sxm, h200_sxm, b200} (issue 29
 * item 1): each row the chain run with the alias bound to that module, labelled with its name.
 */
class ModuleFigureTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/modules");
    private static final String EXAMPLE = "examples/compare/gpus-by-models.chain";

    /**
     * GPUs down, models across: (16.06 GB + 17.18 GB) / 3.35 TB/s = 9.92 ms for Llama 3.1 8B on the
     * H100, / 4.8 TB/s = 6.93 on the H200, / 7.7 TB/s = 4.32 on the B200.
     */
    @Test
    void theExampleCard() {
        CliRun r = CliRun.of("render", "--color=never", "examples/compare/");
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("compare-card.md"), r.out());
        assertTrue(r.out().contains("| floor (ms) | Llama 3.1 8B | Qwen3 8B |\n|:---|---:|---:|\n| H100 SXM | 9.92 |"), r.out());
        assertEquals("9.92", String.format("%.2f", (16.06e9 + 32 * 4096 * 131_072.0) / 3.35e12 * 1e3));
    }

    /** --set batch=64 holds on every row: the B200's Llama 3.1 8B floor is (16.06 GB + 34.36 GB) / 7.7 TB/s. */
    @Test
    void setHoldsOnEveryRow() {
        CliRun r = CliRun.of("render", "--color=never", EXAMPLE, "--set", "batch=64", "--set", "context=4,096 token");
        assertTrue(r.out().contains("| B200 | 6.55 |"), r.out());
    }

    /** With another input swept too: a row per GPU and batch. */
    @Test
    void aModuleAndAnInput() {
        CliRun r = CliRun.of("render", "--color=never", "src/test/resources/modules/figure-by-batch.chain");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().endsWith("By GPU and batch\n\n"
                + "| gpu | batch | weights (GB) | floor (ms) |\n"
                + "|:---|---:|---:|---:|\n"
                + "| H100 SXM | 1 | 16.06 | 4.95 |\n"
                + "| H100 SXM | 64 | 16.06 | 15.05 |\n"
                + "| B200 | 1 | 16.06 | 2.16 |\n"
                + "| B200 | 64 | 16.06 | 6.55 |\n"), r.out());
    }

    /** Each mistake: a located error, exit 1. */
    @ParameterizedTest
    @ValueSource(strings = {"figure-lacks", "figure-unknown", "figure-not-a-name", "figure-plot", "figure-roofline"})
    void mistakes(String name) {
        CliRun r = CliRun.of("render", "--color=never", "src/test/resources/modules/" + name + ".chain");
        assertEquals(1, r.exit(), r.err());
        assertEquals("", r.out());
        Golden.assertMatches(GOLDEN.resolve(name + ".txt"), r.err());
    }
}
