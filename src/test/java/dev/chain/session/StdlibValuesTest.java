package dev.chain.session;

import dev.chain.Golden;
import dev.chain.check.BindingInfo;
import dev.chain.render.ModuleDoc;
import java.math.BigDecimal;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Every constant of the stdlib with its value, to the last digit the double holds, in base units
 * (src/test/resources/golden/stdlib/values.txt). Cards depend on these values, so a changed one
 * must show in review and get its own CHANGELOG line: when gpt-oss's active_params moved to the
 * publisher's count, a card that subtracted the embedding itself printed 4.55B with no error.
 * docs/stdlib.md rounds to the digits a reader wants; this file does not round.
 * {@code -Dgolden.update=true} rewrites it after a deliberate change.
 */
class StdlibValuesTest {
    @Test
    void everyConstantWithItsValue() {
        StringBuilder out = new StringBuilder("# chain's stdlib: every constant, its value in base units, its dimension\n");
        for (ModuleDoc module : StdlibCatalog.load(new Engine())) {
            out.append('\n');
            for (BindingInfo b : module.bindings()) {
                String value = b.isText() ? module.value(b) : exact(module.values().valueOf(b));
                out.append(module.name()).append('.').append(b.name()).append(" = ").append(value)
                        .append("  [").append(module.dimension(b)).append("]\n");
            }
        }
        Golden.assertMatches(Path.of("src/test/resources/golden/stdlib/values.txt").toAbsolutePath(), out.toString());
    }

    /** The double's shortest exact decimal form, without an exponent: 5132849472, 0.0125, 3.35E12 as 3350000000000. */
    private static String exact(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }
}
