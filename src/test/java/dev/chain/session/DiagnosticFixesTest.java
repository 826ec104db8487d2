package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.diag.Diagnostic;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fixes a diagnostic carries (what an editor offers as code actions) are the replacements its
 * hint names, at the place they go; applying the first one gives a chain that checks.
 */
class DiagnosticFixesTest {
    /** Each fix of the first diagnostic, applied to the text. */
    private static List<String> fixed(String text) {
        ChainRun run = Chains.source("fix.chain", text);
        assertTrue(!run.diagnostics().isEmpty(), "an error to fix");
        Diagnostic d = run.diagnostics().get(0);
        List<String> out = new ArrayList<>();
        for (Diagnostic.Fix f : d.fixes()) {
            out.add(text.substring(0, f.span().start()) + f.replacement() + text.substring(f.span().end()));
        }
        return out;
    }

    private static void assertChecks(String text) {
        ChainRun run = Chains.source("fixed.chain", text);
        assertEquals(ChainRun.Status.OK, run.status(), () -> text + "\n" + Chains.diagnostics(run));
    }

    @Test
    void kiloBytesAskWhichOne() {
        assertEquals(List.of("v = 5 kB^2\n", "v = 5 KiB^2\n"), fixed("v = 5 KB^2\n"));
        assertChecks(fixed("v = 5 KB\n").get(0));
    }

    @Test
    void flopsAskWhetherARateOrAnAmount() {
        assertEquals(List.of("v = 5 TFLOP/s\n", "v = 5 TFLOP\n"), fixed("v = 5 TFLOPS\n"));
    }

    @Test
    void anUnknownUnitOffersTheClosestOnes() {
        List<String> fixes = fixed("v = 5 Gbps\n");
        assertEquals(List.of("v = 5 Gb/s\n"), fixes);
        assertEquals("v = 5 token\n", fixed("v = 5 tokens\n").get(0));
    }

    @Test
    void aValueGluedAsAUnitGetsItsSpaces() {
        String text = "batch = 64\nv = 16 GB/batch\n";
        assertEquals(List.of("batch = 64\nv = 16 GB / batch\n"), fixed(text));
        assertChecks(fixed(text).get(0));
    }

    @Test
    void namesModulesAndFunctionsAreSpeltAsTheClosestOnes() {
        assertEquals("weights = 1 GB\nv = weights * 2\n", fixed("weights = 1 GB\nv = wieghts * 2\n").get(0));
        assertEquals("use h100_sxm as gpu\nv = gpu.hbm_bandwidth\n",
                fixed("use h100_sxm as gpu\nv = gpu.hbm_bandwith\n").get(0));
        assertEquals("use h100_sxm as gpu\nv = gpu.hbm_bandwidth\n",
                fixed("use h100_sxm as gpu\nv = gpuu.hbm_bandwidth\n").get(0));
        assertEquals(List.of("use h100_nvl as gpu\nv = 1\n", "use h100_pcie as gpu\nv = 1\n", "use h100_sxm as gpu\nv = 1\n"),
                fixed("use h100 as gpu\nv = 1\n"));
        assertEquals("v = floor(2.5)\n", fixed("v = flor(2.5)\n").get(0));
        assertEquals("chain \"t\"\n", fixed("chian \"t\"\n").get(0));
    }
}
