package dev.chain.drill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The classic wrong answers on the card's chains, each of which must be diagnosed with its real
 * cause, found from the derivation with no list from the author; and right answers in any unit.
 */
class DrillDiagnosisTest {
    private final Drills floor = new Drills("02-inter-token-floor.chain");

    private static boolean has(Grade g, String kind, String... names) {
        for (Cause c : g.causes()) {
            if (c.kind().equals(kind) && c.names().containsAll(List.of(names))) {
                return true;
            }
        }
        return false;
    }

    private static void assertCause(Grade g, String kind, String... names) {
        assertTrue(has(g, kind, names), "no " + kind + " " + List.of(names) + " in " + g.causes());
    }

    @Test
    void twiceTheBf16WeightsIsTheTwoBytesDoubled() {
        Grade g = floor.alone("weights", "32.12 GB");
        assertEquals(Verdict.WRONG, g.verdict());
        assertCause(g, "factor", "2 B/param");
        assertTrue(g.diagnosis().contains("`2 B/param` doubled"), g.diagnosis());
    }

    @Test
    void batchLeftOutOfTheKvBytes() {
        Grade g = floor.alone("kv", "0.5369 GB");
        assertEquals(Verdict.WRONG, g.verdict());
        assertEquals(new Cause("factor", List.of("batch"), "left out the factor `batch`"), g.causes().get(0));
    }

    @Test
    void secondsWrittenForMilliseconds() {
        Grade g = floor.alone("floor", "15.05 s");
        assertEquals(Verdict.WRONG, g.verdict());
        assertEquals(List.of("s", "ms"), g.causes().get(0).names());
        assertEquals("prefix", g.causes().get(0).kind());
        assertEquals("your number is what you get with this change: 1,000x the right value: a prefix slip "
                + "(15.05 is the answer in ms, not s)", g.diagnosis());
    }

    @Test
    void gibibytesWrittenAsGigabytes() {
        Grade g = floor.alone("kv", "32 GB");
        assertEquals(Verdict.WRONG, g.verdict());
        assertEquals(1, g.causes().size(), g.causes().toString());
        assertCause(g, "binary-prefix", "GB", "GiB");
    }

    @Test
    void aBinaryPrefixIsASlipOnlyWhereBytesAreDerivedFrom() {
        // mtp's c is a share of params, 4.4%: 4% is 1.024^-4 of it, and no GiB for GB is anywhere in its derivation.
        Drills mtp = new Drills(java.nio.file.Path.of("examples/speculative/mtp.chain"));
        Grade share = mtp.alone("c", "4%");
        assertEquals(Verdict.WRONG, share.verdict());
        assertFalse(has(share, "binary-prefix"), share.causes().toString());
        // floor is a time, derived from bytes: 16.16 ms is 1.074x the right 15.05 ms, the weights and KV in GiB read as GB.
        Grade time = floor.alone("floor", "16.16 ms");
        assertEquals(new Cause("binary-prefix", List.of("floor"),
                "a binary prefix for a decimal one, or the reverse: your value is off by 1.074 (1 GiB = 1.074 GB)"), time.causes().get(0));
    }

    /**
     * The factor named is the one the answer is off by: the vLLM paper's "1.6 GB" for a request's
     * 1.56 GiB (1.678 GB) is 1/1.049 of it, MiB's factor, and was said to be off by 0.9537 with
     * GiB's 1.074 beside it.
     */
    @Test
    void theBinaryFactorNamedIsTheOneTheAnswerIsOffBy() {
        Drills ledger = new Drills(java.nio.file.Path.of("examples/paged-attention/kv-ledger.chain"));
        Grade request = ledger.alone("per_request", "1.6 GB");
        assertEquals(new Cause("binary-prefix", List.of("per_request"),
                "a binary prefix for a decimal one, or the reverse: your value is off by 0.9537 (1 MiB = 1.049 MB)"),
                request.causes().get(0));
    }

    @Test
    void attentionHeadsForKvHeads() {
        Grade g = floor.alone("kv", "137.4 GB");
        assertEquals(Verdict.WRONG, g.verdict());
        assertCause(g, "swap", "model.heads", "model.kv_heads");
        // The swap in the formula kv names comes before the one in the formula that formula names (head_dim's).
        assertTrue(g.diagnosis().startsWith("several changes give your number: `model.heads` (32) in place of `model.kv_heads` (8) "
                + "(in `model.kv_bytes_per_token`); or "), g.diagnosis());
    }

