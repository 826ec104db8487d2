package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** `chain import`: the module it writes, the index comparison, and a golden diagnostic for each kind of bad input. */
class ImportCommandTest {
    private static final Path IMPORT = Path.of("src/test/resources/import");

    static Stream<Path> errorFiles() throws IOException {
        return Files.list(IMPORT.resolve("errors")).filter(p -> p.toString().endsWith(".json")).sorted();
    }

    /** A bad config.json (or, for *.index.json, a bad index beside a good config) exits 1 with its golden diagnostic. */
    @ParameterizedTest
    @MethodSource("errorFiles")
    void badInputGetsALocatedDiagnostic(Path file) {
        boolean isIndex = file.toString().endsWith(".index.json");
        CliRun r = isIndex
                ? CliRun.of("import", "--color=never", IMPORT.resolve("configs/llama31_8b.json").toString(), "--index", file.toString())
                : CliRun.of("import", "--color=never", file.toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals("", r.out());
        assertFalse(r.err().contains("Exception"), r.err());
        assertTrue(r.err().startsWith(file + ":"), r.err());
        Golden.assertMatches(Path.of(file.toString().replaceAll("\\.json$", ".expected")), r.err());
    }

    @Test
    void withoutOutputTheModuleIsPrinted() {
        CliRun r = CliRun.of("import", IMPORT.resolve("configs/qwen3_8b.json").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("# configs: imported by `chain import` from src/test/resources/import/configs/qwen3_8b.json"
                + " (model_type qwen3).\n"), r.out());
        assertTrue(r.out().contains("@source(\"config.json: hidden_size 4096\")\nhidden = 4,096\n"), r.out());
    }

    /**
     * The modules written for GPT-2 and OPT-125m, whole: each constant with the key it came from (or
     * the transformers default for one the config leaves out), then the counts of GPT-2's shape.
     * OPT-125m's is given the name a card shows with --name.
     */
    @Test
    void gpt2AndOptModulesAreWrittenWhole(@TempDir Path dir) throws IOException {
        Path gpt2 = dir.resolve("my_gpt2.chain");
        CliRun r = CliRun.of("import", IMPORT.resolve("configs/gpt2.json").toString(), "-o", gpt2.toString());
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(IMPORT.resolve("modules/gpt2.chain"), Files.readString(gpt2));
        Path opt = dir.resolve("opt_125m.chain");
        r = CliRun.of("import", IMPORT.resolve("configs/opt_125m.json").toString(), "-o", opt.toString(), "--name", "OPT-125m");
        assertEquals(0, r.exit(), r.err());
        Golden.assertMatches(IMPORT.resolve("modules/opt_125m.chain"), Files.readString(opt));
    }

    /** --name is the module's `name` string, as the language writes one: a quote or a backslash in it is escaped, nothing more. */
    @Test
    void theNameACardShowsIsAStringOfTheModule() {
        CliRun r = CliRun.of("import", IMPORT.resolve("configs/gpt2.json").toString(), "--name", "GPT-2 \"small\" \\ 124M");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("# configs: imported by `chain import`"), r.out());
        assertTrue(r.out().contains("\nname = \"GPT-2 \\\"small\\\" \\\\ 124M\"\n"), r.out());
    }

