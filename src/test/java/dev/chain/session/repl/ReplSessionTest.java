package dev.chain.session.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.diag.DiagnosticRenderer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The REPL's engine on its own: what each input answers, and what it leaves in the session. */
class ReplSessionTest {
    private final ReplSession session = new ReplSession();

    private String ok(String input) {
        Reply reply = session.submit(input);
        assertFalse(reply.failed(), () -> input + " failed:\n" + new DiagnosticRenderer(false).render(reply.diagnostics()));
        return reply.text();
    }

    private String error(String input) {
        Reply reply = session.submit(input);
        assertTrue(reply.failed(), () -> input + " should fail but printed " + reply.text());
        assertEquals("", reply.text());
        return new DiagnosticRenderer(false).render(reply.diagnostics());
    }

    @Test
    void anExpressionPrintsItsValueAtTheCardsPrecision() {
        assertEquals("4.794 ms\n", ok("16.06 GB / 3.35 TB/s -> ms"));
        assertEquals("50.42 GB\n", ok("34.36 GB + 16.06 GB"));
        assertEquals("1,049 kB\n", ok("1 MiB -> kB"));
        assertEquals("295.2 FLOP/B\n", ok("989 TFLOP/s / 3.35 TB/s"));
        assertEquals("5.282x\n", ok("3,000 / 568 -> x"));
    }

    @Test
    void bindingsPersistAndAnsIsTheLastValue() {
        assertEquals("kv = 34.36 GB\n", ok("kv = 64 * 4,096 token * 131,072 B/token"));
        assertEquals("10.26 ms\n", ok("kv / 3.35 TB/s"));
        assertEquals("20.51 ms\n", ok("ans * 2"));
        assertEquals("34.36 GB\n", ok("kv"));
    }

    @Test
    void aCommandsArgumentIsShownWhereItWasTyped() {
        assertEquals("""
                <repl>:1:11: error: cannot add B (information) and s (time)
                 1 | :dim 3 GB + 2 s
                   |      ---- ^ --- s (time)
                   |      |
                   |      B (information)
                """, error(":dim 3 GB + 2 s"));
        ok("batch = 64");
        String set = error(":set batch=32 GB");
        assertTrue(set.startsWith("<repl>:1:12: error: `batch` is 1 (dimensionless), but this is B (information)\n"
                + " 1 | :set batch=32 GB\n"
                + "   |            ^^^^^\n"), set);
    }

    /** A bare number for an input written in percent is 8,000% for 80: :set asks for the unit and changes nothing. */
    @Test
    void aBareNumberForAPercentageAsksForItsUnit() {
        ok(":load examples/speculative/leviathan.chain");
        assertEquals("""
                <repl>:1:12: error: `alpha` is written in percent, but `80` without a unit is 8,000%
                 1 | :set alpha=80
                   |            ^^
                   = hint: write the unit: :set alpha=80% (or 8,000%, if that is meant)
                """, error(":set alpha=80"));
        assertEquals("75%\n", ok("alpha"));
        assertTrue(ok(":set alpha=0.8").startsWith("alpha = 80%   (was 75%)\n"));
    }

    @Test
    void aValueDerivedFromAnsKeepsTheAnsItWasWrittenAgainst() {
        ok("1 GB");
        assertEquals("y = 2 GB\n", ok("y = ans * 2"));
        ok("5 ms");
        assertEquals("2 GB\n", ok("y"));
        assertEquals("y = ans * 2 = 2 GB\n└─ ans = 1 GB  (the last value)\n", ok(":trace y"));
        assertTrue(ok(":env").contains("ans = 2 GB   (the last value)"), ok(":env")); // `y` was the last value shown
    }

    @Test
    void useBringsInAModuleAndStdlibNamesWorkWithoutIt() {
        assertEquals("", ok("use h100_sxm as gpu"));
        assertEquals("15.05 ms\n", ok("(16.06 GB + 34.36 GB) / gpu.hbm_bandwidth"));
        assertEquals("8,030,261,248 param\n", ok("llama31_8b.params"));
    }

