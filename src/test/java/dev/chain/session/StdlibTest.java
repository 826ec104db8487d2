package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.ast.QualifiedName;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.DiagnosticRenderer;
import dev.chain.diag.Diagnostics;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class StdlibTest {
    static Stream<String> modules() {
        List<String> modules = Stdlib.modules();
        assertFalse(modules.isEmpty(), "the stdlib index found no modules");
        return modules.stream();
    }

    @ParameterizedTest
    @MethodSource("modules")
    void eachModuleLoadsOnItsOwn(String module) {
        Engine engine = new Engine();
        Diagnostics diagnostics = new Diagnostics();
        CheckedProgram program = engine.module(QualifiedName.of(module), null, diagnostics);
        assertNotNull(program, () -> new DiagnosticRenderer(false).render(diagnostics.all()));
        assertFalse(diagnostics.hasErrors());
    }

    @ParameterizedTest
    @MethodSource("modules")
    void everyConstantCitesItsSource(String module) {
        CheckedProgram program = new Engine().module(QualifiedName.of(module), null, new Diagnostics());
        List<String> unsourced = new ArrayList<>();
        for (BindingInfo b : program.bindings()) {
            if (b.input() && !b.isText() && b.source() == null) {
                unsourced.add(b.name());
            }
        }
        for (var fn : program.functions()) {
            if (fn.source() == null) {
                unsourced.add(fn.name() + "(...)");
            }
        }
        assertTrue(unsourced.isEmpty(), module + ": constants and functions without @source: " + unsourced);
    }

    /**
     * Only the prelude declares dimensions and units: an editor's engine forks number their own
     * dimensions from where the engine's stand after the prelude (Engine.fork, UnitRegistry.fork),
     * which is only sound while loading a stdlib module declares none in the engine.
     */
    @ParameterizedTest
    @MethodSource("modules")
    void onlyThePreludeDeclaresDimensionsAndUnits(String module) {
        CheckedProgram program = new Engine().module(QualifiedName.of(module), null, new Diagnostics());
        for (var s : program.file().statements()) {
            assertFalse(s instanceof dev.chain.ast.Stmt.DimensionDecl || s instanceof dev.chain.ast.Stmt.UnitDecl,
                    module + " declares " + s.span().text());
        }
    }

    private static double value(String expression) {
        return Evaluate.expression(expression).result().si();
    }

    @Test
    void llamaParameterCountsAreDerivedExactly() {
        ChainRun run = Chains.source("<test>", """
                use llama31_8b as small
                use llama33_70b as large
                p8 = small.params
                p70 = large.params
                kv8 = small.kv_bytes_per_token
                kv70 = large.kv_bytes_per_token
                """);
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        var program = run.chain().program();
        assertEquals(8_030_261_248.0, run.values().valueOf(program.binding("p8")));
        assertEquals(70_553_706_496.0, run.values().valueOf(program.binding("p70")));
        assertEquals(131_072.0, run.values().valueOf(program.binding("kv8")));
        assertEquals(327_680.0, run.values().valueOf(program.binding("kv70")));
        assertEquals("131,072 B/token", Chains.text(run, "kv8"));
    }

    @Test
    void h100Constants() {
        ChainRun run = Chains.source("<test>", """
                use h100_sxm as gpu
                bw = gpu.hbm_bandwidth
                bf16 = gpu.bf16_peak
                fp8 = gpu.fp8_peak
                nvlink = gpu.nvlink
                both = gpu.nvlink_bidirectional
                pcie = gpu.pcie
                reported = gpu.memory_reported
                """);
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        var p = run.chain().program();
        assertEquals(3.35e12, run.values().valueOf(p.binding("bw")));
        assertEquals(989e12, run.values().valueOf(p.binding("bf16")));
        assertEquals(1979e12, run.values().valueOf(p.binding("fp8")));
        assertEquals(run.values().valueOf(p.binding("both")) / 2, run.values().valueOf(p.binding("nvlink")));
        assertEquals(64e9, run.values().valueOf(p.binding("pcie")));
        assertEquals(81_559.0 * 1024 * 1024, run.values().valueOf(p.binding("reported")));
        assertEquals(value("3.35 TB/s"), run.values().valueOf(p.binding("bw")));
    }

    /** Start-up loads only what a chain uses: a model brings its formula module, nothing else. */
    @Test
    void aChainLoadsOnlyTheModulesItUses() {
        Engine engine = new Engine();
        ChainRun run = ChainRun.execute(engine, new dev.chain.source.SourceFile("<test>",
                "use h100_sxm as gpu\nuse llama31_8b as model\nfloor = model.weights_bf16 / gpu.hbm_bandwidth\n"), List.of());
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        assertEquals(List.of("h100_sxm", "transformer", "llama31_8b"), engine.loadedModules());
    }

    @Test
    void anUnknownModuleListsTheOnesThereAre() {
        ChainRun run = Chains.source("<test>", "use h200\n");
        String text = Chains.diagnostics(run);
        assertTrue(text.contains("unknown module `h200`"), text);
        assertTrue(text.contains("h100_sxm"), text);
        assertTrue(text.contains("did you mean `h200_sxm`"), text);
    }
}
