package dev.chain.session;

import dev.chain.check.CheckedProgram;
import dev.chain.diag.Diagnostic;
import dev.chain.source.SourceFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * One text of a chain taken through the pipeline for an editor ({@code chain lsp}): exactly what
 * {@code chain check} reports ({@code run}, from {@link ChainRun#execute}, the same call), the
 * program as far as it checked, and values to show. A chain with an error has no values, but a
 * chain reads top to bottom, so everything above the line of its first error is what it would be:
 * {@code values} is then the run of the text up to that line.
 *
 * @param run     the text as {@code check} sees it: diagnostics, program (also with errors)
 * @param values  a run that evaluated, the whole text's or the part above its first error; null if none did
 * @param modules the local module files the chain looked for, found or not: when one of them
 *                changes, the chain must be analysed again
 * @param engine  the fork the analysis ran on, which holds the values of the modules it used
 */
public record Analysis(SourceFile source, ChainRun run, ChainRun values, Set<Path> modules, Engine engine) {
    public Analysis {
        modules = Set.copyOf(modules);
    }

    public List<Diagnostic> diagnostics() {
        return run.diagnostics();
    }

    public CheckedProgram program() {
        return run.program();
    }

    /** Analyses {@code source} on a fork of {@code engine}, reading open local modules from {@code texts}. */
    public static Analysis of(Engine engine, SourceFile source, ModuleTexts texts) {
        Engine fork = engine.fork(texts);
        ChainRun run = ChainRun.execute(fork, source, List.of());
        ChainRun values = run.evaluation() != null ? run : above(fork, source, run);
        return new Analysis(source, run, values, fork.localModulesLookedFor(), fork);
    }

    /**
     * The run of the text above the line of the first error in it. The part above may have errors
     * of its own (a group's template that names a value below the cut), so it is cut again above
     * those, a few times at most. Null if nothing above evaluates.
     */
    private static ChainRun above(Engine fork, SourceFile source, ChainRun run) {
        ChainRun last = run;
        for (int attempt = 0; attempt < MAX_CUTS; attempt++) {
            int first = Integer.MAX_VALUE;
            for (Diagnostic d : last.diagnostics()) {
                if (d.span() != null && d.span().file() == last.source()) {
                    first = Math.min(first, d.span().start());
                }
            }
            if (first == Integer.MAX_VALUE) {
                return null;
            }
            int cut = source.lineStart(source.lineOf(first));
            if (cut == 0) {
                return null;
            }
            String text = source.text().substring(0, cut);
            SourceFile head = source.path() == null ? new SourceFile(source.name(), text) : new SourceFile(source.path(), text);
            last = ChainRun.execute(fork, head, List.of());
            if (last.evaluation() != null) {
                return last;
            }
        }
        return null;
    }

    /** How many times the text is cut above an error before the editor shows no values. */
    private static final int MAX_CUTS = 4;
}
