package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./chain} launcher itself, run in a copy of the project whose {@code mvn} is a
 * stand-in: it reads standard input as Maven's package does, then writes a jar that echoes its
 * own standard input.
 */
class LauncherTest {
    /**
     * The stand-in for chain.jar: prints what it reads; with {@code jit} first, which compilers it
     * was given; with {@code ready}, "ready", and then it waits for a signal; with {@code crash}, a line, and then
     * it dies as a JVM that crashed does (134, SIGABRT). Like chain's main, it says first that main runs.
     */
    public static final class EchoInput {
        public static void main(String[] args) throws IOException {
            LaunchMarker.mainStarted();
            if (args.length > 0 && args[0].equals("crash")) {
                System.out.println("output");
                System.out.flush();
                Runtime.getRuntime().halt(134);
            }
            if (args.length > 0 && args[0].equals("ready")) {
                System.out.println("ready");
                System.out.flush();
                try {
                    Thread.sleep(Long.MAX_VALUE); // until a signal ends it (not the end of its input)
                } catch (InterruptedException e) {
                    return;
                }
            }
            if (args.length > 0 && args[0].equals("jit")) {
                boolean c1Only = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
                        .contains("-XX:TieredStopAtLevel=1");
                System.out.println(c1Only ? "C1 only" : "C1 and C2");
                return;
            }
            System.in.transferTo(System.out);
        }
    }

    /**
     * The optimising compiler pays for itself only in a long run of one large file (1,000,000
     * statements); a folder of many cards, however large, is checked faster without it.
     */
    @Test
    void onlyOneLargeFileGetsTheOptimisingCompiler(@TempDir Path root) throws Exception {
        Path launcher = fakeProject(root);
        byte[] nineMegabytes = new byte[9 << 20];
        java.util.Arrays.fill(nineMegabytes, (byte) '#');
        Path site = Files.createDirectories(root.resolve("site"));
        Files.write(site.resolve("a.chain"), nineMegabytes);
        Files.write(site.resolve("b.chain"), nineMegabytes);
        Path large = root.resolve("large.chain");
        Files.write(large, nineMegabytes);
        Files.write(large, nineMegabytes, java.nio.file.StandardOpenOption.APPEND);
        assertEquals("C1 only\n", echo(start(new ProcessBuilder(launcher.toString(), "jit", "site").directory(root.toFile()), root), ""),
                "18 MB in a folder");
        assertEquals("C1 and C2\n", echo(start(new ProcessBuilder(launcher.toString(), "jit", "large.chain").directory(root.toFile()), root), ""),
                "18 MB in one file");
        assertEquals("C1 only\n", echo(start(new ProcessBuilder(launcher.toString(), "jit", "site/a.chain").directory(root.toFile()), root), ""),
                "9 MB in one file");
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

    /**
     * A stand-in for Maven that, like the shade plugin, fails when another build runs in the same
     * target/ ("Could not replace original artifact"), and takes a second, so that builds started
     * together overlap.
     */
    private static final String EXCLUSIVE_MVN = """
            #!/bin/sh
            cat >/dev/null
            mkdir -p target
            if ! mkdir target/mvn-running 2>/dev/null; then
              echo "Could not replace original artifact with shaded artifact" >&2
              exit 1
            fi
            sleep 1
            cp "$ECHO_JAR" target/chain.jar
            echo built >> target/builds
            rmdir target/mvn-running
            """;

    @Test
    void runsStartedTogetherAfterAnEditWaitForOneBuildAndUseItsJar(@TempDir Path root) throws Exception {
        Path launcher = fakeProject(root, EXCLUSIVE_MVN);
        assertAllFourRunsSucceed(root, launcher, null);
    }

    @Test
    void withoutFlockAFolderIsTheLock(@TempDir Path root) throws Exception {
        Path launcher = fakeProject(root, EXCLUSIVE_MVN);
        // Every tool the launcher and the stand-in use, but flock (as on macOS).
        Path tools = Files.createDirectories(root.resolve("tools"));
        for (String tool : new String[] {"bash", "sh", "cat", "mkdir", "rmdir", "rm", "mktemp", "du", "mv", "cp", "sleep",
                "readlink", "find"}) {
            Path found = onPath(tool);
            assumeTrue(found != null, "needs " + tool);
            Files.createSymbolicLink(tools.resolve(tool), found);
        }
        // A lock left by a run killed while it built: its owner is gone, so it is taken over.
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path stale = Files.createDirectories(root.resolve("target/.build.lock.d"));
        Files.writeString(stale.resolve("pid"), gone.pid() + "\n");
        assertAllFourRunsSucceed(root, launcher, tools);
    }

    private static void assertAllFourRunsSucceed(Path root, Path launcher, Path tools) throws Exception {
        Files.writeString(root.resolve("src/main/Edited.java"), "// touched\n");
        Process[] runs = new Process[4];
        for (int i = 0; i < runs.length; i++) {
            ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "eval").directory(root.toFile());
            runs[i] = tools == null ? start(pb, root) : start(pb, root, tools.toString());
        }
        for (Process p : runs) {
            assertEquals("1 GB\n", echo(p, "1 GB\n"), "each run used the jar");
            assertEquals(0, p.exitValue());
        }
        assertEquals(List.of("built"), Files.readAllLines(root.resolve("target/builds")), "one build for the four runs");
        assertTrue(Files.notExists(root.resolve("target/.build.lock.d")), "the lock is released");
    }

