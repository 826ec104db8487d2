package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import dev.chain.check.BindingInfo;
import dev.chain.check.Builtin;
import dev.chain.render.ModuleDoc;
import dev.chain.render.StdlibReference;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The stdlib reference page (docs/stdlib.md) is generated from the modules: these tests fail when
 * it has drifted from what `chain stdlib --markdown` makes now. `mvn test -Dgolden.update=true`
 * rewrites it; review the diff.
 */
class StdlibDocsTest {
    private static final Path PAGE = Path.of("docs/stdlib.md");

    private static final List<ModuleDoc> MODULES = StdlibCatalog.load(new Engine());

    @Test
    void theReferencePageIsWhatChainStdlibMarkdownMakes() {
        Golden.assertMatches(PAGE, StdlibReference.page(MODULES));
    }

    /**
     * docs/language.md names every operator and built-in from their declarations (ast.BinaryOp,
     * check.Builtin): the words between the backquotes of its "Operators" and "Built-in functions" lines.
     */
    @Test
    void theLanguagePageListsEveryOperatorAndBuiltIn() throws java.io.IOException {
        Path language = Path.of("docs/language.md");
        List<String> operators = new java.util.ArrayList<>();
        for (dev.chain.ast.BinaryOp op : dev.chain.ast.BinaryOp.values()) {
            operators.add(op.symbol());
        }
        operators.add("^"); // a power is an expression of its own (Expr.Power), not a BinaryOp
        List<String> builtins = new java.util.ArrayList<>();
        for (Builtin b : Builtin.values()) {
            builtins.add(b.functionName());
        }
        String text = java.nio.file.Files.readString(language);
        text = generated(text, "\n- Operators: `", operators);
        Golden.assertMatches(language, generated(text, "\n- Built-in functions: `", builtins));
    }

    /** {@code text} with the words between the backquotes after {@code lead} replaced by {@code words}. */
    private static String generated(String text, String lead, List<String> words) {
        int start = text.indexOf(lead) + lead.length();
        assertTrue(start >= lead.length(), "docs/language.md has its line starting" + lead);
        return text.substring(0, start) + String.join(" ", words) + text.substring(text.indexOf('`', start));
    }

    @Test
    void everyModuleAndEverySourceIsOnThePage() {
        String page = StdlibReference.page(MODULES);
        for (ModuleDoc m : MODULES) {
            assertTrue(page.contains("\n### `" + m.name() + "`\n"), m.name());
            for (BindingInfo b : m.bindings()) {
                assertTrue(page.contains("| `" + b.name() + "` | "), m.name() + "." + b.name());
            }
        }
        assertTrue(page.contains("| `hbm_bandwidth` | 3.35 TB/s | `B/s` | NVIDIA H100 datasheet, H100 SXM: GPU memory bandwidth 3.35TB/s."), page);
        assertTrue(page.contains("| `params` | 8,030,261,248 param | `param` | `= transformer.dense_params("), page);
    }

    @Test
    void moduleTextCannotInjectHtmlOrBreakATable() {
        String escaped = dev.chain.render.StdlibReferenceAccess.escape("<script>a|b</script> *x*");
        assertEquals("&lt;script&gt;a\\|b&lt;/script&gt; \\*x\\*", escaped);
    }

    @Test
    void summaryIsTheHeadOfTheFile() {
        assertEquals("NVIDIA H100 SXM5 80GB (HGX H100 baseboards). Dense tensor-core peaks are half the datasheet's"
                        + " \"with sparsity\" figures; the sparse ones are kept apart and named as such.",
                MODULES.stream().filter(m -> m.name().equals("h100_sxm")).findFirst().orElseThrow().summary());
    }
}
