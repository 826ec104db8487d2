package dev.chain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archives' bin/chain (release/bin/chain, POSIX sh) when it finds no Java it can use:
 * exit 1 and a message that says what to do, never a shell error or a Java stack trace. Run under
 * /bin/sh with a PATH of the few tools it uses, and fake Java homes.
 */
class ReleaseLauncherTest {
    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {}

    private Run run(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        Path tools = Files.createDirectories(dir.resolve("tools"));
        for (String tool : List.of("dirname", "ls", "sed", "head", "readlink")) {
            Path link = tools.resolve(tool);
            if (!Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.createSymbolicLink(link, Path.of("/usr/bin", tool).toFile().exists() ? Path.of("/usr/bin", tool) : Path.of("/bin", tool));
            }
        }
        List<String> command = new java.util.ArrayList<>(List.of("/bin/sh", Path.of("release/bin/chain").toAbsolutePath().toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().clear();
        pb.environment().put("PATH", tools.toString());
        pb.environment().putAll(environment);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new Run(p.exitValue(), out, err);
    }

    /** A Java home whose release file says VERSION and whose bin/java prints "ran". */
    private Path fakeJava(String name, String version) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name).resolve("bin"));
        Files.writeString(home.resolve("java"), "#!/bin/sh\necho ran\n");
        home.resolve("java").toFile().setExecutable(true);
        Files.writeString(home.getParent().resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
        return home.getParent();
    }

    @Test
    void noJavaAnywhere() throws Exception {
        Run r = run(Map.of(), "--version");
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith("chain: no Java found: chain needs Java 17 or newer, and there is no java on the PATH and no JAVA_HOME."), r.err());
        assertTrue(r.err().contains("chain-VERSION-linux-x64.tar.gz, which brings its own Java"), r.err());
    }

    @Test
    void javaHomeWithoutAJava() throws Exception {
        Run r = run(Map.of("JAVA_HOME", dir.resolve("nowhere").toString()), "--version");
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith("chain: JAVA_HOME is " + dir.resolve("nowhere") + ", but there is no "), r.err());
    }

    @Test
    void aJavaTooOld() throws Exception {
        Path java11 = fakeJava("jdk-11", "11.0.22");
        Run r = run(Map.of("JAVA_HOME", java11.toString()), "--version");
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith("chain: " + java11 + "/bin/java is Java 11, and chain needs Java 17 or newer."), r.err());
        Path java8 = fakeJava("jdk-8", "1.8.0_402");
        r = run(Map.of("JAVA_HOME", java8.toString()), "--version");
        assertTrue(r.err().contains("is Java 8, and chain needs Java 17 or newer"), r.err());
    }

    @Test
    void aJavaOnThePathThatIsNewEnoughRuns() throws Exception {
        Path java21 = fakeJava("jdk-21", "21.0.2");
        Run r = run(Map.of("PATH", dir.resolve("tools") + ":" + java21.resolve("bin")), "--version");
        assertEquals(0, r.exit(), r.err());
        assertEquals("ran\n", r.out());
    }
}