    /**
     * A stand-in for java, first on the PATH: the JDK's java without the archive (the test's
     * archive is not a real one), or with CRASH_BEFORE_MAIN set and an archive given, a JVM that
     * cannot map it and dies of SIGSEGV before main.
     */
    private static final String JAVA = """
            #!/bin/sh
            for a in "$@"; do
              case "$a" in -XX:SharedArchiveFile=*) [ -n "$CRASH_BEFORE_MAIN" ] && kill -SEGV $$ ;; esac
            done
            for a in "$@"; do
              shift
              case "$a" in -XX:SharedArchiveFile=*) ;; *) set -- "$@" "$a" ;; esac
            done
            exec "$REAL_JAVA" "$@"
            """;

    /** A project whose jar is built and whose archive is there and fresh, so that runs use it. */
    private static Path projectWithArchive(Path root) throws Exception {
        Path launcher = fakeProject(root);
        Path fakeJava = root.resolve("bin/java");
        Files.writeString(fakeJava, JAVA);
        assumeTrue(fakeJava.toFile().setExecutable(true));
        assertEquals("1 GB\n", echo(start(new ProcessBuilder(launcher.toString(), "eval").directory(root.toFile()), root), "1 GB\n"));
        Path archive = root.resolve("target/chain.jsa");
        Files.writeString(archive, "an archive\n");
        // newer than the jar and than java, as one made after the build is
        Files.setLastModifiedTime(archive, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        return launcher;
    }

    @Test
    void aJvmThatDiesBeforeMainRunsOnceMoreWithoutTheArchive(@TempDir Path root) throws Exception {
        Path launcher = projectWithArchive(root);
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "eval").directory(root.toFile());
        pb.environment().put("CRASH_BEFORE_MAIN", "1");
        Process p = start(pb, root);
        assertEquals("1 GB\n", echo(p, "1 GB\n"), "the second run, without the archive, read the input");
        assertEquals(0, p.exitValue());
        assertTrue(Files.notExists(root.resolve("target/chain.jsa")), "the archive that could not be mapped is gone");
        assertNoMarkerLeft(root);
    }

    /** Running it again would read the input again and write the output twice. */
    @Test
    void aJvmThatDiesAfterMainBeganIsNotRunAgain(@TempDir Path root) throws Exception {
        Path launcher = projectWithArchive(root);
        Process p = start(new ProcessBuilder(launcher.toString(), "crash").directory(root.toFile()), root);
        assertEquals("output\n", echo(p, ""), "one run");
        assertEquals(134, p.exitValue(), "its status is the answer");
        assertTrue(Files.exists(root.resolve("target/chain.jsa")), "the archive was mapped: it stays");
        assertNoMarkerLeft(root);
    }

