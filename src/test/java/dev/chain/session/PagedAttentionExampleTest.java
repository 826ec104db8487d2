package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.cli.CliRun;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * examples/paged-attention/, a card written from the vLLM paper (Kwon et al., arXiv:2309.06180), its
 * numbers recomputed from OPT's config.json: OPT-13B's KV cache is 2 x 5,120 x 40 x 2 B = 800 KiB a
 * token (section 3's "800 KB"), 1.56 GiB a 2,048-token request ("1.6 GB"), and table 1's 12 GiB
 * for the KV cache on an A100 40GB holds 15,728 slots ("15.7K").
 */
class PagedAttentionExampleTest {
    private static final Path DIR = Path.of("examples/paged-attention");


    @Test
    void opt13bOnAnA100GivesSection3sAndTable1sNumbers() {
        assertEquals(List.of("800 KiB/token", "1.56 GiB", "25.71 GB", "64%", "30%", "15,728 token", "983 page"),
                Chains.texts(Chains.run(DIR.resolve("kv-ledger.chain")),
                        "kv_token", "per_request", "weights", "weights_share", "kv_share", "slots", "blocks"));
    }

    @Test
    void opt13bsParametersAreCountedFromItsConfig() {
        // the 13B of the OPT paper: a biased ReLU MLP and biases everywhere, counted by opt.chain.
        assertEquals(List.of("12,853,473,280 param", "819,200 B/token"),
                Chains.texts(Chains.run(DIR.resolve("opt_13b.chain")), "params", "kv_bytes_per_token"));
    }

    @Test
    void orcaReservesWhatSection61Says() {
        assertEquals(List.of("2,048 token", "32 token", "2 page", "15 token"),
                Chains.texts(Chains.run(DIR.resolve("kv-ledger.chain")), "orca_max", "orca_pow2", "paged_blocks", "bound"));
    }

    @Test
    void theRenderedCardShowsThePapersNumbers() {
        CliRun r = CliRun.of("render", "examples/paged-attention/");
        assertEquals(0, r.exit(), r.err());
        String page = r.out();
        for (String shown : List.of(
                "# PagedAttention: the KV ledger of the vLLM paper",
                "token    2 x 5,120 x 40 layers x 2 B = 800 KiB/token",
                "15.7K slots (15,728), 983 blocks of 16",
                "Orca (Max) reserves 2,048, Orca (Pow2) 32,")) {
            assertTrue(page.contains(shown), () -> "the card shows " + shown + ":\n" + page);
        }
    }
}
