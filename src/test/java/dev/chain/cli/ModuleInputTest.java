package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A {@code use}'s alias as an input whose values are modules (issue 29 item 1): {@code --set
 * gpu=b200} checks and compiles the chain again with {@code gpu} bound to the B200.
 */
class ModuleInputTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden/modules");
    private static final String CHAIN = "chains/02-inter-token-floor.chain";

    /** The stdlib's b200.hbm_bandwidth is 7.7 TB/s: the floor is (16.06 GB + 34.36 GB) / 7.7 TB/s = 6.55 ms. */
    @Test
    void setSwapsTheModule() {
        CliRun r = CliRun.of("run", "--color=never", CHAIN, "--set", "gpu=b200");
        assertTrue(r.out().contains("floor   = (weights + kv) / gpu.hbm_bandwidth = (16.06 GB + 34.36 GB) / 7.7 TB/s = 6.55 ms\n"),
                r.out());
        assertTrue(r.out().contains("achieved = mfu * gpu.bf16_peak = 50% * 2,250 TFLOP/s = 1.125 PFLOP/s\n"), r.out());
        double floor = (8_030_261_248.0 * 2 + 64 * 4096 * 131_072.0) / 7.7e12;
        assertEquals("6.55", String.format("%.2f", floor * 1e3));
        // The sanity checks hold for the H100's step, not for the B200's faster one: the what-if's answer, a warning.
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("note: it holds for the chain's own inputs; this run uses --set gpu=b200"), r.err());
    }

    /** The figure follows: the render of the chain shows the B200's floor in its title and its cells. */
    @Test
    void renderShowsTheOtherModule() {
        CliRun r = CliRun.of("render", "--color=never", CHAIN, "--set", "gpu=b200", "--set", "p50=10 ms");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Llama 3.1 8B BF16 on one B200"), r.out());
        assertTrue(r.out().contains("6.55 ms"), r.out());
    }

    @Test
    void solveOnTheOtherModule() {
        CliRun r = CliRun.of("solve", "--color=never", CHAIN, "--for", "batch=1..1024", "--where", "floor <= 20 ms",
                "--set", "gpu=b200");
        assertEquals(0, r.exit(), r.err());
        // 20 ms x 7.7 TB/s = 154 GB: (154 GB - 16.06 GB) / 0.537 GB per sequence = 256.9
        assertEquals("floor <= 20 ms holds up to batch = 256; fails from batch = 257\n", r.out());
    }

    /** The L4 has no HBM: each use of gpu.hbm_bandwidth is an error there, naming the module the option chose. */
    @Test
    void aModuleThatLacksAValue() {
        CliRun r = CliRun.of("run", "--color=never", CHAIN, "--set", "gpu=l4");
        assertEquals(1, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("lacks.txt"), r.err());
    }

    @Test
    void anUnknownModule() {
        CliRun r = CliRun.of("run", "--color=never", CHAIN, "--set", "gpu=b20");
        assertEquals(2, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("unknown.txt"), r.err());
    }

    @Test
    void notAModuleName() {
        CliRun r = CliRun.of("run", "--color=never", CHAIN, "--set", "gpu=1");
        assertEquals(2, r.exit(), r.err());
        assertEquals("--set gpu:1:1: error: `1` is not a module's name\n"
                + " 1 | 1\n"
                + "   | ^\n"
                + "   = note: `gpu` is a module this chain uses (line 4: use h100_sxm as gpu)\n"
                + "   = hint: name another module, such as --set gpu=h100_sxm\n", r.err());
    }

    /**
     * `--over gpu=h100_sxm,` (a comma too many) said "`` is not a module's name"; the grammar reads
     * it as it reads a figure's `for gpu in h100_sxm,`.
     */
    @Test
    void aMissingModuleName() {
        CliRun r = sweep("--over", "gpu=h100_sxm,", "--show", "floor");
        assertEquals(2, r.exit(), r.err());
        assertEquals("--over gpu:1:14: error: unexpected end of input\n"
                + " 1 | gpu=h100_sxm,\n"
                + "   |              ^\n"
                + "   = hint: the statement is incomplete; is a closing parenthesis or an operand missing?\n", r.err());
    }

    /** A card's --set gpu applies to the chains that use a gpu and leaves the others alone, as a numeric one does. */
    @Test
    void aCardWideSet() {
        CliRun r = CliRun.of("run", "--color=never", "chains/", "--set", "gpu=h100_sxm");
        CliRun plain = CliRun.of("run", "--color=never", "chains/");
        assertEquals(plain.out(), r.out());
        assertEquals(plain.exit(), r.exit(), r.err());
    }

    private static CliRun sweep(String... options) {
        return CliRun.on("sweep", CHAIN, options);
    }

    /** A row per GPU, labelled with its name: 50.42 GB over 3.35, 4.8 and 7.7 TB/s. */
    @Test
    void sweepOverGpus() {
        CliRun r = sweep("--over", "gpu=h100_sxm,h200_sxm,b200", "--show", "floor");
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("gpus.txt"), r.out());
        // The chain's checks, which hold on the H100, fail on the faster two: warnings that say on which.
        Golden.assertMatches(GOLDEN.resolve("gpus.warnings"), r.err());
    }

    @Test
    void sweepOverGpusAndBatch() {
        CliRun r = sweep("--over", "gpu=h100_sxm, b200", "--over", "batch=1,64", "--show", "floor,mixed", "--csv");
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("gpus-by-batch.csv"), r.out());
    }

    /** Each point names its module under the alias, its name beside it; the B200's floor at batch 64 is 6.55 ms. */
    @Test
    void sweepOverGpusAsJson() {
        CliRun r = sweep("--over", "gpu=h100_sxm,b200", "--over", "batch=1,64", "--show", "floor", "--json");
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("gpus-by-batch.json"), r.out());
        com.google.gson.JsonObject o = com.google.gson.JsonParser.parseString(r.out()).getAsJsonObject();
        com.google.gson.JsonObject last = o.getAsJsonArray("points").get(3).getAsJsonObject();
        assertEquals("b200", last.getAsJsonObject("gpu").get("module").getAsString());
        assertEquals("6.55 ms", last.getAsJsonObject("floor").get("text").getAsString());
        assertEquals(4, o.getAsJsonArray("warnings").size(), "the two sanity checks, failing on each GPU at some points");
    }

    @Test
    void sweepOverGpusAndModels() {
        CliRun r = sweep("--over", "gpu=h100_sxm,b200", "--over", "model=llama31_8b,llama31_70b", "--show", "floor", "--markdown");
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(GOLDEN.resolve("gpus-by-models.md"), r.out());
    }

    @Test
    void sweepOverAnUnknownModule() {
        CliRun r = sweep("--over", "gpu=h100_sxm,b20", "--show", "floor");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().startsWith("--over gpu:1:14: error: unknown module `b20`\n"
                + " 1 | gpu=h100_sxm,b20\n"
                + "   |              ^^^\n"
                + "   = hint: did you mean `b200` or `h20`?\n"), r.err());
    }

    @Test
    void sweepOverAModuleThatLacksAValue() {
        CliRun r = sweep("--over", "gpu=h100_sxm,l4", "--show", "floor");
        assertEquals(1, r.exit(), r.err());
        assertEquals("", r.out());
        Golden.assertMatches(GOLDEN.resolve("lacks-over.txt"), r.err());
    }

    @Test
    void sweepShowsAnUnknownName() {
        CliRun r = sweep("--over", "gpu=h100_sxm,b200", "--show", "flor");
        assertEquals(2, r.exit(), r.err());
        assertEquals("--show:1:1: error: unknown name `flor`\n"
                + " 1 | flor\n"
                + "   | ^^^^\n"
                + "   = hint: did you mean `floor`?\n", r.err());
    }
}
