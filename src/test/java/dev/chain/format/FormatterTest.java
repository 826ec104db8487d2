package dev.chain.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.ast.ChainFile;
import dev.chain.diag.DiagnosticRenderer;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import dev.chain.syntax.Lexemes;
import dev.chain.syntax.SyntaxParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code chain fmt}: the shipped files are in the canonical layout; formatting is idempotent and
 * changes nothing but white space (the tree before and after is equal, spans aside, every comment
 * kept), on every shipped file, the error corpus, and thousands of mutations of them.
 */
class FormatterTest {
    private static final DiagnosticRenderer RENDERER = new DiagnosticRenderer(false);

    static List<Path> corpus() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String folder : new String[] {"chains", "stdlib", "examples", "src/test/resources/errors"}) {
            try (Stream<Path> walk = Files.walk(Path.of(folder))) {
                walk.filter(p -> p.toString().endsWith(".chain") || p.toString().endsWith(".card")).sorted().forEach(files::add);
            }
        }
        return files;
    }

    /** As chain reads a file: bytes that are not UTF-8 become U+FFFD. */
    private static SourceFile read(Path path) throws IOException {
        return new SourceFile(path, new String(Files.readAllBytes(path), StandardCharsets.UTF_8));
    }

    private static String fmt(String text) {
        Formatter.Result r = Formatter.format(new SourceFile("test.chain", text));
        assertTrue(r.ok(), () -> RENDERER.render(r.problems()));
        return r.text();
    }

    private static ChainFile parse(String text, Diagnostics diagnostics) {
        return SyntaxParser.parseFile(new SourceFile("test.chain", text), diagnostics);
    }

    // ---- the shipped files ---------------------------------------------------------------------

    @Test
    void theCardTheStdlibAndTheExamplesAreFormatted() throws IOException {
        List<String> unformatted = new ArrayList<>();
        for (Path path : corpus()) {
            if (path.startsWith("src")) {
                continue;
            }
            SourceFile source = read(path);
            Formatter.Result r = Formatter.format(source);
            assertTrue(r.ok(), () -> path + ": " + RENDERER.render(r.problems()));
            if (!r.text().equals(source.text())) {
                unformatted.add(path.toString());
            }
        }
        assertEquals(List.of(), unformatted, "run chain fmt on them");
    }

    @Test
    void everyFileThatParsesKeepsItsTreeAndItsCommentsAndFormatsOnceForAll() throws IOException {
        int formatted = 0;
        for (Path path : corpus()) {
            SourceFile source = read(path);
            Diagnostics syntax = new Diagnostics();
            ChainFile before = SyntaxParser.parseFile(source, syntax);
            Formatter.Result r = Formatter.format(source);
            if (syntax.hasErrors()) {
                assertFalse(r.ok(), path + " has syntax errors and is not formatted");
                continue;
            }
            assertTrue(r.ok(), () -> path + ": " + RENDERER.render(r.problems()));
            assertPreserved(path.toString(), before, r.text());
            assertEquals(r.text(), fmt(r.text()), path + ": formatting the formatted text changes it");
            formatted++;
        }
        assertTrue(formatted > 60, "most of the corpus parses: " + formatted);
    }

    /** Independently of the formatter's own check: the tree, spans aside, and the comments. */
    private static void assertPreserved(String what, ChainFile before, String formatted) {
        Diagnostics diagnostics = new Diagnostics();
        ChainFile after = parse(formatted, diagnostics);
        assertFalse(diagnostics.hasErrors(), () -> what + ": the formatted text does not parse:\n" + formatted);
        assertNull(AstEquality.difference(before.statements(), after.statements(), "statements"), what);
        assertEquals(comments(before.source().text()), comments(formatted), what + ": comments");
    }

    private static List<String> comments(String text) {
        List<String> out = new ArrayList<>();
        for (Lexemes.Lexeme x : Lexemes.of(text)) {
            if (x.kind() == Lexemes.Kind.COMMENT) {
                out.add(text.substring(x.start(), x.end()).stripTrailing());
            }
        }
        return out;
    }

    // ---- mutations -------------------------------------------------------------------------------

    /**
     * White space scrambled where it is not significant (runs of blanks between tokens made longer
     * or shorter, never removed or created; the indentation of one-line statements; blank lines;
     * trailing blanks; CRLF), and comments added: the result formats to exactly what the original
     * does, plus the comments.
     */
    @Test
    void scrambledWhiteSpaceFormatsToTheSameText() throws IOException {
        Random random = new Random(17);
        int mutations = 0;
        for (Path path : corpus()) {
            SourceFile source = read(path);
            Diagnostics syntax = new Diagnostics();
            ChainFile original = SyntaxParser.parseFile(source, syntax);
            if (syntax.hasErrors()) {
                continue;
            }
            String canonical = fmt(source.text());
            for (int round = 0; round < 30; round++) {
                String mutated = scramble(source.text(), random);
                Diagnostics d = new Diagnostics();
                ChainFile parsed = parse(mutated, d);
                if (d.hasErrors() || AstEquality.difference(original.statements(), parsed.statements(), "") != null) {
                    continue; // a mutation that changed the meaning (a glued `/` spaced): not this test's concern
                }
                String result = fmt(mutated);
                assertEquals(canonical, result, () -> path + ", mutated:\n" + mutated);
                mutations++;
            }
        }
        assertTrue(mutations > 1000, "enough mutations were tried: " + mutations);
    }

    /** Comments added anywhere a comment can go: all kept, in order, the tree unchanged, and a second format is a no-op. */
    @Test
    void addedCommentsAreAllKept() throws IOException {
        Random random = new Random(4);
        int tried = 0;
        for (Path path : corpus()) {
            SourceFile source = read(path);
            Diagnostics syntax = new Diagnostics();
            ChainFile original = SyntaxParser.parseFile(source, syntax);
            if (syntax.hasErrors()) {
                continue;
            }
            for (int round = 0; round < 10; round++) {
                String mutated = withComments(source.text(), random);
                Diagnostics d = new Diagnostics();
                ChainFile parsed = parse(mutated, d);
                if (d.hasErrors()) {
                    continue;
                }
                String result = fmt(mutated);
                assertPreserved(path + " with comments", parsed, result);
                assertEquals(result, fmt(result));
                tried++;
            }
        }
        assertTrue(tried > 300, "tried: " + tried);
    }

    private static String scramble(String text, Random random) {
        StringBuilder out = new StringBuilder();
        String[] lines = text.split("\n", -1);
        boolean inTriple = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (!inTriple && line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1); // the line ending is chosen below
            }
            boolean tripleLine = countTriples(line) % 2 == 1;
            if (inTriple) {
                out.append(line); // inside a string: not white space to play with
            } else {
                String previous = i > 0 ? lines[i - 1] : "";
                out.append(scrambleLine(line, previous, i + 1 < lines.length ? lines[i + 1] : "", random, tripleLine));
            }
            if (tripleLine) {
                inTriple = !inTriple;
            }
            if (i + 1 < lines.length) {
                out.append(!inTriple && random.nextInt(20) == 0 ? "\r\n" : "\n");
                if (!inTriple && line.isBlank() && random.nextInt(3) == 0) {
                    out.append(random.nextBoolean() ? "\n" : "   \n\n"); // more blank lines where there was one
                }
            }
        }
        return out.toString();
    }

    private static int countTriples(String line) {
        int n = 0;
        for (int i = line.indexOf("\"\"\""); i >= 0; i = line.indexOf("\"\"\"", i + 3)) {
            n++;
        }
        return n;
    }

    /** Whether the next line continues this one's statement (a blank line may not go between). */
    private static boolean continues(String line, String next) {
        return !next.isEmpty() && (next.charAt(0) == ' ' || next.charAt(0) == '\t' || next.charAt(0) == ')')
                && !next.stripLeading().startsWith("#") && !line.isBlank() && !line.stripLeading().startsWith("#")
                && !startsStatement(next);
    }

    private static boolean startsStatement(String next) {
        String s = next.stripLeading();
        return s.matches("[A-Za-z_][A-Za-z0-9_]*\\s*=.*") || s.startsWith("check ") || s.startsWith("@");
    }

    private static String scrambleLine(String line, String previous, String next, Random random, boolean opensTriple) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        // the indentation of a line that is a whole one-line member or statement may move
        int indent = 0;
        while (indent < line.length() && line.charAt(indent) == ' ') {
            indent++;
        }
        String rest = line.substring(indent);
        boolean oneLine = !rest.isEmpty() && !opensTriple && !endsOpen(rest) && !continues(line, next)
                && !endsOpen(previous.replaceAll("#.*", "")) && indent <= 2 && (startsStatement(rest) || indent == 0);
        if (oneLine && indent == 2) {
            out.append(new String[] {"  ", "    ", "\t", " "}[random.nextInt(4)]);
        } else {
            out.append(line, 0, indent);
        }
        i = indent;
        boolean quoted = false;
        while (i < line.length()) {
            char c = line.charAt(i);
            if (quoted && c == '\\' && i + 1 < line.length()) {
                out.append(c).append(line.charAt(i + 1));
                i += 2;
                continue;
            }
            if (c == '"') {
                quoted = !quoted;
            }
            if (!quoted && c == '#') {
                out.append(line.substring(i));
                break;
            }
            if (!quoted && c == ' ') {
                int j = i;
                while (j < line.length() && line.charAt(j) == ' ') {
                    j++;
                }
                out.append(j == line.length() ? " ".repeat(random.nextInt(3)) : new String[] {" ", "  ", "\t", "   "}[random.nextInt(4)]);
                i = j;
                continue;
            }
            out.append(c);
            i++;
        }
        if (!opensTriple && !quoted && random.nextInt(10) == 0) {
            out.append("  ");
        }
        return out.toString();
    }

    /** A line that leaves a parenthesis open or ends in an operator: the next line continues it. */
    private static boolean endsOpen(String rest) {
        int depth = 0;
        for (char c : rest.toCharArray()) {
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        }
        String t = rest.strip();
        return depth > 0 || t.endsWith("=") || t.endsWith("+") || t.endsWith("*") || t.endsWith("/") || t.endsWith("-")
                || t.endsWith(",") || t.endsWith("(");
    }

    private static String withComments(String text, Random random) {
        StringBuilder out = new StringBuilder();
        String[] lines = text.split("\n", -1);
        boolean inTriple = false;
        int n = 0;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            boolean tripleLine = countTriples(line) % 2 == 1;
            boolean wasInTriple = inTriple;
            if (tripleLine) {
                inTriple = !inTriple;
            }
            if (!wasInTriple && !inTriple && random.nextInt(3) == 0) {
                out.append(random.nextBoolean() ? "  " : "").append("# above ").append(n++).append('\n');
            }
            out.append(line);
            if (!inTriple && !line.isBlank() && !line.contains("#") && random.nextInt(3) == 0) {
                out.append(" ".repeat(1 + random.nextInt(4))).append("# after ").append(n++).append("   ");
            }
            if (i + 1 < lines.length) {
                out.append('\n');
            }
        }
        return out.toString();
    }

    // ---- the layout, case by case ------------------------------------------------------------------

    @Test
    void aMessyChainIsLaidOutAsTheCardIs() {
        String messy = """
                chain   "Messy"
                use h100_sxm   as gpu
                inputs
                batch=64
                     context = 4,096 token      # tokens
                derive floor "{floor}"
                    weights=8.03e9 param*2 B/param->GB:,.2f # weights
                  kv = batch*context*131,072 B/token   ->GB
                  floor   =(weights+kv)/gpu.hbm_bandwidth->ms :.2f     # the floor
                  check floor>1 ms
                  check max(floor, 2 ms)≈2 ms within 1%


                note "done"  \s
                """;
        String expected = """
                chain "Messy"
                use h100_sxm as gpu
                inputs
                  batch   = 64
                  context = 4,096 token   # tokens
                derive floor "{floor}"
                  weights = 8.03e9 param * 2 B/param -> GB:,.2f            # weights
                  kv      = batch * context * 131,072 B/token -> GB
                  floor   = (weights + kv) / gpu.hbm_bandwidth -> ms:.2f   # the floor
                  check floor > 1 ms
                  check max(floor, 2 ms) ≈ 2 ms within 1%

                note "done"
                """;
        assertEquals(expected, fmt(messy));
    }

    @Test
    void unitsStayGluedAndANumberKeepsItsUnitAsWritten() {
        assertEquals("x = 3.35 TB/s * 2 FLOP/param/token * 95% * 5.28x * 2^10 B * (a + b) GB\n",
                fmt("x = 3.35 TB/s*2 FLOP/param/token*95%*5.28x*2 ^ 10 B*(a+b) GB\n"));
        assertEquals("x = 16GB / batch\n", fmt("x = 16GB /batch\n"));
        assertEquals("x = -a - -b * 10^-3 + (-c)\n", fmt("x = - a - - b*10 ^ -3 + ( - c )\n"));
        assertEquals("x = 3 B·s^2\n", fmt("x = 3 B · s ^ 2\n"));
        // A conversion to nothing per something is one unit, glued as chain shows it.
        assertEquals("x = 1.5 TB/s / 4 B -> 1/s\n", fmt("x = 1.5 TB/s / 4 B -> 1 / s\n"));
        assertEquals("x = 1.5 TB/s / 4 B -> /ms:.2f\n", fmt("x = 1.5 TB/s / 4 B ->  / ms :.2f\n"));
    }

    @Test
    void aTablesRowsAreSpacedAsArgumentsAre() {
        assertEquals("table \"t\"\n  for layers, hidden in (24, 2304), (40, 6144), (1, 2 GB)\n  show params\n",
                fmt("table \"t\"\n  for layers,hidden in (24, 2304),( 40 , 6144 ) ,(1, 2 GB)\n  show params\n"));
    }

    @Test
    void aPlotsAxisEndsAreSpacedAsRanges() {
        assertEquals("plot \"p\"\n  for batch in 1 .. 8\n  show floor, loss in 0 ms .. 30 ms, 1.9 .. 2.1 as log\n",
                fmt("plot \"p\"\n  for batch in 1..8\n  show floor,loss in 0 ms..30 ms ,1.9..2.1 as log\n"));
    }

    @Test
    void declarationsAndAnnotations() {
        String text = """
                @source( "a datasheet" )
                @prefixes( si_large,iec )
                unit  B , byte :Information
                dimension Bandwidth=Information/Time
                fn f( w :Bytes, bw: Bytes/Time ) :Time=w/bw
                fn g(x) = (
                    x
                      + 1   # one
                  ) * 1 param
                """;
        String expected = """
                @source("a datasheet")
                @prefixes(si_large, iec)
                unit B, byte: Information
                dimension Bandwidth = Information/Time
                fn f(w: Bytes, bw: Bytes/Time): Time = w / bw
                fn g(x) = (
                    x
                      + 1   # one
                  ) * 1 param
                """;
        assertEquals(expected, fmt(text));
    }

    @Test
    void aDrillAnnotationsExpressionIsSpacedAsABindingsValue() {
        String text = """
                derive weights "{weights}"
                  @tolerance( 0.5% )
                  @mistake("BF16 is 2 bytes a param, not 1",   model.params*1 B/param)
                  weights = model.params * 2 B/param -> GB
                """;
        String expected = """
                derive weights "{weights}"
                  @tolerance(0.5%)
                  @mistake("BF16 is 2 bytes a param, not 1", model.params * 1 B/param)
                  weights = model.params * 2 B/param -> GB
                """;
        assertEquals(expected, fmt(text));
        assertEquals(expected, fmt(expected));
    }

    @Test
    void commentsGoWithTheStatementsTheyStandAbove() {
        String text = """
                # head


                derive d
                # about a
                a = 1
                    # after a, indented

                # before the note
                note "n"
                """;
        String expected = """
                # head

                derive d
                  # about a
                  a = 1
                  # after a, indented

                # before the note
                note "n"
                """;
        assertEquals(expected, fmt(text));
    }

    @Test
    void aLongLineDoesNotPushTheOtherCommentsOut() {
        String text = """
                derive d
                  a = 1   # one
                  bb = 2 # two
                  c = 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1   # long
                """;
        String expected = """
                derive d
                  a  = 1   # one
                  bb = 2   # two
                  c  = 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1   # long
                """;
        assertEquals(expected, fmt(text));
    }

    @Test
    void aBlankLineStartsANewAlignment() {
        assertEquals("inputs\n  a = 1   # a\n\n  long_name = 2   # b\n",
                fmt("inputs\n  a = 1 # a\n\n  long_name = 2  # b\n"));
    }

    /** Its lines are read trimmed: their indentation and inner spaces are the author's, the blanks at their ends go. */
    @Test
    void textInTripleQuotesIsKeptAsWrittenButForBlanksAtItsLinesEnds() {
        String text = "derive d \"\"\"\n      {a}   spaced  \r\n  \"\"\"   # c\n  a = 1\n";
        assertEquals("derive d \"\"\"\n      {a}   spaced\n  \"\"\"   # c\n  a = 1\n", fmt(text));
    }

    @Test
    void syntaxErrorsAreReportedAndNothingIsFormatted() {
        Formatter.Result r = Formatter.format(new SourceFile("bad.chain", "x = (1 +\n"));
        assertFalse(r.ok());
        assertFalse(r.problems().isEmpty());
    }

    @Test
    void emptyAndCommentOnlyFiles() {
        assertEquals("", fmt(""));
        assertEquals("", fmt("\n\n  \n"));
        assertEquals("# only a comment\n", fmt("\n  # only a comment   \n\n"));
    }
}
