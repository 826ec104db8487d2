package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./chain} launcher itself, run in a copy of the project whose {@code mvn} is a
 * stand-in: it reads standard input as Maven's package does, then writes a jar that echoes its
 * own standard input.
 */
class LauncherTest {
    /** The stand-in for chain.jar: prints what it reads. */
    public static final class EchoInput {
        public static void main(String[] args) throws IOException {
            System.in.transferTo(System.out);
        }
    }

    @Test
    void aBuildOnFirstUseLeavesTheScriptPipedInToTheRepl(@TempDir Path root) throws Exception {
        Path launcher = fakeProject(root);
        Process p = start(new ProcessBuilder(launcher.toString(), "repl").directory(root.toFile()), root);
        assertEquals("16.06 GB / 3.35 TB/s -> ms\n", echo(p, "16.06 GB / 3.35 TB/s -> ms\n"),
                "the session's input reached chain.jar after the build");
        assertEquals(0, p.exitValue());
    }

    @Test
    void aSymbolicLinkRunsTheProjectItPointsToFromAnyFolder(@TempDir Path tmp) throws Exception {
        Path root = tmp.resolve("project");
        Files.createDirectories(root);
        Path launcher = fakeProject(root);
        Path bin = Files.createDirectories(tmp.resolve("home/bin"));
        Path link = bin.resolve("chain");
        Files.createSymbolicLink(link, launcher);
        // A relative link to that link, as `ln -s bin/chain c` makes: both are followed.
        Path second = Files.createSymbolicLink(tmp.resolve("home/c"), Path.of("bin/chain"));
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        for (Path via : new Path[] {link, second}) {
            Process p = start(new ProcessBuilder(via.toString(), "eval").directory(elsewhere.toFile()), root);
            assertEquals("1 GB\n", echo(p, "1 GB\n"), via + " ran the project's jar");
            assertEquals(0, p.exitValue(), via.toString());
        }
        assertTrue(Files.exists(root.resolve("target/chain.jar")), "the build ran in the project, not in the link's folder");
        assertTrue(Files.notExists(bin.resolve("target")) && Files.notExists(elsewhere.resolve("target")));
    }

    /** A copy of the launcher in a project whose mvn is a stand-in that "builds" the echo jar. */
    private static Path fakeProject(Path root) throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")) && Files.isExecutable(Path.of("/usr/bin/env")), "needs a POSIX shell");
        Path launcher = root.resolve("chain");
        Files.copy(Path.of("chain"), launcher);
        assumeTrue(launcher.toFile().setExecutable(true));
        for (String dir : new String[] {"src/main", "grammar", "stdlib", "bin"}) {
            Files.createDirectories(root.resolve(dir));
        }
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        writeEchoJar(root.resolve("echo.jar"));
        Path mvn = root.resolve("bin/mvn");
        Files.writeString(mvn, "#!/bin/sh\ncat >/dev/null\nmkdir -p target && cp \"$ECHO_JAR\" target/chain.jar\n");
        assumeTrue(mvn.toFile().setExecutable(true));
        return launcher;
    }

    private static Process start(ProcessBuilder pb, Path root) throws IOException {
        pb.environment().put("PATH", root.resolve("bin") + ":" + Path.of(System.getProperty("java.home"), "bin") + ":"
                + System.getenv("PATH"));
        pb.environment().put("ECHO_JAR", root.resolve("echo.jar").toString());
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        return pb.start();
    }

    /** Writes {@code input} to the process, and returns what it printed once it has finished. */
    private static String echo(Process p, String input) throws Exception {
        try (OutputStream in = p.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher finished");
        return out;
    }

    private static void writeEchoJar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, EchoInput.class.getName());
        String entry = EchoInput.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
             InputStream bytes = EchoInput.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            bytes.transferTo(out);
            out.closeEntry();
        }
    }
}