    /** The module is written where -o says, and a chain beside it can use it like a stdlib model. */
    @Test
    void theWrittenModuleIsALocalModule(@TempDir Path dir) throws IOException {
        Path module = dir.resolve("my_model.chain");
        CliRun r = CliRun.of("import", IMPORT.resolve("configs/deepseek_v3.json").toString(), "-o", module.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("wrote " + module + "\n", r.out());
        Files.writeString(dir.resolve("card.chain"), """
                use my_model as model
                use deepseek_v3 as published
                kv = model.kv_bytes(4,096 token)
                check model.params == 671,026,419,200 param
                check model.checkpoint_params == published.checkpoint_params
                check model.kv_bytes_per_token == 70,272 B/token
                """);
        CliRun check = CliRun.of("check", dir.resolve("card.chain").toString());
        assertEquals(0, check.exit(), check.err() + check.out());
        assertTrue(check.out().contains("3 checks hold"), check.out());
    }

    /**
     * A stdlib module's name would make a module `use` could never load ("ambiguous"): -o refuses
     * it and says what to call the file instead, and a Hugging Face folder named after a stdlib model
     * (Qwen3-8B) gives the module the name suggested, with a note. It used to write qwen3_8b.chain.
     */
    @Test
    void aStdlibModulesNameIsRefusedForAnotherThatCanBeUsed(@TempDir Path dir) throws IOException {
        Path config = IMPORT.resolve("configs/qwen3_8b.json");
        CliRun taken = CliRun.of("import", config.toString(), "-o", dir.resolve("qwen3_8b.chain").toString());
        assertEquals(2, taken.exit());
        assertTrue(taken.err().contains("-o qwen3_8b.chain: `qwen3_8b` is a stdlib module"), taken.err());
        assertTrue(taken.err().contains("name it my_qwen3_8b.chain and `use my_qwen3_8b`"), taken.err());
        assertFalse(Files.exists(dir.resolve("qwen3_8b.chain")));

        Path snapshot = Files.createDirectories(dir.resolve("Qwen3-8B"));
        Files.copy(config, snapshot.resolve("config.json"));
        CliRun printed = CliRun.of("import", snapshot.resolve("config.json").toString());
        assertEquals(0, printed.exit(), printed.err());
        assertTrue(printed.out().startsWith("# my_qwen3_8b: imported by `chain import`"), printed.out());
        assertTrue(printed.err().contains("`qwen3_8b` is a stdlib module, and a local module cannot stand in for one:"
                + " this one is named my_qwen3_8b; save it as my_qwen3_8b.chain"), printed.err());

        Files.writeString(dir.resolve("my_qwen3_8b.chain"), printed.out());
        Files.writeString(dir.resolve("chain.chain"), "use my_qwen3_8b as model\ncheck model.params == 8,190,735,360 param\n");
        CliRun check = CliRun.of("check", dir.resolve("chain.chain").toString());
        assertEquals(0, check.exit(), check.err() + check.out());
    }

    @Test
    void theIndexIsComparedWithTheDerivedBytes() {
        CliRun mxfp4 = CliRun.of("import", IMPORT.resolve("configs/gpt_oss_20b.json").toString(),
                "--index", IMPORT.resolve("indexes/gpt_oss_20b.index.json").toString());
        assertEquals(0, mxfp4.exit(), mxfp4.err());
        assertEquals("derived weights 13,761,264,768 B (checkpoint_bytes, its own mix of formats); the index's total_size"
                + " 13,761,264,768 B: equal\n", mxfp4.err());
        CliRun bf16 = CliRun.of("import", IMPORT.resolve("configs/llama31_8b.json").toString(),
                "--index", IMPORT.resolve("indexes/llama31_8b.index.json").toString());
        assertTrue(bf16.err().endsWith("the index's total_size 16,060,522,496 B: equal\n"), bf16.err());
        // Gemma 3's checkpoint holds its vision tower: chain import counts it, so the two agree.
        CliRun multimodal = CliRun.of("import", IMPORT.resolve("reconstructed/gemma3_27b.json").toString(),
                "--index", IMPORT.resolve("indexes/gemma3_27b.index.json").toString());
        assertTrue(multimodal.err().endsWith(": equal\n"), multimodal.err());
        CliRun apart = CliRun.of("import", IMPORT.resolve("configs/qwen3_8b.json").toString(),
                "--index", IMPORT.resolve("indexes/llama31_8b.index.json").toString());
        assertEquals(0, apart.exit());
        assertTrue(apart.err().contains("B: 2.00% apart: the index holds 320,948,224 B less\n"), apart.err());
    }

    @Test
    void aWrongCommandLineExitsTwo() {
        CliRun badName = CliRun.of("import", IMPORT.resolve("configs/qwen3_8b.json").toString(), "-o", "qwen-3.chain");
        assertEquals(2, badName.exit());
        assertTrue(badName.err().contains("-o takes NAME.chain"), badName.err());
        assertEquals(2, CliRun.of("import").exit());
        CliRun missing = CliRun.of("import", "no-such-config.json");
        assertEquals(1, missing.exit());
        assertTrue(missing.err().contains("no-such-config.json"), missing.err());
    }

    /** -o into a folder that is a file said only the path, and without `error:`; now it says why. */
    @Test
    void aFileWhereTheOutputsFolderShouldBeIsNamed(@TempDir Path dir) throws IOException {
        Path config = IMPORT.resolve("configs/llama31_8b.json");
        Files.writeString(dir.resolve("afile"), "x\n");
        CliRun r = CliRun.of("import", config.toString(), "-o", dir.resolve("afile/m.chain").toString());
        assertEquals(1, r.exit());
        assertEquals("", r.out());
        assertEquals("chain: error: cannot write " + dir.resolve("afile/m.chain") + ": " + dir.resolve("afile") + " is not a folder\n", r.err());
        CliRun deeper = CliRun.of("import", config.toString(), "-o", dir.resolve("afile/sub/m.chain").toString());
        assertEquals("chain: error: cannot write " + dir.resolve("afile/sub/m.chain") + ": " + dir.resolve("afile") + " is not a folder\n",
                deeper.err());
        Files.createDirectories(dir.resolve("folder.chain"));
        CliRun folder = CliRun.of("import", config.toString(), "-o", dir.resolve("folder.chain").toString());
        assertEquals("chain: error: cannot write " + dir.resolve("folder.chain") + ": " + dir.resolve("folder.chain") + " is a folder\n",
                folder.err());
    }

    /** A file too large is refused as the config or the index it is meant to be, not as a .chain file. */
    @Test
    void aFileTooLargeIsRefusedAsWhatItIsMeantToBe(@TempDir Path dir) throws IOException {
        Path large = dir.resolve("config.json");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(large.toFile(), "rw")) {
            f.setLength(40_000_000);
        }
        CliRun config = CliRun.of("import", "--color=never", large.toString());
        assertEquals(1, config.exit());
        assertEquals(large + ":1:1: error: file too large: 40.0 MB; chain reads config.json files of up to 33.6 MB\n"
                + "  = note: a model's config.json is a few kilobytes; is this the file you meant?\n", config.err());
        CliRun index = CliRun.of("import", "--color=never", IMPORT.resolve("configs/llama31_8b.json").toString(), "--index", large.toString());
        assertEquals(1, index.exit());
        assertEquals(large + ":1:1: error: file too large: 40.0 MB; chain reads model.safetensors.index.json files of up to 33.6 MB\n"
                + "  = note: a checkpoint's index is a few megabytes at most; is this the file you meant?\n", index.err());
    }

