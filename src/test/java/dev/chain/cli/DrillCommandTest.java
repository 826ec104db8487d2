package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** chain drill's scriptable side: --answers, --json, --step, --vary, the exit codes and its errors. */
class DrillCommandTest {
    private static final String FLOOR = "chains/02-inter-token-floor.chain";

    @TempDir
    Path dir;

    private Path answers(String text) throws IOException {
        Path p = dir.resolve("answers.txt");
        Files.writeString(p, text);
        return p;
    }

    @Test
    void jsonGivesEachAnswerWithItsVerdictAndCauses() throws IOException {
        Path a = answers("# my answers\nweights = 16.06 GB\nkv = 0.5369 GB\n\nfloor = 4.955 ms\n");
        CliRun r = CliRun.on("drill", FLOOR, "--answers", a.toString(), "--json");
        assertEquals(1, r.exit(), r.err());
        JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
        assertEquals(FLOOR, o.get("file").getAsString());
        var steps = o.getAsJsonArray("steps");
        assertEquals(3, steps.size());
        JsonObject kv = steps.get(1).getAsJsonObject();
        assertEquals("kv", kv.get("name").getAsString());
        assertEquals("wrong", kv.get("verdict").getAsString());
        assertEquals("0.5369 GB", kv.getAsJsonObject("answer").get("text").getAsString());
        assertEquals(3.4359738368e10, kv.getAsJsonObject("expected").get("si").getAsDouble(), 1);
        assertEquals("B", kv.getAsJsonObject("expected").get("dimension").getAsString());
        JsonObject cause = kv.getAsJsonArray("causes").get(0).getAsJsonObject();
        assertEquals("factor", cause.get("kind").getAsString());
        assertEquals("batch", cause.getAsJsonArray("names").get(0).getAsString());
        JsonObject floor = steps.get(2).getAsJsonObject();
        assertEquals("consistent", floor.get("verdict").getAsString());
        assertEquals("carried", floor.getAsJsonArray("causes").get(0).getAsJsonObject().get("kind").getAsString());
    }

