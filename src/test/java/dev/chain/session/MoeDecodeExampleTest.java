package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * examples/moe/moe-decode.chain, a card written from the Mixtral paper's counts: a decode step of
 * a mixture of experts reads the weights of every expert some token was routed to. Its two ends
 * are published numbers: at batch 1 it reads the 12,879,925,248 active params (Mistral AI's
 * "12.9B per token"), at batch 64 all 46,702,792,704 (BF16, over 2 GPUs).
 */
class MoeDecodeExampleTest {
    private static final Path CHAIN = Path.of("examples/moe/moe-decode.chain");


    @Test
    void atItsOwnBatchOf16AStepTouchesNearlyEveryExpert() {
        assertEquals(List.of("7.92", "352 MB", "3.21 GB", "46.25 GB", "13.81 ms", "3.84 ms"),
                Chains.texts(Chains.run(CHAIN), "touched", "expert", "shared", "read", "floor", "active_floor"));
    }

    @Test
    void atBatch1ItReadsTheActiveWeightsAndAt64AllOfThem() {
        // 12,879,925,248 params x 2 B / 2 GPUs, and the floor is the active weights' own.
        assertEquals(List.of("2", "12.88 GB", "3.84 ms", "3.84 ms"),
                Chains.texts(Chains.run(CHAIN, "batch=1"), "touched", "read", "floor", "active_floor"));
        // 46,702,792,704 params x 2 B / 2 GPUs: every expert of every layer.
        assertEquals(List.of("46.70 GB", "13.94 ms"), Chains.texts(Chains.run(CHAIN, "batch=64"), "read", "floor"));
    }
}
