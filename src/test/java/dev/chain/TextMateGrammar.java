package dev.chain;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The editor's TextMate grammar (editors/vscode/syntaxes/chain.tmLanguage.json) applied as VS
 * Code applies it, with Java's regular expressions in place of Oniguruma's, so that its test runs
 * with a JDK alone. It reads the part of the format the grammar uses: {@code match} rules with
 * {@code name} and {@code captures}, {@code begin}/{@code end} rules with their captures and
 * inner {@code patterns}, lists of {@code patterns}, and {@code include} of a repository entry;
 * anything else fails loudly rather than being read wrong. As in vscode-textmate, each line is
 * matched with a newline after it; at each position the rule whose match starts first wins, the
 * earlier-listed on a tie, and an open rule's {@code end} before its inner patterns.
 *
 * <p>The two dialects agree on what the grammar may use, which {@link #refused} enforces: the
 * grammar may not use POSIX brackets ({@code [[:alpha:]]}, which Java reads as a set of letters),
 * {@code \h} (a hex digit to Oniguruma, a blank to Java), {@code \G}, {@code \K}, {@code \p{...}}
 * classes (named differently), conditionals {@code (?(...)}, subexpression calls {@code \g<...>},
 * the absent operator {@code (?~...)}, back-references from an {@code end} to its {@code begin},
 * or a quantifier inside a lookbehind (Oniguruma's must have a fixed length). {@code \w \d \s \b}
 * are Unicode-aware in both ({@link Pattern#UNICODE_CHARACTER_CLASS} here).
 */
final class TextMateGrammar {
    private static final Set<String> RULE_KEYS = Set.of("name", "match", "captures", "begin", "end", "beginCaptures",
            "endCaptures", "patterns", "include", "comment");

    /** One rule: a match, a begin/end pair, or a list of patterns (an include is resolved to its rule). */
    private static final class Rule {
        String name;
        Pattern match;
        Pattern begin;
        Pattern end;
        Map<Integer, String> captures = Map.of();
        Map<Integer, String> beginCaptures = Map.of();
        Map<Integer, String> endCaptures = Map.of();
        List<Rule> patterns = List.of();
    }

    private final JsonObject repository;
    private final Map<String, Rule> resolved = new LinkedHashMap<>();
    private final List<Rule> top;
    /** Every regular expression of the grammar, as written, with where it is. */
    private final List<String[]> sources = new ArrayList<>();

    TextMateGrammar(Path file) throws IOException {
        JsonObject grammar = JsonParser.parseString(Files.readString(file)).getAsJsonObject();
        repository = grammar.getAsJsonObject("repository");
        top = patterns(grammar.getAsJsonArray("patterns"), "patterns");
        for (String key : repository.keySet()) {
            include(key);
        }
    }

    /** The regular expressions as written: {where, expression, "end" for an end pattern}. */
    List<String[]> expressions() {
        return sources;
    }

    /** The scopes of every character of each line of {@code text}, line by line. */
    List<List<List<String>>> tokenize(String text) {
        List<List<List<String>>> out = new ArrayList<>();
        List<Rule> stack = new ArrayList<>(); // the begin/end rules open, innermost last
        for (String line : text.split("\n", -1)) {
            out.add(line(line, stack));
        }
        return out;
    }

    private List<List<String>> line(String line, List<Rule> stack) {
        String input = line + "\n";
        List<List<String>> scopes = new ArrayList<>();
        // Each expression's next match in this line, kept while it lies ahead (as vscode-textmate's scanner keeps it).
        Map<Pattern, Matcher> ahead = new java.util.IdentityHashMap<>();
        int pos = 0;
        while (pos < input.length()) {
            Rule open = stack.isEmpty() ? null : stack.get(stack.size() - 1);
            List<Rule> candidates = new ArrayList<>();
            flatten(open == null ? top : open.patterns, candidates);
            Matcher best = null;
            Rule bestRule = null;
            if (open != null) {
                best = next(open.end, input, pos, ahead);
            }
            for (Rule r : candidates) {
                Matcher m = next(r.match != null ? r.match : r.begin, input, pos, ahead);
                if (m != null && (best == null || m.start() < best.start())) {
                    best = m;
                    bestRule = r;
                }
            }
            List<String> here = names(stack);
            if (best == null) {
                fill(scopes, input.length(), here);
                break;
            }
            fill(scopes, best.start(), here);
            if (bestRule == null) { // the open rule ends
                paint(scopes, best, here, open.endCaptures);
                stack.remove(stack.size() - 1);
            } else if (bestRule.begin != null) {
                stack.add(bestRule);
                paint(scopes, best, names(stack), bestRule.beginCaptures);
            } else {
                List<String> matched = new ArrayList<>(here);
                if (bestRule.name != null) {
                    matched.add(bestRule.name);
                }
                paint(scopes, best, matched, bestRule.captures);
            }
            if (best.end() == best.start() && bestRule != null && bestRule.begin == null) {
                fill(scopes, best.start() + 1, here); // an empty match moves on by a character
            }
            pos = scopes.size();
        }
        return scopes.subList(0, line.length());
    }

    /** The first match of {@code p} at or after {@code pos}, or null; a match found before and still ahead is kept. */
    private static Matcher next(Pattern p, String input, int pos, Map<Pattern, Matcher> ahead) {
        Matcher m = ahead.get(p);
        if (m != null && m.start() >= pos) {
            return m;
        }
        if (ahead.containsKey(p) && m == null) {
            return null; // none in the rest of the line
        }
        m = p.matcher(input);
        Matcher found = m.find(pos) ? m : null;
        ahead.put(p, found);
        return found;
    }

    private static List<String> names(List<Rule> stack) {
        List<String> out = new ArrayList<>(List.of("source.chain"));
        for (Rule r : stack) {
            if (r.name != null) {
                out.add(r.name);
            }
        }
        return out;
    }

    private static void fill(List<List<String>> scopes, int to, List<String> names) {
        while (scopes.size() < to) {
            scopes.add(names);
        }
    }

    /** The characters of a match, each with the rule's scopes and those of the captures around it. */
    private static void paint(List<List<String>> scopes, Matcher m, List<String> names, Map<Integer, String> captures) {
        for (int i = m.start(); i < m.end(); i++) {
            List<String> at = new ArrayList<>(names);
            for (Map.Entry<Integer, String> c : captures.entrySet()) {
                int g = c.getKey();
                if (g <= m.groupCount() && m.start(g) >= 0 && m.start(g) <= i && i < m.end(g)) {
                    at.add(c.getValue());
                }
            }
            scopes.add(at);
        }
    }

    private static void flatten(List<Rule> rules, List<Rule> out) {
        for (Rule r : rules) {
            if (r.match == null && r.begin == null) {
                flatten(r.patterns, out);
            } else {
                out.add(r);
            }
        }
    }

    // ---- reading the grammar ----------------------------------------------------------------

    private Rule include(String key) {
        Rule known = resolved.get(key);
        if (known != null) {
            return known;
        }
        JsonObject entry = repository.getAsJsonObject(key);
        if (entry == null) {
            throw new IllegalStateException("include #" + key + ": no such repository entry");
        }
        Rule r = new Rule();
        resolved.put(key, r); // before its patterns, which may include it again
        fill(r, entry, key);
        return r;
    }

    private List<Rule> patterns(JsonArray array, String where) {
        List<Rule> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            JsonObject o = array.get(i).getAsJsonObject();
            if (o.has("include")) {
                String target = o.get("include").getAsString();
                if (!target.startsWith("#") || o.size() != 1) {
                    throw new IllegalStateException(where + ": the test reads only includes of #entry, not " + o);
                }
                out.add(include(target.substring(1)));
            } else {
                Rule r = new Rule();
                fill(r, o, where + "[" + i + "]");
                out.add(r);
            }
        }
        return out;
    }

    private void fill(Rule r, JsonObject o, String where) {
        for (String key : o.keySet()) {
            if (!RULE_KEYS.contains(key)) {
                throw new IllegalStateException(where + ": the test does not read `" + key + "`; teach TextMateGrammar it");
            }
        }
        r.name = o.has("name") ? o.get("name").getAsString() : null;
        r.match = o.has("match") ? compile(o.get("match").getAsString(), where, false) : null;
        r.begin = o.has("begin") ? compile(o.get("begin").getAsString(), where, false) : null;
        r.end = o.has("end") ? compile(o.get("end").getAsString(), where, true) : null;
        if ((r.begin == null) != (r.end == null)) {
            throw new IllegalStateException(where + ": a begin needs an end");
        }
        r.captures = captures(o, "captures", where);
        r.beginCaptures = captures(o, "beginCaptures", where);
        r.endCaptures = captures(o, "endCaptures", where);
        r.patterns = o.has("patterns") ? patterns(o.getAsJsonArray("patterns"), where) : List.of();
    }

    private static Map<Integer, String> captures(JsonObject o, String key, String where) {
        if (!o.has(key)) {
            return Map.of();
        }
        Map<Integer, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonElement> e : o.getAsJsonObject(key).entrySet()) {
            JsonObject c = e.getValue().getAsJsonObject();
            if (c.size() != 1 || !c.has("name")) {
                throw new IllegalStateException(where + "." + key + "." + e.getKey() + ": the test reads a capture's name only");
            }
            out.put(Integer.parseInt(e.getKey()), c.get("name").getAsString());
        }
        return out;
    }

    private Pattern compile(String regex, String where, boolean end) {
        sources.add(new String[] {where, regex, end ? "end" : ""});
        String why = refused(regex, end);
        if (why != null) {
            throw new IllegalStateException(where + ": " + why + " in " + regex);
        }
        return Pattern.compile(regex, Pattern.UNICODE_CHARACTER_CLASS);
    }

    /** Why the two dialects would read {@code regex} differently, or null if they agree. */
    static String refused(String regex, boolean end) {
        String[][] constructs = {
            {"[[:", "a POSIX bracket, which Java reads as a set of characters"},
            {"\\h", "\\h, a hex digit to Oniguruma and a blank to Java"},
            {"\\H", "\\H, see \\h"},
            {"\\G", "\\G, where TextMate's scan began"},
            {"\\K", "\\K, which Java lacks"},
            {"\\p{", "a \\p{...} class, whose names differ"},
            {"\\P{", "a \\P{...} class, whose names differ"},
            {"(?(", "a conditional, which Java lacks"},
            {"\\g<", "a subexpression call, which Java lacks"},
            {"(?~", "the absent operator, which Java lacks"},
        };
        for (int i = 0; i < regex.length(); i++) {
            if (regex.charAt(i) == '\\' && i + 1 < regex.length()) {
                String two = regex.substring(i, Math.min(regex.length(), i + 3));
                for (String[] c : constructs) {
                    if (c[0].startsWith("\\") && two.startsWith(c[0])) {
                        return c[1];
                    }
                }
                if (end && Character.isDigit(regex.charAt(i + 1))) {
                    return "a back-reference from an end to its begin, which the test does not read";
                }
                i++; // an escaped character is no construct
                continue;
            }
            for (String[] c : constructs) {
                if (!c[0].startsWith("\\") && regex.startsWith(c[0], i)) {
                    return c[1];
                }
            }
            if (regex.startsWith("(?<=", i) || regex.startsWith("(?<!", i)) {
                int close = closing(regex, i);
                String inside = regex.substring(i + 4, close);
                if (inside.matches("(?s).*(?<!\\\\)[*+?{].*")) {
                    return "a quantifier inside a lookbehind, which Oniguruma refuses";
                }
            }
        }
        return null;
    }

    private static int closing(String regex, int open) {
        int depth = 0;
        boolean inClass = false;
        for (int i = open; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        throw new IllegalStateException("unbalanced parentheses in " + regex);
    }
}