    @Test
    void aFailingLineChangesNothing() {
        ok("kv = 34.36 GB");
        ok("use h100_sxm as gpu");
        String before = ok(":env");
        String dimensionError = error("bad = kv + 2 ms");
        assertTrue(dimensionError.contains("error: cannot add B (information) and s (time)"), dimensionError);
        assertTrue(dimensionError.contains("-- ^ ----"), "a caret under the operator:\n" + dimensionError);
        error("oops = (kv");                 // syntax
        error("worse = nosuch * 2");         // unknown name
        error("use no_such_module");         // unknown module
        error("kv = 1 GB");                  // redefinition
        error("1 GB / 0 s");                 // division by zero, found when evaluating
        assertEquals(before, ok(":env"));
        error("bad");                        // the failed binding was not kept
        assertEquals("68.72 GB\n", ok("kv * 2")); // and the session goes on
    }

    @Test
    void redefiningAnInputPointsToSet() {
        ok("batch = 64");
        assertTrue(error("batch = 32").contains(":set batch=VALUE"));
    }

    @Test
    void dimShowsBaseUnitsAndTheCommonName() {
        assertEquals("B/s (bandwidth)\n", ok(":dim 3.35 TB/s"));
        assertEquals("FLOP/s (compute rate)\n", ok(":dim 989 TFLOP/s"));
        assertEquals("s (time)\n", ok(":dim 16.06 GB / 3.35 TB/s"));
        assertEquals("1 (dimensionless)\n", ok(":dim 95%"));
        assertEquals("B/token\n", ok(":dim llama31_8b.kv_bytes_per_token"));
        assertTrue(error(":dim 3 GB + 2 ms").contains("cannot add"));
    }

    /** :set keeps to an input's bounds, as --set does: the session is unchanged. */
    @Test
    void setPastABoundChangesNothing() {
        ok(":load examples/speculative/leviathan.chain");
        assertEquals("""
                <repl>:1:12: error: `alpha` is at most 100%; this is 120%
                 1 | :set alpha=120%
                   |            ^^^^
                   = note: line 13: @at_most(100%)
                   = hint: give a value from 0% to 100%
                """, error(":set alpha=120%"));
        assertEquals("75%\n", ok("alpha"));
        assertTrue(ok(":info alpha").contains("  bounds     0% .. 100%\n"), ok(":info alpha"));
        assertTrue(ok(":info gamma").contains("  bounds     at least 1\n"), ok(":info gamma"));
    }

    @Test
    void loadThenStepShowsTheCardsNumbers() {
        String loaded = ok(":load " + chain("02-inter-token-floor.chain"));
        assertTrue(loaded.startsWith("The inter-token floor and a mixed step\n"), loaded);
        assertEquals("inputs\n  batch   = 64\n", ok(":step"));
        assertEquals("  context = 4,096 token\n", ok(":step"));
        assertEquals("floor\n  weights = model.params * 2 B/param = 8,030,261,248 param * 2 B/param = 16.06 GB\n", ok(":step"));
        assertEquals("  kv      = batch * context * model.kv_bytes_per_token = 64 * 4,096 token * 131,072 B/token = 34.36 GB\n",
                ok(":step"));
        assertEquals("  floor   = (weights + kv) / gpu.hbm_bandwidth = (16.06 GB + 34.36 GB) / 3.35 TB/s = 15.05 ms\n",
                ok(":step"));
        String rest = ok(":run");
        assertTrue(rest.contains("flops    = 2 FLOP/param/token * model.params * tokens = 2 FLOP/param/token * 8,030,261,248 param * 2,112 token = 33.9 TFLOP\n"), rest);
        assertTrue(rest.contains("  ✓ check share in 50% .. 80%: 62.71% is in 50% .. 80%\n"), rest);
        assertTrue(ok(":step").startsWith("the chain is done"));
    }

