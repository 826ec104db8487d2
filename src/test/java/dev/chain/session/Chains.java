package dev.chain.session;

import dev.chain.diag.DiagnosticRenderer;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Test helper: runs a chain file through the whole pipeline. */
public final class Chains {
    public static final Path DIR = Path.of("chains");

    private Chains() {}

    public static ChainRun run(String file, String... overrides) {
        return run(DIR.resolve(file), overrides);
    }

    public static ChainRun run(Path path, String... overrides) {
        try {
            String text = Files.readString(path, StandardCharsets.UTF_8);
            return ChainRun.execute(new Engine(), new SourceFile(path, text), List.of(overrides));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ChainRun source(String name, String text, String... overrides) {
        return ChainRun.execute(new Engine(), new SourceFile(name, text), List.of(overrides));
    }

    /** The text a binding of the run shows, as `run` prints it. */
    public static String text(ChainRun run, String binding) {
        if (run.evaluation() == null) {
            throw new AssertionError("the chain did not evaluate:\n" + new DiagnosticRenderer(false).render(run.diagnostics()));
        }
        var info = run.chain().program().binding(binding);
        if (info == null) {
            throw new AssertionError("no binding " + binding);
        }
        return run.values().text(info);
    }

    /** The texts of bindings of a run that must have gone through: what `run` prints for each, in order. */
    public static List<String> texts(ChainRun run, String... bindings) {
        if (run.status() != ChainRun.Status.OK) {
            throw new AssertionError("the chain did not run clean:\n" + diagnostics(run));
        }
        return java.util.Arrays.stream(bindings).map(b -> text(run, b)).toList();
    }

    /**
     * The texts of bindings of a run whose checks may fail, as a --set past what a check holds for makes
     * them (a warning on the command line): what `run` prints for each, in order.
     */
    public static List<String> textsOfWhatIf(ChainRun run, String... bindings) {
        return java.util.Arrays.stream(bindings).map(b -> text(run, b)).toList();
    }

    /** Renders {@code path} as {@code chain render PATH} does, which must exit 0, and asserts the page shows each of {@code shown}. */
    public static void assertRenderShows(String path, List<String> shown) {
        dev.chain.cli.CliRun r = dev.chain.cli.CliRun.of("render", path);
        if (r.exit() != 0) {
            throw new AssertionError("chain render " + path + " exited " + r.exit() + ":\n" + r.err());
        }
        for (String text : shown) {
            if (!r.out().contains(text)) {
                throw new AssertionError("the page shows " + text + ":\n" + r.out());
            }
        }
    }

    /**
     * Asserts that {@code module} is, below its head comment, byte for byte what {@code chain import
     * CONFIG -o module --name name} writes: an imported module nobody edited by hand, whose head
     * comment says in the stdlib's words what it is and where its config.json comes from.
     */
    public static void assertImported(Path config, Path module, String name) {
        try {
            String file = module.getFileName().toString();
            String imported = dev.chain.imports.ConfigImport.module(new SourceFile(config, Files.readString(config)),
                    file.substring(0, file.length() - ".chain".length()), name).text();
            org.junit.jupiter.api.Assertions.assertEquals(belowHeadComment(imported), belowHeadComment(Files.readString(module)),
                    module + " is not what chain import writes");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (dev.chain.imports.ImportError e) {
            throw new AssertionError(config + " does not import", e);
        }
    }

    private static String belowHeadComment(String module) {
        return module.substring(module.indexOf("\n\n"));
    }

    public static String diagnostics(ChainRun run) {
        return new DiagnosticRenderer(false).render(run.diagnostics());
    }
}
