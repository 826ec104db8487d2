package dev.chain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What `vsce package` checks of editors/vscode before it writes the .vsix, checked here without
 * the network: it stopped at the README's relative link (vsce makes such links absolute from the
 * manifest's repository, which it has none of) and, on a terminal, at the questions about the
 * missing repository and licence. release/assemble packages it (vsce 4.1.0, pinned in
 * package.json), and release/verify unpacks and tests what it wrote.
 */
class VsCodePackageTest {
    private static final Path EXTENSION = Path.of("editors/vscode");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)[^)]*\\)|<a\\s[^>]*href=\"([^\"]+)\"|<img\\s[^>]*src=\"([^\"]+)\"");
    private static final Pattern VSCE = Pattern.compile("vsce package[^\\n#]*");

    @Test
    void theReadmeLinksNowhereRelatively() throws IOException {
        String readme = Files.readString(EXTENSION.resolve("README.md"));
        List<String> relative = new ArrayList<>();
        Matcher m = LINK.matcher(readme);
        while (m.find()) {
            String target = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            if (!target.startsWith("https://") && !target.startsWith("#")) {
                relative.add(target);
            }
        }
        assertEquals(List.of(), relative, "vsce refuses a relative link when the manifest names no repository");
    }

    @Test
    void theManifestHasWhatVsceReadsAndItsFilesAreShipped() throws IOException {
        JsonObject manifest = JsonParser.parseString(Files.readString(EXTENSION.resolve("package.json"))).getAsJsonObject();
        for (String field : List.of("name", "version", "publisher", "engines")) {
            assertTrue(manifest.has(field), field);
        }
        // vsce needs a semver version; the release's .vsix has the pom's (release/build sets it), and so does this copy
        assertEquals(PomVersion.read(), manifest.get("version").getAsString(), "pom.xml's version");
        assertEquals("Apache-2.0", manifest.get("license").getAsString());
        assertTrue(manifest.getAsJsonObject("engines").has("vscode"));
        assertTrue(manifest.get("name").getAsString().matches("[a-z0-9][a-z0-9-]*"), "vsce's rule for a name");

        // main is the bundle that esbuild writes (package.json's bundle script, run by vsce), from extension.js
        assertEquals("./dist/extension.js", manifest.get("main").getAsString());
        assertTrue(manifest.getAsJsonObject("scripts").get("bundle").getAsString().contains("extension.js --bundle --outfile=dist/extension.js"));
        List<String> files = new ArrayList<>();
        JsonObject contributes = manifest.getAsJsonObject("contributes");
        contributes.getAsJsonArray("languages").forEach(l -> files.add(l.getAsJsonObject().get("configuration").getAsString()));
        contributes.getAsJsonArray("grammars").forEach(g -> files.add(g.getAsJsonObject().get("path").getAsString()));
        List<String> ignored = Files.readAllLines(EXTENSION.resolve(".vscodeignore")).stream().filter(l -> !l.isBlank()).toList();
        for (String file : files) {
            Path path = EXTENSION.resolve(file).normalize();
            assertTrue(Files.isRegularFile(path), file + " is named by package.json");
            String relative = EXTENSION.relativize(path).toString();
            for (String pattern : ignored) {
                assertFalse(pattern.endsWith("/**") && relative.startsWith(pattern.substring(0, pattern.length() - 2)),
                        file + " would be left out by .vscodeignore's " + pattern);
            }
        }
    }

    /**
     * Without a repository, vsce asks (and waits, on a terminal) unless told; release/assemble,
     * which packages the .vsix, tells it. The licence it would ask about is copied in beside it.
     */
    @Test
    void theReleaseCommandAnswersWhatVsceWouldAsk() throws IOException {
        JsonObject manifest = JsonParser.parseString(Files.readString(EXTENSION.resolve("package.json"))).getAsJsonObject();
        Matcher m = VSCE.matcher(Files.readString(Path.of("release/assemble")));
        assertTrue(m.find(), "no `vsce package` in release/assemble");
        String command = m.group();
        if (!manifest.has("repository")) {
            assertTrue(command.contains("--allow-missing-repository"), command);
        }
        assertTrue(command.contains("--no-dependencies"), "the bundle holds the dependencies: " + command);
        assertTrue(Files.readString(Path.of("release/assemble")).contains("cp \"$root/LICENSE\" \"$vscode/LICENSE\""));
    }
}