    /** A chain's solve is said after its last step, for the session's inputs: :set moves it. */
    @Test
    void runEndsWithTheChainsSolves() {
        ok(":load src/test/resources/solve/card.chain");
        String rest = ok(":run");
        assertTrue(rest.endsWith("  ✓ check mixed > 3 * p50: 78.85 ms is greater than 72 ms\n"
                + "solved batch = 94: the largest batch with a floor under 20 ms is 94, at a floor of 19.86 ms\n"), rest);
        ok(":load src/test/resources/solve/card.chain");
        ok(":set context=2,048 token");
        assertTrue(ok(":run").endsWith("solved batch = 189: the largest batch with a floor under 20 ms is 189, at a floor of 19.94 ms\n"));
        // With one token of context the floor is under 20 ms at every batch: no answer, said with the ends.
        ok(":load src/test/resources/solve/card.chain");
        ok(":set context=1 token");
        Reply none = session.submit(":run");
        assertTrue(none.text().endsWith("  ✗ check mixed > 3 * p50: 68.6 ms is not greater than 72 ms\n"), none.text());
        assertEquals("src/test/resources/solve/card.chain:58:9: error: `floor <= 20 ms` holds over the whole range, batch = 1 .. 1,024",
                new DiagnosticRenderer(false).render(none.diagnostics()).lines().findFirst().orElse(""));
    }

    @Test
    void sweepPrintsATableAndChangesNothing() {
        ok(":load " + chain("02-inter-token-floor.chain"));
        assertEquals("""
                batch  floor (ms)  mixed (ms)
                    1        4.95          67
                    8        6.08          68
                   64       15.05          79
                warning: check fails at 2 of 3 points: batch = 1 and 8, at batch = 1, 20.64% is not in 50% .. 80% (line 44)
                warning: check fails at 2 of 3 points: batch = 1 and 8, at batch = 1, 66.71 ms is not greater than 72 ms (line 45)
                """, ok(":sweep batch=1,8,64 floor, mixed"));
        assertTrue(ok(":sweep batch=1..10 floor").lines().count() >= 11, "a range, as in a file");
        // A :set input holds at every point; the swept one is replaced at each.
        ok(":set context=8,192 token");
        assertTrue(ok(":sweep batch=64 floor").contains("   64       25.31"));
        assertTrue(ok(":sweep batch=1 context=1,024 token,4,096 token floor").startsWith("floor (ms)  context 1,024 tokens"));
        assertTrue(error(":sweep floor=1,2 mixed").contains("`floor` is derived, not an input"));
        assertTrue(error(":sweep batch=1..0 floor").contains("this range is empty"));
        assertTrue(error(":sweep batch=1,2 flor").contains("did you mean `floor`?"));
        assertTrue(error(":sweep floor").contains(":sweep takes an input with its points, then the values to show"));
        assertTrue(error(":sweep batch=1,2").startsWith("<repl>:1:17: error: :sweep takes an input with its points, then the values to show"));
        // Nothing of the sweep stays in the session.
        assertEquals("25.31 ms\n", ok("floor"));
        assertTrue(ok(":help").contains(":sweep NAME=POINTS VALUE..."));
    }

    /**
     * {@code :solve} takes what {@code chain solve} takes, its --for and then its --where, and
     * answers as it does: chain 02's floor is under 20 ms up to batch 94 (19.86 ms; 95 is 20.03 ms),
     * and up to 189 with 2,048 tokens of context, set in the session, where batch 64 keeps it under
     * 20 ms up to 6,072 tokens. Nothing of it stays there.
     */
    @Test
    void solveFindsWhereAConditionTurnsAndChangesNothing() {
        ok(":load " + chain("02-inter-token-floor.chain"));
        assertEquals("floor <= 20 ms holds up to batch = 94; fails from batch = 95\n", ok(":solve batch=1..1024 check floor <= 20 ms"));
        assertEquals("floor > 20 ms fails up to batch = 94; holds from batch = 95\n", ok(":solve batch = 1 .. 1,024 x2 check floor > 20 ms"));
        ok(":set context=2,048 token");
        assertEquals("floor <= 20 ms holds up to batch = 189; fails from batch = 190\n", ok(":solve batch=1..1024 check floor <= 20 ms"));
        assertEquals("floor <= 20 ms holds up to context = 6,072 tokens; fails from context = 6,073 tokens\n",
                ok(":solve context=1 token..131,072 token check floor <= 20 ms"));
        assertEquals("9.92 ms\n", ok("floor"), "the session is as it was: batch 64, context 2,048 tokens");
        assertTrue(ok(":help").contains(":solve NAME=RANGE check CONDITION"));
        String typed = ":solve batch=1..1024 ch";
        assertTrue(values(session.complete(typed, typed.length())).contains("check"), "Tab offers the keyword, as for a file's solve");
        typed = ":solve batch=1..1024 check flo";
        assertTrue(values(session.complete(typed, typed.length())).contains("floor"));
    }

