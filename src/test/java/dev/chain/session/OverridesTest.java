package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** --set changes an input and everything that depends on it; anything else is refused. */
class OverridesTest {
    @Test
    void batchOf32ChangesEveryDependentNumber() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "batch=32");
        // 32 x 4,096 x 131,072 B = 17,179,869,184 B; (16,060,522,496 + 17,179,869,184) B / 3.35 TB/s = 9.9225 ms, shown as the card shows the floor: 9.92 ms
        assertEquals("17.18 GB", Chains.text(run, "kv"));
        assertEquals("9.92 ms", Chains.text(run, "floor"));
        assertEquals("2,080 token", Chains.text(run, "tokens"));
        assertEquals("16.06 GB", Chains.text(run, "weights"), "weights do not depend on the batch");
    }

    @Test
    void aQuantityWithItsUnit() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "context=8,192 token");
        assertEquals("68.72 GB", Chains.text(run, "kv"));
    }

    @Test
    void aCheckCanFailUnderAnOverride() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "p50=40 ms");
        assertEquals(ChainRun.Status.CHECK_FAILED, run.status());
        assertTrue(Chains.diagnostics(run).contains("check failed: 37.63% is not in 50% .. 80%"), Chains.diagnostics(run));
    }

    @Test
    void aDerivedValueCannotBeSet() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "floor=10 ms");
        assertEquals(ChainRun.Status.BAD_OVERRIDE, run.status());
        assertTrue(Chains.diagnostics(run).contains("`floor` is derived, not an input"));
    }

    @Test
    void textCannotBeSet() {
        ChainRun run = Chains.run("03-startup-oom.chain", "vllm=\"v0.6.0\"");
        assertEquals(ChainRun.Status.BAD_OVERRIDE, run.status());
        String text = Chains.diagnostics(run);
        assertTrue(text.contains("--set vllm: `vllm` is text; only quantities can be set"), text);
        assertTrue(text.contains("its inputs are tp, utilization, max_len"), text);
    }

    @Test
    void aMisspelledInputGetsTheClosestNames() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "bach=32");
        assertEquals(ChainRun.Status.BAD_OVERRIDE, run.status());
        String text = Chains.diagnostics(run);
        assertTrue(text.contains("--set bach: the chain has no value named `bach`"), text);
        assertTrue(text.contains("hint: did you mean `batch`?"), text);
        assertTrue(text.contains("its inputs are batch, context"), text);

        String far = Chains.diagnostics(Chains.run("02-inter-token-floor.chain", "zzzzzz=1"));
        assertFalse(far.contains("did you mean"), far);
    }

    @Test
    void theDimensionMustMatch() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "context=8192");
        assertEquals(ChainRun.Status.BAD_OVERRIDE, run.status());
        String text = Chains.diagnostics(run);
        assertTrue(text.contains("`context` is token (tokens), but this is 1 (dimensionless)"), text);
        assertTrue(text.contains("hint: give the unit too: --set context='8192 token'"), text);
    }

    @Test
    void aValueWithTheWrongUnitIsNotToldToAddAnother() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "context=2 GB");
        assertEquals(ChainRun.Status.BAD_OVERRIDE, run.status());
        String text = Chains.diagnostics(run);
        assertTrue(text.contains("hint: give a value in token, such as --set context='4,096 token'"), text);
        assertFalse(text.contains("2 GB token"), text);
    }

    @Test
    void aSetWithoutANameIsAMalformedAssignment() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "=32");
        assertEquals(ChainRun.Status.BAD_OVERRIDE, run.status());
        assertTrue(Chains.diagnostics(run).contains("expected NAME=VALUE"), Chains.diagnostics(run));
    }

    @Test
    void anUnknownNameIsRefusedWithTheInputsListed() {
        ChainRun run = Chains.run("02-inter-token-floor.chain", "bacth=32");
        assertEquals(ChainRun.Status.BAD_OVERRIDE, run.status());
        assertTrue(Chains.diagnostics(run).contains("its inputs are batch, context"), Chains.diagnostics(run));
    }
}