    @Test
    void everyAnswerRightExitsZero() throws IOException {
        Path a = answers("floor = 0.01505 s\nkv = 32 GiB\n");
        CliRun r = CliRun.on("drill", FLOOR, "--answers", a.toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals("kv = 32 GiB\n  read 32 GiB as 34.36 GB\n✓ right: 34.36 GB\n"
                + "floor = 0.01505 s\n  read 0.01505 s as 15.05 ms\n✓ right: 15.05 ms\n", r.out());
    }

    @Test
    void stepDrillsOneValue() throws IOException {
        Path a = answers("floor = 15.05 s\nkv = 1 GB\n");
        CliRun r = CliRun.on("drill", FLOOR, "--answers", a.toString(), "--step", "floor");
        assertEquals(1, r.exit());
        assertTrue(r.out().startsWith("floor = 15.05 s\n"), r.out());
        assertTrue(r.out().contains("(15.05 is the answer in ms, not s)"), r.out());
        assertTrue(!r.out().contains("kv ="), r.out());
    }

    @Test
    void theSameSeedGivesTheSameNumbers() throws IOException {
        Path a = answers("floor = 15.05 ms\n");
        CliRun one = CliRun.on("drill", FLOOR, "--answers", a.toString(), "--vary", "7", "--json");
        CliRun two = CliRun.on("drill", FLOOR, "--answers", a.toString(), "--vary", "7", "--json");
        assertEquals(one.out(), two.out());
        double varied = JsonParser.parseString(one.out()).getAsJsonObject().getAsJsonArray("steps").get(0).getAsJsonObject()
                .getAsJsonObject("expected").get("si").getAsDouble();
        assertTrue(Math.abs(varied - 0.015051) > 1e-4, "seed 7 left the floor at " + varied);
    }

    @Test
    void aVariedPercentageRangeTakesAnyValueInItAndACountsRangeAWholeNumber() throws IOException {
        Path chain = dir.resolve("shares.chain");
        Files.writeString(chain, "chain \"Shares\"\n\ninputs\n  batch = 1 .. 64\n  hit   = 0% .. 100%\n  step  = 10 ms\n\n"
                + "derive served\n  tokens = batch * hit * 1 token\n  rate   = tokens / step -> token/s\n");
        for (int seed = 1; seed <= 5; seed++) {
            CliRun r = CliRun.of("drill", chain.toString(), "--answers", answers("tokens = 5 token\n").toString(), "--vary", String.valueOf(seed), "--json");
            JsonObject o = JsonParser.parseString(r.out()).getAsJsonObject();
            double tokens = o.getAsJsonArray("steps").get(0).getAsJsonObject().getAsJsonObject("expected").get("si").getAsDouble();
            // batch x hit: a whole batch times a share that is not 0 or 1 (it was rounded to one of them, as if 0% .. 100% were a count)
            assertTrue(tokens != Math.rint(tokens), "seed " + seed + ": tokens = " + tokens + ", a whole number");
        }
    }

    @Test
    void wrongCommandLinesExitTwo() throws IOException {
        assertEquals(2, CliRun.of("drill").exit());
        assertEquals(2, CliRun.of("drill", "--reset").exit());
        assertEquals(2, CliRun.on("drill", FLOOR, "--json").exit());
        CliRun r = CliRun.on("drill", FLOOR, "--step", "nope", "--answers", answers("").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("`nope` is no derived value of " + FLOOR + "; its steps are weights, kv, floor"), r.err());
    }

    @Test
    void aBadAnswersLineIsALocatedError() throws IOException {
        Path a = answers("floor = 15 ms\nflor = 15 ms\njust words\n");
        CliRun r = CliRun.on("drill", FLOOR, "--answers", a.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains(a + ":2:1: error: `flor` is no derived value of " + FLOOR), r.err());
        assertTrue(r.err().contains(a + ":3:1: error: expected `name = answer`, such as `floor = 15.05 ms`"), r.err());
    }

    @Test
    void aDeclaredMistakeIsNamedInTheAuthorsWords() throws IOException {
        Path chain = dir.resolve("w.chain");
        Files.writeString(chain, """
                chain "Weights"
                use llama31_8b as model
                derive weights "{weights}"
                  @mistake("FP8 is 1 byte a param, but this is BF16", model.params * 1 B/param)
                  weights = model.params * 2 B/param -> GB
                """);
        assertEquals(0, CliRun.of("check", "--color=never", chain.toString()).exit());
        CliRun r = CliRun.on("drill", chain.toString(), "--answers", answers("weights = 8.03 GB\n").toString());
        assertEquals(1, r.exit());
        // The author's words come first, then the slips of the derivation that give the same number.
        assertTrue(r.out().contains("✗ several changes give your number: FP8 is 1 byte a param, but this is BF16; "
                + "or `model.params` halved; or `2 B/param` halved;"), r.out());
        CliRun json = CliRun.on("drill", chain.toString(), "--answers", answers("weights = 8.03 GB\n").toString(), "--json");
        JsonObject cause = JsonParser.parseString(json.out()).getAsJsonObject().getAsJsonArray("steps").get(0).getAsJsonObject()
                .getAsJsonArray("causes").get(0).getAsJsonObject();
        assertEquals("declared", cause.get("kind").getAsString());
        assertEquals("FP8 is 1 byte a param, but this is BF16", cause.get("words").getAsString());
    }

    @Test
    void checkRefusesAMistakeTheToleranceCannotTellFromTheRightAnswer() throws IOException {
        Path chain = dir.resolve("m.chain");
        Files.writeString(chain, """
                chain "Weights"
                use llama31_8b as model
                derive weights "{weights}"
                  @mistake("rounded the params", 8e9 param * 2 B/param)
                  weights = model.params * 2 B/param -> GB
                """);
        CliRun r = CliRun.of("check", "--color=never", chain.toString());
        assertEquals(1, r.exit());
        assertEquals(chain + ":4:34: error: this mistake gives 16 GB, within `weights`'s tolerance (1%) of the right 16.06 GB: "
                + "a drill could not tell it from the right answer\n"
                + " 4 |   @mistake(\"rounded the params\", 8e9 param * 2 B/param)\n"
                + "   |                                  ^^^^^^^^^^^^^^^^^^^^^\n"
                + "   = hint: declare a mistake whose value differs by more, or give `weights` a tighter @tolerance(...)\n", r.err());
        Files.writeString(chain, Files.readString(chain).replace("  @mistake", "  @tolerance(0.1%)\n  @mistake"));
        assertEquals(0, CliRun.of("check", "--color=never", chain.toString()).exit());
    }

    @Test
    void aMistakeOfAnotherDimensionIsAnError() throws IOException {
        Path chain = dir.resolve("d.chain");
        Files.writeString(chain, """
                chain "Weights"
                use llama31_8b as model
                derive weights "{weights}"
                  @mistake("params, not bytes", model.params)
                  @tolerance(2 ms)
                  weights = model.params * 2 B/param -> GB
                """);
        CliRun r = CliRun.of("check", "--color=never", chain.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains(":4:33: error: this mistake gives param (params); `weights` is B (information)"), r.err());
        assertTrue(r.err().contains(":5:14: error: a tolerance of s (time) for `weights`, which is B (information)"), r.err());
    }

    /** {@code chain drill ARGS} with {@code typed} on standard input (not a terminal: one answer a line). */
    private static CliRun piped(String typed, String... args) {
        InputStream before = System.in;
        System.setIn(new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8)));
        try {
            String[] all = new String[args.length + 2];
            all[0] = "drill";
            all[1] = "--color=never";
            System.arraycopy(args, 0, all, 2, args.length);
            return CliRun.of(all);
        } finally {
            System.setIn(before);
        }
    }

    /** Runs {@code body} with the review schedule in {@code dir} (user.home; XDG_STATE_HOME unset, as in CI). */
    private void withHome(Runnable body) {
        Assumptions.assumeTrue(System.getenv("XDG_STATE_HOME") == null, "XDG_STATE_HOME is set: the schedule would go there");
        String home = System.getProperty("user.home");
        System.setProperty("user.home", dir.toString());
        try {
            body.run();
        } finally {
            System.setProperty("user.home", home);
        }
    }

    @Test
    void aPipedDrillShowsTheBlankedLineAndGradesEachAnswer() {
        withHome(() -> {
            CliRun r = piped("0.5369 GB\n4.955 ms\n", FLOOR, "--step", "floor");
            assertEquals(1, r.exit(), r.err());
            assertEquals("""
                    drill: The inter-token floor and a mixed step

                    ── floor (1 of 1) ──
                    floor    (16.06 GB weights + 34.36 GB KV) / 3.35 TB/s = ____
                    inputs: batch = 64, context = 4,096 token
                    known:  weights = 16.06 GB, kv = 34.36 GB
                    formula: floor = (weights + kv) / gpu.hbm_bandwidth
                    floor = 0.5369 GB
                      read 0.5369 GB as 536.9 MB
                    ✗ your answer is information (B); `floor` is time (s): divide by `gpu.hbm_bandwidth`?
                      the answer: floor = 15.05 ms

                    0 of 1 answered right
                    """, r.out());
        });
    }

    @Test
    void blindHidesTheFormula() {
        withHome(() -> {
            CliRun r = piped("34.36 GB\n", FLOOR, "--step", "kv", "--blind");
            assertEquals(0, r.exit(), r.err());
            assertTrue(r.out().contains("floor    (16.06 GB weights + ____ KV) / 3.35 TB/s = ?\n"), r.out());
            assertTrue(!r.out().contains("formula:"), r.out());
            assertTrue(r.out().contains("✓ right: 34.36 GB\n\n1 of 1 answered right\n"), r.out());
        });
    }

    @Test
    void aMissedStepComesBackInReviewUntilItIsRightAndResetClearsIt() {
        withHome(() -> {
            assertEquals("nothing to review: no step missed yet\n", piped("", "--review").out());
            assertEquals(1, piped("16.06 GB\n1 GB\n", FLOOR, "--step", "kv").exit());
            Path schedule = dir.resolve(".local/state/chain/drill-review");
            assertTrue(Files.isRegularFile(schedule));
            CliRun review = piped("34.36 GB\n", "--review");
            assertEquals(0, review.exit(), review.out() + review.err());
            assertTrue(review.out().contains("── kv (1 of 1) ──"), review.out());
            // Right once: up a box, so not due in the very next review.
            assertTrue(piped("", "--review").out().startsWith("nothing due for review now (1 kept in "));
            CliRun reset = piped("", "--review", "--reset");
            assertEquals("cleared " + schedule + "\n", reset.out());
            assertTrue(!Files.exists(schedule));
        });
    }

    @Test
    void renderWritesTheDrillPagesTheCardLinksTo() throws IOException {
        Path site = dir.resolve("site");
        CliRun r = CliRun.of("render", "--color=never", FLOOR, "-o", site.resolve("cards").toString(),
                "--drills", site.resolve("drills").toString());
        assertEquals(0, r.exit(), r.err());
        String page = Files.readString(site.resolve("drills/bad-itl-with-fine-ttft.md"));
        assertTrue(page.startsWith("# Drill: Bad ITL with fine TTFT\n"), page);
        assertTrue(page.contains("floor    (____ weights + ____ KV) / 3.35 TB/s = ____\n"), page);
        assertTrue(page.contains("**3.** floor = (weights + kv) / gpu.hbm_bandwidth\n\n<details><summary>Answer</summary>\n\n"
                + "floor = 15.05 ms\n\n</details>\n"), page);
        CliRun bundle = CliRun.of("render", "--color=never", FLOOR, "-o", dir.resolve("b").toString(), "--layout", "bundle",
                "--drills", dir.resolve("b/drills").toString());
        assertEquals(0, bundle.exit(), bundle.err());
        assertTrue(Files.isRegularFile(dir.resolve("b/drills/bad-itl-with-fine-ttft/index.md")));
        assertEquals(0, CliRun.of("render", "--color=never", FLOOR, "-o", dir.resolve("b").toString(), "--layout", "bundle",
                "--drills", dir.resolve("b/drills").toString(), "--check").exit());
        // A site's generator gets the front matter the cards get: Jekyll's layout, and the title.
        CliRun jekyll = CliRun.of("render", "--color=never", FLOOR, "-o", dir.resolve("j/cards").toString(), "--site", "jekyll",
                "--drills", dir.resolve("j/drills").toString());
        assertEquals(0, jekyll.exit(), jekyll.err());
        assertTrue(Files.readString(dir.resolve("j/drills/bad-itl-with-fine-ttft.md"))
                .startsWith("---\nlayout: \"default\"\ntitle: \"Drill: Bad ITL with fine TTFT\"\n---\n\n# Drill: Bad ITL with fine TTFT\n"));
        // --drills goes with -o, as --check and --interactive do: alone, a wrong command line.
        assertEquals(2, CliRun.of("render", "--color=never", FLOOR, "--drills", site.toString()).exit());
    }
}