    /** Each mistake in a :solve is located in the line as typed, with how :solve is written. */
    @Test
    void aSolveThatCannotBeAnsweredSaysWhy() {
        ok(":load " + chain("02-inter-token-floor.chain"));
        String usage = "   = hint: for example :solve batch=1..1024 check floor <= 20 ms,"
                + " or :solve context=1,024 token..131,072 token x2 check floor <= 20 ms\n";
        assertEquals("""
                <repl>:1:8: error: :solve takes an input with its range, then `check` and the condition whose turn it finds
                 1 | :solve batch=1..1024
                   |        ^^^^^^^^^^^^^
                """ + usage, error(":solve batch=1..1024"));
        assertEquals("""
                <repl>:1:8: error: :solve takes an input with its range, then `check` and the condition whose turn it finds
                 1 | :solve batch=1..1024 floor <= 20 ms
                   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
                """ + usage, error(":solve batch=1..1024 floor <= 20 ms"));
        assertTrue(error(":solve check floor <= 20 ms").startsWith("<repl>:1:8: error: :solve takes an input with its range, then `check`"));
        assertEquals("""
                <repl>:1:33: error: the condition ends without comparing
                 1 | :solve batch=1..1024 check floor
                   |                                 ^
                   = hint: a condition compares: floor <= 20 ms, floor ≈ 15 ms within 1%, share in 50% .. 80%
                """, error(":solve batch=1..1024 check floor"));
        assertTrue(error(":solve").contains(":solve needs an argument"));
        String unknown = error(":solve bach=1..1024 check floor <= 20 ms");
        assertTrue(unknown.startsWith("<repl>:1:8: error:") && unknown.contains("did you mean `batch`?"), unknown);
        assertTrue(error(":solve batch=1..1024 check flor <= 20 ms").contains("did you mean `floor`?"));
        assertTrue(error(":solve floor=1..1024 check mixed <= 20 ms").contains("`floor` is derived, not an input"));
        String never = error(":solve batch=1..1024 check floor <= 200 ms");
        assertTrue(never.startsWith("""
                <repl>:1:28: error: `floor <= 200 ms` holds over the whole range, batch = 1 .. 1,024
                 1 | :solve batch=1..1024 check floor <= 200 ms
                   |                            ^^^^^^^^^^^^^^^
                   = note: at batch = 1: 4.954 ms is at most 200 ms
                   = note: at batch = 1,024: 168.9 ms is at most 200 ms
                """), never);
        assertTrue(never.contains("hint: it may turn outside this range"), never);
        // Two conditions: a :solve has one, so solve for each; a check of its own is two checks, and no solve.
        assertTrue(error(":solve batch=1..1024 check floor <= 20 ms and kv <= 8 GB").contains("""
                   = hint: a check is one comparison: write two, `check floor <= 20 ms` and `check kv <= 8 GB`; \
                a solve has one condition, so solve for each and take the tighter answer
                """));
        assertTrue(error("check floor <= 20 ms and kv <= 8 GB").endsWith("""
                   = hint: a check is one comparison: write two, `check floor <= 20 ms` and `check kv <= 8 GB`
                """));
        assertEquals("15.05 ms\n", ok("floor"));
    }

