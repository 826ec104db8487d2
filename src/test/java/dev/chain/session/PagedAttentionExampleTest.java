package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * examples/paged-attention/, a card written from the vLLM paper (Kwon et al., arXiv:2309.06180), its
 * numbers recomputed from OPT's config.json: OPT-13B's KV cache is 2 x 5,120 x 40 x 2 B = 800 KiB a
 * token (section 3's "800 KB"), 1.56 GiB a 2,048-token request ("1.6 GB"), and table 1's 12 GiB
 * for the KV cache on an A100 40GB holds 15,728 slots ("15.7K"); and table 1 whole, a row a server,
 * each row setting its model and GPU (modules) and its GPUs and KV memory. The OPT modules are
 * written by `chain import`.
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
    void orcaReservesWhatSection61Says() {
        assertEquals(List.of("2,048 token", "32 token", "2 page", "15 token"),
                Chains.texts(Chains.run(DIR.resolve("kv-ledger.chain")), "orca_max", "orca_pow2", "paged_blocks", "bound"));
    }

    @Test
    void table1sSlotsFollowFromItsKvMemoryButForOpt66b() {
        // 40 GB, 26 GB and 15.7K as table 1 says; OPT-66B's 21 GiB holds 9.56K slots where it says 9.7K.
        assertEquals(List.of("40 GB", "26 GB", "15.7K token"),
                Chains.texts(Chains.run(DIR.resolve("table-1.chain")), "memory", "weights", "slots"));
        // The table's second row, set by hand: the same chain, with the row's model, GPUs and KV memory.
        assertEquals(List.of("160 GB", "131 GB", "2.25 MiB/token", "9.56K token"),
                Chains.texts(Chains.run(DIR.resolve("table-1.chain"), "model=opt_66b", "gpus=4", "kv_memory=21 GiB"),
                        "memory", "weights", "kv", "slots"));
    }

    /**
     * Table 1 as the paper has it, a row a server, each row setting the model, the GPU (modules) and
     * the GPUs and KV memory (inputs): 40, 160 and 640 GB; 26, 131 and 349 GB of weights; 15.7K,
     * 9.56K and 60.1K slots.
     */
    @Test
    void theRenderedCardShowsThePapersNumbers() {
        Chains.assertRenderShows("examples/paged-attention/", List.of(
                "# PagedAttention: the KV ledger of the vLLM paper",
                "token    2 x 5,120 x 40 layers x 2 B = 800 KiB/token",
                "15.7K slots (15,728), 983 blocks of 16",
                "Orca (Max) reserves 2,048, Orca (Pow2) 32,",
                "| model | gpu | gpus | kv memory (GiB) | memory (GB) | weights (GB) | kv (MiB/token) | slots (token) |",
                "| OPT-13B | A100 SXM 40GB | 1 | 12 | 40 | 26 | 0.78 | 15.7K |",
                "| OPT-66B | A100 SXM 40GB | 4 | 21 | 160 | 131 | 2.25 | 9.56K |",
                "| OPT-175B | A100 SXM 80GB | 8 | 264 | 640 | 349 | 4.50 | 60.1K |"));
    }
}
