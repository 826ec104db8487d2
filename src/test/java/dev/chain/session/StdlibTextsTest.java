package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The generated copy of the stdlib that chain reads is the stdlib/ folder, byte for byte. */
class StdlibTextsTest {
    private static final Path STDLIB = Path.of("stdlib");

    @Test
    void everyModuleOnDiskIsEmbeddedUnchanged() throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(STDLIB)) {
            files = listing.filter(p -> p.toString().endsWith(".chain")).sorted().toList();
        }
        List<String> names = files.stream().map(p -> p.getFileName().toString().replace(".chain", "")).toList();
        assertEquals(names, StdlibTexts.MODULES);
        for (Path file : files) {
            String name = file.getFileName().toString().replace(".chain", "");
            // Non-ASCII (µ, ×, ≈) and quotes and backslashes all survive the Java-literal round trip.
            assertEquals(Files.readString(file, StandardCharsets.UTF_8), Stdlib.read(name), name);
        }
    }

    @Test
    void theModulesAChainCanUseLeaveThePreludeOut() {
        assertEquals(StdlibTexts.MODULES.size() - 1, Stdlib.modules().size());
        assertEquals(false, Stdlib.modules().contains(Stdlib.PRELUDE));
        assertEquals(true, Stdlib.exists("h100_sxm"));
    }

    @Test
    void namesThatAreNoModuleReadAsNothing() {
        assertNull(Stdlib.read("h100"));
        assertNull(Stdlib.read("../pom"));
        assertNull(Stdlib.read(""));
    }
}
