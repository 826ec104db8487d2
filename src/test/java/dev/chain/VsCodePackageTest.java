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
 * the network: `npx @vscode/vsce package`, as docs/editors.md said, stopped at the README's
 * relative link (vsce makes such links absolute from the manifest's repository, which it has
 * none of) and, on a terminal, at the questions about the missing repository and licence. The
 * command the docs give was run in a scratch copy with vsce 3.9.2 and 4.1.0 and wrote the .vsix.
 */
class VsCodePackageTest {
    private static final Path EXTENSION = Path.of("editors/vscode");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)[^)]*\\)|<a\\s[^>]*href=\"([^\"]+)\"|<img\\s[^>]*src=\"([^\"]+)\"");
    private static final Pattern VSCE = Pattern.compile("npx @vscode/vsce@\\S+ package[^\\n#]*");

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

        List<String> files = new ArrayList<>(List.of(manifest.get("main").getAsString()));
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

    /** Without a repository or a licence file, vsce asks (and waits, on a terminal) unless told; the command tells it. */
    @Test
    void theDocumentedCommandAnswersWhatVsceWouldAsk() throws IOException {
        JsonObject manifest = JsonParser.parseString(Files.readString(EXTENSION.resolve("package.json"))).getAsJsonObject();
        List<String> commands = new ArrayList<>();
        for (Path doc : List.of(Path.of("docs/editors.md"), EXTENSION.resolve("README.md"))) {
            Matcher m = VSCE.matcher(Files.readString(doc));
            assertTrue(m.find(), "no pinned `npx @vscode/vsce@VERSION package` in " + doc);
            commands.add(m.group().strip());
        }
        assertEquals(commands.get(0), commands.get(1), "docs/editors.md and the extension's README give one command");
        String command = commands.get(0);
        if (!manifest.has("repository")) {
            assertTrue(command.contains("--allow-missing-repository"), command);
        }
        boolean licence = List.of("LICENSE", "LICENSE.md", "LICENSE.txt").stream().anyMatch(f -> Files.exists(EXTENSION.resolve(f)));
        if (!licence) {
            assertTrue(command.contains("--skip-license"), command);
        }
    }
}
