package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What `chain eval` loads is its start-up time: a well-formed expression is parsed by the fast
 * path without ANTLR, and nothing on the way makes a lambda, whose first use costs ~7 ms of
 * method-handle set-up (docs/performance.md).
 */
class StartupClassesTest {
    private static final Pattern OUR_LAMBDA = Pattern.compile("dev\\.chain\\.\\S*\\$\\$Lambda");

    @Test
    void evalLoadsNoAntlrAndMakesNoLambda() throws IOException, InterruptedException {
        String loaded = ClassLoading.classesLoaded(List.of("eval", "16.06 GB / 3.35 TB/s -> ms"));
        assertTrue(loaded.contains("dev.chain.syntax.DirectParser"), "the class log works: " + loaded.lines().count());
        assertTrue(loaded.contains("4.794 ms"), "and the expression was evaluated");
        assertFalse(loaded.contains("org.antlr"), "a well-formed expression needs no ANTLR");
        assertFalse(loaded.contains("dev.chain.imports."), "chain import's classes load only when it runs");
        assertFalse(OUR_LAMBDA.matcher(loaded).find(), () -> "a lambda on eval's path: "
                + loaded.lines().filter(l -> OUR_LAMBDA.matcher(l).find()).toList());
    }

    @Test
    void checkLoadsNoImportClasses() throws IOException, InterruptedException {
        String loaded = ClassLoading.classesLoaded(List.of("check", "chains/"));
        assertTrue(loaded.contains("hold"), "chains/ was checked");
        assertFalse(loaded.contains("dev.chain.imports.") || loaded.contains("dev.chain.cli.ImportCommand"),
                "chain import's classes load only when it runs");
    }

    @Test
    void aSyntaxErrorIsReportedByTheGrammar() throws IOException, InterruptedException {
        String loaded = ClassLoading.classesLoaded(List.of("eval", "(3 GB +"));
        assertTrue(loaded.contains("org.antlr.v4.runtime"), "the grammar's parser reads what the fast path declines");
        assertTrue(loaded.contains("unexpected end of input"), loaded.lines().filter(l -> !l.startsWith("[")).toList().toString());
    }
}
