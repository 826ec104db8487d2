package dev.chain.eval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.check.BindingInfo;
import dev.chain.diag.ChainException;
import dev.chain.session.ChainRun;
import dev.chain.session.Chains;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The bytecode evaluator computes exactly what the closures compute: same doubles, same checks. */
class FastEvaluatorTest {
    static Stream<Path> chains() throws IOException {
        return Files.list(Path.of("chains")).filter(p -> p.toString().endsWith(".chain")).sorted();
    }

    @ParameterizedTest
    @MethodSource("chains")
    void matchesTheClosuresBitForBit(Path chain) {
        ChainRun run = Chains.run(chain);
        CompiledProgram code = run.chain().code();
        FastEvaluator fast = code.fast();
        for (double scale : new double[] {1.0, 0.5, 3.0, 1e-3}) {
            Map<Integer, Double> overrides = new HashMap<>();
            double[] slots = fast.newSlots();
            for (BindingInfo input : code.program().inputs()) {
                if (!input.isText()) {
                    double v = slots[input.slot()] * scale;
                    overrides.put(input.slot(), v);
                    slots[input.slot()] = v;
                }
            }
            Evaluation expected = safely(() -> code.evaluate(overrides));
            boolean[] passed = fast.newResults();
            Evaluation actual = safely(() -> {
                fast.run(slots, passed);
                return null;
            });
            if (expected == null) {
                continue; // both must fail alike; the fault test below covers the message
            }
            assertArrayEquals(expected.values(), slots, chain + " x" + scale);
            for (int i = 0; i < passed.length; i++) {
                assertEquals(expected.checks().get(i).passed(), passed[i], chain + " check " + i + " x" + scale);
            }
            assertEquals(null, actual);
        }
    }

    private interface Evaluating {
        Evaluation run();
    }

    private static Evaluation safely(Evaluating e) {
        try {
            return e.run();
        } catch (ChainException failed) {
            return null;
        }
    }

    @Test
    void aZeroDivisorIsReportedAtItsSource() {
        ChainRun run = Chains.source("t.chain", "size = 3 GB\ntime = 2 s\nrate = size / time\n");
        FastEvaluator fast = run.chain().code().fast();
        double[] slots = fast.newSlots();
        slots[fast.slot("time")] = 0;
        ChainException e = assertThrows(ChainException.class, () -> fast.run(slots, fast.newResults()));
        assertEquals("division by zero: `time` is zero", e.diagnostics().get(0).message());
        assertEquals(3, e.diagnostics().get(0).span().line());
    }

    @Test
    void userAndModuleFunctionsAreInlined() {
        ChainRun run = Chains.source("t.chain", """
                use transformer
                fn floor_of(w: Bytes, bw: Bytes/Time): Time = w / bw
                fn twice(w: Bytes, bw: Bytes/Time): Time = floor_of(w, bw) + floor_of(w, bw)
                w = 16 GB
                bw = 4 TB/s
                t = twice(w, bw)
                p = transformer.dense_params(4096, 32, 32, 8, 128, 14336, 128256, 2, 0)
                """);
        FastEvaluator fast = run.chain().code().fast();
        double[] slots = fast.newSlots();
        fast.run(slots, fast.newResults());
        assertEquals(0.008, slots[fast.slot("t")], 1e-15);
        assertEquals(8_030_261_248.0, slots[fast.slot("p")]);
        slots[fast.slot("bw")] = 2e12;
        fast.run(slots, fast.newResults());
        assertEquals(0.016, slots[fast.slot("t")], 1e-15);
    }

    @Test
    void aModuleFunctionReadsItsOwnModulesConstants() {
        // llama31_8b's params are a module binding; a chain function reading it through the module
        // alias folds to a constant, and closures and bytecode agree.
        ChainRun run = Chains.source("t.chain", """
                use llama31_8b as model
                fn weights(bytes_per_param: Bytes/Params): Bytes = model.params * bytes_per_param
                w = weights(2 B/param)
                """);
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        FastEvaluator fast = run.chain().code().fast();
        double[] slots = fast.newSlots();
        fast.run(slots, fast.newResults());
        assertEquals(16_060_522_496.0, slots[fast.slot("w")]);
        assertTrue(run.evaluation().values()[fast.slot("w")] == slots[fast.slot("w")]);
    }
}
