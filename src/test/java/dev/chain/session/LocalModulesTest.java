package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A chain may `use` a .chain file of its author's own beside it, with the stdlib's syntax. */
class LocalModulesTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    private static ChainRun run(Engine engine, Path file) throws IOException {
        return ChainRun.execute(engine, new SourceFile(file, Files.readString(file)), List.of());
    }

    private static ChainRun run(Path file) throws IOException {
        return run(new Engine(), file);
    }

    @Test
    void aChainUsesAModuleBesideIt() throws IOException {
        write("fleet.chain", """
                use h100_sxm as datasheet
                @source("measured")
                hbm_bandwidth = 2.91 TB/s
                memory = datasheet.memory
                """);
        Path chain = write("floor.chain", """
                use fleet as gpu
                use llama31_8b as model
                use inference
                floor = inference.decode_step_floor(model.weights_bf16, 64 * 4,096 token * model.kv_bytes_per_token, gpu.hbm_bandwidth) -> ms
                memory = gpu.memory
                """);
        ChainRun run = run(chain);
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        assertEquals("17.33 ms", Chains.text(run, "floor"));
        assertEquals("80 GB", Chains.text(run, "memory"));
    }

    @Test
    void localModulesUseEachOtherAndTheStdlib() throws IOException {
        write("rates.chain", """
                @source("ours")
                achieved = 360 GB/s
                """);
        write("links.chain", """
                use rates
                use h100_sxm
                share = rates.achieved / h100_sxm.nvlink -> %
                """);
        Path chain = write("c.chain", "use links\nshare = links.share\n");
        ChainRun run = run(chain);
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        assertEquals("80%", Chains.text(run, "share"));
    }

    @Test
    void aLocalModuleWithAStdlibNameIsAnErrorThatNamesTheFileAndTheModule() throws IOException {
        write("h100_sxm.chain", "@source(\"ours\")\nhbm_bandwidth = 3 TB/s\n");
        Path chain = write("c.chain", "use h100_sxm as gpu\nbw = gpu.hbm_bandwidth\n");
        ChainRun run = run(chain);
        assertEquals(ChainRun.Status.ERRORS, run.status());
        String shown = Chains.diagnostics(run);
        assertTrue(shown.contains("c.chain:1:1: error: `use h100_sxm` is ambiguous: " + dir.resolve("h100_sxm.chain")
                + " has the name of the stdlib module `h100_sxm`"), shown);
        assertTrue(shown.contains("rename h100_sxm.chain"), shown);
    }

    @Test
    void aCycleBetweenLocalModulesIsReportedWithItsPath() throws IOException {
        write("a.chain", "use b\none = 1\n");
        write("b.chain", "use c\ntwo = 2\n");
        write("c.chain", "use a\nthree = 3\n");
        Path chain = write("main.chain", "use a\nv = a.one\n");
        ChainRun run = run(chain);
        assertEquals(ChainRun.Status.ERRORS, run.status());
        String shown = Chains.diagnostics(run);
        assertTrue(shown.contains("modules use each other in a cycle: " + dir.resolve("main.chain") + " -> " + dir.resolve("a.chain")
                + " -> " + dir.resolve("b.chain") + " -> " + dir.resolve("c.chain") + " -> " + dir.resolve("a.chain")), shown);
    }

    @Test
    void aChainThatUsesItselfIsACycle() throws IOException {
        Path chain = write("self.chain", "use self\nv = 1\n");
        String shown = Chains.diagnostics(run(chain));
        assertTrue(shown.contains("cycle: " + chain + " -> " + chain), shown);
    }

    @Test
    void twoFoldersMayEachHaveTheirOwnModuleOfOneName() throws IOException {
        write("east/site.chain", "@source(\"east\")\nbw = 1 TB/s\n");
        write("west/site.chain", "@source(\"west\")\nbw = 2 TB/s\n");
        Path east = write("east/c.chain", "use site\nbw = site.bw\n");
        Path west = write("west/c.chain", "use site\nbw = site.bw\n");
        Engine engine = new Engine();
        assertEquals("1 TB/s", Chains.text(run(engine, east), "bw"));
        assertEquals("2 TB/s", Chains.text(run(engine, west), "bw"));
    }

    @Test
    void textNotReadFromAFileSeesOnlyTheStdlib() throws IOException {
        write("fleet.chain", "@source(\"ours\")\nbw = 1 TB/s\n");
        ChainRun run = Chains.source(dir.resolve("virtual.chain").toString(), "use fleet\nbw = fleet.bw\n");
        assertTrue(Chains.diagnostics(run).contains("unknown module `fleet`"), Chains.diagnostics(run));
    }

    @Test
    void anUnknownModuleSuggestsTheStdlibOnesAndSaysWhereALocalOneWouldBe() throws IOException {
        Path chain = write("c.chain", "use h200\n");
        String shown = Chains.diagnostics(run(chain));
        assertTrue(shown.contains("unknown module `h200`"), shown);
        assertTrue(shown.contains("did you mean `h200_sxm`"), shown);
        assertTrue(shown.contains("there is no " + dir.resolve("h200.chain")), shown);
    }

    @Test
    void errorsInALocalModuleAreReportedInItsFile() throws IOException {
        write("broken.chain", "@source(\"x\")\nbw = 3 GB + 2 ms\n");
        Path chain = write("c.chain", "use broken\nv = broken.bw\n");
        String shown = Chains.diagnostics(run(chain));
        assertTrue(shown.contains("c.chain:1:1: error: module `broken` has errors"), shown);
        assertTrue(shown.contains(dir.resolve("broken.chain") + ":2:11: error: cannot add"), shown);
    }

    /**
     * `chain check .` of a folder holding gpu_count.chain, which declares a dimension, and a chain
     * that uses it and sorts first failed: the module's declarations went into the engine's units,
     * so checking gpu_count.chain on its own then found `GPUs` "already declared", and showed it as
     * "(g p us)" (issue 39). A module's units are read in the files that use it, and in no other.
     */
    @Test
    void aModuleThatDeclaresAUnitChecksInEitherOrderAndKeepsItsUnitsToItsUsers() throws IOException {
        Path module = write("gpu_count.chain", "dimension Racks\nunit rack: Racks\n@source(\"ours\")\nper_pod = 4 rack\n");
        Path chain = write("a_cost.chain", "chain \"Cost\"\nuse gpu_count\ninputs\n  racks = 16 rack\n"
                + "derive pods\n  pods = racks / gpu_count.per_pod\n");
        Path other = write("b_other.chain", "chain \"Other\"\ninputs\n  racks = 16 rack\n");
        for (List<Path> order : List.of(List.of(chain, module, other), List.of(module, chain, other))) {
            Engine engine = new Engine();
            ChainRun first = run(engine, order.get(0));
            assertEquals(ChainRun.Status.OK, first.status(), () -> Chains.diagnostics(first));
            ChainRun second = run(engine, order.get(1));
            assertEquals(ChainRun.Status.OK, second.status(), () -> order + ": " + Chains.diagnostics(second));
            // A chain that does not use the module does not have its unit, whichever was checked first.
            assertTrue(Chains.diagnostics(run(engine, other)).contains("unknown unit `rack`"), order::toString);
        }
        ChainRun mixed = run(write("c_mixed.chain", "use gpu_count\nbad = gpu_count.per_pod + 1 s\n"));
        assertTrue(Chains.diagnostics(mixed).contains("cannot add rack (racks) and s (time)"), Chains.diagnostics(mixed));
        Path gpus = write("gpus.chain", "dimension GPUs\nunit GPU: GPUs\nbad = 8 GPU + 1 s\n");
        assertTrue(Chains.diagnostics(run(gpus)).contains("cannot add GPU (GPUs) and s (time)"), Chains.diagnostics(run(gpus)));
    }

    @Test
    void thePreludeIsNotAModule() {
        String shown = Chains.diagnostics(Chains.source("<test>", "use prelude\n"));
        assertTrue(shown.contains("error: the prelude is in every chain already; it is not a module to use"), shown);
    }

    @Test
    void theExampleOfTheReadmeChecks() {
        ChainRun run = Chains.run(Path.of("examples/local-module/decode-floor.chain"));
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        assertEquals("17.33 ms", Chains.text(run, "floor"));
        assertEquals("15.05 ms", Chains.text(run, "ideal"));
    }
}