    @Test
    void aSweepPointWithoutAValueIsNamedAndTheOthersAreShown() {
        ok(":load src/test/resources/sweep/zero-at-one-point.chain");
        assertEquals("""
                batch  per
                    3   -1
                    4    —
                    5    1
                warning: division by zero: `(batch - 4)` is zero, at 1 of 3 points: batch = 4 (line 8)
                """, ok(":sweep batch=3..5 per"));
        assertTrue(error(":sweep batch=4 per").contains("note: at batch = 4"));
        assertEquals("""
                per <= 0.5 holds up to batch = 3; fails from batch = 5
                per <= 0.5 fails up to batch = 5; holds from batch = 6
                warning: division by zero: `(batch - 4)` is zero, the chain has no value at batch = 4; the search went on without it (line 8)
                """, ok(":solve batch=1..10 check per <= 0.5"));
    }

    @Test
    void setChangesAnInputAndShowsWhatDependsOnIt() {
        ok(":load " + chain("02-inter-token-floor.chain"));
        String set = ok(":set batch=32");
        List<String> lines = set.lines().toList();
        assertEquals("batch = 32   (was 64)", lines.get(0));
        assertEquals("kv = batch * context * model.kv_bytes_per_token = 32 * 4,096 token * 131,072 B/token = 17.18 GB   (was 34.36 GB)",
                lines.get(1));
        assertEquals("floor = (weights + kv) / gpu.hbm_bandwidth = (16.06 GB + 17.18 GB) / 3.35 TB/s = 9.92 ms   (was 15.05 ms)",
                lines.get(2));
        assertFalse(set.contains("weights ="), "weights does not depend on batch:\n" + set);
        assertTrue(set.contains("✗ check share in 50% .. 80%: 41.34% is not in 50% .. 80%"), set);
        assertEquals("17.18 GB\n", ok("kv"));
        // a set value with a unit, checked against the input's dimension
        assertTrue(ok(":set context=8,192 token").contains("kv = batch * context * model.kv_bytes_per_token = 32 * 8,192 token * 131,072 B/token = 34.36 GB"));
        String wrongUnit = error(":set context=8 GB");
        assertTrue(wrongUnit.contains("`context` is token (tokens), but this is B (information)"), wrongUnit);
        assertTrue(wrongUnit.contains("hint: give a value in token, such as :set context=8,192 token (its value now)"), wrongUnit);
        assertTrue(error(":set context=8192").contains("hint: give the unit too: :set context=8192 token"));
        assertTrue(error(":set floor=3 ms").contains("`floor` is derived, not an input"));
        assertTrue(error(":set bach=3").contains("did you mean `batch`?"));
        // no value at all: said where the value is missing, on the line as typed
        assertEquals("""
                <repl>:1:11: error: :set needs a value after `=`
                 1 | :set batch=
                   |           ^
                   = hint: such as :set batch=32 (its value now)
                """, error(":set batch="));
    }

    /**
     * {@code :set gpu=b200} runs the session on the B200, as {@code --set gpu=b200} runs the file:
     * the inputs set before keep their values, each value that reads the GPU is shown with what it
     * was, and what is typed after reads the B200 too. It said "`gpu` is a module".
     */
    @Test
    void setOfAModuleRunsTheSessionOnIt() {
        ok(":load " + chain("02-inter-token-floor.chain"));
        ok(":set batch=32");
        String set = ok(":set gpu=b200");
        List<String> lines = set.lines().toList();
        assertEquals("gpu = B200 (b200)   (was H100 SXM)", lines.get(0));
        assertEquals("floor = (weights + kv) / gpu.hbm_bandwidth = (16.06 GB + 17.18 GB) / 7.7 TB/s = 4.32 ms   (was 9.92 ms)",
                lines.get(1), set);
        assertFalse(set.contains("kv ="), "the KV does not read the GPU:\n" + set);
        assertTrue(set.contains("check share in 50% .. 80%"), set);
        assertEquals("4.32 ms\n", ok("floor"));
        assertEquals("7.7 TB/s\n", ok("gpu.hbm_bandwidth"));
        ok("t = kv / gpu.hbm_bandwidth -> ms:.2f");
        assertEquals("2.23 ms\n", ok("t"), "a statement typed after reads the B200");
        assertTrue(ok(":set gpu=h100_sxm").startsWith("gpu = H100 SXM (h100_sxm)   (was B200)\n"));
        assertEquals("5.13 ms\n", ok("t"), "and the H100 again");
    }

