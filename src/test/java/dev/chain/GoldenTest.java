package dev.chain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.chain.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** `chain run` on every card chain, and `chain check` on every file of the error corpus, against golden files. */
class GoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private static final Path ERRORS = Path.of("src/test/resources/errors");

    static Stream<Path> chains() throws IOException {
        return Files.list(Path.of("chains")).filter(p -> p.toString().endsWith(".chain")).sorted();
    }

    static Stream<Path> errorFiles() throws IOException {
        return Files.list(ERRORS).filter(p -> p.toString().endsWith(".chain")).sorted();
    }

    @ParameterizedTest
    @MethodSource("chains")
    void runOutput(Path chain) {
        CliRun r = CliRun.of("run", chain.toString());
        assertEquals(0, r.exit(), r.err());
        String name = chain.getFileName().toString().replace(".chain", ".txt");
        Golden.assertMatches(GOLDEN.resolve("run").resolve(name), r.out());
    }

    @ParameterizedTest
    @MethodSource("errorFiles")
    void diagnostics(Path file) {
        CliRun r = CliRun.of("check", "--color=never", file.toString());
        assertNotEquals(0, r.exit(), "an error example must fail: " + file);
        assertFalse(r.err().contains("Exception"), r.err());
        Golden.assertMatches(Path.of(file.toString().replace(".chain", ".expected")), r.err());
    }
}
