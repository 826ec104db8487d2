package dev.chain.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Did-you-mean by edit distance: the answers, and a cost that grows with the length, not its square. */
class SuggestionsTest {
    @Test
    void theClosestNamesComeFirst() {
        List<String> names = List.of("weights", "kv", "floor", "weight_bytes", "Weights");
        assertEquals(List.of("Weights"), Suggestions.closest("weights", List.of("weights", "Weights"), 3));
        assertEquals(List.of("Weights", "weights"), Suggestions.closest("wieghts", names, 3));
        assertEquals(List.of("floor"), Suggestions.closest("flor", names, 3));
        assertEquals(List.of(), Suggestions.closest("zz", names, 3));
        assertEquals(List.of("h100_sxm"), Suggestions.closest("H100", List.of("h100_sxm", "h200_sxm"), 3));
    }

    @Test
    void distanceCountsEditsAndTranspositionsIgnoringCase() {
        assertEquals(0, Suggestions.distance("gbs", "GBs", 3));
        assertEquals(1, Suggestions.distance("wieghts", "weights", 3));
        assertEquals(2, Suggestions.distance("flr", "floor", 3));
        assertEquals(3, Suggestions.distance("abc", "xyz", 3));
        assertEquals(4, Suggestions.distance("abcd", "wxyz", 3), "cut off above the budget");
        assertEquals(4, Suggestions.distance("a", "abcde", 3));
        assertEquals(2, Suggestions.distance("", "ab", 3));
    }

    @Test
    void twoLongNamesOneLetterApartNeedNoSquareTable() {
        // Before the band, two names of 100,000 letters needed a table of 10^10 cells (40 GB).
        String a = "n".repeat(100_000);
        String b = "n".repeat(50_000) + "m" + "n".repeat(49_999);
        assertEquals(1, Suggestions.distance(a, b, 3));
        assertEquals(List.of(b), Suggestions.closest(a, List.of(b, "n"), 3));
    }
}
