package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * examples/training/llama3-405b.chain, a card written from the Llama 3 paper and the Llama 3.1
 * model card as a new author would write it (issue 39): its counts with the prefixes and suffixes
 * papers use (405 Gparam, 15.6 Ttoken, 30.84M GPU hours), watts, GPU hours and dollars, each
 * shown as the author wrote it. It reproduces the paper's 3.8e25 FLOPs.
 */
class TrainingExampleTest {
    private static final Path CHAIN = Path.of("examples/training/llama3-405b.chain");

    @Test
    void itsNumbersAreThePapersAsWritten() {
        ChainRun run = Chains.run(CHAIN);
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        assertEquals(List.of("405 Gparam", "15.6 Ttoken", "30,840,000 GPU·h", "700 W/GPU", "3.791e25 FLOP", "34.5%", "21.6 GWh",
                        "61,680,000 USD"),
                java.util.stream.Stream.of("params", "tokens", "gpu_hours", "tdp", "flops", "mfu", "energy", "cost")
                        .map(b -> Chains.text(run, b)).toList());
    }
}
