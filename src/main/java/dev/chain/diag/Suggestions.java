package dev.chain.diag;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** "Did you mean ...?": the closest candidates by edit distance, ignoring case. */
public final class Suggestions {
    private Suggestions() {}

    /**
     * The candidates closest to {@code written}, at most {@code limit}. Linear in the candidates,
     * and each is compared without an allocation: a file with an error on each of 100,000 lines
     * asks once per line (the checker stops asking past the errors a report shows, see
     * check.HintBudget).
     */
    public static List<String> closest(String written, Collection<String> candidates, int limit) {
        String lower = written.toLowerCase(Locale.ROOT);
        int budget = Math.max(1, Math.min(3, written.length() / 3));
        List<String> exactIgnoringCase = new ArrayList<>();
        List<Scored> scored = new ArrayList<>();
        for (String c : candidates) {
            if (c.equals(written)) {
                continue;
            }
            if (c.equalsIgnoreCase(written)) {
                if (!exactIgnoringCase.contains(c)) {
                    exactIgnoringCase.add(c);
                }
                continue;
            }
            if (Math.abs(c.length() - lower.length()) > budget) {
                continue;
            }
            int d = distance(lower, c, budget);
            if (d <= budget) {
                scored.add(new Scored(c, d));
            }
        }
        if (!exactIgnoringCase.isEmpty()) {
            return exactIgnoringCase.subList(0, Math.min(limit, exactIgnoringCase.size()));
        }
        if (scored.isEmpty() && lower.length() >= 3) {
            // A shortened name: `h100` for `h100_sxm`, `llama` for `llama31_8b`.
            for (String c : candidates) {
                if (!c.equals(written) && c.regionMatches(true, 0, written, 0, written.length())) {
                    scored.add(new Scored(c, c.length() - written.length()));
                }
            }
        }
        scored.sort(Comparator.comparingInt(Scored::distance).thenComparing(Scored::candidate));
        List<String> out = new ArrayList<>();
        for (Scored s : scored) {
            if (out.size() == limit) {
                break;
            }
            if (!out.contains(s.candidate())) {
                out.add(s.candidate());
            }
        }
        return out;
    }

    /** "`a`", "`a` or `b`", "`a`, `b` or `c`". */
    public static String orList(List<String> names) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            if (i > 0) {
                sb.append(i == names.size() - 1 ? " or " : ", ");
            }
            sb.append('`').append(names.get(i)).append('`');
        }
        return sb.toString();
    }

    private record Scored(String candidate, int distance) {}

    /**
     * Optimal string alignment distance (a transposition counts as one edit) between a lower-case
     * {@code a} and {@code b} compared ignoring case, cut off above {@code budget}. Only the band
     * of cells within {@code budget} of the diagonal can hold a distance within it, so only those
     * are computed, in three rows: time and memory grow with the length, not its square (two
     * names of 100,000 letters would otherwise need a table of 10^10 cells).
     */
    static int distance(String a, String b, int budget) {
        int n = a.length();
        int m = b.length();
        int over = budget + 1;
        if (Math.abs(n - m) > budget) {
            return over;
        }
        int[] before = new int[m + 1]; // row i - 2
        int[] previous = new int[m + 1]; // row i - 1
        int[] current = new int[m + 1]; // row i
        java.util.Arrays.fill(before, over);
        java.util.Arrays.fill(current, over);
        for (int j = 0; j <= m; j++) {
            previous[j] = Math.min(j, over);
        }
        for (int i = 1; i <= n; i++) {
            int lo = Math.max(1, i - budget);
            int hi = Math.min(m, i + budget);
            // The cell left of the band: the first column, or outside the band (too far).
            current[lo - 1] = lo == 1 ? Math.min(i, over) : over;
            char ai = a.charAt(i - 1);
            int rowMin = current[lo - 1];
            for (int j = lo; j <= hi; j++) {
                char bj = Character.toLowerCase(b.charAt(j - 1));
                int cost = ai == bj ? 0 : 1;
                int v = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && ai == Character.toLowerCase(b.charAt(j - 2)) && a.charAt(i - 2) == bj) {
                    v = Math.min(v, before[j - 2] + 1);
                }
                current[j] = Math.min(v, over);
                rowMin = Math.min(rowMin, current[j]);
            }
            if (rowMin > budget) {
                return over;
            }
            int[] recycled = before;
            before = previous;
            previous = current;
            current = recycled;
        }
        return previous[m];
    }
}
