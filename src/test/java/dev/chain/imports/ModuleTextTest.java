package dev.chain.imports;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonParser;
import dev.chain.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The strings chain import writes (syntax.Literals.quote): one string of the language, which reads back as its value. */
class ModuleTextTest {
    @Test
    void aStringReadsBackAsItsValue(@TempDir Path dir) throws IOException {
        String value = "a \"\"\" b \" c # d \\ e \\n f\ng\th";
        String hidden = " \r \u001b \u2028 \u202e \ud800";
        String literal = dev.chain.syntax.Literals.quote(value + hidden);
        assertEquals("\"a \\\"\\\"\\\" b \\\" c # d \\\\ e \\\\n f\\ng\\th \\\\u000d \\\\u001b \\\\u2028 \\\\u202e \\\\ud800\"", literal);

        Path chain = dir.resolve("m.chain");
        Files.writeString(chain, "@source(" + literal + ")\nname = " + literal + "\nsize = 1 B\n");
        CliRun run = CliRun.of("run", "--json", chain.toString());
        assertEquals(0, run.exit(), run.err());
        String read = JsonParser.parseString(run.out()).getAsJsonObject().getAsJsonArray("bindings").get(0).getAsJsonObject()
                .get("text").getAsString();
        // What the language can write comes back; what it has no escape for comes back as that escape's six characters.
        assertEquals(value + " \\u000d \\u001b \\u2028 \\u202e \\ud800", read);
    }
}
