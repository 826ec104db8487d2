package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What `chain eval` loads is its start-up time: nothing on the way makes a lambda, whose first use
 * costs ~7 ms of method-handle set-up (docs/performance.md), and nothing that only another command
 * needs (the REPL's line editor, chain import, the language server and lsp4j, the formatter) is loaded.
 */
class StartupClassesTest {
    private static final Pattern OUR_LAMBDA = Pattern.compile("dev\\.chain\\.\\S*\\$\\$Lambda");

    @Test
    void evalMakesNoLambdaAndLoadsOnlyWhatItNeeds() throws IOException, InterruptedException {
        String loaded = ClassLoading.classesLoaded(List.of("eval", "16.06 GB / 3.35 TB/s -> ms"));
        assertTrue(loaded.contains("dev.chain.syntax.GrammarParser"), "the class log works: " + loaded.lines().count());
        assertTrue(loaded.contains("4.794 ms"), "and the expression was evaluated");
        assertFalse(OUR_LAMBDA.matcher(loaded).find(), () -> "a lambda on eval's path: "
                + loaded.lines().filter(l -> OUR_LAMBDA.matcher(l).find()).toList());
        assertFalse(loaded.contains("org.jline"), "the REPL's line editor is not loaded");
        assertFalse(loaded.contains("dev.chain.imports."), "chain import's classes load only when it runs");
        assertFalse(loaded.contains("dev.chain.plot.") || loaded.contains("dev.chain.render.Figure"),
                "figures load only when a page is rendered");
        assertNoEditorClasses(loaded);
    }

    /** The language server, its protocol library and the formatter load only for chain lsp and chain fmt. */
    private static void assertNoEditorClasses(String loaded) {
        assertFalse(loaded.contains("org.eclipse.lsp4j"), "lsp4j loads only when chain lsp runs");
        assertFalse(loaded.contains("dev.chain.lsp."), "the language server loads only when chain lsp runs");
        assertFalse(loaded.contains("dev.chain.format."), "the formatter loads only when chain fmt or chain lsp runs");
        assertNoServerClasses(loaded);
    }

    /** The JDK's HTTP server and chain serve's own classes load only when chain serve runs. */
    private static void assertNoServerClasses(String loaded) {
        assertFalse(loaded.contains("com.sun.net.httpserver") || loaded.contains("sun.net.httpserver"),
                "the HTTP server loads only when chain serve runs");
        assertFalse(loaded.contains("dev.chain.serve.") || loaded.contains("dev.chain.cli.ServeCommand"),
                "chain serve's classes load only when it runs");
    }

    @Test
    void checkLoadsNoImportClasses() throws IOException, InterruptedException {
        String loaded = ClassLoading.classesLoaded(List.of("check", "chains/"));
        assertTrue(loaded.contains("hold"), "chains/ was checked");
        assertFalse(loaded.contains("dev.chain.imports.") || loaded.contains("dev.chain.cli.ImportCommand"),
                "chain import's classes load only when it runs");
        // The card's plot and roofline are checked at every point, but nothing draws them.
        assertTrue(loaded.contains("dev.chain.eval.FigureValues "), "the figures were evaluated");
        assertFalse(loaded.contains("dev.chain.plot.") || loaded.contains("dev.chain.render.FigureMarkdown"),
                "plot classes load only when a plot is rendered");
        // No chain of the card has a fit: its checker, runner and fitter are not loaded (issue 44 item 4).
        assertFalse(loaded.contains("dev.chain.fit.") || loaded.contains("dev.chain.session.RunsFit") || loaded.contains("dev.chain.check.Fit")
                || loaded.contains("dev.chain.eval.FittedValues"), "a fit's classes load only for a chain with a fit");
        // The first lambda or regular expression of a run costs milliseconds cold (docs/performance.md).
        assertFalse(loaded.contains("java.lang.invoke.LambdaMetafactory "), "no lambda on check's path");
        assertFalse(loaded.contains("java.util.regex.Pattern "), "no regular expression on check's path");
        assertNoEditorClasses(loaded);
    }

    @Test
    void renderLoadsThePlotClasses() throws IOException, InterruptedException {
        String loaded = ClassLoading.classesLoaded(List.of("render", "chains/"));
        assertTrue(loaded.contains("dev.chain.plot.LinePlot ") && loaded.contains("dev.chain.plot.RooflinePlot "),
                "the class log sees the plots when they are drawn");
        assertFalse(loaded.contains("java.awt."), "no AWT: nothing is measured, no font is needed");
        assertNoServerClasses(loaded);
    }
}