    @Test
    void anUndividedByteCountWhereATimeIsAsked() {
        Grade g = floor.alone("floor", "50.42 GB");
        assertEquals(Verdict.WRONG_DIMENSION, g.verdict());
        assertEquals("your answer is information (B); `floor` is time (s): divide by `gpu.hbm_bandwidth`? "
                + "(that gives the right value)", g.diagnosis());
        assertCause(g, "dimension", "gpu.hbm_bandwidth");
    }

    @Test
    void aWrongKvCarriedIntoARightFloorIsConsistent() {
        assertEquals(Verdict.RIGHT, floor.answer("weights", "16.06 GB").verdict());
        assertEquals(Verdict.WRONG, floor.answer("kv", "0.5369 GB").verdict());
        Grade g = floor.answer("floor", "4.955 ms");
        assertEquals(Verdict.CONSISTENT, g.verdict());
        assertTrue(g.diagnosis().startsWith("consistent with your kv"), g.diagnosis());
        assertCause(g, "carried", "kv");
    }

    /**
     * kipply's capacity section rounds a token's kv to 0.002 GB: a learner who slipped on the free
     * memory earlier, was shown its right value and then made the post's rounding is told so, where
     * the mistake was looked for only at their wrong 16 TB and "no single change" was found.
     */
    @Test
    void aDeclaredMistakeIsFoundOnTheChainsValuesAfterAWrongEarlierAnswer() {
        Drills capacity = Drills.text("t.chain", """
                chain "t"

                inputs
                  memory = 120 GB
                  weights = 104 GB

                derive fits
                  free = memory - weights
                  @mistake("a token's kv rounded to 0.002 GB", free / (0.002 GB/token))
                  tokens = free / (2,097,152 B/token)
                """);
        assertEquals(Verdict.WRONG, capacity.answer("free", "16 TB").verdict());
        Grade g = capacity.answer("tokens", "8,000 token");
        assertEquals(Verdict.WRONG, g.verdict());
        assertCause(g, "declared");
        assertTrue(g.diagnosis().contains("a token's kv rounded to 0.002 GB"), g.diagnosis());
        // Right on the chain's values is still right, and right on the learner's is consistent.
        assertEquals(Verdict.RIGHT, capacity.answer("tokens", "7,629 token").verdict());
        assertEquals(Verdict.CONSISTENT, capacity.answer("tokens", "7,629,395 token").verdict());
    }

    @Test
    void aFloorAskedAloneNamesTheKvSlipItCarries() {
        Grade g = floor.alone("floor", "4.955 ms");
        assertEquals(Verdict.WRONG, g.verdict());
        assertCause(g, "carried", "kv", "batch");
    }

    @Test
    void hbmForInterconnectBandwidth() {
        Grade g = floor.alone("floor", "112 ms");
        assertEquals(Verdict.WRONG, g.verdict());
        assertTrue(has(g, "swap", "gpu.nvlink", "gpu.hbm_bandwidth") || has(g, "swap", "gpu.interconnect", "gpu.hbm_bandwidth"),
                g.causes().toString());
    }

    @Test
    void bf16BytesForFp8() {
        Grade g = new Drills("05-fp8-expectations.chain").alone("weights_fp8", "35.28 GB");
        assertEquals(Verdict.WRONG, g.verdict());
        assertCause(g, "swap", "model.weights_bf16", "model.weights_fp8");
    }

    @Test
    void bitsForBytes() {
        Grade g = floor.alone("kv", "274.9 GB");
        assertCause(g, "bits-bytes", "kv");
    }

    @Test
    void rightAnswersInOtherUnitsAreRight() {
        for (String answer : List.of("15.05 ms", "0.01505 s", "15,050 us", "15050 µs", "15.1 ms")) {
            Grade g = floor.alone("floor", answer);
            assertEquals(Verdict.RIGHT, g.verdict(), answer + ": " + g.diagnosis());
        }
        assertEquals("read 15,050 us as 15.05 ms", floor.alone("floor", "15,050 us").echo());
        assertEquals(Verdict.RIGHT, floor.alone("kv", "32 GiB").verdict());
        assertEquals(Verdict.RIGHT, floor.alone("kv", "34,359,738,368 B").verdict());
        assertEquals(Verdict.RIGHT, floor.alone("share", "63%").verdict());
        assertEquals(Verdict.RIGHT, floor.alone("share", "0.627").verdict());
        // The card's prose writes counts in the plural, and so may the learner.
        Grade tokens = floor.alone("tokens", "2,112 tokens");
        assertEquals(Verdict.RIGHT, tokens.verdict(), tokens.diagnosis());
    }

