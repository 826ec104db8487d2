package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StdlibCommandTest {
    @Test
    void listsEveryModuleWithValueDimensionAndSource() {
        CliRun run = CliRun.of("stdlib");
        assertEquals(0, run.exit(), run.err());
        for (String module : dev.chain.session.Stdlib.modules()) {
            assertTrue(run.out().contains("\n" + module + ": ") || run.out().startsWith(module + ": "), module);
        }
        assertTrue(run.out().matches("(?s).*\n  h100_sxm\\.hbm_bandwidth +3\\.35 TB/s +B/s +NVIDIA H100 datasheet, H100 SXM: GPU memory bandwidth 3\\.35TB/s.*"),
                run.out());
        assertTrue(run.out().matches("(?s).*\n  llama31_8b\\.params +8,030,261,248 param +param += transformer\\.dense_params\\(.*"), run.out());
        assertTrue(run.out().contains("  inference.decode_step_floor(weights: Bytes, kv: Bytes, bandwidth: Bytes/Time): Time  "), run.out());
    }

    @Test
    void constantsShowTheDatasheetsDigits() {
        CliRun run = CliRun.of("stdlib", "h100_nvl.fp8");
        assertTrue(run.out().matches("(?s).*h100_nvl\\.fp8_peak +1,670\\.5 TFLOP/s .*"), run.out());
    }

    @Test
    void aFilterKeepsMatchingModulesWholeAndElsewhereMatchingNames() {
        CliRun run = CliRun.of("stdlib", "FP8");
        assertEquals(0, run.exit(), run.err());
        for (String line : run.out().split("\n")) {
            if (line.startsWith("  ")) {
                assertTrue(line.strip().split(" ")[0].toLowerCase().contains("fp8"), line);
            }
        }
        assertTrue(run.out().contains("b200.fp8_peak "), run.out());
        assertTrue(run.out().contains("dtype.fp8 "), run.out());

        CliRun h100 = CliRun.of("stdlib", "h100");
        assertTrue(h100.out().startsWith("h100_nvl: "), h100.out());
        assertTrue(h100.out().contains("\nh100_pcie: ") && h100.out().contains("\nh100_sxm: "), h100.out());
        assertTrue(h100.out().contains("  h100_sxm.pcie_generation "), h100.out());
        assertTrue(!h100.out().contains("b200"), h100.out());
    }

    @Test
    void aFilterThatMatchesNothingExitsOneAndListsTheModules() {
        CliRun run = CliRun.of("stdlib", "tpu_v5");
        assertEquals(1, run.exit());
        assertTrue(run.err().startsWith("chain: nothing in the stdlib matches `tpu_v5`; its modules are a100_sxm_40gb, "), run.err());
    }

    @Test
    void markdownIsTheCommittedReferencePage() throws Exception {
        CliRun run = CliRun.of("stdlib", "--markdown");
        assertEquals(0, run.exit(), run.err());
        assertEquals(Files.readString(Path.of("docs/stdlib.md")), run.out());
    }
}
