package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import dev.chain.session.repl.ReplSession;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A name through a module the chain's module uses ({@code server.model.params}): a local module
 * that holds a server's model and GPU, read from the chain that uses it. Llama 3.1 8B's
 * 8,030,261,248 params x 2 B = 16.06 GB over 2 H100s' 2 x 3.35 TB/s is 2.40 ms.
 */
class NestedModulesTest {
    private static final String DIR = "src/test/resources/nested/";

    @Test
    void aValueOfAModuleTheModuleUses() {
        CliRun r = CliRun.of("run", "--color=never", DIR + "floor.chain");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("  weights = server.model.params * 2 B/param = 8,030,261,248 param * 2 B/param = 16.06 GB\n"), r.out());
        assertTrue(r.out().contains("  floor   = weights / (server.gpus * server.gpu.hbm_bandwidth) = 16.06 GB / (2 * 3.35 TB/s) = 2.40 ms\n"),
                r.out());
        assertEquals("2.40", String.format("%.2f", 8_030_261_248.0 * 2 / (2 * 3.35e12) * 1e3));
    }

    @Test
    void aTemplateShowsOne() {
        CliRun r = CliRun.of("render", "--color=never", DIR + "floor.chain");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("inputs   Llama 3.1 8B on 2 x H100 SXM, batch 32\nfloor    8.03B params: 2.40 ms\n"), r.out());
    }

    @Test
    void theReplReadsAndCompletesOne() {
        ReplSession session = new ReplSession();
        session.submit(":load " + DIR + "floor.chain");
        assertEquals("3.35 TB/s\n", session.submit("server.gpu.hbm_bandwidth").text());
        assertTrue(session.submit(":info server.model.params").text().startsWith("server.model.params = transformer.dense_params("));
        assertTrue(completed(session, "server.model.par").contains("server.model.params"), completed(session, "server.model.par").toString());
        assertTrue(completed(session, "server.mo").contains("server.model."), completed(session, "server.mo").toString());
    }

    private static java.util.List<String> completed(ReplSession session, String typed) {
        return session.complete(typed, typed.length()).candidates().stream().map(c -> c.value()).toList();
    }

    @Test
    void mistakesSayWhichModuleLacksWhat() {
        CliRun r = CliRun.of("check", "--color=never", DIR + "mistakes.chain");
        assertEquals(1, r.exit(), r.err());
        Golden.assertMatches(Path.of(DIR + "mistakes.expected"), r.err());
    }
}
