package dev.chain.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The explorable page's script, as written beside a page: TeaVM's compilation of {@link PageScript}
 * (a build output in the jar, {@code web/teavm.js}) and the page's own DOM code
 * ({@code web/page.js}), in one function, so that nothing but the page's code reaches the page's
 * global scope and one file serves every page of a site.
 */
public final class Script {
    private Script() {}

    public static String text() {
        String core = resource("/web/teavm.js");
        String page = resource("/web/page.js");
        // TeaVM's UMD wrapper exports into `exports` when there is such an object: give it one.
        return "/* chain's explorable page: see docs/rendering.md */\n(function () {\nvar exports = {};\n"
                + core + "\nvar chain = exports;\n" + page + "})();\n";
    }

    private static String resource(String name) {
        try (InputStream in = Script.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the explorable page's script (" + name + ") is missing from the jar: build it with mvn package");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
