package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.check.BindingInfo;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an editor is answered from: the same diagnostics as {@code check}, values above the first
 * error, local modules read from the editor's open files, and forks of one engine that share the
 * stdlib and keep nothing of their own.
 */
class AnalysisTest {
    @TempDir
    Path dir;

    private static final Engine ENGINE = new Engine();

    @Test
    void theDiagnosticsAreCheckOwn() throws IOException {
        Path path = Path.of("chains/02-inter-token-floor.chain");
        SourceFile source = new SourceFile(path, Files.readString(path, StandardCharsets.UTF_8));
        Analysis a = Analysis.of(ENGINE, source, p -> null);
        assertEquals(ChainRun.Status.OK, a.run().status());
        assertSame(a.run(), a.values());
        BindingInfo floor = a.program().binding("floor");
        assertEquals("15.05 ms", a.values().values().text(floor));

        String broken = source.text().replace("share = floor / p50", "share = floor / p5O");
        Analysis b = Analysis.of(ENGINE, new SourceFile(path, broken), p -> null);
        ChainRun check = ChainRun.execute(new Engine(), new SourceFile(path, broken), List.of());
        assertEquals(Chains.diagnostics(check), Chains.diagnostics(b.run()), "the editor's diagnostics are check's");
        assertNotNull(b.values(), "the lines above the error still have values");
        assertEquals("15.05 ms", b.values().values().text(b.values().program().binding("floor")));
        assertNull(b.values().program().binding("share"), "and nothing from the broken line on");
        assertNotNull(b.program().binding("mixed"), "the program as checked knows every name");
    }

    @Test
    void anOpenModuleIsReadFromTheEditorAndItsUsersDependOnIt() throws IOException {
        Files.writeString(dir.resolve("fleet.chain"), "hbm_bandwidth = 2.91 TB/s\n");
        Path chain = dir.resolve("floor.chain");
        String text = "use fleet as gpu\nfloor = 16 GB / gpu.hbm_bandwidth -> ms\n";
        Map<Path, String> open = new HashMap<>();
        Analysis onDisk = Analysis.of(ENGINE, new SourceFile(chain, text), open::get);
        assertEquals("5.498 ms", onDisk.values().values().text(onDisk.program().binding("floor")));
        assertTrue(onDisk.modules().contains(dir.resolve("fleet.chain").toAbsolutePath().normalize()));

        open.put(dir.resolve("fleet.chain").toAbsolutePath().normalize(), "hbm_bandwidth = 3.2 TB/s\n");
        Analysis edited = Analysis.of(ENGINE, new SourceFile(chain, text), open::get);
        assertEquals("5 ms", edited.values().values().text(edited.program().binding("floor")), "the unsaved text counts");

        // a module that exists only in the editor, not yet saved
        open.put(dir.resolve("draft.chain").toAbsolutePath().normalize(), "x2 = 2\n");
        Analysis draft = Analysis.of(ENGINE, new SourceFile(chain, "use draft\ny = draft.x2\n"), open::get);
        assertEquals(ChainRun.Status.OK, draft.run().status(), () -> Chains.diagnostics(draft.run()));
    }

    @Test
    void aMissingModuleIsADependencyToo() {
        Path chain = dir.resolve("c.chain");
        Analysis a = Analysis.of(ENGINE, new SourceFile(chain, "use later\n"), p -> null);
        assertEquals(ChainRun.Status.ERRORS, a.run().status());
        assertTrue(a.modules().contains(dir.resolve("later.chain").toAbsolutePath().normalize()));
    }

    @Test
    void forksShareTheStdlibAndDeclareNothingInTheEngine() {
        String text = "dimension Chunks\nunit chunk: Chunks\nuse h100_sxm as gpu\nn = 3 chunk\nbw = gpu.hbm_bandwidth\n";
        int before = ENGINE.units().allUnits().size();
        for (int i = 0; i < 200; i++) {
            Analysis a = Analysis.of(ENGINE, new SourceFile("d.chain", text), p -> null);
            assertEquals(ChainRun.Status.OK, a.run().status(), () -> Chains.diagnostics(a.run()));
            // a dimension declared again and again keeps the same short vector
            assertTrue(a.program().binding("n").dimension().length() < 20, "dimension vectors do not grow");
        }
        assertEquals(before, ENGINE.units().allUnits().size());
        assertTrue(ENGINE.loadedModules().contains("h100_sxm"), "the stdlib module was loaded once, in the engine");
    }
}
