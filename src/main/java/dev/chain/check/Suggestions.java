package dev.chain.check;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** "Did you mean ...?": the closest candidates by edit distance, ignoring case. */
public final class Suggestions {
    private Suggestions() {}

    public static List<String> closest(String written, Collection<String> candidates, int limit) {
        String lower = written.toLowerCase(Locale.ROOT);
        int budget = Math.max(1, Math.min(3, written.length() / 3));
        List<String> exactIgnoringCase = new ArrayList<>();
        List<Scored> scored = new ArrayList<>();
        for (String c : candidates) {
            if (c.equals(written)) {
                continue;
            }
            String cl = c.toLowerCase(Locale.ROOT);
            if (cl.equals(lower)) {
                if (!exactIgnoringCase.contains(c)) {
                    exactIgnoringCase.add(c);
                }
                continue;
            }
            if (Math.abs(cl.length() - lower.length()) > budget) {
                continue;
            }
            int d = distance(lower, cl, budget);
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
                if (!c.equals(written) && c.toLowerCase(Locale.ROOT).startsWith(lower)) {
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

    /** Optimal string alignment distance (a transposition counts as one edit), cut off above budget. */
    static int distance(String a, String b, int budget) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int rowMin = Integer.MAX_VALUE;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    v = Math.min(v, d[i - 2][j - 2] + 1);
                }
                d[i][j] = v;
                rowMin = Math.min(rowMin, v);
            }
            if (rowMin > budget) {
                return budget + 1;
            }
        }
        return d[a.length()][b.length()];
    }
}
