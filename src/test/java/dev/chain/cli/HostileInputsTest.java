package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Broken and hostile inputs through {@code check}, {@code run} and {@code eval}: each exits 1 with
 * a {@code path:line:col} diagnostic, and no stack trace. The timeout is only a guard against a
 * hang (timings are not asserted in tests); in practice each takes a fraction of a second.
 */
class HostileInputsTest {
    private static final Duration HANG_GUARD = Duration.ofSeconds(20);
    private static final Pattern LOCATED = Pattern.compile("(?m)^\\S+:\\d+:\\d+: error: ");

    @TempDir
    static Path dir;

    /** A name and the bytes of a hostile .chain file. */
    record Hostile(String name, byte[] bytes) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Hostile text(String name, String text) {
        return new Hostile(name, text.getBytes(StandardCharsets.UTF_8));
    }

    static Stream<Hostile> files() {
        List<Hostile> all = new ArrayList<>();
        all.add(text("100,000 nested parentheses", "a = " + "(".repeat(100_000) + "1" + ")".repeat(100_000) + "\n"));
        all.add(text("100,000 unclosed parentheses", "a = " + "(".repeat(100_000) + "\n"));
        all.add(text("100,000 closing parentheses", "a = 1" + ")".repeat(100_000) + "\n"));
        all.add(text("100,000 signs", "a = " + "-".repeat(100_000) + "1\n"));
        all.add(text("100,000 nested calls", "a = " + "max(".repeat(100_000) + "1" + ")".repeat(100_000) + "\n"));
        all.add(text("a sum of 200,000 terms", "a = " + "1 + ".repeat(200_000) + "1\n"));
        all.add(text("a unit of 100,000 parts", "a = 1 B" + "/s".repeat(100_000) + "\n"));
        all.add(text("names joined by 100,000 glued slashes", "a = 1\nb = a" + "/a".repeat(100_000) + "\n"));
        all.add(text("a power tower", "a = " + "2^".repeat(50_000) + "2\n"));
        all.add(text("a huge literal", "a = 1e999999\n"));
        all.add(text("a literal of 100,000 digits", "a = " + "9".repeat(100_000) + "\n"));
        all.add(text("overflow", "a = 1e300 * 1e300\n"));
        all.add(text("overflow through units", "a = 1e300 TB * 1e300\n"));
        all.add(text("division by a zero quantity", "idle = 0 s\nrate = 16 GB / idle\n"));
        all.add(text("zero divided by zero", "a = 0 GB / 0 GB\n"));
        all.add(text("NaN", "a = 1e300 * 1e300 - 1e300 * 1e300\n"));
        all.add(text("NaN in a check", "check 1e300 * 1e300 - 1e300 * 1e300 > 1\n"));
        all.add(text("a recursive function", "fn f(v: Bytes): Bytes = f(v)\na = f(1 GB)\n"));
        all.add(text("a use of a module that is not there", "use nowhere\na = nowhere.x\n"));
        all.add(text("a use of a path", "use ../../etc/passwd\n"));
        all.add(text("an unterminated triple-quoted string", "note \"\"\"" + "prose ".repeat(10_000) + "\n"));
        all.add(text("a 1 MB line of stray characters", "$".repeat(1_000_000)));
        all.add(text("100,000 lines of stray characters", "$\n".repeat(100_000)));
        all.add(text("10,000 lines each with an error", "a = 1\n" + "b = a + 1 s\n".repeat(10_000)));
        all.add(text("10,000 redefinitions", "a = 1\n".repeat(10_000)));
        // Diagnostics in linear time: each did-you-mean search scans every name in scope.
        all.add(text("100,000 lines each with an unknown name", numbered("v", " = zz\n", 100_000)));
        all.add(text("100,000 lines each with an unknown unit", numbered("v", " = 1 GBs\n", 100_000)));
        all.add(text("an unknown unit of 1,000,000 letters", "a = 1 " + "Gi".repeat(500_000) + "\n"));
        all.add(text("two names of 100,000 letters, one apart", "n" + "a".repeat(100_000) + " = 1\nb = m" + "a".repeat(100_000) + "\n"));
        all.add(text("CR line endings with an error", "a = 1 GB\rb2 = a + 2 ms\r"));
        all.add(text("a form feed and tabs", "\ta = 1\f GB +\t\n"));
        all.add(text("unicode look-alikes", "а = 1 GB\nweights = а × 2 ＋ 1\n"));
        all.add(text("right-to-left override", "a = 1 \u202e GB\n"));
        all.add(text("an empty chain header", "chain\n"));
        all.add(text("empty group headers and checks", "derive\nsanity \ncheck\nnote\nuse\nfn\nunit\ndimension\n"));
        all.add(new Hostile("NUL bytes", new byte[] {'a', ' ', '=', ' ', '1', 0, 0, '\n'}));
        all.add(new Hostile("invalid UTF-8", new byte[] {'a', ' ', '=', ' ', (byte) 0xff, (byte) 0xfe, '\n'}));
        all.add(new Hostile("a lone surrogate's bytes", new byte[] {'a', ' ', '=', ' ', (byte) 0xed, (byte) 0xa0, (byte) 0x80, '\n'}));
        byte[] binary = new byte[1 << 16];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) (i * 31 + 7);
        }
        all.add(new Hostile("binary junk", binary));
        return all.stream();
    }

    /** {@code prefix0 suffix prefix1 suffix ...}: a line per number. */
    private static String numbered(String prefix, String suffix, int count) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            sb.append(prefix).append(i).append(suffix);
        }
        return sb.toString();
    }

    static Stream<Arguments> fileCommands() {
        return files().flatMap(h -> Stream.of(Arguments.of(h, "check"), Arguments.of(h, "run"), Arguments.of(h, "render")));
    }

    @ParameterizedTest(name = "{1}: {0}")
    @MethodSource("fileCommands")
    void eachFileExitsOneWithALocatedDiagnostic(Hostile hostile, String command) throws IOException {
        Path file = dir.resolve(hostile.name().replaceAll("[^A-Za-z0-9]+", "-") + ".chain");
        Files.write(file, hostile.bytes());
        CliRun r = assertTimeoutPreemptively(HANG_GUARD, () -> CliRun.of(command, "--color=never", file.toString()));
        assertFailsCleanly(r, true);
    }

    static Stream<String> expressions() {
        return Stream.of("(".repeat(100_000) + "1" + ")".repeat(100_000), "-".repeat(100_000) + "1", "1e999999",
                "1e300 * 1e300", "1 GB / 0 s", "0 / 0", "1e300 * 1e300 - 1e300 * 1e300", "sqrt(-1)", "(-8)^0.5",
                "1 + ".repeat(200_000) + "1", "1 B" + "/s".repeat(100_000), "3 GB + 2 ms", "5 KB", "\u0000",
                "\"unterminated", ")", "max(", "1 -> ", "nowhere.x", "2^(2^2000)",
                "1 " + "Gi".repeat(250_000));
    }

    @ParameterizedTest
    @MethodSource("expressions")
    void eachExpressionExitsOneWithALocatedDiagnostic(String expression) {
        CliRun r = assertTimeoutPreemptively(HANG_GUARD, () -> CliRun.of("eval", "--color=never", expression));
        assertFailsCleanly(r, true);
    }

    @Test
    void aFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws IOException {
        Path big = dir.resolve("fifty-megabytes.chain");
        byte[] line = "a = 1 GB\n".getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = Files.newOutputStream(big)) {
            for (int written = 0; written < 50_000_000; written += line.length) {
                out.write(line);
            }
        }
        for (String command : List.of("check", "run", "render")) {
            CliRun r = assertTimeoutPreemptively(HANG_GUARD, () -> CliRun.of(command, big.toString()));
            assertFailsCleanly(r, true);
            assertTrue(r.err().contains("file too large: 50.0 MB; chain reads .chain files of up to 33.6 MB"), r.err());
        }
        Files.delete(big);
    }

    @Test
    void aMissingFileAndAFolderWithoutChainsGetAPlainMessage() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("no-chains-here"));
        for (String command : List.of("check", "run", "render")) {
            CliRun missing = CliRun.of(command, dir.resolve("missing.chain").toString());
            assertFailsCleanly(missing, false);
            assertTrue(missing.err().startsWith("chain: error: no such file or folder: "), missing.err());
            CliRun folder = CliRun.of(command, empty.toString());
            assertFailsCleanly(folder, false);
            assertTrue(folder.err().startsWith("chain: error: no ") && folder.err().contains(" files in "), folder.err());
        }
    }

    /** A FIFO waits for a writer when it is opened, for ever if none comes; /dev/zero never ends. */
    @Test
    void aFifoADeviceOrAFolderIsRefusedBeforeItIsOpened() throws Exception {
        Path fifo = fifo(dir.resolve("fifo.chain"));
        for (String command : List.of("check", "run", "render")) {
            CliRun r = assertTimeoutPreemptively(HANG_GUARD, () -> CliRun.of(command, fifo.toString()));
            assertFailsCleanly(r, false);
            assertEquals("chain: error: cannot read " + fifo + ": it is a FIFO (named pipe), not a file or a folder\n", r.err());
            CliRun zero = assertTimeoutPreemptively(HANG_GUARD, () -> CliRun.of(command, "/dev/zero"));
            assertEquals("chain: error: cannot read /dev/zero: it is a character device, not a file or a folder\n", zero.err());
        }
        // The REPL, given the FIFO on its command line or by :load, reads it as check does.
        CliRun repl = assertTimeoutPreemptively(HANG_GUARD, () -> repl(":load " + fifo + "\n1 GB\n", fifo.toString()));
        assertEquals("1 GB\n", repl.out(), "the session goes on");
        assertEquals(("error: cannot read " + fifo + ": it is a FIFO (named pipe), not a file\n").repeat(2), repl.err());
        assertEquals(1, repl.exit());
    }

    @Test
    void aLocalModuleThatIsNotAFileSaysWhatItIs() throws Exception {
        Path modules = Files.createDirectories(dir.resolve("modules"));
        for (String kind : List.of("FIFO", "folder", "link to /dev/zero")) {
            Path folder = Files.createDirectories(modules.resolve(kind.replaceAll("\\W", "-")));
            Path zero = folder.resolve("zero.chain");
            String what;
            switch (kind) {
                case "FIFO" -> {
                    fifo(zero);
                    what = "a FIFO (named pipe)";
                }
                case "folder" -> {
                    Files.createDirectory(zero);
                    what = "a folder";
                }
                default -> {
                    Files.createSymbolicLink(zero, Path.of("/dev/zero"));
                    what = "a character device";
                }
            }
            Path user = folder.resolve("user.chain");
            Files.writeString(user, "use zero\na = zero.x\n");
            CliRun r = assertTimeoutPreemptively(HANG_GUARD, () -> CliRun.of("check", "--color=never", user.toString()));
            assertFailsCleanly(r, true);
            assertTrue(r.err().startsWith(user + ":1:1: error: module `zero`: cannot read " + zero + ": it is " + what
                    + ", not a file\n"), kind + ": " + r.err());
        }
    }

    /** Run as root (as CI here is), chmod 000 does not stop a read: the test then has nothing to show. */
    @Test
    void aFileInAFolderThatMayNotBeEnteredIsNotMissing() throws IOException {
        Path locked = Files.createDirectories(dir.resolve("locked"));
        Path file = locked.resolve("a.chain");
        Files.writeString(file, "a = 1 GB\n");
        Files.setPosixFilePermissions(locked, java.util.Set.of());
        try {
            org.junit.jupiter.api.Assumptions.assumeFalse(Files.isReadable(file), "chmod 000 does not stop this user (root)");
            for (String command : List.of("check", "run", "render")) {
                CliRun r = CliRun.of(command, file.toString());
                assertFailsCleanly(r, false);
                assertEquals("chain: error: cannot read " + file + ": permission denied\n", r.err());
            }
            CliRun repl = repl("", file.toString());
            assertEquals("error: cannot read " + file + ": permission denied\n", repl.err());
        } finally {
            Files.setPosixFilePermissions(locked, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void anEmptyPathIsAUsageErrorNotTheCurrentFolder() {
        for (String[] line : List.of(new String[] {"check", ""}, new String[] {"run", ""}, new String[] {"render", ""},
                new String[] {"render", "chains/", "-o", ""})) {
            CliRun r = CliRun.of(line);
            assertEquals(2, r.exit(), String.join(" ", line) + ": " + r.err());
            assertTrue(r.err().contains("an empty path names no file; write . for the current folder"), r.err());
            assertEquals("", r.out());
        }
        // An empty path after another: Picocli's own words ("Unmatched argument"), still exit 2.
        assertEquals(2, CliRun.of("check", "chains/", "").exit());
    }

    private static Path fifo(Path path) throws IOException, InterruptedException {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor() == 0, "needs mkfifo");
        return path;
    }

    private static CliRun repl(String script, String file) {
        java.io.InputStream before = System.in;
        System.setIn(new java.io.ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8)));
        try {
            return CliRun.of("repl", "--color=never", file);
        } finally {
            System.setIn(before);
        }
    }

    /** A javascript: or data: link runs in the reader's browser; only some Markdown renderers filter it. */
    @Test
    void aLinkBaseThatRunsSomethingIsRefused() throws IOException {
        Path site = Files.createDirectories(dir.resolve("links"));
        Files.writeString(site.resolve("a.chain"), "chain \"A\"\ndrill \"D\"\ninputs\n  a = 1 GB\n");
        Path card = site.resolve("c.card");
        Files.writeString(card, "card \"C\"\ninclude \"a.chain\"\nlinks \"javascript:alert(1)//\"\n");
        for (String command : List.of("check", "render")) {
            CliRun r = CliRun.of(command, "--color=never", card.toString());
            assertFailsCleanly(r, true);
            assertTrue(r.err().startsWith(card + ":3:7: error: a link base is an http: or https: address or a relative path"
                    + " (such as / or ../), not `javascript:`\n"), r.err());
            assertFalse(r.out().contains("javascript"), r.out());
        }
        Files.writeString(card, "card \"C\"\ninclude \"a.chain\"\n");
        for (String base : List.of("data:text/html,<script>alert(1)</script>", "javascript:alert(1)//{slug}", " javascript:x")) {
            CliRun r = CliRun.of("render", "--link-base", base, card.toString());
            assertEquals(2, r.exit(), r.err());
            assertTrue(r.err().contains("a link base is an http: or https: address or a relative path"), r.err());
            assertEquals("", r.out());
        }
        assertEquals(0, CliRun.of("render", "--link-base", "https://study.example.com/", card.toString()).exit());
    }

    /**
     * Entities in a link base: CommonMark decodes them in a link's destination, so
     * {@code javascript&colon;} was a {@code javascript:} link, and {@code &#106;avascript:} passed the
     * check as a relative path (its {@code #}). Each page is read as the site reads it, by a
     * CommonMark parser, and each link's scheme taken as a browser takes it.
     */
    @Test
    void aLinkBaseCannotBecomeASchemeThroughEntities() throws IOException {
        Path site = Files.createDirectories(dir.resolve("entities"));
        Files.writeString(site.resolve("a.chain"), "chain \"A\"\ndrill \"D\"\ninputs\n  a = 1 GB\n");
        Path card = site.resolve("c.card");
        List<String> bases = List.of("javascript&colon;void(document.title=1)//{slug}", "&#106;avascript:alert(1)//{slug}",
                "&#x6A;avascript&#x3A;alert(1)//", "javascript&#58;alert(1)//", "java&Tab;script&colon;alert(1)//",
                "&#x26;#106;avascript:alert(1)//");
        for (String base : bases) {
            for (boolean inCard : new boolean[] {false, true}) {
                Files.writeString(card, "card \"C\"\ninclude \"a.chain\"\nnext \"Another card\"\n"
                        + (inCard ? "links \"" + base + "\"\n" : ""));
                CliRun r = inCard ? CliRun.of("render", card.toString()) : CliRun.of("render", "--link-base", base, card.toString());
                if (r.exit() != 0) {
                    assertTrue(r.err().contains("a link base is an http: or https: address or a relative path"), r.err());
                    continue; // refused: nothing written
                }
                List<String> hrefs = hrefs(r.out());
                assertEquals(2, hrefs.size(), "the drill and the next card: " + r.out());
                for (String href : hrefs) {
                    assertEquals("", scheme(href), base + (inCard ? " in the card" : "") + " gave the link " + href);
                }
            }
        }
        // and an & in a web address is still an &
        Files.writeString(card, "card \"C\"\ninclude \"a.chain\"\n");
        CliRun r = CliRun.of("render", "--link-base", "https://example.com/?a=1&b={slug}", card.toString());
        assertEquals(List.of("https://example.com/?a=1&b=d"), hrefs(r.out()));
    }

    /** The destinations of the links a CommonMark parser finds in {@code markdown}, decoded as it decodes them. */
    private static List<String> hrefs(String markdown) {
        List<String> out = new ArrayList<>();
        org.commonmark.parser.Parser.builder().build().parse(markdown).accept(new org.commonmark.node.AbstractVisitor() {
            @Override
            public void visit(org.commonmark.node.Link link) {
                out.add(link.getDestination());
                visitChildren(link);
            }
        });
        return out;
    }

    /**
     * A URL's scheme as a browser reads it (the WHATWG URL parser): leading and trailing spaces and
     * controls dropped, tabs and newlines removed anywhere, then letters, digits, {@code +-.} up to a
     * colon; "" when there is none (a relative link).
     */
    private static String scheme(String href) {
        String url = href.replaceAll("^[\\x00-\\x20]+|[\\x00-\\x20]+$", "").replaceAll("[\t\n\r]", "");
        java.util.regex.Matcher m = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*):").matcher(url);
        return m.find() ? m.group(1).toLowerCase(java.util.Locale.ROOT) : "";
    }

    /** ESC ]0;...BEL sets a terminal's title, ESC [2J clears its screen, U+009B is CSI to some terminals. */
    private static final String CONTROLS = "\u001b]0;pwned\u0007 \u001b[2J \u009b";

    @Test
    void controlCharactersFromTheInputNeverReachTheTerminal() throws IOException {
        Path file = dir.resolve("controls" + CONTROLS + ".chain");
        Files.writeString(file, "chain \"T" + CONTROLS + "\"\ndrill \"D\u001b[31m\"\nnote \"N\u001b[2J\"\n"
                + "inputs \"{t}\"\n  t = \"text\u001b[2Jx\"\n  a = 1 GB\n  check a > 0 GB\n");
        for (List<String> line : List.of(List.of("run"), List.of("run", "--json"), List.of("check"), List.of("check", "--json"),
                List.of("render"), List.of("render", "--front-matter"))) {
            List<String> args = new ArrayList<>(line);
            args.add(file.toString());
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertEquals(0, r.exit(), line + ": " + r.err());
            assertPrintable(line + " out", r.out());
            assertPrintable(line + " err", r.err());
            assertTrue(line.equals(List.of("check")) || r.out().contains("\\u001b[2J"), line + " shows the escape: " + r.out());
        }
        // JSON stays JSON, and says what the text is.
        com.google.gson.JsonObject json = com.google.gson.JsonParser.parseString(CliRun.of("run", "--json", file.toString()).out())
                .getAsJsonObject();
        assertEquals("T" + CONTROLS, json.get("title").getAsString());
        assertEquals(file.toString(), json.get("file").getAsString());

        // Diagnostics: the message, the source line, the file name; the caret under the character.
        Path broken = dir.resolve("broken\u001b]0;pwned\u0007.chain");
        Files.writeString(broken, "a = 1 GB\nb = a +\u001b[2Jx\n");
        for (String command : List.of("check", "run", "render")) {
            CliRun r = CliRun.of(command, "--color=never", broken.toString());
            assertFailsCleanly(r, true);
            assertPrintable(command, r.err());
            assertTrue(r.err().contains(" 2 | b = a +\\u001b[2Jx\n   |        ^^^^^^"), r.err());
        }
        CliRun eval = CliRun.of("eval", "--color=never", "1 GB +\u001b[2J");
        assertFailsCleanly(eval, true);
        assertPrintable("eval", eval.err());
        CliRun missing = CliRun.of("check", dir.resolve("missing" + CONTROLS + ".chain").toString());
        assertPrintable("a missing file", missing.err());
        CliRun option = CliRun.of("check", "--\u001b[2J");
        assertEquals(2, option.exit());
        assertPrintable("an unknown option", option.err());

        CliRun repl = repl(":load " + file + "\nt\n:step\n:step\n:info t\n\"x\u001b[2J\" + 1\n", file.toString());
        assertPrintable("repl out", repl.out());
        assertPrintable("repl err", repl.err());
        assertTrue(repl.out().contains("T\\u001b]0;pwned\\u0007"), repl.out());
    }

    private static void assertPrintable(String what, String text) {
        for (int i = 0; i < text.length(); i++) {
            if (dev.chain.diag.Printable.isControl(text.charAt(i))) {
                String around = text.substring(Math.max(0, i - 40), Math.min(text.length(), i + 40));
                throw new AssertionError(what + ": a raw control character U+" + Integer.toHexString(text.charAt(i))
                        + " in: " + around.replace("\u001b", "<ESC>"));
            }
        }
    }

    /** A zero exit means every byte was written (WriteErrorsTest has each command, and the real /dev/full). */
    @Test
    void aFullDiskIsAnErrorNotASuccess() {
        java.io.Writer full = new java.io.Writer() {
            @Override
            public void write(char[] b, int off, int len) throws IOException {
                throw new IOException("No space left on device");
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        for (String command : List.of("check", "run", "render")) {
            java.io.StringWriter err = new java.io.StringWriter();
            int exit = Main.run(new String[] {command, "chains/"}, new java.io.PrintWriter(full), new java.io.PrintWriter(err));
            assertEquals(1, exit, command);
            assertTrue(err.toString().contains("chain: error: cannot write to standard output"), err.toString());
        }
    }

    /** Liquid and Nunjucks read the page before Markdown (RenderCommandTest renders one with CommonMark). */
    @Test
    void templateEngineTagsFromAChainStayText() throws IOException {
        Path file = dir.resolve("liquid.chain");
        Files.writeString(file, "chain \"{{ site.title }}\"\ndrill \"{% include x.html %}\"\n"
                + "inputs \"{{{{ x }}}} {a}\"\n  a = 1\nnote \"{{{{ y }}}} {{# z #}}\"\n");
        CliRun r = CliRun.of("render", "--front-matter", file.toString());
        assertEquals(0, r.exit(), r.err());
        for (String tag : List.of("{{", "{%", "{#")) {
            assertFalse(r.out().contains(tag), r.out());
        }
    }

    /** The next render removes what a killed one left; --check names it (RenderCommandTest has the details). */
    @Test
    void aKilledRendersLeftoversAreNotIgnored() throws IOException {
        Path site = Files.createDirectories(dir.resolve("leftover-site"));
        assertEquals(0, CliRun.of("render", "chains/", "-o", site.toString()).exit());
        Path leftover = site.resolve(".performance-debugging-chains.md.q1w2e3.tmp");
        Files.write(leftover, new byte[1 << 20]);
        assertEquals(1, CliRun.of("render", "--check", "chains/", "-o", site.toString()).exit());
        assertEquals(0, CliRun.of("render", "chains/", "-o", site.toString()).exit());
        assertTrue(Files.notExists(leftover));
    }

    /** :trace prints a line per value, twenty levels deep at most, however long the chain. */
    @Test
    void aTraceOfThreeThousandStepsIsBounded() {
        StringBuilder chain = new StringBuilder("a0 = 1 GB\n");
        for (int i = 1; i < 3_000; i++) {
            chain.append('a').append(i).append(" = a").append(i - 1).append(" * 1.001\n");
        }
        Path file = dir.resolve("long-trace.chain");
        try {
            Files.writeString(file, chain.toString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        CliRun r = assertTimeoutPreemptively(HANG_GUARD, () -> repl(":trace a2999\n", file.toString()));
        assertEquals(0, r.exit(), r.err());
        assertEquals(1 + 21, r.out().lines().count(), "the loaded line, then the trace:\n" + r.out());
        assertTrue(r.out().length() < 4_000, r.out().length() + " chars");
    }

    @Test
    void crlfLineEndingsJustWorkWithColumnsRight() throws IOException {
        Path file = dir.resolve("crlf.chain");
        Files.writeString(file, "chain \"CRLF\"\r\ninputs\r\n  a = 1 GB\r\n  b2 = a * 2\r\n  check b2 > a\r\n");
        assertEquals(0, CliRun.of("check", file.toString()).exit());
        Files.writeString(file, "a = 1 GB\r\nb2 = a + 2 ms\r\n");
        CliRun r = CliRun.of("check", "--color=never", file.toString());
        assertTrue(r.err().startsWith(file + ":2:8: error: cannot add B (information) and s (time)\n"
                + " 2 | b2 = a + 2 ms\n"
                + "   |      - ^ ---- s (time)\n"), r.err());
    }

    @Test
    void debugShowsTheStackTraceOfAnInternalError() {
        // A resource limit the JVM enforces, not bad input: reported in one line, traced with --debug.
        java.io.StringWriter err = new java.io.StringWriter();
        Main.report(new StackOverflowError(), false, new java.io.PrintWriter(err, true));
        assertTrue(err.toString().startsWith("chain: the input is nested too deeply"), err.toString());
        assertFalse(err.toString().contains("\tat "), err.toString());
        java.io.StringWriter debug = new java.io.StringWriter();
        Main.report(new IllegalStateException("boom"), true, new java.io.PrintWriter(debug, true));
        assertTrue(debug.toString().contains("java.lang.IllegalStateException: boom"), debug.toString());
        assertTrue(debug.toString().contains("\tat "), debug.toString());
    }

    private static void assertFailsCleanly(CliRun r, boolean located) {
        assertAll(
                () -> assertEquals(1, r.exit(), r.err()),
                () -> assertTrue(located ? LOCATED.matcher(r.err()).find() : r.err().startsWith("chain: error: "),
                        () -> "no diagnostic with a location:\n" + head(r.err())),
                () -> assertFalse(r.err().contains("Exception") || r.err().contains("\tat ") || r.err().contains("Error:"),
                        () -> "a stack trace or Java error reached the user:\n" + head(r.err())),
                () -> assertTrue(r.err().length() < 200_000, "the report is bounded: " + r.err().length() + " chars"));
    }

    private static String head(String s) {
        return s.length() > 2_000 ? s.substring(0, 2_000) + "..." : s;
    }
}