    @Test
    void everyStepOfEveryChainOfTheCardIsDiagnosedWithoutAFault() throws java.io.IOException {
        // A slip the search tries can make a divisor zero (chain 08: `chunks / steps` with `steps` zero): no number, no crash.
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(java.nio.file.Path.of("chains"))) {
            for (java.nio.file.Path file : files.filter(p -> p.toString().endsWith(".chain")).sorted().toList()) {
                Drills chain = new Drills(file);
                double[] values = chain.drill.values(null);
                for (dev.chain.check.BindingInfo step : chain.drill.steps()) {
                    String wrong = chain.drill.show(step, values[step.slot()] * 1.37, step.dimension());
                    Grade g = chain.alone(step.name(), wrong);
                    assertEquals(Verdict.WRONG, g.verdict(), file + " " + step.name() + " = " + wrong + ": " + g.diagnosis());
                }
            }
        }
    }

    @Test
    void aStepsToleranceDecidesWhatIsRight() {
        Drills weights = Drills.text("t.chain", """
                chain "Weights"
                use llama31_8b as model
                derive weights "{weights} and {load}"
                  @tolerance(5%)
                  weights = model.params * 2 B/param -> GB
                  @tolerance(0.1 ms)
                  load    = weights / 3.35 TB/s -> ms
                """);
        assertEquals(Verdict.RIGHT, weights.alone("weights", "16.7 GB").verdict()); // 4% over 16.06 GB
        assertEquals(Verdict.WRONG, weights.alone("weights", "17 GB").verdict()); // 5.9% over
        assertEquals(Verdict.RIGHT, weights.alone("load", "4.88 ms").verdict()); // 0.09 ms over 4.794 ms
        assertEquals(Verdict.WRONG, weights.alone("load", "4.9 ms").verdict());
        assertEquals(Verdict.WRONG, floor.alone("weights", "16.3 GB").verdict()); // 1.5% over: 1% without one
    }

    @Test
    void aNumberAloneAsksForItsUnit() {
        Grade g = floor.alone("floor", "15.05");
        assertEquals(Verdict.NO_UNIT, g.verdict());
        assertEquals("a number alone: which unit? `floor` is time (s); give the unit too: 15.05 ms", g.diagnosis());
    }

    @Test
    void aNumberAloneForACountAsksForItsUnitAsSetDoes() {
        // tokens are a dimension: 3.6 is a plain number, as --set context=8192 and :set context=8192 are, and not graded.
        Grade g = new Drills(java.nio.file.Path.of("examples/speculative/mtp.chain")).alone("tokens", "3.6");
        assertEquals(Verdict.NO_UNIT, g.verdict());
        assertEquals("a number alone: which unit? `tokens` is tokens (token); give the unit too: 3.6 token", g.diagnosis());
        // A count that is a plain number, as the batch is in chain 02, takes one: a wrong one is graded.
        assertEquals(Verdict.WRONG, Drills.text("t.chain", """
                chain "Steps"
                inputs
                  batch = 64
                derive steps
                  steps = batch / 4
                """).alone("steps", "15").verdict());
    }

    @Test
    void aNumberAloneOfOneOrMoreForAPercentageAsksForItsUnitAsSetDoes() {
        // share = floor / p50 -> %: 63 is 6,300%, as --set mfu=50 is 5,000%; 0.63 is the share it is.
        Grade g = floor.alone("share", "63");
        assertEquals(Verdict.NO_UNIT, g.verdict());
        assertEquals("`share` is written in percent, but `63` without a unit is 6,300%; write the unit: 63% "
                + "(or 6,300%, if that is meant)", g.diagnosis());
        assertEquals(Verdict.RIGHT, floor.alone("share", "0.63").verdict());
        assertEquals(Verdict.RIGHT, floor.alone("share", "63%").verdict());
    }

    @Test
    void anAnswerThatIsNoValueIsUnread() {
        Grade g = floor.alone("floor", "fifteen ms");
        assertEquals(Verdict.UNREAD, g.verdict());
        assertTrue(g.diagnosis().startsWith("cannot read `fifteen ms`: "), g.diagnosis());
    }

    @Test
    void noSingleChangeSaysSoAndShowsTheFormula() {
        Grade g = new Drills("01-lost-prefix-reuse.chain").alone("ratio", "3.3x");
        assertEquals(Verdict.WRONG, g.verdict());
        assertEquals("no single change to the derivation gives your number; the step is ratio = computed_after / computed",
                g.diagnosis());
    }
}
