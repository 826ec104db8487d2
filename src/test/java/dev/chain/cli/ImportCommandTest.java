package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.Golden;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    @Test
    void helpListsImport() {
        assertTrue(CliRun.of("--help").out().contains("import"));
    }
}
