import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Build step (run by Maven in generate-sources, as
 * {@code java ChainVersionGenerator.java VERSION REPOSITORY OUT}): writes
 * {@code dev/chain/session/ChainVersion.java}, the pom's version and the commit the build was made
 * from, for {@code chain --version}, the language server, the stdlib cache's folder and the page
 * script's first line. The pom's {@code <version>} stays the one place the version is written.
 *
 * <p>The commit is {@code git rev-parse --short=12 HEAD} in REPOSITORY, or "unknown" where there is
 * no git or no repository (a source archive). The file is written only when it changed, so an
 * unchanged build does not make the compiler rebuild.
 */
public final class ChainVersionGenerator {
    public static void main(String[] args) throws IOException, InterruptedException {
        String version = args[0];
        String commit = commit(Path.of(args[1]));
        Path out = Path.of(args[2]).resolve("dev/chain/session/ChainVersion.java");
        String java = "package dev.chain.session;\n\n"
                + "/** Generated from pom.xml's version and git by src/build/ChainVersionGenerator.java; do not edit. */\n"
                + "public final class ChainVersion {\n"
                + "    private ChainVersion() {}\n\n"
                + "    /** The release, pom.xml's {@code <version>}. */\n"
                + "    public static final String VERSION = \"" + version + "\";\n\n"
                + "    /** The commit the build was made from (12 hex digits), or \"unknown\" outside a git checkout. */\n"
                + "    public static final String COMMIT = \"" + commit + "\";\n"
                + "}\n";
        if (Files.isRegularFile(out) && Files.readString(out, StandardCharsets.UTF_8).equals(java)) {
            return;
        }
        Files.createDirectories(out.getParent());
        Files.writeString(out, java, StandardCharsets.UTF_8);
    }

    private static String commit(Path repository) throws InterruptedException {
        try {
            Process git = new ProcessBuilder("git", "-C", repository.toString(), "rev-parse", "--short=12", "HEAD")
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            if (git.waitFor(30, TimeUnit.SECONDS) && git.exitValue() == 0 && out.matches("[0-9a-f]{12}")) {
                return out;
            }
        } catch (IOException e) {
            // no git here
        }
        return "unknown";
    }
}
