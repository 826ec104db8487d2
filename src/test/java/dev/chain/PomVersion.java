package dev.chain;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** pom.xml's {@code <version>}, the one place the release's version is written, as tests read it. */
public final class PomVersion {
    private static final Pattern VERSION = Pattern.compile("<artifactId>chain</artifactId>\\s*(?:<!--.*?-->\\s*)?<version>([^<]+)</version>", Pattern.DOTALL);

    private PomVersion() {}

    public static String read() {
        try {
            Matcher m = VERSION.matcher(Files.readString(Path.of("pom.xml")));
            if (!m.find()) {
                throw new IllegalStateException("pom.xml has no <version> after <artifactId>chain</artifactId>");
            }
            return m.group(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
