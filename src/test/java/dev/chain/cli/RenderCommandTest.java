package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `chain render`: what-if values, the output folder, --check, links, front matter, and escaping. */
class RenderCommandTest {
    @TempDir
    Path tmp;

    /** The card's chains copied to a folder of the test's own, so that they can be changed. */
    private Path copyOfChains() throws IOException {
        Path copy = tmp.resolve("chains");
        Files.createDirectories(copy);
        try (Stream<Path> files = Files.list(Path.of("chains"))) {
            for (Path f : files.toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        return copy;
    }

    private static String twoDecimals(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    @Test
    void toStandardOutputAPageSaysItsFiguresAreWrittenOnlyWithAFolder() {
        CliRun withFigures = CliRun.of("render", "--link-base", "/", "chains/02-inter-token-floor.chain");
        assertEquals(0, withFigures.exit(), withFigures.err());
        assertTrue(withFigures.out().contains("(02-inter-token-floor-1.svg)"), withFigures.out());
        assertEquals("note: the page shows 2 figures from SVG files beside it, which only -o DIR writes\n",
                withFigures.err());
        CliRun without = CliRun.of("render", "--link-base", "/", "chains/01-lost-prefix-reuse.chain");
        assertEquals("", without.err(), "no figures, no note");
    }

    // ---- what-if: every number follows an input, computed here independently ----------------------

    private static final double LLAMA_8B_PARAMS = 8_030_261_248.0;
    private static final double LLAMA_8B_KV_PER_TOKEN = 2 * 32 * 8 * 128 * 2; // K and V x layers x kv heads x head dim x BF16
    private static final double LLAMA_70B_PARAMS = 70_553_706_496.0;
    private static final double LLAMA_70B_KV_PER_TOKEN = 2 * 80 * 8 * 128 * 2;
    private static final double H100_BANDWIDTH = 3.35e12;

    @Test
    void batchOf32ChangesTheInterTokenChainsNumbers() {
        CliRun r = CliRun.of("render", "--set", "batch=32", "chains/");
        assertEquals(0, r.exit(), r.err());
        double kv = 32 * 4096 * LLAMA_8B_KV_PER_TOKEN;
        double floor = (LLAMA_8B_PARAMS * 2 + kv) / H100_BANDWIDTH;
        assertEquals("17.18", twoDecimals(kv / 1e9));
        assertEquals("9.92", twoDecimals(floor * 1e3));
        assertTrue(r.out().contains("floor    (16.06 GB weights + " + twoDecimals(kv / 1e9) + " GB KV) / 3.35 TB/s = "
                + twoDecimals(floor * 1e3) + " ms"), r.out());
        assertTrue(r.out().contains("inputs   Llama 3.1 8B BF16 on one H100 SXM, batch 32, 4,096 tokens of context"), r.out());
        assertTrue(r.out().contains("2 x 8.03e9 x 2,080 tokens"), "2,048 + 32 tokens in the mixed step");
        // The chains that have no batch, or whose batch is their own, keep the card's numbers.
        assertTrue(r.out().contains("ratio    3,000 / 568 = 5.28x more prefill per request"), r.out());
        // 63% was "ordinary"; at batch 32 the sanity range no longer holds: a warning, and the render goes on.
        assertTrue(r.err().contains("warning: check failed: 41.34% is not in 50% .. 80%"), r.err());
    }

    @Test
    void aWhatIfPastAThousandGroupsItsDigits() {
        CliRun r = CliRun.of("render", "--set", "batch=256", "--set", "context=32,768 token", "chains/02-inter-token-floor.chain");
        assertEquals(0, r.exit(), r.err());
        double kv = 256 * 32768 * LLAMA_8B_KV_PER_TOKEN; // 1,099.51 GB
        String grouped = String.format(java.util.Locale.ROOT, "%,.2f", kv / 1e9);
        assertEquals("1,099.51", grouped);
        assertTrue(r.out().contains("(16.06 GB weights + " + grouped + " GB KV) / 3.35 TB/s"), r.out());
    }

    @Test
    void theLedgersUsableBytesReadAlikeOnBothLinesUnderAWhatIf() {
        // 80e9 B x 0.85 = 68.0e9 B: the pool line showed it as "(68 - 16.06 - 2.0)e9", beside "68.0e9 B" above it.
        CliRun r = CliRun.of("render", "--set", "utilization=0.85", "chains/04-preemption-ledger.chain");
        assertEquals(0, r.exit(), r.err());
        long pool = (long) Math.floor((80e9 * 0.85 - LLAMA_8B_PARAMS * 2 - 2.0e9) / (16 * LLAMA_8B_KV_PER_TOKEN));
        assertTrue(r.out().contains("device x 0.85 = 68.0e9 B;"), r.out());
        assertTrue(r.out().contains("pool     (68.0 - 16.06 - 2.0)e9 / (16 x 131,072 B) = "
                + String.format(Locale.ROOT, "%,d", pool) + " pages"), r.out());
    }

    @Test
    void setOnSeveralInputsOfSeveralChains() {
        CliRun r = CliRun.of("render", "--set", "context=8,192 token", "--set", "tp=8", "--set", "page_size=32 token/page",
                "chains/");
        assertEquals(0, r.exit(), r.err());
        String out = r.out();
        // The inter-token floor with twice the context.
        double kv8b = 64 * 8192 * LLAMA_8B_KV_PER_TOKEN;
        assertTrue(out.contains("(16.06 GB weights + " + twoDecimals(kv8b / 1e9) + " GB KV) / 3.35 TB/s = "
                + twoDecimals((LLAMA_8B_PARAMS * 2 + kv8b) / H100_BANDWIDTH * 1e3) + " ms"), out);
        // The preemption ledger with 32-token pages.
        double pageBytes = 32 * LLAMA_8B_KV_PER_TOKEN;
        long pool = (long) Math.floor((80e9 * 0.92 - LLAMA_8B_PARAMS * 2 - 2.0e9) / pageBytes);
        long promptPages = (long) Math.ceil(2048 / 32.0);
        long fullPages = (long) Math.ceil((2048 + 1024) / 32.0);
        assertTrue(out.contains("/ (32 x 131,072 B) = " + String.format(Locale.ROOT, "%,d", pool) + " pages"), out);
        assertTrue(out.contains("200 prompts of 2,048 tokens = " + String.format(Locale.ROOT, "%,d", 200 * promptPages) + " pages"), out);
        assertTrue(out.contains("= 200 x " + fullPages + " = " + String.format(Locale.ROOT, "%,d", 200 * fullPages) + " pages"), out);
        assertTrue(out.contains("only " + String.format(Locale.ROOT, "%,d", pool) + " / " + fullPages + " = "
                + (pool / fullPages) + " requests"), out);
        // The all-reduce bill at TP=8: 2 x layers x 2 x (tp - 1) / tp x hidden x 2 B per token.
        double perToken = 2 * 80 * 2 * 7 / 8.0 * 8192 * 2;
        assertTrue(out.contains("bytes    2 x 80 layers x 2 x (8 - 1) / 8 x 8,192 x 2 B = " + twoDecimals(perToken / 1e6)
                + " MB per token per GPU"), out);
        assertTrue(out.contains("the slowest GPU sets the pace for\n         all eight"), out);
        // What FP8 should have bought, at TP=8 (its context is its own input too: 8,192).
        double weights = LLAMA_70B_PARAMS * 2 / 8;
        double kv70b = 64 * 8192 * LLAMA_70B_KV_PER_TOKEN / 8;
        assertTrue(out.contains("BF16     " + twoDecimals(weights / 1e9) + " GB weights + " + twoDecimals(kv70b / 1e9)
                + " GB KV per GPU = " + twoDecimals((weights + kv70b) / H100_BANDWIDTH * 1e3) + " ms per step"), out);
    }

    @Test
    void aSetThatNoChainHasIsACommandLineError() {
        CliRun r = CliRun.of("render", "--set", "bacth=32", "chains/");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("none of the chains has an input named `bacth`"), r.err());
        CliRun one = CliRun.of("render", "--set", "bacth=32", "chains/02-inter-token-floor.chain");
        assertEquals(2, one.exit());
        assertTrue(one.err().contains("has no input named `bacth`; its inputs are batch, context"), one.err());
        assertEquals(2, CliRun.of("render", "--set", "floor=3 ms", "chains/02-inter-token-floor.chain").exit());
    }

    /**
     * A card-wide --set applies to the chains where the name is an input and leaves the others
     * alone, also one that derives a value of that name (it exited 2: "`kv` is derived, not an
     * input"). Naming only values that are derived is still a command-line error, which says where.
     */
    @Test
    void aCardWideSetLeavesAChainThatDerivesTheNameAlone(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("given.chain"), "chain \"Given\"\ninputs\n  kv = 10 GB\nderive read\n  t = kv / 1 TB/s -> ms\n");
        Files.writeString(dir.resolve("derived.chain"), "chain \"Derived\"\ninputs\n  batch = 2\nderive total\n  kv = batch * 1 GB\n");
        Files.writeString(dir.resolve("both.card"), "card \"Both\"\ninclude \"given.chain\"\ninclude \"derived.chain\"\n");
        CliRun r = CliRun.of("render", "--set", "kv=20 GB", dir.resolve("both.card").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("t = 20 GB / 1 TB/s = 20 ms"), r.out());
        assertTrue(r.out().contains("kv = 2 x 1 GB = 2 GB"), r.out());
        CliRun run = CliRun.of("run", "--set", "kv=20 GB", dir.resolve("given.chain").toString(), dir.resolve("derived.chain").toString());
        assertEquals(0, run.exit(), run.err());
        CliRun derivedOnly = CliRun.of("render", "--set", "t=3 ms", dir.resolve("both.card").toString());
        assertEquals(2, derivedOnly.exit());
        assertTrue(derivedOnly.err().contains("none of the chains has an input named `t`; " + dir.resolve("given.chain") + " derives it"),
                derivedOnly.err());
    }

    // ---- the output folder --------------------------------------------------------------------

    @Test
    void writesEachPageIntoTheFolderAndLeavesNothingElse() throws IOException {
        Path site = tmp.resolve("site");
        CliRun r = CliRun.of("render", "chains/", "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        Path page = site.resolve("performance-debugging-chains.md");
        Path plot = site.resolve("performance-debugging-chains-1.svg");
        Path roofline = site.resolve("performance-debugging-chains-2.svg");
        assertEquals("wrote " + page + "\nwrote " + plot + "\nwrote " + roofline + "\n", r.out());
        try (Stream<Path> files = Files.list(site)) {
            assertEquals(List.of(plot, roofline, page), files.sorted().toList(),
                    "one page and its two figures, and no temporary file left behind");
        }
        assertEquals(CliRun.of("render", "chains/").out(), Files.readString(page, StandardCharsets.UTF_8));
        CliRun again = CliRun.of("render", "chains/", "-o", site.toString());
        assertEquals("unchanged " + page + "\nunchanged " + plot + "\nunchanged " + roofline + "\n", again.out());
    }

    @Test
    void aPageIsReadableLikeAnyNewFileAndKeepsThePermissionsGivenIt() throws IOException {
        Path site = tmp.resolve("site");
        Files.createDirectories(site);
        Assumptions.assumeTrue(Files.getFileStore(site).supportsFileAttributeView(PosixFileAttributeView.class));
        // What the umask gives a new file here (0644 under the usual 022), not the 0600 of a temporary file.
        Set<PosixFilePermission> usual = Files.getPosixFilePermissions(Files.createFile(site.resolve("plain.txt")));
        Path chains = copyOfChains();
        assertEquals(0, CliRun.of("render", chains.toString(), "-o", site.toString()).exit());
        Path page = site.resolve("performance-debugging-chains.md");
        assertEquals(usual, Files.getPosixFilePermissions(page));

        // The site's owner narrows them; a page written again keeps them.
        Set<PosixFilePermission> narrowed = PosixFilePermissions.fromString("rw-r-----");
        Files.setPosixFilePermissions(page, narrowed);
        Path itl = chains.resolve("02-inter-token-floor.chain");
        Files.writeString(itl, Files.readString(itl).replace("batch   = 64", "batch   = 48"));
        CliRun again = CliRun.of("render", chains.toString(), "-o", site.toString());
        assertTrue(again.out().startsWith("wrote " + page + "\n"), again.out() + again.err());
        assertEquals(narrowed, Files.getPosixFilePermissions(page));
        assertEquals(usual, Files.getPosixFilePermissions(site.resolve("performance-debugging-chains-1.svg")));
    }

    @Test
    void checkPassesOnAFreshFolderAndNamesTheStaleAndMissingPages() throws IOException {
        Path chains = copyOfChains();
        Files.writeString(chains.resolve("extra.chain"), "chain \"Extra\"\ninputs\n  a = 1\n");
        Path site = tmp.resolve("site");
        assertEquals(0, CliRun.of("render", chains.toString(), "-o", site.toString()).exit());
        CliRun fresh = CliRun.of("render", "--check", chains.toString(), "-o", site.toString());
        assertEquals(0, fresh.exit(), fresh.err());
        assertEquals("ok: 2 pages and 2 figures up to date\n", fresh.out());

        Path card = site.resolve("performance-debugging-chains.md");
        Files.writeString(card, Files.readString(card).replace("15.05 ms", "15.1 ms"));
        Files.delete(site.resolve("extra.md"));
        CliRun stale = CliRun.of("render", "--check", chains.toString(), "-o", site.toString());
        assertEquals(1, stale.exit());
        assertTrue(stale.err().contains("stale: " + card), stale.err());
        assertTrue(stale.err().contains("missing: " + site.resolve("extra.md")), stale.err());
        assertTrue(stale.err().contains("2 of 4 files (2 pages and 2 figures) out of date"), stale.err());

        // A chain changes: the page it is on is stale.
        assertEquals(0, CliRun.of("render", chains.toString(), "-o", site.toString()).exit());
        Path itl = chains.resolve("02-inter-token-floor.chain");
        Files.writeString(itl, Files.readString(itl).replace("batch   = 64", "batch   = 48"));
        CliRun changed = CliRun.of("render", "--check", chains.toString(), "-o", site.toString());
        assertEquals(1, changed.exit());
        assertTrue(changed.err().contains("stale: " + card), changed.err());
    }

    /** A render killed midway leaves its temporary file (17 MB in one case), which the site would publish. */
    @Test
    void aKilledRendersTemporaryFilesAreReportedByCheckAndRemovedByTheNextRender() throws Exception {
        Path chains = copyOfChains();
        Path site = tmp.resolve("site");
        assertEquals(0, CliRun.of("render", chains.toString(), "-o", site.toString()).exit());
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path old = site.resolve(".performance-debugging-chains.md.2k9x1q4h7.tmp"); // as chain named them before
        Path killed = site.resolve(".performance-debugging-chains.md." + gone.pid() + ".5ab3.tmp");
        Path running = site.resolve(".performance-debugging-chains.md." + ProcessHandle.current().pid() + ".77.tmp");
        Path unrelated = site.resolve(".notes.md.1.tmp");
        for (Path p : List.of(old, killed, running, unrelated)) {
            Files.writeString(p, "half a page");
        }
        CliRun check = CliRun.of("render", "--check", chains.toString(), "-o", site.toString());
        assertEquals(1, check.exit(), check.err());
        List<Path> leftovers = new java.util.ArrayList<>(List.of(old, killed));
        java.util.Collections.sort(leftovers);
        assertEquals("chain: leftover: " + leftovers.get(0) + " (a temporary file of an interrupted render)\n"
                + "chain: leftover: " + leftovers.get(1) + " (a temporary file of an interrupted render)\n"
                + "chain: 2 leftover temporary files beside the pages: chain render without --check removes them\n",
                check.err());
        CliRun render = CliRun.of("render", chains.toString(), "-o", site.toString());
        assertEquals(0, render.exit(), render.err());
        assertEquals("removed " + leftovers.get(0) + ", left by an interrupted render\n"
                + "removed " + leftovers.get(1) + ", left by an interrupted render\n"
                + "unchanged " + site.resolve("performance-debugging-chains.md") + "\n"
                + "unchanged " + site.resolve("performance-debugging-chains-1.svg") + "\n"
                + "unchanged " + site.resolve("performance-debugging-chains-2.svg") + "\n", render.out());
        assertTrue(Files.notExists(old) && Files.notExists(killed));
        assertTrue(Files.exists(running), "a render still running keeps its file");
        assertTrue(Files.exists(unrelated), "a file that belongs to no page of this render is left alone");
        assertEquals(0, CliRun.of("render", "--check", chains.toString(), "-o", site.toString()).exit());
    }

    @Test
    void aPageThatCannotBeWrittenSaysWhy() {
        // NoSuchFileException's message is the bare path: "cannot write site/x.md: /proc/nope" said nothing.
        assertEquals("no such file or folder: /proc/nope",
                RenderCommand.readable(new java.nio.file.NoSuchFileException("/proc/nope")));
        assertEquals("permission denied: /srv/site/x.md",
                RenderCommand.readable(new java.nio.file.AccessDeniedException("/srv/site/x.md")));
        assertEquals("/a/b: Not a directory", RenderCommand.readable(new java.nio.file.FileSystemException("/a/b", null, "Not a directory")));
    }

    @Test
    void aFolderUnderAFileIsAnErrorThatNamesTheFile(@TempDir Path tmp) throws IOException {
        // It said "chain: cannot write afile/x/NAME.md: /tmp/.../afile/x: Not a directory", with no error: and no reason.
        Path file = Files.writeString(tmp.resolve("afile"), "");
        Path out = file.resolve("x");
        CliRun r = CliRun.of("render", "--link-base", "/", "chains/02-inter-token-floor.chain", "-o", out.toString());
        assertEquals(1, r.exit());
        assertEquals("chain: error: cannot write " + out.resolve("02-inter-token-floor.md") + ": " + file + " is not a folder\n", r.err());
    }

    @Test
    void checkNeedsAFolder() {
        CliRun r = CliRun.of("render", "--check", "chains/");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("--check compares with the files in a folder"), r.err());
    }

    @Test
    void neverWritesOverAChainFile() throws IOException {
        Path chains = copyOfChains();
        Path chain = chains.resolve("01-lost-prefix-reuse.chain");
        byte[] before = Files.readAllBytes(chain);
        CliRun r = CliRun.of("render", chains.toString(), "-o", chain.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("is a file; -o names the folder"), r.err());
        assertArrayEquals(before, Files.readAllBytes(chain));

        // The pages may go beside the chains; the chains are untouched.
        CliRun beside = CliRun.of("render", chains.toString(), "-o", chains.toString());
        assertEquals(0, beside.exit(), beside.err());
        assertArrayEquals(before, Files.readAllBytes(chain));
        assertTrue(Files.exists(chains.resolve("performance-debugging-chains.md")));
    }

    @Test
    void nothingIsWrittenWhenAChainHasErrors() throws IOException {
        Path chains = copyOfChains();
        Path itl = chains.resolve("02-inter-token-floor.chain");
        Files.writeString(itl, Files.readString(itl).replace("({weights} weights", "({weigths} weights"));
        Path site = tmp.resolve("site");
        CliRun r = CliRun.of("render", chains.toString(), "-o", site.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("02-inter-token-floor.chain:11:17: error: unknown name `weigths`"), r.err());
        assertFalse(Files.exists(site));
    }

    @Test
    void aFolderWithoutACardRendersEachChainAsItsOwnPage() throws IOException {
        Path folder = tmp.resolve("loose");
        Files.createDirectories(folder.resolve("sub"));
        Files.copy(Path.of("chains/01-lost-prefix-reuse.chain"), folder.resolve("a.chain"));
        Files.copy(Path.of("chains/08-periodic-p99.chain"), folder.resolve("sub/b.chain"));
        Path site = tmp.resolve("site");
        assertEquals(0, CliRun.of("render", folder.toString(), "-o", site.toString()).exit());
        assertTrue(Files.readString(site.resolve("a.md")).startsWith("# Lost prefix reuse\n"));
        assertTrue(Files.readString(site.resolve("sub/b.md")).startsWith("# A periodic p99 with a flat median\n"));
    }

    @Test
    void aLocalModuleInTheFolderIsNotAPage() throws IOException {
        // The module sorts before the chain that uses it, and after it: neither is a page.
        Path folder = tmp.resolve("fleet");
        Files.createDirectories(folder);
        Files.copy(Path.of("examples/local-module/fleet.chain"), folder.resolve("fleet.chain"));
        Files.copy(Path.of("examples/local-module/decode-floor.chain"), folder.resolve("decode-floor.chain"));
        Files.copy(Path.of("examples/local-module/decode-floor.chain"), folder.resolve("z-decode-floor.chain"));
        Path site = tmp.resolve("site");
        CliRun r = CliRun.of("render", folder.toString(), "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        try (Stream<Path> files = Files.list(site)) {
            assertEquals(List.of("decode-floor.md", "z-decode-floor.md"),
                    files.map(f -> f.getFileName().toString()).sorted().toList());
        }
        assertTrue(Files.readString(site.resolve("decode-floor.md")).startsWith("# The decode floor on our fleet\n"));
        // A module no chain uses yet (written before its chain) is left out with a warning, as check passes it.
        Files.copy(Path.of("examples/local-module/fleet.chain"), folder.resolve("spare.chain"));
        CliRun spare = CliRun.of("render", folder.toString(), "-o", tmp.resolve("site2").toString());
        assertEquals(0, spare.exit(), spare.err());
        assertTrue(spare.err().contains("chain: warning: " + folder.resolve("spare.chain")
                + " is a module (it has no chain title) that no chain uses: it has no page"), spare.err());
        assertFalse(Files.exists(tmp.resolve("site2").resolve("spare.md")));
        Files.delete(folder.resolve("spare.chain"));
        // A folder of such modules alone has nothing to render, as an empty folder has not.
        Path only = tmp.resolve("only");
        Files.createDirectories(only);
        Files.copy(Path.of("examples/local-module/fleet.chain"), only.resolve("fleet.chain"));
        CliRun none = CliRun.of("render", only.toString(), "-o", tmp.resolve("site3").toString());
        assertEquals(1, none.exit(), none.err());
        assertTrue(none.err().contains("no chain in " + only + ": its .chain files are modules, and no chain uses them"), none.err());
        // Named on the command line, the module is no page either: it has no title.
        CliRun module = CliRun.of("render", folder.resolve("fleet.chain").toString());
        assertEquals(1, module.exit());
        assertTrue(module.err().contains("fleet.chain is a module (it has no chain title), not a page"), module.err());
    }

    // ---- links and front matter ------------------------------------------------------------------

    @Test
    void linksComeFromTheCommandLineOrTheCard() throws IOException {
        String byDefault = CliRun.of("render", "chains/").out();
        assertTrue(byDefault.contains("Drilled in: [Bad ITL with fine TTFT](/drills/bad-itl-with-fine-ttft/)"));
        assertTrue(byDefault.endsWith("Next card: [Implementation Coding Chains](/cards/implementation-coding-chains/)\n"));

        String base = CliRun.of("render", "--link-base", "https://study.example.com/", "chains/").out();
        assertTrue(base.contains("(https://study.example.com/drills/bad-itl-with-fine-ttft/)"), base);

        Path chains = copyOfChains();
        Path card = chains.resolve("performance-debugging-chains.card");
        Files.writeString(card, Files.readString(card).replace("links \"/\"", "links \"../{section}/{slug}.html\" snake"));
        String fromCard = CliRun.of("render", chains.toString()).out();
        assertTrue(fromCard.contains("[Bad ITL with fine TTFT](../drills/bad_itl_with_fine_ttft.html)"), fromCard);
        assertTrue(fromCard.contains("[Implementation Coding Chains](../cards/implementation_coding_chains.html)"), fromCard);

        String overridden = CliRun.of("render", "--slug", "kebab", "--link-base", "/site/", chains.toString()).out();
        assertTrue(overridden.contains("(/site/drills/bad-itl-with-fine-ttft/)"), "the command line wins over the card");
    }

    /** The site's layout prints the front matter's title, so the page does not: a theme would show it twice. */
    @Test
    void frontMatterForStaticSiteGeneratorsHoldsTheTitleInsteadOfTheHeading() {
        String card = CliRun.of("render", "--front-matter", "chains/").out();
        assertTrue(card.startsWith("""
                ---
                title: "Performance debugging chains: what the symptom should have cost"
                chains: 8
                next: "Implementation Coding Chains"
                ---

                8 chains
                """), card);
        assertEquals(CliRun.of("render", "chains/").out().replace("# Performance debugging chains: what the symptom should have cost\n\n", ""),
                card.substring(card.indexOf("8 chains")), "the rest of the page is as without front matter");
        String chain = CliRun.of("render", "--front-matter", "chains/02-inter-token-floor.chain").out();
        assertTrue(chain.startsWith("""
                ---
                title: "The inter-token floor and a mixed step"
                drills:
                  - "Bad ITL with fine TTFT"
                ---

                ```text
                inputs   Llama 3.1 8B"""), chain);
        assertFalse(chain.contains("# The inter-token floor"), chain);
    }

    // ---- the site's layout (StaticSiteTest builds both with Eleventy) ---------------------------

    @Test
    void theBundleLayoutPutsEachPageInAFolderWithItsFigures() throws IOException {
        Path site = tmp.resolve("bundles");
        CliRun r = CliRun.of("render", "--layout", "bundle", "chains/", "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        Path folder = site.resolve("performance-debugging-chains");
        try (Stream<Path> files = Files.walk(site)) {
            assertEquals(List.of(site, folder, folder.resolve("index.md"), folder.resolve("performance-debugging-chains-1.svg"),
                    folder.resolve("performance-debugging-chains-2.svg")), files.sorted().toList());
        }
        assertEquals(CliRun.of("render", "chains/").out(), Files.readString(folder.resolve("index.md")),
                "the page refers to its figures by name, beside it");
        assertEquals(0, CliRun.of("render", "--layout", "bundle", "chains/", "-o", site.toString(), "--check").exit());
        assertEquals(1, CliRun.of("render", "chains/", "-o", site.toString(), "--check").exit(), "the flat page is missing");
        CliRun noFolder = CliRun.of("render", "--layout", "bundle", "chains/");
        assertEquals(2, noFolder.exit());
        assertTrue(noFolder.err().contains("--layout bundle says how -o writes each page"), noFolder.err());
    }

    /**
     * A chain file named {@code ...chain} would be the page {@code ..}: a bundle render put
     * {@code site/index.md}, the script and figures above {@code -o site/out}. Each name that
     * makes {@code .}, {@code ..} or an empty page name is refused at the file, before anything is
     * read, whether named, in a folder or as a card, and the folder above -o is left as it was.
     */
    @Test
    void aSourceNamedDotDotIsRefusedAndNothingIsWrittenAboveTheOutputFolder() throws IOException {
        Path site = tmp.resolve("site");
        Path out = site.resolve("out");
        Files.createDirectories(out);
        Path mine = site.resolve("index.md");
        Files.writeString(mine, "the site's own page\n");
        String chain = Files.readString(Path.of("chains/02-inter-token-floor.chain"));
        Path src = tmp.resolve("src");
        Files.createDirectories(src);
        for (String name : List.of("...chain", "..chain", ".chain", "...card")) {
            Path file = src.resolve(name);
            Files.writeString(file, name.endsWith(".card") ? "card \"x\"\n" : chain);
            String dots = name.substring(0, name.lastIndexOf('.'));
            for (List<String> layout : List.<List<String>>of(List.of("--layout", "bundle"), List.of())) {
                List<String> args = new java.util.ArrayList<>(List.of("render", "--color=never", "--interactive"));
                args.addAll(layout);
                args.addAll(List.of(file.toString(), "-o", out.toString()));
                CliRun r = CliRun.of(args.toArray(String[]::new));
                assertEquals(1, r.exit(), name + layout);
                assertTrue(r.err().startsWith(file + ":1:1: error: this file's name makes its page's name "
                        + (dots.isEmpty() ? "empty" : "`" + dots + "`")), r.err());
                assertTrue(r.err().contains("= hint: rename the file"), r.err());
            }
            // in a folder render, the same file is refused by its path there
            CliRun folder = CliRun.of("render", "--color=never", "--layout", "bundle", src.toString(), "-o", out.toString());
            assertEquals(1, folder.exit(), folder.err());
            assertTrue(folder.err().contains(":1:1: error: this file's name makes its page's name"), folder.err());
            Files.delete(file);
        }
        assertEquals("the site's own page\n", Files.readString(mine));
        try (Stream<Path> files = Files.walk(site)) {
            assertEquals(List.of(site, mine, out), files.sorted().toList(), "nothing written, above -o or in it");
        }
    }

    /**
     * A flat page served at /cards/NAME/ finds its figures, script and practice models through the asset base; its
     * standalone .html, a file beside them with no layout to print its title, refers to them by name.
     */
    @Test
    void anAssetBaseStartsTheReferencesToThePagesFilesButNotTheStandalonePages() throws IOException {
        Path site = tmp.resolve("flat");
        CliRun r = CliRun.of("render", "--interactive", "--front-matter", "--asset-base", "/cards", "chains/", "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        String page = Files.readString(site.resolve("performance-debugging-chains.md"));
        assertTrue(page.contains("](/cards/performance-debugging-chains-1.svg)\n"), page);
        assertTrue(page.contains("](/cards/performance-debugging-chains-2.svg)\n"), page);
        assertTrue(page.endsWith("</div>\n<script src=\"/cards/chain-page.js\""
                + " data-practice-models=\"/cards/performance-debugging-chains.practice.js\" defer></script>\n"), page);
        String html = Files.readString(site.resolve("performance-debugging-chains.html"));
        assertTrue(html.contains("src=\"performance-debugging-chains-1.svg\""), html);
        assertTrue(html.contains("<script src=\"chain-page.js\" data-practice-models=\"performance-debugging-chains.practice.js\""
                + " defer></script>"), html);
        assertTrue(html.contains("<h1>Performance debugging chains: what the symptom should have cost</h1>"), html);
        assertFalse(html.contains("/cards/performance") || html.contains("chains: 8"), html);
    }

    @Test
    void theCommandLinesDocsShowRendersHelpAsItIs() throws IOException {
        CliRun help = CliRun.of("render", "--help");
        assertEquals(0, help.exit());
        assertTrue(Files.readString(Path.of("docs/cli.md")).contains("\n```\n" + help.out() + "```\n"),
                "docs/cli.md shows chain render --help:\n" + help.out());
    }

    @Test
    void anAssetBaseIsAPlainPathOrAWebAddress() {
        for (String base : List.of("javascript:alert(1)//", "data:text/html,", "/a b/", "/{{ site.url }}/", "/x\"onerror=\"/", "../?v=1")) {
            CliRun r = CliRun.of("render", "--asset-base", base, "chains/");
            assertEquals(2, r.exit(), base + ": " + r.out());
            assertTrue(r.err().contains("--asset-base " + base + ": an asset base is"), r.err());
        }
        CliRun web = CliRun.of("render", "--asset-base", "https://static.example.com/cards/", "chains/");
        assertEquals(0, web.exit(), web.err());
        assertTrue(web.out().contains("](https://static.example.com/cards/page-1.svg)")
                || web.out().contains("](https://static.example.com/cards/performance-debugging-chains-1.svg)"), web.out());
    }

    // ---- chain text cannot inject HTML ------------------------------------------------------------

    @Test
    void htmlInAChainComesOutEscaped() throws IOException {
        Path chain = tmp.resolve("evil.chain");
        Files.writeString(chain, """
                chain "<img src=x onerror=alert(1)> title"
                drill "<script>alert('drill')</script>"
                inputs "<b>bold</b> {a} </code></pre><script>alert(2)</script>"
                  a = 1
                derive "<i>label</i>" "``` a fence in a template"
                  c = a + 1
                note "A <script>alert(3)</script> note with [a link](javascript:alert(4)) & *stars* and <!-- a comment -->"
                """);
        CliRun r = CliRun.of("render", "--link-base", "/", chain.toString());
        assertEquals(0, r.exit(), r.err());
        Node document = Parser.builder().build().parse(r.out());
        assertNoRawHtml(document);
        int links = 0;
        for (Node n = document.getFirstChild(); n != null; n = n.getNext()) {
            for (Node c = n.getFirstChild(); c != null; c = c.getNext()) {
                if (c instanceof Link link) {
                    links++;
                    assertTrue(link.getDestination().startsWith("/drills/"), link.getDestination());
                }
            }
        }
        assertEquals(1, links, "the drill is the only link");
        String html = HtmlRenderer.builder().build().render(document);
        assertFalse(html.contains("<script"), html);
        assertFalse(html.contains("<img"), html);
        assertFalse(html.contains("<b>"), html);
        assertFalse(html.contains("<!--"), html);
        assertTrue(html.contains("&lt;script&gt;alert(3)&lt;/script&gt;"), html);
        assertTrue(html.contains("&lt;b&gt;bold&lt;/b&gt; 1 &lt;/code&gt;&lt;/pre&gt;&lt;script&gt;"), "the code block shows it as text");
        assertTrue(html.contains("``` a fence in a template"), "a fence inside the block does not close it");
    }

    /**
     * Jekyll and Eleventy run Liquid (Eleventy also Nunjucks, Hugo its shortcodes) over the page
     * before Markdown: a tag copied from a chain would be evaluated. The reader still sees the
     * braces as the chain wrote them.
     */
    @Test
    void templateEngineTagsInAChainStayText() throws IOException {
        Path chain = tmp.resolve("liquid.chain");
        Files.writeString(chain, """
                chain "{{ site.title }} and {% include x.html %}"
                drill "{{ page.url }}"
                inputs "{a} {{{{ site.time }}}} {{#{a}"
                  a = 1
                note "A {{{{{{{{ x }}}}}}}} note, {{% raw %}} and {{#- a comment -#}}; {{{{<shortcode>}}}} and {{{{%% x %%}}}}"
                """); // a title is text; a template (the inputs line, a note) writes a brace as {{
        CliRun r = CliRun.of("render", "--link-base", "/", "--front-matter", chain.toString());
        assertEquals(0, r.exit(), r.err());
        String page = r.out();
        for (String tag : List.of("{{", "{%", "{#")) {
            assertFalse(page.contains(tag), () -> "a live " + tag + " in:\n" + page);
        }
        assertTrue(page.startsWith("---\ntitle: \"\\x7B{ site.title }} and \\x7B% include x.html %}\"\n"), page);
        String html = HtmlRenderer.builder().build().render(Parser.builder().build().parse(page));
        String seen = html.replace("\u2060", "");
        String heading = HtmlRenderer.builder().build().render(Parser.builder().build().parse(
                CliRun.of("render", chain.toString()).out())); // without front matter, the title is the page's heading
        assertTrue(heading.contains("<h1>{{ site.title }} and {% include x.html %}</h1>"), heading);
        assertTrue(seen.contains("inputs   1 {{ site.time }} {#1\n"), "the code block: " + html);
        assertTrue(seen.contains("A {{{{ x }}}} note, {% raw %} and {#- a comment -#}; {{&lt;shortcode&gt;}} and {{%% x %%}}"), html);
        assertTrue(seen.contains(">{{ page.url }}</a>"), html);
    }

    private static void assertNoRawHtml(Node node) {
        assertFalse(node instanceof HtmlInline || node instanceof HtmlBlock, "raw HTML: " + node);
        for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
            assertNoRawHtml(child);
        }
    }
}
