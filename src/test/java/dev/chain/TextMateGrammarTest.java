package dev.chain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.ast.Keywords;
import dev.chain.syntax.Lexemes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The editor's TextMate grammar, held to the language without node: its regular expressions
 * applied (by {@link TextMateGrammar}, in Java's dialect where it agrees with Oniguruma's) to the
 * words of {@link Keywords} and to every file of chains/, stdlib/ and examples/, whose lexemes the
 * lexer itself classifies ({@link Lexemes}). The node test (editors/vscode/test, EditorGrammarTest)
 * runs the grammar through VS Code's own engine where npm is installed.
 */
class TextMateGrammarTest {
    private static final TextMateGrammar GRAMMAR = load();

    private static TextMateGrammar load() {
        try {
            return new TextMateGrammar(Path.of("editors/vscode/syntaxes/chain.tmLanguage.json"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The scopes of the first occurrence of {@code word} in a one-line text, at its every character. */
    private static List<String> scopesOf(String line, String word) {
        int at = line.indexOf(word);
        assertTrue(at >= 0, word + " in " + line);
        List<List<String>> chars = GRAMMAR.tokenize(line).get(0);
        List<String> first = chars.get(at);
        for (int i = at; i < at + word.length(); i++) {
            assertEquals(first, chars.get(i), "`" + word + "` is one token in " + line);
        }
        return first;
    }

    private static boolean has(List<String> scopes, String scope) {
        for (String s : scopes) {
            if (s.equals(scope) || s.startsWith(scope + ".")) {
                return true;
            }
        }
        return false;
    }

    @Test
    void everyReservedWordIsAKeywordAndNoUnit() {
        for (String word : Keywords.RESERVED) {
            List<String> alone = scopesOf("  x = a " + word + " b", word);
            assertTrue(has(alone, "keyword.control.chain"), word + ": " + alone);
            // after a number, where a word is read as its unit, a keyword is still a keyword
            List<String> afterNumber = scopesOf("  x = 2 " + word + " b", word);
            assertTrue(has(afterNumber, "keyword.control.chain") && !has(afterNumber, "keyword.other.unit.chain"),
                    word + " after a number: " + afterNumber);
        }
    }

    @Test
    void theWordsOfStatementsWithTextAreKeywordsThereAndNamesElsewhere() {
        for (String word : Keywords.TEXT_STATEMENTS) {
            List<String> header = scopesOf(word + " \"Title\"", word);
            assertTrue(has(header, "keyword.control"), word + ": " + header);
        }
        for (String word : Keywords.ALL) {
            if (!Keywords.RESERVED.contains(word)) {
                List<String> used = scopesOf("  x = a * " + word, word);
                assertTrue(has(used, "variable.other.chain"), word + " is a name in a formula: " + used);
            }
        }
    }

    @Test
    void aRangesStepAndFactorAreWordsOfTheRangeNotUnits() {
        List<String> by = scopesOf("  for batch in 1 .. 256 by 8", Keywords.BY);
        assertTrue(has(by, "keyword.control.chain"), by.toString());
        // The factor is an operator of the range, as `..` is: neither a unit nor the number it multiplies by.
        for (String factor : List.of("x2", "x10", "x1.5")) {
            List<String> scopes = scopesOf("  for batch in 1 .. 256 " + factor, factor);
            assertEquals(List.of("source.chain", "keyword.operator.factor.chain"), scopes, factor);
        }
        List<String> afterAUnit = scopesOf("  for context in 1,024 token .. 8,192 token x2", "x2");
        assertEquals(List.of("source.chain", "keyword.operator.factor.chain"), afterAUnit);
        List<String> glued = scopesOf("  for batch in 1..8x2", "x2");
        assertEquals(List.of("source.chain", "keyword.operator.factor.chain"), glued);
        List<String> name = scopesOf("  y = x2 * by", "x2");
        assertFalse(has(name, "keyword.operator.factor.chain"), "elsewhere x2 is a name: " + name);
    }

    @Test
    void anInputsRangeAndToleranceAreOperatorsOfTheRange() {
        assertEquals(List.of("source.chain", "keyword.operator.range.chain"), scopesOf("  mfu = 40% .. 60%", ".."));
        assertEquals(List.of("source.chain", "keyword.operator.range.chain"), scopesOf("  mfu = 50% ± 10%", "±"));
        // +/- is one token, as the lexer reads it: not a plus, a slash and a minus
        assertEquals(List.of("source.chain", "keyword.operator.range.chain"), scopesOf("  mfu = 50% +/- 10%", "+/-"));
        assertTrue(has(scopesOf("  mfu = 50% ± 10%", "10"), "constant.numeric"));
    }

    /** `-> 1` (language.md: `0.125 -> 1:.2f` is 0.13) converts to a plain number: its 1 is a number, as the lexer reads it. */
    @Test
    void aConversionToOneIsANumberNotAUnit() {
        List<String> one = scopesOf("  share = a / b -> 1:.2f", "1");
        assertTrue(has(one, "constant.numeric"), one.toString());
        assertFalse(has(one, "keyword.other.unit"), one.toString());
        assertTrue(has(scopesOf("  t = a / b -> ms:.2f", "ms"), "keyword.other.unit"));
    }

    /** Every lexeme of every shipped file is scoped as the lexer classifies it. */
    @Test
    void theGrammarScopesEveryShippedFileAsTheLexerDoes() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String folder : List.of("chains", "stdlib", "examples")) {
            try (Stream<Path> walk = Files.walk(Path.of(folder))) {
                walk.filter(p -> p.toString().endsWith(".chain") || p.toString().endsWith(".card")).sorted().forEach(files::add);
            }
        }
        assertTrue(files.size() > 40, "the shipped files: " + files.size());
        List<String> wrong = new ArrayList<>();
        for (Path file : files) {
            String text = Files.readString(file);
            List<List<List<String>>> lines = GRAMMAR.tokenize(text);
            int[] lineStart = lineStarts(text);
            for (Lexemes.Lexeme l : Lexemes.of(text)) {
                int line = line(lineStart, l.start());
                List<String> scopes = lines.get(line).get(l.start() - lineStart[line]);
                String word = text.substring(l.start(), l.end());
                String expected = switch (l.kind()) {
                    case KEYWORD -> "keyword.control";
                    case NUMBER -> "constant.numeric";
                    case STRING -> "string";
                    case COMMENT -> "comment";
                    default -> null;
                };
                boolean ok = expected != null ? has(scopes, expected)
                        // a name is never shown as a keyword, but for the word of a statement that takes text
                        : l.kind() != Lexemes.Kind.NAME || !has(scopes, "keyword.control")
                                || l.start() == lineStart[line] && Keywords.TEXT_STATEMENTS.contains(word);
                if (!ok) {
                    wrong.add(file + ":" + (line + 1) + ": `" + word + "` is " + l.kind() + " but " + scopes);
                }
            }
        }
        assertEquals(List.of(), wrong.subList(0, Math.min(20, wrong.size())), wrong.size() + " lexemes scoped wrongly");
    }

    /** Each expression is one that Java and Oniguruma read alike (see TextMateGrammar). */
    @Test
    void theGrammarUsesOnlyWhatBothDialectsReadAlike() {
        assertTrue(GRAMMAR.expressions().size() > 15);
        for (String[] e : GRAMMAR.expressions()) {
            assertNull(TextMateGrammar.refused(e[1], !e[2].isEmpty()), e[0]);
        }
        assertNotNull(TextMateGrammar.refused("[[:alpha:]]+", false));
        assertNotNull(TextMateGrammar.refused("\\h+", false));
        assertNotNull(TextMateGrammar.refused("(?<=\\s+)x", false));
        assertNotNull(TextMateGrammar.refused("\\1", true));
        assertNull(TextMateGrammar.refused("(?<![\\w.])\\d+", false));
        assertNull(TextMateGrammar.refused("\\\\h", false), "an escaped backslash before h");
    }

    private static int[] lineStarts(String text) {
        List<Integer> starts = new ArrayList<>(List.of(0));
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                starts.add(i + 1);
            }
        }
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int line(int[] starts, int offset) {
        int i = java.util.Arrays.binarySearch(starts, offset);
        return i >= 0 ? i : -i - 2;
    }
}
