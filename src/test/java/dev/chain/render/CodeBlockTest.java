package dev.chain.render;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The card's code-block layout: a label column of 9, wrapping at 76 with a hanging indent, no lone tail under 82. */
class CodeBlockTest {
    private static List<String> layout(String label, String... lines) {
        return CodeBlock.layout(List.of(new CodeBlock.Row(label, List.of(lines))));
    }

    @Test
    void labelsSitInAColumnOfNine() {
        assertEquals(List.of("inputs   batch 64"), layout("inputs", "batch 64"));
        assertEquals(List.of("expected 1.45x"), layout("expected", "1.45x"), "eight characters leave one space");
    }

    @Test
    void aLabelTooLongForTheColumnIsFollowedByTwoSpaces() {
        assertEquals(List.of("512 chunk  2 x 8.03e9 x 576"), layout("512 chunk", "2 x 8.03e9 x 576"));
    }

    @Test
    void longTextWrapsAt76WithAHangingIndent() {
        // The card's first block: "shared" would end at column 83.
        String text = "3,000-token prompts; before a template deploy, 95% of a 2,560-token shared prefix was cached: "
                + "243,200 cached tokens per 100 requests";
        assertEquals(List.of(
                "inputs   3,000-token prompts; before a template deploy, 95% of a 2,560-token",
                "         shared prefix was cached: 243,200 cached tokens per 100 requests"), layout("inputs", text));
    }

    @Test
    void aLineThatFitsIn82IsNotBrokenToLeaveAWordAlone() {
        String line = "2 x 80 layers x 2 x (4 - 1) / 4 x 8,192 x 2 B = 3.93 MB per token per GPU";
        assertEquals(82, ("bytes    " + line).length());
        assertEquals(List.of("bytes    " + line), layout("bytes", line));
        // One more character and it wraps at 76.
        assertEquals(List.of("bytes    2 x 80 layers x 2 x (4 - 1) / 4 x 8,192 x 2 B = 3.93 MB per token",
                "         per GPUs"), layout("bytes", line + "s"));
    }

    @Test
    void theAuthorsLineBreaksAreKept() {
        assertEquals(List.of("observed a 15% loss puts the FP8 step near 16.94 / 0.85 = 19.93 ms,",
                        "         1.71x what it should be"),
                layout("observed", "a 15% loss puts the FP8 step near 16.94 / 0.85 = 19.93 ms,", "1.71x what it should be"));
    }

    @Test
    void aWordLongerThanTheLineStaysWhole() {
        String word = "x".repeat(100);
        assertEquals(List.of("inputs   a", "         " + word, "         b"), layout("inputs", "a " + word + " b"));
    }

    @Test
    void aNumberIsNeverSeparatedFromItsUnit() {
        String text = "a".repeat(60) + " 123.4" + TemplateRenderer.NO_BREAK + "GB/s" + " tail words " + "b".repeat(10);
        List<String> lines = layout("step", text);
        assertEquals("step     " + "a".repeat(60), lines.get(0));
        assertEquals("         123.4 GB/s tail words " + "b".repeat(10), lines.get(1));
    }
}