    /**
     * A value no formula reads costs a scan, not a record per element: with a heap of 64 MB, a
     * config whose skipped key holds 4 million numbers (8 MB) imports, and so does an index whose
     * weight_map has 400,000 entries. Every value was a record (a 29 MB config took 1.4 GB), and
     * this ran out of memory.
     */
    @Test
    void valuesNoFormulaReadsCostNoMemory(@TempDir Path dir) throws IOException, InterruptedException {
        String llama = Files.readString(IMPORT.resolve("configs/llama31_8b.json"));
        Path config = dir.resolve("config.json");
        Files.writeString(config, llama.replace("\"LlamaForCausalLM\"", "1,".repeat(4_000_000) + "\"LlamaForCausalLM\""));
        Path index = dir.resolve("index.json");
        StringBuilder weights = new StringBuilder("{\"metadata\": {\"total_size\": 16060522496}, \"weight_map\": {");
        for (int i = 0; i < 400_000; i++) {
            weights.append(i == 0 ? "" : ", ").append("\"w").append(i).append("\": \"model-00001-of-00004.safetensors\"");
        }
        Files.writeString(index, weights.append("}}\n"));
        List<String> line = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-cp",
                System.getProperty("java.class.path"), "dev.chain.cli.Main", "import", config.toString(), "--index", index.toString(),
                "-o", dir.resolve("m.chain").toString());
        Process p = new ProcessBuilder(line).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), err);
        assertEquals("wrote " + dir.resolve("m.chain") + "\n", out);
        assertTrue(err.endsWith("the index's total_size 16,060,522,496 B: equal\n"), err);
    }

    /** A list or an object that a formula reads, longer than any config's, is refused before it is read. */
    @Test
    void aListOrAnObjectLongerThanAnyConfigsIsRefused(@TempDir Path dir) throws IOException {
        String qwen = Files.readString(IMPORT.resolve("configs/qwen3_8b.json")).strip();
        Path types = dir.resolve("types.json");
        Files.writeString(types, qwen.substring(0, qwen.length() - 1) + ", \"layer_types\": ["
                + "\"full_attention\", ".repeat(100_000) + "\"full_attention\"]}");
        CliRun list = CliRun.of("import", "--color=never", types.toString());
        assertEquals(1, list.exit());
        assertTrue(list.err().startsWith(types + ":30:3: error: `layer_types` has more than 100,000 entries, which no config's list has\n"),
                list.err());
        Path keys = dir.resolve("keys.json");
        StringBuilder many = new StringBuilder(qwen.substring(0, qwen.length() - 1));
        for (int i = 0; i < 10_000; i++) {
            many.append(", \"k").append(i).append("\": 0");
        }
        Files.writeString(keys, many.append("}"));
        CliRun object = CliRun.of("import", "--color=never", keys.toString());
        assertEquals(1, object.exit());
        assertTrue(object.err().startsWith(keys + ":1:1: error: the object has more than 10,000 keys, which no config has\n"), object.err());
        assertTrue(object.err().endsWith("   = hint: a model's config.json has a few dozen keys\n"), object.err());
    }

    @Test
    void helpListsImport() {
        assertTrue(CliRun.of("--help").out().contains("import"));
    }
}