    /**
     * {@code :sweep gpu=h100_sxm,b200 floor} is a row per GPU (a matrix for GPUs by models), at the
     * inputs set before, as {@code chain sweep --over gpu=...} runs a file: the compare card's
     * table at batch 32 (9.92, 10.66, 4.32, 4.64 ms). Nothing of it stays in the session.
     */
    @Test
    void sweepOverModulesIsARowPerModule() {
        ok(":load " + chain("02-inter-token-floor.chain"));
        ok(":set batch=32");
        String gpus = ok(":sweep gpu=h100_sxm,b200 floor, mixed");
        assertTrue(gpus.startsWith("""
                gpu       floor (ms)  mixed (ms)
                H100 SXM        9.92          73
                B200            4.32          32
                """), gpus);
        assertTrue(gpus.contains("warning: check failed: 31.93 ms is not greater than 72 ms, with gpu = b200 (line 45)"), gpus);
        assertTrue(ok(":sweep gpu=h100_sxm,b200 model=llama31_8b,qwen3_8b floor").startsWith("""
                floor (ms)  Llama 3.1 8B  Qwen3 8B
                H100 SXM            9.92     10.66
                B200                4.32      4.64
                """));
        assertEquals("9.92 ms\n", ok("floor"), "the session is on the H100 still");
        assertTrue(error(":sweep gpu=h100_sxm,b2000 floor").startsWith("<repl>:1:21: error: unknown module `b2000`"));
        assertTrue(ok(":sweep gpu=h100_sxm,b200 batch=1,2 floor").startsWith("gpu       batch  floor (ms)\n"));
    }

    /** The mistakes of :set gpu=...: located in the module's name, as --set's are, with what to do. */
    @Test
    void setOfAModuleThatIsNoneOrLacksAValueSaysWhy() {
        ok(":load " + chain("02-inter-token-floor.chain"));
        String unknown = error(":set gpu=b2000");
        assertTrue(unknown.startsWith(":set gpu:1:1: error:"), unknown);
        assertTrue(unknown.contains("b200"), "the nearest module: " + unknown);
        String lacking = error(":set model=h100_sxm");
        assertTrue(lacking.contains("module `model` has no value named"), lacking);
        assertTrue(lacking.contains("`model` is h100_sxm here, by :set model=h100_sxm; the chain's `use` names llama31_8b"), lacking);
        assertTrue(error(":set gpu=").contains(":set needs a module after `=`"));
        assertEquals("15.05 ms\n", ok("floor"), "a :set that failed changes nothing");
    }

    @Test
    void stepShowsTheValuesAsSet() {
        ok(":load " + chain("02-inter-token-floor.chain"));
        ok(":set batch=32");
        ok(":step");
        ok(":step");
        ok(":step");
        assertEquals("  kv      = batch * context * model.kv_bytes_per_token = 32 * 4,096 token * 131,072 B/token = 17.18 GB\n",
                ok(":step"));
    }

