package dev.chain.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fast path ({@link DirectParser}) against the grammar: it must take every file the project
 * ships (or it would not be fast), and on any text, shipped, broken or mutated at random, it must
 * make the grammar's tree or decline.
 */
class DirectParserTest {
    private static final List<Path> SHIPPED = List.of(Path.of("chains"), Path.of("stdlib"), Path.of("examples"));
    private static final List<Path> BROKEN = List.of(Path.of("src/test/resources/errors"),
            Path.of("src/test/resources/dev/chain/fuzz"));

    static Stream<Path> shipped() throws IOException {
        return files(SHIPPED);
    }

    static Stream<Path> broken() throws IOException {
        return files(BROKEN);
    }

    private static Stream<Path> files(List<Path> roots) throws IOException {
        List<Path> all = new ArrayList<>();
        for (Path root : roots) {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.filter(Files::isRegularFile)
                        .filter(p -> !p.toString().endsWith(".expected") && !p.toString().endsWith(".md"))
                        .sorted().forEach(all::add);
            }
        }
        return all.stream();
    }

    private static String read(Path path) throws IOException {
        return new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @MethodSource("shipped")
    void takesEveryShippedFileAndMakesTheGrammarsTree(Path path) throws IOException {
        assertTrue(FastPathAgreement.assertFileAgrees(read(path)), "the fast path declined " + path);
    }

    @ParameterizedTest
    @MethodSource("shipped")
    void takesEveryShippedFileWithOtherLineEndings(Path path) throws IOException {
        String text = read(path);
        assertTrue(FastPathAgreement.assertFileAgrees(text.replace("\n", "\r\n")), "CRLF: " + path);
        assertTrue(FastPathAgreement.assertFileAgrees(text.replace("\n", "\r")), "CR: " + path);
    }

    @ParameterizedTest
    @MethodSource("broken")
    void agreesOrDeclinesOnTheErrorCorpus(Path path) throws IOException {
        FastPathAgreement.assertFileAgrees(read(path));
    }

    /** Spellings where the grammar chooses between two readings, or which it reports. */
    @ParameterizedTest
    @ValueSource(strings = {
        "x = 3 TB/s\n", "x = 3 GB/x(2)\n", "x = 3 GB/s^2\n", "x = 3 GB/s^x\n", "x = 2 B·s\n", "x = 2 B · s\n",
        "x = 2 GB/gpu.hbm\n", "x = 2 GB / s\n", "x = (2 GB)/s\n", "x = a/b\n", "x = 1,234\n", "x = f(1,2)\n",
        "x = f(1, 2)\n", "x = 1,000.5,000\n", "x = 3GB\n", "x = 1..2\n", "x = .5_0\n", "x = 3_000.5_5e-3 GB\n",
        "x = 2e\n", "x = 1e400\n", "x = 2^-3 GB\n", "x = -+-2 GB\n", "x = a GB\n", "x = a^2 GB\n",
        "x = 3 GB -> MB:,.2f\n", "x = 3 GB to MB :.4eng\n", "x = 3 GB:.2fx\n", "x = (3 GB -> MB)\n",
        "check a ≈ b within 1%\n", "check a ≈ b\n", "check a < b within 1%\n", "check a in 0% .. 100%\n",
        "check a ~= b within 2 %\n", "check a != b\n", "check a >= b within c within d\n",
        "unit min = 60 s\n", "unit token, tokens: Tokens\n", "unit %: 1\n", "dimension Bandwidth = Bytes/(Time*1)\n",
        "dimension X = Bytes^2/Time^-1\n", "dimension Y = 2\n", "fn f(a: Bytes, b: Bytes/Time): Time = a / b\n",
        "fn g() = 1\n", "@source(\"x\", 3, y)\nunit q = 2 s\n", "@source(\"x\")\nchain \"t\"\n", "@a\n",
        "chain \"a \\\"b\\\" \\n\"\n", "chain \"a \\q\"\n", "chain \"unterminated\n", "note \"\"\"a\n\"b\"\nc\"\"\"\n",
        "note \"{x} and {=y:#}\"\n", "note \"{x\"\n", "derive \"b {batch}\" \"t\"\ninputs\nsanity \"s\"\n",
        "card \"C\"\nintro \"i\"\ninclude \"a.chain\"\nnext \"N\"\nlinks \"/\" kebab\n", "include \"a\" kebab\n",
        "nonsense \"x\"\n", "use h100_sxm as gpu\nuse a.b\n", "x = 1 +\n  2\n", "x = (1\n  + 2\n)\n", "x = (1\n+ 2)\n",
        "x = 1 # c\n\n# d\ny = 2\r\nz = 3\r", "x = 1 GB/\n  s\n", "x = $\n", "x = 1\0\n", "x = «1»\n", "x = 2 µs\n",
        "x = \"text\"\n", "\"bare\"\n", "3 GB + 2 GB\n", "x = 1 (2)\n", "x = 𝑥\n", "x = 1 # 𝑥\n", "x = 1 ÷ 2 × 3 − 4\n",
        "x = 1 ≤ 2\n", "check 1 ≤ 2\n", "check 2 ≥ 1\ncheck 1 ≠ 2\n", "x = 2 → ms\n", "x = ((((1))))\n", "x = y.\n",
        "chain \"𝑥 title\"\nnote \"𝑥 {y} 𝑥 {z:ms}\"\nx = 1 # 𝑥\ny = \"\"\"𝑥\n{x}\"\"\"\n",
    })
    void agreesWithTheGrammarOnItsChoices(String text) {
        FastPathAgreement.assertFileAgrees(text);
        FastPathAgreement.assertValueAgrees(text, 0);
    }

    @Test
    void takesTheCommonSpellings() {
        for (String text : List.of("x = 3 TB/s\n", "x = 2^-3 GB\n", "check a ≈ b within 1%\n", "x = 3 GB -> MB:,.2f\n",
                "fn f(a: Bytes, b: Bytes/Time): Time = a / b\n", "x = 1 +\n  2\n", "x = 2 B·s\n", "x = 1,000.5\n",
                // characters outside the Basic Multilingual Plane: ANTLR counts code points, spans count chars
                "chain \"𝑥 title\"\nnote \"𝑥 {y} 𝑥 {z:ms}\"\nx = 1 # 𝑥\ny = \"\"\"𝑥\n{x}\"\"\"\n")) {
            assertTrue(FastPathAgreement.assertFileAgrees(text), text);
        }
        assertTrue(FastPathAgreement.assertValueAgrees("16.06 GB / 3.35 TB/s -> ms", 0));
        assertTrue(FastPathAgreement.assertValueAgrees(":set batch=32 GB", 11), "a REPL argument, read from its offset");
        assertTrue(FastPathAgreement.assertValueAgrees(":dim x/y", 5), "nothing before the offset glues a `/`");
    }

    @Test
    void declinesWhatTheGrammarReports() {
        for (String text : List.of("x = f(1,2)\n", "x = a GB\n", "chain \"a \\q\"\n", "check a ≈ b\n", "x = 1e400\n",
                "x = 1e-400\n", "x = 0.000_001e-400\n",
                "nonsense \"x\"\n", "@a\n", "x = $\n", "x = 1\0\n")) {
            assertFalse(FastPathAgreement.assertFileAgrees(text), text);
        }
        assertTrue(FastPathAgreement.assertFileAgrees(""), "an empty file is well formed: no statements");
        assertFalse(FastPathAgreement.assertValueAgrees("   # only a comment", 0));
        // The grammar's limits, reached in fewer tokens than a line the fast path takes.
        assertFalse(FastPathAgreement.assertFileAgrees("x = " + "-".repeat(SyntaxParser.MAX_NESTING + 1) + "1\n"));
        assertTrue(FastPathAgreement.assertFileAgrees("x = " + "-".repeat(SyntaxParser.MAX_NESTING) + "1\n"));
        assertFalse(FastPathAgreement.assertFileAgrees("x = 1 B" + "/s".repeat(SyntaxParser.MAX_UNIT_PARTS) + "\n"));
        assertFalse(FastPathAgreement.assertValueAgrees("1\n2", 0));
    }

    /**
     * Thousands of small mutations of the shipped lines (a character dropped, doubled or inserted
     * from the characters that matter to the lexer), each parsed alone and as a value.
     */
    @Test
    void agreesOnMutatedLines() throws IOException {
        List<String> lines = new ArrayList<>();
        for (Path path : shipped().toList()) {
            for (String line : read(path).split("\n")) {
                if (!line.isBlank()) {
                    lines.add(line);
                }
            }
        }
        String alphabet = " ,._^/·-−+*×÷()\"#=<>≈~!%:→0123456789eEfgGBs\t\n\r\\{}@µ";
        Random random = new Random(20261129);
        int taken = 0;
        int tried = 0;
        for (int round = 0; round < 6; round++) {
            for (String line : lines) {
                StringBuilder mutated = new StringBuilder(line);
                int edits = 1 + random.nextInt(2);
                for (int e = 0; e < edits && mutated.length() > 0; e++) {
                    int at = random.nextInt(mutated.length());
                    switch (random.nextInt(3)) {
                        case 0 -> mutated.deleteCharAt(at);
                        case 1 -> mutated.insert(at, mutated.charAt(at));
                        default -> mutated.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    }
                }
                String text = mutated + "\n";
                tried++;
                if (FastPathAgreement.assertFileAgrees(text)) {
                    taken++;
                }
                FastPathAgreement.assertValueAgrees(text, 0);
            }
        }
        assertTrue(taken > tried / 10, "the mutations still exercise the fast path: " + taken + " of " + tried);
        assertTrue(taken < tried, "and some are declined: " + taken + " of " + tried);
    }

    /** Numbers are read without Double.parseDouble where that is exact; the bits must be the same. */
    @Test
    void readsNumbersToTheSameBits() {
        Random random = new Random(7);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            int length = 1 + random.nextInt(24);
            StringBuilder digits = new StringBuilder();
            for (int d = 0; d < length; d++) {
                digits.append((char) ('0' + (random.nextInt(4) == 0 ? 0 : random.nextInt(10))));
            }
            int point = random.nextInt(length + 1);
            String number = point == length ? digits.toString() : digits.substring(0, point) + "." + digits.substring(point);
            if (number.startsWith(".")) {
                number = "0" + number;
            }
            if (random.nextInt(5) == 0) {
                number += "e" + (random.nextInt(40) - 20);
            }
            text.append("x").append(i).append(" = ").append(number).append('\n');
        }
        text.append("y = 1,234,567.125 + 3_000_000.000_5 + 0.1 + 0.30000000000000004 + 123456789012345.6 + 9007199254740993\n");
        assertTrue(FastPathAgreement.assertFileAgrees(text.toString()));
    }

    @Test
    void aDeclinedFileIsParsedByTheGrammarWithItsDiagnostics() {
        dev.chain.source.SourceFile source = new dev.chain.source.SourceFile("a.chain", "a = 1 GB\nb = f(1,2)\n");
        dev.chain.diag.Diagnostics diagnostics = new dev.chain.diag.Diagnostics();
        var file = SyntaxParser.parseFile(source, diagnostics);
        assertEquals(1, file.statements().size());
        assertEquals(1, diagnostics.all().size());
        assertTrue(diagnostics.all().get(0).message().contains("is not a number"), diagnostics.all().get(0).message());
    }
}
