package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Expressions that must be refused, each with the part of the message that teaches the fix. */
class EvalErrorsTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "3 GB + 2 ms             | cannot add B (information) and s (time)",
        "5 KB                    | `KB` is ambiguous: kB (1000 B) or KiB (1024 B)?",
        "10 TFLOPS               | `TFLOPS` is ambiguous",
        "1 FLOPS                 | FLOP/s",
        "3 flops                 | `flops` is ambiguous",
        "4 GBs                   | unknown unit `GBs`",
        "1 / 0 s                 | division by zero",
        "1 GB / (2 s - 2 s)      | division by zero",
        "max(3,000)              | `max` takes at least 2 arguments, not 1",
        "1,5                     | `1,5` is not a number",
        "3,0000                  | `3,0000` is not a number",
        "(1 + 2                  | unexpected end of input",
        "2 x 8                   | write multiplication as `*` or `×`",
        "1 GB -> ms              | cannot convert B (information) to ms",
        "3 ms < 2 GB             | unexpected",
        "sqrt(2 B)               | cannot take the square root of B (information)",
        "2^(1 s)                 | an exponent must be a plain number",
        "(2 GB) GB               | already has a unit",
        "nosuch * 2              | unknown name `nosuch`",
        "flor(2.5)               | did you mean `floor`?",
        "1e999999                | number too large",
        "10^400                  | too large to represent",
        "5 $                     | unexpected character `$`",
        "\"text\"                | text on its own does nothing",
        "1 GB :.123f             | not a number format",
        "min(1 s, 2 B)           | `min` cannot compare s (time) with B (information)",
        "(-8)^(1/3)              | this power has no real value",
        "log2(1 GB)              | `log2` takes a plain number, not B (information)",
        "log2(1 GB)              | divide by a unit first: log2(1 GB / 1 GB)",
        "ln(0)                   | logarithm of zero",
        "log10(-1)               | logarithm of a negative value",
        "log(8, 1)               | a logarithm to base 1 has no value",
        "log(8)                  | `log` takes 2 arguments, not 1",
        "exp(1 s)                | `exp` takes a plain number, not s (time)",
        "exp(1000)               | too large to represent",
        "(-8)^0.5                | a negative number raised to a fractional power",
        "# only a comment        | the expression is empty",
        "round(14.76 ms)         | `round` of s (time) needs a step",
        "round(14.76 ms)         | give the step to round to: round(14.76 ms, 1 ms)",
        "floor(3.7 GB)           | `floor` of B (information) needs a step",
        "ceil(2 TFLOP / 1 s)     | `ceil` of FLOP/s (compute rate) needs a step",
        "round(2 ms, 1 GB)       | `round` cannot round s (time) with B (information)",
    })
    void isRefusedWithAMessageThatSaysWhy(String expression, String expectedPart) {
        Evaluate.Outcome outcome = Evaluate.expression(expression);
        assertNull(outcome.result(), "should have been refused: " + expression);
        String rendered = outcome.rendered();
        assertTrue(rendered.contains(expectedPart), "expected «" + expectedPart + "» in:\n" + rendered);
        assertTrue(rendered.startsWith("<expr>:1:"), "diagnostics start with a location:\n" + rendered);
    }

    @Test
    void aHugeNameIsQuotedShortNotWhole() {
        String name = "z".repeat(100_000);
        Evaluate.Outcome outcome = Evaluate.expression(name + " + 1");
        String rendered = outcome.rendered();
        // `zzz...zzz` is one word of 100,002 characters: its first 60 and last 10 are kept
        assertTrue(rendered.contains("error: unknown name `" + "z".repeat(59) + "...(99932 characters cut)..." + "z".repeat(9) + "`"),
                rendered.substring(0, Math.min(400, rendered.length())));
        assertTrue(rendered.length() < 2_000, "a 100,000-letter name made " + rendered.length() + " characters of error");
    }

    @Test
    void anEmptyExpressionIsCalledEmpty() {
        for (String blank : new String[] {"", "   ", "\n"}) {
            isRefusedWithAMessageThatSaysWhy(blank, "error: the expression is empty");
        }
    }
}
