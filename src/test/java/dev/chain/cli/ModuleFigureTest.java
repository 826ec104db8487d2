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

    /**
     * Rows that set modules with an input, a server a row: Llama 3.1 8B on an H100 at batch 64,
     * (16.06 GB + 64 x 4,096 x 131,072 B) / 3.35 TB/s = 15.05 ms; Llama 3.1 70B on a B200 at batch 8,
     * (141.11 GB + 8 x 4,096 x 327,680 B) / 7.7 TB/s = 19.72 ms. Each row only at its own point.
     */
    @Test
    void rowsThatSetModules() {
        CliRun r = CliRun.of("render", "--color=never", "src/test/resources/modules/figure-rows.chain");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().endsWith("A server a row: its GPU, its model, its batch\n\n"
                + "| gpu | model | batch | weights (GB) | floor (ms) |\n"
                + "|:---|:---|---:|---:|---:|\n"
                + "| H100 SXM | Llama 3.1 8B | 64 | 16.06 | 15.05 |\n"
                + "| B200 | Llama 3.1 70B | 8 | 141.11 | 19.72 |\n"), r.out());
        assertEquals("15.05", String.format("%.2f", (16.06e9 + 64 * 4096 * 131_072.0) / 3.35e12 * 1e3));
        assertEquals("19.72", String.format("%.2f", (70_553_706_496.0 * 2 + 8 * 4096 * 327_680.0) / 7.7e12 * 1e3));
    }

    /** Each mistake: a located error, exit 1. A check that fails at a row names its point and its modules. */
    @ParameterizedTest
    @ValueSource(strings = {"figure-lacks", "figure-unknown", "figure-not-a-name", "figure-plot", "figure-roofline",
            "figure-rows-unknown", "figure-rows-check"})
    void mistakes(String name) {
        CliRun r = CliRun.of("render", "--color=never", "src/test/resources/modules/" + name + ".chain");
        assertEquals(1, r.exit(), r.err());
        assertEquals("", r.out());
        Golden.assertMatches(GOLDEN.resolve(name + ".txt"), r.err());
    }
}
