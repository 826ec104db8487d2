package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.session.Parsed;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A site's files parsed ahead on other threads: what comes out is each file's own parse, in file order. */
class ParseAheadTest {
    @TempDir
    Path tmp;

    /** {@code count} chains, each with one check that holds, but for a syntax error, a failed check and a file too large. */
    private List<Path> site(int count) throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Path f = tmp.resolve(String.format("f%03d.chain", i));
            Files.writeString(f, "small = " + i + " GB\nbig = " + (i + 1) + " GB\ncheck small < big\n");
            files.add(f);
        }
        Files.writeString(files.get(17), "small = 3 GB\nbig = 3 GB +\ncheck small < 4 GB\n");
        Files.writeString(files.get(63), "small = 3 GB\nbig = 2 GB\ncheck small < big\n");
        try (RandomAccessFile huge = new RandomAccessFile(files.get(101).toFile(), "rw")) {
            huge.setLength(33L * 1024 * 1024); // sparse: refused by its size before it is read
        }
        return files;
    }

    @Test
    void aSiteChecksInFileOrderWithEveryProblemWhereItIs() throws IOException {
        site(120);
        assertTrue(120 >= ParseAhead.PARALLEL_FROM, "a run this large parses ahead");
        CliRun r = CliRun.of("check", tmp.toString());
        assertEquals(1, r.exit());
        assertEquals("failed: 3 of 120 files with errors or failed checks\n", r.out());
        List<String> where = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^\\S*(f\\d{3}\\.chain):(\\d+):(\\d+): error: (.*)$").matcher(r.err());
        while (m.find()) {
            where.add(m.group(1) + ":" + m.group(2) + ": " + m.group(4));
        }
        assertEquals(List.of(
                "f017.chain:2: unexpected end of line",
                "f063.chain:3: check failed: 3 GB is not less than 2 GB",
                "f101.chain:1: file too large: 34.6 MB; chain reads .chain files of up to 33.6 MB"), where, r.err());
    }

    @Test
    void aSiteThatHoldsCountsEveryCheck() throws IOException {
        List<Path> files = site(150);
        Files.writeString(files.get(17), "small = 1 GB\nbig = 2 GB\ncheck small < big\n");
        Files.writeString(files.get(63), "small = 1 GB\nbig = 2 GB\ncheck small < big\n");
        Files.delete(files.get(101));
        CliRun r = CliRun.of("check", tmp.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("ok: 149 files, 149 checks hold\n", r.out());
    }

    @Test
    void filesComeOutInTheOrderTheyWentIn() throws Exception {
        List<Path> files = site(120);
        try (ParseAhead ahead = new ParseAhead(3)) {
            for (Path f : files) {
                ahead.add(f);
            }
            for (int i = 0; i < 100; i++) {
                Path f = files.get(i);
                Parsed parsed = ahead.take(f);
                assertEquals(f.toString(), parsed.source().name());
                // The line with the syntax error is no statement; the other two are.
                assertEquals(i == 17 ? 2 : 3, parsed.file().statements().size(), f.toString());
                assertEquals(i == 17 ? 1 : 0, parsed.problems().size(), f.toString());
            }
        }
    }

    @Test
    void aFileThatCannotBeReadFailsWhereItComesAndTheRestGoOn() throws Exception {
        List<Path> files = site(120).subList(99, 104);
        Files.delete(files.get(1));
        try (ParseAhead ahead = new ParseAhead(2)) {
            for (Path f : files) {
                ahead.add(f);
            }
            ahead.take(files.get(0));
            ChainFiles.BadPath missing = assertThrows(ChainFiles.BadPath.class, () -> ahead.take(files.get(1)));
            assertTrue(missing.getMessage().contains("no such file"), missing.getMessage());
            ChainFiles.BadPath large = assertThrows(ChainFiles.BadPath.class, () -> ahead.take(files.get(2)));
            assertTrue(large.getMessage().startsWith("file too large"), large.getMessage());
            assertEquals(3, ahead.take(files.get(3)).file().statements().size());
            assertEquals(3, ahead.take(files.get(4)).file().statements().size());
        }
    }

    /** A file too long to parse ahead (its tree would be held with the others') is parsed when taken. */
    @Test
    void aLongFileAmongShortOnesIsParsedAsWell() throws Exception {
        List<Path> files = site(120).subList(0, 3);
        StringBuilder text = new StringBuilder();
        int bindings = 0;
        while (text.length() <= ParseAhead.AHEAD_MAX_CHARS) {
            text.append("value_").append(bindings++).append(" = ").append(bindings).append(" GB\n");
        }
        Files.writeString(files.get(1), text);
        try (ParseAhead ahead = new ParseAhead(2)) {
            for (Path f : files) {
                ahead.add(f);
            }
            assertEquals(3, ahead.take(files.get(0)).file().statements().size());
            assertEquals(bindings, ahead.take(files.get(1)).file().statements().size());
            assertEquals(3, ahead.take(files.get(2)).file().statements().size());
        }
    }

    @Test
    void takingOutOfOrderIsABug() throws Exception {
        List<Path> files = site(120);
        try (ParseAhead ahead = new ParseAhead(2)) {
            ahead.add(files.get(0));
            ahead.add(files.get(1));
            assertThrows(IllegalStateException.class, () -> ahead.take(files.get(1)));
        }
        try (ParseAhead inTurn = new ParseAhead(0)) { // without threads, a file is parsed when it is taken
            assertEquals(3, inTurn.take(files.get(2)).file().statements().size());
        }
    }

    @Test
    void aSmallRunHasNoThreads() {
        // A card's folder is mostly start-up, where a thread more only competes with the compiler.
        System.clearProperty(ParseAhead.THREADS_PROPERTY);
        try (ParseAhead ahead = ParseAhead.forRun(9)) {
            assertTrue(ahead.inTurn());
        }
    }
}
