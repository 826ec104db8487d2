package dev.chain.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** Runs chain in a new JVM with the class-loading log on: what a command loads is part of its start-up. */
final class ClassLoading {
    private ClassLoading() {}

    /** The JVM's class-loading log (and the output) of one command line. */
    static String classesLoaded(List<String> command) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> line = new java.util.ArrayList<>(List.of(java, "-Xlog:class+load=info", "-cp",
                System.getProperty("java.class.path"), "dev.chain.cli.Main"));
        line.addAll(command);
        Process p = new ProcessBuilder(line).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }
}
