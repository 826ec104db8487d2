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
        String page = compact(resource("/web/page.js"));
        // TeaVM's UMD wrapper exports into `exports` when there is such an object: give it one.
        return "/* chain's explorable page: see docs/rendering.md */\n(function () {\nvar exports = {};\n"
                + core + "\nvar chain = exports;\n" + page + "})();\n";
    }

    /**
     * page.js without its comment lines, indentation and blank lines: the same code in fewer bytes
     * (the page's budget is 150 KB of script). Its only {@code //} at the start of a line are comments.
     */
    static String compact(String js) {
        StringBuilder out = new StringBuilder(js.length());
        for (String line : js.split("\n")) {
            String code = line.strip();
            if (!code.isEmpty() && !code.startsWith("//")) {
                out.append(code).append('\n');
            }
        }
        return out.toString();
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