    /** An editor stops its language server, a supervisor its job, with SIGTERM to the launcher. */
    @Test
    void sigtermToTheLauncherEndsJava(@TempDir Path root) throws Exception {
        for (boolean archive : new boolean[] {true, false}) {
            Path project = Files.createDirectories(root.resolve("with archive " + archive));
            Path launcher = archive ? projectWithArchive(project) : fakeProject(project);
            if (!archive) {
                assertEquals("1 GB\n", echo(start(new ProcessBuilder(launcher.toString(), "eval").directory(project.toFile()), project), "1 GB\n"));
            }
            Process p = start(new ProcessBuilder(launcher.toString(), "ready").directory(project.toFile()), project);
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("ready", out.readLine(), "java runs");
            // java is the launcher itself (exec) or below it
            List<ProcessHandle> started = Stream.concat(Stream.of(p.toHandle()), p.descendants()).toList();
            try {
                assertTrue(started.stream().anyMatch(h -> h.info().command().orElse("").endsWith("/java")), "java runs: " + started);
                p.toHandle().destroy(); // SIGTERM, to the launcher only (Process.destroy would also close its input)
                assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the launcher ended");
                assertEquals(143, p.exitValue(), "java's status: ended by SIGTERM");
                long deadline = System.nanoTime() + 10_000_000_000L;
                for (ProcessHandle h : started) {
                    while (h.isAlive() && System.nanoTime() < deadline) {
                        Thread.sleep(50);
                    }
                    assertFalse(h.isAlive(), "nothing the launcher started outlives it: " + h.info());
                }
            } finally {
                started.forEach(ProcessHandle::destroyForcibly); // a failure leaves nothing running
            }
            p.getOutputStream().close();
            if (archive) {
                assertNoMarkerLeft(project);
            }
        }
    }

    private static void assertNoMarkerLeft(Path root) throws IOException {
        try (var files = Files.list(root.resolve("target"))) {
            assertEquals(List.of(), files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(".started")).toList());
        }
    }

    private static Path onPath(String tool) {
        for (String dir : System.getenv("PATH").split(":")) {
            Path candidate = Path.of(dir, tool);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /** A copy of the launcher in a project whose mvn is a stand-in that "builds" the echo jar. */
    private static Path fakeProject(Path root) throws IOException {
        return fakeProject(root, "#!/bin/sh\ncat >/dev/null\nmkdir -p target && cp \"$ECHO_JAR\" target/chain.jar\n");
    }

    private static Path fakeProject(Path root, String mvnScript) throws IOException {
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
        Files.writeString(mvn, mvnScript);
        assumeTrue(mvn.toFile().setExecutable(true));
        return launcher;
    }

    private static Process start(ProcessBuilder pb, Path root) throws IOException {
        return start(pb, root, System.getenv("PATH"));
    }

    /** With the stand-in mvn and the JDK's java first on the PATH, then {@code path}. */
    private static Process start(ProcessBuilder pb, Path root, String path) throws IOException {
        pb.environment().put("PATH", root.resolve("bin") + ":" + Path.of(System.getProperty("java.home"), "bin") + ":" + path);
        pb.environment().put("ECHO_JAR", root.resolve("echo.jar").toString());
        pb.environment().put("REAL_JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        return pb.start();
    }

    /** Writes {@code input} to the process, and returns what it printed once it has finished. */
    private static String echo(Process p, String input) throws Exception {
        try (OutputStream in = p.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // it ended before reading (a failed build): its output and exit code say so
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the launcher finished");
        return out;
    }

    private static void writeEchoJar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, EchoInput.class.getName());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            for (Class<?> c : new Class<?>[] {EchoInput.class, LaunchMarker.class}) {
                String entry = c.getName().replace('.', '/') + ".class";
                try (InputStream bytes = c.getClassLoader().getResourceAsStream(entry)) {
                    out.putNextEntry(new JarEntry(entry));
                    bytes.transferTo(out);
                    out.closeEntry();
                }
            }
        }
    }
}