    @Test
    void aTraceStopsTwentyLevelsDownSoItsOutputIsLinear(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        // 3,000 steps, each from the one before: every level indented three more columns
        // printed 13.6 MB; now a line per level to the twentieth, which says how to go on.
        StringBuilder chain = new StringBuilder("a0 = 1 GB\n");
        for (int i = 1; i < 3_000; i++) {
            chain.append('a').append(i).append(" = a").append(i - 1).append(" + 1 GB\n");
        }
        Path file = tmp.resolve("steps.chain");
        java.nio.file.Files.writeString(file, chain.toString());
        ok(":load " + file); // typed as one input instead, its 3,000 lines would each be parsed again to find its end
        List<String> lines = ok(":trace a2999").lines().toList();
        assertEquals(Trace.MAX_DEPTH + 1, lines.size(), lines.toString());
        assertEquals("a2999 = a2998 + 1 GB = 3 TB", lines.get(0));
        assertEquals("   ".repeat(Trace.MAX_DEPTH - 1) + "└─ a2979 = a2978 + 1 GB = 2.98 TB  (:trace a2979 for what it comes from)",
                lines.get(Trace.MAX_DEPTH));
        assertEquals("a2979 = a2978 + 1 GB = 2.98 TB", ok(":trace a2979").lines().findFirst().orElseThrow());
    }

    @Test
    void traceShowsTheDerivationBackToTheInputs() {
        ok(":load " + chain("02-inter-token-floor.chain"));
        assertEquals("""
                floor = (weights + kv) / gpu.hbm_bandwidth = 15.05 ms
                ├─ weights = model.params * 2 B/param = 16.06 GB
                │  └─ model.params = 8,030,261,248 param  (llama31_8b)
                ├─ kv = batch * context * model.kv_bytes_per_token = 34.36 GB
                │  ├─ batch = 64  (input)
                │  ├─ context = 4,096 token  (input)
                │  └─ model.kv_bytes_per_token = 131,072 B/token  (llama31_8b)
                └─ gpu.hbm_bandwidth = 3.35 TB/s  (h100_sxm)
                """, ok(":trace floor"));
        String shared = ok(":trace share");
        assertTrue(shared.contains("share = floor / p50 = 63%"), shared);
        assertTrue(ok(":trace model.params").contains("├─ hidden = 4,096  (input)"));
        assertTrue(error(":trace flor").contains("did you mean `floor`?"));
    }

    @Test
    void loadFailsCleanlyAndKeepsTheSession() {
        ok("kv = 1 GB");
        assertTrue(error(":load no/such.chain").contains("no such file or folder: no/such.chain"));
        assertTrue(error(":load " + Path.of("chains")).contains("is a folder"));
        assertEquals("1 GB\n", ok("kv"));
        assertTrue(error(":step").contains("no chain is loaded"));
    }

    @Test
    void aGroupTypedOverSeveralLines() {
        assertTrue(session.needsMore("derive floor"));
        assertTrue(session.needsMore("derive floor\nw = 16.06 GB +"));
        assertTrue(session.needsMore("derive floor\nw = 16.06 GB +\n34.36 GB"));
        assertFalse(session.needsMore("derive floor\nw = 16.06 GB +\n34.36 GB\n"));
        assertEquals("floor\n  w = 16.06 GB + 34.36 GB = 50.42 GB\n  f = w / 3.35 TB/s = 50.42 GB / 3.35 TB/s = 15.05 ms\n",
                ok("derive floor\nw = 16.06 GB +\n34.36 GB\nf = w / 3.35 TB/s -> ms\n"));
        assertEquals("15.05 ms\n", ok("f"));
    }

    @Test
    void infoShowsValueDimensionAndSource() {
        String info = ok(":info h100_sxm.hbm_bandwidth");
        assertTrue(info.startsWith("h100_sxm.hbm_bandwidth = 3.35 TB/s\n"), info);
        assertTrue(info.contains("dimension  B/s (bandwidth)"), info);
        assertTrue(info.contains("source     NVIDIA H100 datasheet"), info);
        assertTrue(info.contains("label      HBM bandwidth\n"), info); // its @label, what a reader sees on the page
        assertTrue(ok(":info llama31_8b").lines().anyMatch(l -> l.matches(" +kv_bytes_per_token +=  131,072 B/token".replace("=  ", "= "))));
        assertTrue(ok(":info GiB").startsWith("GiB: unit of B (information), 1 GiB = 1,073,741,824 B"));
        assertTrue(ok(":info Bandwidth").contains("B/s (bandwidth)"));
        // as :dim names them
        assertEquals("Bandwidth: dimension B/s (bandwidth)\n", ok(":info bandwidth"));
        assertEquals("ComputeRate: dimension FLOP/s (compute rate)\n", ok(":info compute rate"));
        assertTrue(error(":info nosuch").contains("no value named `nosuch`"));
    }

