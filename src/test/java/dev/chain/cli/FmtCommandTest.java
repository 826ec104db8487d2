package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code chain fmt} on real files and through a real pipe, as an author and an editor run it. */
class FmtCommandTest {
    @TempDir
    Path dir;

    /** A chain whose note is triple-quoted prose over three lines, with {@code \r\n} endings and blanks at its lines' ends. */
    private static final String CRLF = "chain \"Prose\"\r\n\r\nderive d\r\n  y = 1 ms\r\n\r\n"
            + "note \"\"\"The first line,  \r\nthe second\t\r\nand the last.\"\"\"\r\n";
    private static final String FORMATTED = "chain \"Prose\"\n\nderive d\n  y = 1 ms\n\n"
            + "note \"\"\"The first line,\nthe second\nand the last.\"\"\"\n";

    /** {@code chain fmt -} in a process of its own: what it prints, byte for byte, and its exit code. */
    private record Piped(int exit, byte[] out, String err) {}

    private static Piped pipe(byte[] input) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "dev.chain.cli.Main", "fmt", "-").start();
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> {
            try {
                return p.getErrorStream().readAllBytes();
            } catch (IOException e) {
                return new byte[0];
            }
        });
        try (var in = p.getOutputStream()) {
            in.write(input);
        }
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Piped(p.exitValue(), out, new String(err.get(), StandardCharsets.UTF_8));
    }

    /** It printed each CR inside the prose as the six characters {@code \u000d}, which then checked and rendered. */
    @Test
    void fmtDashWritesTheFileWithItsLineEndingsAndNothingElseChanged() throws Exception {
        Piped piped = pipe(CRLF.getBytes(StandardCharsets.UTF_8));
        assertEquals(0, piped.exit(), piped.err());
        assertEquals(FORMATTED, new String(piped.out(), StandardCharsets.UTF_8));
        Path before = Files.writeString(dir.resolve("before.chain"), CRLF);
        Path after = Files.write(dir.resolve("after.chain"), piped.out());
        CliRun a = CliRun.of("render", before.toString(), "-o", dir.resolve("a").toString());
        CliRun b = CliRun.of("render", after.toString(), "-o", dir.resolve("b").toString());
        assertEquals(0, a.exit(), a.err());
        assertEquals(0, b.exit(), b.err());
        assertEquals(Files.readString(dir.resolve("a/before.md")), Files.readString(dir.resolve("b/after.md")), "the same page");
        assertTrue(Files.readString(dir.resolve("b/after.md")).contains("The first line, the second and the last."));
    }

    /** Standard output shows a control character as its escape: that would be another file, so it says so instead. */
    @Test
    void fmtDashRefusesAControlCharacterItCannotPrintAsItIs() throws Exception {
        Piped piped = pipe("chain \"A\u001b[31m title\"\n\nderive d\n  y = 1 ms\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(1, piped.exit());
        assertEquals(0, piped.out().length, "nothing printed");
        assertTrue(piped.err().startsWith("<stdin>:1:9: error: a control character (\\u001b)"), piped.err());
    }

    /** A CRLF file came out with mixed endings (those inside the prose kept), which --check then called formatted. */
    @Test
    void aCrlfFileIsFormattedToLineFeedsOnly() throws Exception {
        Path file = Files.writeString(dir.resolve("crlf.chain"), CRLF);
        CliRun check = CliRun.of("fmt", "--check", file.toString());
        assertEquals(1, check.exit(), "not formatted");
        CliRun run = CliRun.of("fmt", file.toString());
        assertEquals(0, run.exit(), run.err());
        assertEquals(FORMATTED, Files.readString(file));
        assertEquals(0, CliRun.of("fmt", "--check", file.toString()).exit());
    }

    /** It replaced the link with a file: the link stays, and what it names is formatted. */
    @Test
    void aSymbolicLinkIsFollowed() throws Exception {
        Path real = Files.writeString(Files.createDirectories(dir.resolve("real")).resolve("floor.chain"), CRLF);
        Path link = Files.createSymbolicLink(dir.resolve("link.chain"), real);
        CliRun run = CliRun.of("fmt", link.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(Files.isSymbolicLink(link), "still a link");
        assertEquals(real, Files.readSymbolicLink(link));
        assertEquals(FORMATTED, Files.readString(real));
    }

    /** A file its owner made read-only was rewritten (by a rename, which the folder allows). */
    @Test
    void aReadOnlyFileIsLeftAsItIs() throws Exception {
        Path file = Files.writeString(dir.resolve("ro.chain"), CRLF);
        assumeTrue(file.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        CliRun run = CliRun.of("fmt", file.toString());
        assertEquals(1, run.exit());
        assertEquals("chain: " + file + " is read-only: left as it is (make it writable to format it)\n", run.err());
        assertEquals(CRLF, Files.readString(file));
        assertEquals("r--r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    /**
     * An edit saved while fmt works on a large file: fmt replaced the file with the layout of the
     * text it had read, and the edit was lost. It checks the file just before the rename now.
     */
    @Test
    void anEditSavedWhileFmtRunsIsKept() throws Exception {
        StringBuilder text = new StringBuilder("chain \"large\"\n\ninputs\n  v0 = 1 ms\n\nderive d\n");
        for (int i = 1; i < 30_000; i++) {
            text.append("  v").append(i).append("   =   v").append(i - 1).append(" + 1 ms\n");
        }
        Path file = Files.writeString(dir.resolve("large.chain"), text);
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of("fmt", file.toString()));
        // the file is read at once; laying out and proving 30,000 lines takes seconds
        Thread.sleep(300);
        assertFalse(run.isDone(), "fmt is still at work");
        byte[] edited = (text + "  saved = 2 ms\n").getBytes(StandardCharsets.UTF_8);
        Files.write(file, edited);
        CliRun done = run.get(5, TimeUnit.MINUTES);
        assertEquals(1, done.exit(), done.err());
        assertEquals("chain: " + file + " changed while chain fmt ran: left as it is (run chain fmt again)\n", done.err());
        assertArrayEquals(edited, Files.readAllBytes(file), "the edit is there");
    }
}
