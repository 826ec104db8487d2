package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * examples/speculative/, a card written from two published results of speculative decoding. The
 * first is Leviathan et al.'s equation 1 and theorem 3.8 (arXiv:2211.17192) on its table 2's row of
 * T5-XXL with a T5-small draft (gamma 7, alpha 0.75): 3.60 tokens a target step, and with the draft's
 * cost taken as its share of the parameters (77M of 11B), 3.43x where the paper measured 3.4X. The
 * second is DeepSeek-V3's MTP module (arXiv:2412.19437, section 5.4.3): 85-90% of its second tokens
 * accepted, its cost counted from the config's shapes (1.61B of 36.6B params a step), 1.77-1.82x
 * where DeepSeek measured 1.8 times the tokens per second.
 */
class SpeculativeExampleTest {
    private static final Path DIR = Path.of("examples/speculative");


    @Test
    void theT5RowGivesThePapersSpeedUp() {
        assertEquals(List.of("3.60 token", "0.70%", "3.43x"),
                Chains.texts(Chains.run(DIR.resolve("leviathan.chain")), "tokens", "c", "speedup"));
    }

    @Test
    void deepSeeksMtpGivesItsPublishedTokensPerSecond() {
        assertEquals(List.of("1,614,779,648 param", "4.4%", "1.88 token (1.85 .. 1.90 token)", "1.80x (1.77 .. 1.82x)"),
                Chains.texts(Chains.run(DIR.resolve("mtp.chain")), "mtp_active", "c", "tokens", "speedup"));
    }

    @Test
    void theRenderedCardShowsThePublishedNumbers() {
        Chains.assertRenderShows("examples/speculative/", List.of(
                "step     (1 - 75%^(7 + 1)) / (1 - 75%) = 3.60 tokens per target step",
                "0.70% + 1) = 3.43x",
                "| 7 | 3.60 | 3.43 |",
                "the paper's 3.4X needs a draft that costs at most 1.06% of a target step",
                "the MTP step computes with 1.61B params, the main model's with",
                "36.6B: c = 4.4%",
                "step's cost: 1.77-1.82x",
                "Next card: [Disaggregated prefill and decode](/cards/disaggregated-prefill-and-decode/)"));
    }
}
