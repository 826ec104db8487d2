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
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")) && Files.isExecutable(Path.of("/usr/bin/env")), "needs a POSIX shell");
        Path launcher = root.resolve("chain");
        Files.copy(Path.of("chain"), launcher);
        assumeTrue(launcher.toFile().setExecutable(true));
        for (String dir : new String[] {"src/main", "grammar", "stdlib", "bin"}) {
            Files.createDirectories(root.resolve(dir));
        }
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        Path echoJar = root.resolve("echo.jar");
        writeEchoJar(echoJar);
        Path mvn = root.resolve("bin/mvn");
        Files.writeString(mvn, "#!/bin/sh\ncat >/dev/null\nmkdir -p target && cp \"$ECHO_JAR\" target/chain.jar\n");
        assumeTrue(mvn.toFile().setExecutable(true));

        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "repl").directory(root.toFile());
        pb.environment().put("PATH", root.resolve("bin") + ":" + Path.of(System.getProperty("java.home"), "bin") + ":"
                + System.getenv("PATH"));
        pb.environment().put("ECHO_JAR", echoJar.toString());
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        try (OutputStream in = p.getOutputStream()) {
            in.write("16.06 GB / 3.35 TB/s -> ms\n".getBytes(StandardCharsets.UTF_8));
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher finished");
        assertEquals("16.06 GB / 3.35 TB/s -> ms\n", out, "the session's input reached chain.jar after the build");
        assertEquals(0, p.exitValue());
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