    @Test
    void unitsListsAndFilters() {
        String time = ok(":units time");
        assertEquals(List.of("s, second", "min, minute", "h, hour", "day", "week"),
                time.lines().map(l -> l.substring(0, l.indexOf("  "))).toList());
        assertTrue(ok(":units").contains("FLOP, FLOPs"));
        assertTrue(ok(":units furlong").contains("no unit matches"));
    }

    @Test
    void commandsAreCheckedToo() {
        assertTrue(error(":stpe").contains("did you mean `:step`?"));
        assertTrue(error(":dim").contains(":dim needs an argument"));
        assertTrue(session.submit(":quit").quit());
        assertTrue(session.submit(":q").quit());
        assertTrue(error("quit").contains(":quit or Ctrl-D leaves the REPL"));
    }

    @Test
    void nothingTypedCrashesTheSession() {
        for (String junk : List.of("\u0000\u0001", "((((((((", "(".repeat(5_000) + "1", "-".repeat(5_000) + "1",
                "1,5", "5 KB", "3 FLOPS", "x = ", "check", ":", "::", ": dim", "\"unterminated", "@source(\"x\")",
                "fn f(", "derive", "unit", "dimension", "use", ":set =", ":set =3", ":load \u0000", ":info .", ":trace ..")) {
            Reply reply = session.submit(junk);
            assertFalse(reply.quit(), junk);
            assertTrue(reply.diagnostics().stream().noneMatch(d -> d.message().startsWith("internal error")),
                    () -> junk + ": " + reply.diagnostics());
        }
        assertEquals("2 GB\n", ok("1 GB + 1 GB"));
    }

    @Test
    void completionOffersNamesModulesAndUnits() {
        ok("kv_cache = 1 GB");
        assertTrue(values(session.complete("kv_c", 4)).contains("kv_cache"));
        assertEquals(List.of("llama31_8b.params"), values(session.complete("llama31_8b.para", 15)));
        assertTrue(values(session.complete("llam", 4)).contains("llama31_8b."));
        List<String> units = values(session.complete("3 TB/s -> Gi", 12));
        assertTrue(units.containsAll(List.of("GiB", "Gibit")), units.toString());
        assertTrue(values(session.complete("16 Gi", 5)).contains("GiB"));
        assertEquals(List.of(":step"), values(session.complete(":st", 3)));
        assertTrue(values(session.complete(":load chains/02", 15)).contains("chains/02-inter-token-floor.chain"));
    }

    @Test
    void completionOffersModulesAfterUseAndValuesInsideATemplate() {
        ok("kv_cache = 1 GB");
        assertEquals(List.of("h100_nvl", "h100_pcie", "h100_sxm"), values(session.complete("use h100", 8)),
                "a use names a module, with no dot after it");
        String header = "derive d \"{kv_";
        assertEquals(List.of("kv_cache"), values(session.complete(header, header.length())));
        assertTrue(values(session.complete("derive d \"{{kv_", 15)).isEmpty(), "{{ is a brace, not a placeholder");
        assertTrue(values(session.complete("x = kv_", 7)).contains("kv_cache"));
        assertFalse(values(session.complete("# \"{kv_", 7)).contains("kv_cache"), "not in a comment");
    }

    /** Every word of the language is offered, the card's and a chain's header words too (drill, links were not). */
    @Test
    void completionOffersEveryWordOfTheLanguage() {
        for (String word : dev.chain.ast.Keywords.ALL) {
            String typed = word.substring(0, word.length() - 1);
            assertTrue(values(session.complete(typed, typed.length())).contains(word), word);
        }
    }

    private static List<String> values(Completions c) {
        return c.candidates().stream().map(Completions.Candidate::value).toList();
    }

    private static String chain(String name) {
        return Path.of("chains", name).toString();
    }
}
