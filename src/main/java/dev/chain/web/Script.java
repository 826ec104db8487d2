package dev.chain.web;

import dev.chain.session.ChainVersion;
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
        // page.js as the build minified it (Closure Compiler, pom.xml: page-js-minified).
        String page = resource("/web/page.js");
        // TeaVM's UMD wrapper exports into `exports` when there is such an object: give it one.
        return "/* chain " + ChainVersion.VERSION + ": the explorable page's script, see docs/rendering.md */\n"
                + "(function () {\nvar exports = {};\n"
                + core() + "\nvar chain = exports;\n" + page + "})();\n";
    }

    /**
     * The practice mode's script, chain-practice.js: TeaVM's compilation of {@link PracticeScript}
     * ({@code web/practice-teavm.js}) and its DOM code ({@code web/practice.js}, minified as
     * page.js is), which sets {@code window.chainPractice} for the page's script to call once it
     * has fetched it, and {@code window.chainPracticeModels} for the page's practice models
     * ({@link PracticeText#script}) to call once it has loaded them; a script of its own so that
     * the page's stays within its budget (docs/rendering.md).
     */
    public static String practiceText() {
        return "/* chain " + ChainVersion.VERSION + ": the explorable page's practice mode, see docs/drill.md */\n"
                + "(function () {\nvar exports = {};\n"
                + noTemplateTags(resource("/web/practice-teavm.js")) + "\nvar drill = exports;\n" + resource("/web/practice.js")
                + "\nwindow.chainPractice = practise;\n})();\n";
    }

    /** TeaVM's compilation of the page's Java, as the script holds it. */
    static String core() {
        return noTemplateTags(resource("/web/teavm.js"));
    }

    /**
     * The script with no {@code {{}, {@code {%} or {@code {#}, which a site's template engine would
     * read as a tag: TeaVM's output has a few ({@code =>{{}, a string of its metadata). In code a
     * space goes between the brace and what follows; in a string literal the brace is written
     * {@code \x7b}. Both mean what they meant. TeaVM's minified output has no comments and no
     * regular expression literals, which this would not tell from code; PageScriptTest runs what
     * comes out.
     */
    static String noTemplateTags(String js) {
        StringBuilder out = new StringBuilder(js.length());
        char quote = 0;
        for (int i = 0; i < js.length(); i++) {
            char c = js.charAt(i);
            if (quote != 0 && c == '\\' && i + 1 < js.length()) {
                out.append(c).append(js.charAt(++i));
                continue;
            }
            if (quote == 0 && (c == '"' || c == '\'' || c == '`')) {
                quote = c;
            } else if (c == quote) {
                quote = 0;
            }
            boolean opens = c == '{' && i + 1 < js.length() && "{%#".indexOf(js.charAt(i + 1)) >= 0;
            out.append(!opens ? String.valueOf(c) : quote != 0 ? "\\x7b" : "{ ");
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
