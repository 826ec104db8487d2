package dev.chain;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build's licence check (pom.xml, license-maven-plugin's third-party-licences) fails on a
 * GPL dependency: Maven runs it on this project with one more dependency, a POM that says
 * GPL-3.0 (src/test/licence/repository, profile fake-gpl-dependency). The report goes to a
 * temporary folder, so target/ is left as the build made it.
 */
class LicenceCheckTest {
    @Test
    void aGplDependencyFailsTheBuild(@TempDir Path report) throws IOException, InterruptedException {
        assumeTrue(Tools.onPath("mvn"), "needs Maven on the PATH");
        Path log = report.resolve("mvn.log");
        Process mvn = new ProcessBuilder(List.of("mvn", "-B", "-Pfake-gpl-dependency",
                "license:add-third-party@third-party-licences",
                "-Dlicence.report.directory=" + report.resolve("out")))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        assertTrue(mvn.waitFor(5, TimeUnit.MINUTES), "Maven did not finish");
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertNotEquals(0, mvn.exitValue(), output);
        assertTrue(output.contains("License: 'GNU General Public License v3.0' used by 1 dependencies"), output);
        assertTrue(output.contains("dev.chain.test:fake-gpl:1.0"), output);
        assertTrue(output.contains("There are some forbidden licenses used"), output);
    }
}
